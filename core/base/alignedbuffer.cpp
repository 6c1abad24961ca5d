// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/alignedbuffer.h"

#include <cstdlib>
#include <new>

namespace carton {

namespace {
constexpr std::size_t kAlignment = 4096;
}

void AlignedBuffer::Free::operator()(char *p) const
{
#ifdef Q_OS_WIN
    _aligned_free(p);
#else
    std::free(p);
#endif
}

void AlignedBuffer::resize(qint64 size)
{
    if (size < 0)
        size = 0;
    if (size > m_capacity) {
        // aligned_alloc wants a multiple of the alignment.
        const std::size_t bytes = (std::size_t(size) + kAlignment - 1) / kAlignment * kAlignment;
#ifdef Q_OS_WIN
        char *p = static_cast<char *>(_aligned_malloc(bytes, kAlignment));
#else
        char *p = static_cast<char *>(std::aligned_alloc(kAlignment, bytes));
#endif
        if (!p)
            throw std::bad_alloc();
        m_data.reset(p);
        m_capacity = qint64(bytes);
    }
    m_size = size;
}

} // namespace carton
