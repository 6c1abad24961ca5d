// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The zip reader: open (EOCD, zip64, central directory, names), then read every
// entry in full (Stored, Deflate, zstd; CRC and sizes checked) and a range of it;
// a zstd entry's seek table (hostile tables, frames that lie) and reads through it.
#include "fuzzutil.h"
#include "zip/seekablezstdsource.h"
#include "zip/zipreader.h"

#include <QIODevice>
#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = fuzz::scratchFile(data, size, ".zip");
    auto reader = carton::ZipReader::open(path, fuzz::limits());
    if (!reader)
        return 0;
    for (const carton::ZipEntry &e : (*reader)->entries()) {
        if (auto device = (*reader)->openEntry(e)) {
            char buffer[16384];
            while ((*device)->read(buffer, sizeof buffer) > 0) {
            }
        }
        (void)(*reader)->readEntry(e, 1 << 20);
        (void)(*reader)->readRange(e, 3, 100);
        auto seekable = carton::SeekableZstdSource::open(**reader, e, QStringLiteral("fuzz"));
        if (seekable && *seekable && (*seekable)->size() > 0) {
            const qint64 n = std::min<qint64>((*seekable)->size(), 100);
            char buffer[100];
            (void)(*seekable)->read(0, n, buffer);
            (void)(*seekable)->read((*seekable)->size() - n, n, buffer);
        }
    }
    return 0;
}
