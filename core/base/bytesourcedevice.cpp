// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/bytesourcedevice.h"

namespace carton {

ByteSourceDevice::ByteSourceDevice(ByteSourcePtr source, qint64 offset, qint64 size)
    : m_source(std::move(source)), m_offset(offset), m_size(size)
{
    QIODevice::open(ReadOnly | Unbuffered);
}

ByteSourceDevice::~ByteSourceDevice() = default;

qint64 ByteSourceDevice::readData(char *data, qint64 maxSize)
{
    const qint64 n = std::min(maxSize, m_size - pos());
    if (n <= 0)
        return 0;
    if (Status s = m_source->read(m_offset + pos(), n, data); !s) {
        setErrorString(s.error().toString());
        return -1;
    }
    return n;
}

} // namespace carton
