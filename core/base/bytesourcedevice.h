// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "cartoncore_export.h"

#include <QIODevice>

namespace carton {

// A read-only, seekable device over `size` bytes of a ByteSource from `offset`
// (a member of a tar read in place), opened at construction. Reads never leave
// the region; a failed source read makes read() return -1 with errorString()
// naming the source.
class CARTONCORE_EXPORT ByteSourceDevice final : public QIODevice {
    Q_DISABLE_COPY_MOVE(ByteSourceDevice)

public:
    // The region must lie inside `source` (the caller checked it).
    ByteSourceDevice(ByteSourcePtr source, qint64 offset, qint64 size);
    ~ByteSourceDevice() override;

    bool isSequential() const override { return false; }
    qint64 size() const override { return m_size; }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    ByteSourcePtr m_source;
    qint64 m_offset = 0;
    qint64 m_size = 0;
};

} // namespace carton
