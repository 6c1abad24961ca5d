// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "zip/zipentry.h"

#include <QFileDevice>
#include <QIODevice>
#include <cstddef>
#include <functional>
#include <memory>

namespace carton {

struct ZipWriteOptions {
    ZipMethod method = ZipMethod::Zstd;
    int level = 3;       // zstd 1..22, deflate 1..9; ignored for Stored
    int zstdWorkers = 0; // >0: frames compressed on this many threads
    // zstd: the entry is written in zstd's seekable format (codec/seekableencoder.h),
    // frames of this many uncompressed bytes and a seek table, so that a reader decodes
    // only the frames a byte range touches. 0: one frame (libzstd multithreaded when
    // zstdWorkers > 0), as upstream Carton writes.
    std::size_t zstdFrameSize = std::size_t(8) << 20;
    quint32 unixMode = 0100644;       // stored in the external attributes' high 16 bits
    quint32 dosDateTime = 0x00210000; // 1980-01-01 00:00, fixed for reproducible output
    // The entry's uncompressed size when known in advance (addEntry() sets it), -1 when
    // not. Unknown or >= 3.75 GiB: the local header is written with a zip64 extra field
    // so that any size can be patched in; otherwise it gets none, and finishEntry()
    // fails should the entry pass 4 GiB after all.
    qint64 sizeHint = -1;
    // addEntry(): write the entry Stored when compressing does not make it smaller
    // (already compressed media, tiny files: zstd's frame alone is 9+ bytes). A
    // streamed entry (beginEntry/write/finishEntry) cannot be replayed by the writer:
    // its caller checks compressionDidNotHelp() and calls rewriteLastEntryStored().
    bool storeIfNotSmaller = false;
};

// True when `entry` was compressed (not Stored) and is not smaller for it.
CARTONCORE_EXPORT bool compressionDidNotHelp(const ZipEntry &entry);

// Writes a zip archive to a seekable QIODevice (a QSaveFile, usually), streaming:
// entry data is compressed as it arrives, never held whole. Local headers are
// written first and patched (CRC, sizes) by seeking back, so no data descriptors
// are needed. zip64 extra fields are written where a size or offset needs them.
// Names are written as UTF-8 with the UTF-8 flag set. Output is deterministic.
// The data of a Stored entry of 1 MiB or more (by sizeHint) starts on a 4096-byte
// boundary: its local header carries zipalign's padding field (0xd935).
class CARTONCORE_EXPORT ZipWriter final {
public:
    explicit ZipWriter(QIODevice *device);
    ~ZipWriter();

    // Starts an entry; then call write() any number of times and finishEntry().
    Status beginEntry(const QString &name, const ZipWriteOptions &options);
    Status write(const char *data, qint64 size);
    Status write(QByteArrayView data) { return write(data.data(), data.size()); }
    // Finishes the current entry; returns its central directory record.
    Result<ZipEntry> finishEntry();

    // A whole entry at once.
    Result<ZipEntry> addEntry(const QString &name, QByteArrayView data, const ZipWriteOptions &options);
    // A symlink entry: Stored, unix mode 0120777, body = relative target.
    Result<ZipEntry> addSymlink(const QString &name, const QString &target);
    // An entry whose data was compressed elsewhere (with options.method, e.g. on
    // another thread through an Encoder): writes the bytes as they are, with the
    // given CRC-32 and uncompressed size.
    Result<ZipEntry> addCompressedEntry(const QString &name, const ZipWriteOptions &options, QByteArrayView compressed,
                                        quint32 crc32, quint64 uncompressedSize);

    // Writes the entry just finished again, Stored: for an entry that compression did
    // not make smaller, known only once it is written. The device is cut back to the
    // entry's local header first (nothing of the compressed version is left); the
    // bytes are read again from `bytes` (from its position to its end) and must have
    // the size and CRC-32 of the first pass, else Io ("changed while writing"). Name,
    // mode and timestamp are kept; a large entry's data is page-aligned as for any
    // Stored entry. The device must be a QFileDevice (QSaveFile...) or a QBuffer.
    Result<ZipEntry> rewriteLastEntryStored(QIODevice &bytes);

    // An entry copied from another zip as its compressed bytes, never decoded or
    // recompressed: `source` is its central directory record there (method, CRC,
    // sizes, unix mode, timestamp are kept), `sourceFile` that zip, `dataOffset`
    // where its data starts (ZipReader::dataOffset()). Written under `name`
    // (source.name when empty), with a fresh local header (no data descriptor),
    // the bytes copied by copyRange() (copy_file_range on Linux); `step` sees
    // each copied run and may cancel. Only Stored, Deflate and zstd entries, not
    // encrypted ones: what the reader can read back.
    Result<ZipEntry> addRawEntry(const ZipEntry &source, QFileDevice &sourceFile, qint64 dataOffset,
                                 const QString &name = {}, const std::function<bool(qint64)> &step = {});

    // Writes the central directory (and zip64 end records where needed).
    Status close();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace carton
