// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "regiondevice.h"

namespace studio {

RegionDevice::RegionDevice(const QString &fileName, qint64 offset, qint64 size, QObject *parent)
    : QIODevice(parent), m_file(fileName), m_offset(offset), m_size(size)
{
}

RegionDevice::~RegionDevice() = default;

bool RegionDevice::open(OpenMode mode)
{
    if ((mode & ReadWrite) != ReadOnly || m_offset < 0 || m_size < 0) {
        setErrorString(tr("a carton entry can only be read"));
        return false;
    }
    if (!m_file.open(QIODevice::ReadOnly)) {
        setErrorString(m_file.errorString());
        return false;
    }
    if (m_file.size() - m_offset < m_size || !m_file.seek(m_offset)) {
        setErrorString(tr("%1 is shorter than the entry it should hold").arg(m_file.fileName()));
        m_file.close();
        return false;
    }
    return QIODevice::open(mode | Unbuffered);
}

void RegionDevice::close()
{
    QIODevice::close();
    m_file.close();
}

bool RegionDevice::seek(qint64 pos)
{
    if (pos < 0 || pos > m_size || !QIODevice::seek(pos))
        return false;
    return m_file.seek(m_offset + pos);
}

bool RegionDevice::atEnd() const
{
    return !isOpen() || pos() >= m_size;
}

qint64 RegionDevice::bytesAvailable() const
{
    return qMax<qint64>(0, m_size - pos()) + QIODevice::bytesAvailable();
}

qint64 RegionDevice::readData(char *data, qint64 maxSize)
{
    const qint64 left = m_size - (m_file.pos() - m_offset);
    if (left <= 0)
        return 0;
    return m_file.read(data, qMin(maxSize, left));
}

qint64 RegionDevice::writeData(const char *, qint64)
{
    return -1;
}

} // namespace studio
