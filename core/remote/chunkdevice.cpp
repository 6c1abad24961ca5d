// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remote/chunkdevice.h"

#include <cstring>

namespace carton {

ChunkDevice::ChunkDevice(QList<QByteArray> chunks) : m_chunks(std::move(chunks))
{
    for (const QByteArray &c : std::as_const(m_chunks))
        m_size += c.size();
}

bool ChunkDevice::seek(qint64 pos)
{
    if (pos < 0 || pos > m_size)
        return false;
    return QIODevice::seek(pos);
}

qint64 ChunkDevice::readData(char *data, qint64 maxSize)
{
    qint64 pos = QIODevice::pos();
    qint64 done = 0;
    qint64 start = 0; // offset of the current chunk
    for (const QByteArray &c : std::as_const(m_chunks)) {
        if (done == maxSize)
            break;
        const qint64 end = start + c.size();
        if (pos < end) {
            const qint64 n = qMin(end - pos, maxSize - done);
            std::memcpy(data + done, c.constData() + (pos - start), size_t(n));
            done += n;
            pos += n;
        }
        start = end;
    }
    return done;
}

} // namespace carton
