// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <cstddef>

namespace carton {

// zlib's CRC-32 over any length.
quint32 zipCrc32(quint32 crc, const char *data, std::size_t size);
// "CRC-32 mismatch: stored 0x…, data 0x…", the one wording for every full read.
QString crcMismatchMessage(quint32 stored, quint32 data);

} // namespace carton
