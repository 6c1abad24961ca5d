// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "zip/zipcrc.h"

#include <zlib.h>

namespace carton {

quint32 zipCrc32(quint32 crc, const char *data, std::size_t size)
{
    return quint32(crc32_z(crc, reinterpret_cast<const Bytef *>(data), size));
}

QString crcMismatchMessage(quint32 stored, quint32 data)
{
    return QStringLiteral("CRC-32 mismatch: stored 0x%1, data 0x%2")
        .arg(stored, 8, 16, QLatin1Char('0'))
        .arg(data, 8, 16, QLatin1Char('0'));
}

} // namespace carton
