// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QtGlobal>
#include <memory>

namespace carton {

// A growable byte buffer whose data starts on a page boundary, for the buffers
// that file bytes are read into. The kernel copies a read into the caller's
// buffer, and where the buffer and the page cache disagree modulo 64 that copy
// is several times slower (measured on this project's 2-core AMD EPYC machines:
// 1 GiB of 256 KiB preads in 0.11-0.20 s into an aligned buffer, 0.58-0.61 s at
// an offset of 16, the offset of a malloc'd or QByteArray's data). Contents are
// not kept across a resize.
class CARTONCORE_EXPORT AlignedBuffer {
public:
    AlignedBuffer() = default;
    explicit AlignedBuffer(qint64 size) { resize(size); }

    // At least `size` bytes, uninitialised; reallocates only to grow.
    void resize(qint64 size);
    char *data() { return m_data.get(); }
    const char *constData() const { return m_data.get(); }
    qint64 size() const { return m_size; }

private:
    struct Free {
        void operator()(char *p) const;
    };
    std::unique_ptr<char, Free> m_data;
    qint64 m_size = 0;
    qint64 m_capacity = 0;
};

} // namespace carton
