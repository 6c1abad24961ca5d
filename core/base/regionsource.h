// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"

namespace carton {

// `size` bytes of another source from `offset` (a Stored zip entry of a remote
// archive): reads and hints are forwarded, shifted; nothing is copied.
class CARTONCORE_EXPORT RegionSource final : public ByteSource {
public:
    // Fails with ErrorCode::Format when the region does not lie inside `base`.
    static Result<std::shared_ptr<RegionSource>> open(ByteSourcePtr base, qint64 offset, qint64 size, QString name);

    qint64 size() const override { return m_size; }
    QString name() const override { return m_name; }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;
    void willNeed(qint64 offset, qint64 length) const override;
    Result<bool> copyToFile(qint64 offset, qint64 length, int outFd) const override;
    qint64 diskOffset() const override
    {
        const qint64 base = m_base->diskOffset();
        return base < 0 ? -1 : base + m_offset;
    }

private:
    RegionSource() = default;
    ByteSourcePtr m_base;
    QString m_name;
    qint64 m_offset = 0;
    qint64 m_size = 0;
};

} // namespace carton
