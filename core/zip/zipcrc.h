// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <cstddef>

namespace carton {

// zip's CRC-32 over any length (zlib's value; carry-less multiplication on x86-64 CPUs
// that have it, ~10x zlib's table).
quint32 zipCrc32(quint32 crc, const char *data, std::size_t size);
// "CRC-32 mismatch: stored 0x…, data 0x…", the one wording for every full read.
QString crcMismatchMessage(quint32 stored, quint32 data);

} // namespace carton
