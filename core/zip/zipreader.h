// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "zip/zipentry.h"

#include <QHash>
#include <QIODevice>
#include <memory>
#include <vector>

namespace carton {

// Reads a zip archive: the central directory (zip64 aware) at open, entry data on
// demand. The bytes come from a ByteSource: a local file (positioned reads on one
// handle) or anything else with random access (an http(s) server: remote/). Supports Stored, Deflate (zlib raw inflate)
// and zstd (method 93, streamed: frames without a content size are fine). Never reads a whole file to open it.
//
// Thread safety: after open() the reader is immutable and the source is read with
// positioned reads, so any number of threads may read entries at once.
//
// Hostile input: every size and offset is checked against the file size and the
// Limits; names are checked with checkArchivePath() (an unsafe name makes open()
// fail with ErrorCode::Unsafe naming the entry); duplicate names fail open();
// encrypted entries and unknown methods are listed but fail openEntry() with
// ErrorCode::Unsupported.
// An entry left out of entries() because it is unsafe (Limits::quarantineUnsafeEntries).
struct QuarantinedEntry {
    QString name;   // as decoded (for display only: never used as a path)
    QString reason; // the error that open() would have failed with
};

class CARTONCORE_EXPORT ZipReader final {
public:
    static Result<std::unique_ptr<ZipReader>> open(const QString &path, const Limits &limits = {});
    // A zip that lies in `size` bytes at `offset` of the file (a Stored entry of
    // another zip, e.g. a TorchScript model.pt inside a carton; size -1: to the
    // end). Offsets in the zip are relative to `offset`; nothing outside the
    // region is read. Messages name `displayName` (default: the file's name).
    static Result<std::unique_ptr<ZipReader>> openRegion(const QString &path, qint64 offset, qint64 size,
                                                         const Limits &limits = {}, const QString &displayName = {});
    // A zip read through `source` (e.g. an HttpSource). `path` is what path()
    // returns (a URL); messages name `displayName` (default: the source's name).
    static Result<std::unique_ptr<ZipReader>> open(ByteSourcePtr source, const QString &path, const Limits &limits = {},
                                                   const QString &displayName = {});
    ~ZipReader();

    // The file (or the URL) the zip was opened from.
    QString path() const;
    // The file on disk the zip lies in; empty when it was opened from another source.
    QString localPath() const;
    // Where the zip's bytes come from (offsets relative to the zip's start).
    const ByteSourcePtr &source() const;
    qint64 fileSize() const;
    const std::vector<ZipEntry> &entries() const;
    // Entries with unsafe names and later copies of duplicate names, left out of
    // entries() (only with Limits::quarantineUnsafeEntries; otherwise open() fails
    // on the first).
    const std::vector<QuarantinedEntry> &quarantined() const;
    // The entry with this exact name, or nullptr.
    const ZipEntry *find(const QString &name) const;
    // The archive comment of the end of central directory record (raw bytes).
    QByteArray comment() const;

    // Offset in the file where the entry's data starts (after the local header,
    // whose name/extra lengths are read and checked here). For a zip that is not a
    // region of a local file, the offset in source().
    Result<qint64> dataOffset(const ZipEntry &entry) const;

    // A sequential, read-only device that yields the entry's uncompressed bytes.
    // At the end it checks the byte count against the header and the CRC-32
    // (unless verifyCrc is false); a mismatch makes read() return -1 with
    // errorString() saying what failed. Output is capped at the header's size and
    // Limits::maxEntrySize/maxRatio, so bombs stop early.
    // verifyCrc=false only skips the CRC of Stored entries (the fast path for
    // hashing big files); compressed entries are always checked. The ratio cap
    // (entries over 1 MiB) is applied here: openEntry() fails with ErrorCode::Limit.
    // The device reads on from the start: a remote source is told the whole entry
    // is coming (ByteSource::willNeed), so it fetches it in one request.
    Result<std::unique_ptr<QIODevice>> openEntry(const ZipEntry &entry, bool verifyCrc = true) const;
    // The checks openEntry() makes (encryption, method, ratio cap, local header),
    // without announcing or reading the data: for a reader that reads only parts.
    Status checkEntry(const ZipEntry &entry) const;

    // The whole entry, uncompressed, failing with ErrorCode::Limit when it is larger
    // than maxSize.
    Result<QByteArray> readEntry(const ZipEntry &entry, qint64 maxSize) const;

    // `length` bytes of the entry's uncompressed data from `offset`. For Stored
    // entries this seeks straight to the bytes; for compressed entries it decodes
    // and discards up to `offset`. Fails when the range is outside the entry.
    Result<QByteArray> readRange(const ZipEntry &entry, qint64 offset, qint64 length) const;

    const Limits &limits() const;

private:
    ZipReader();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace carton
