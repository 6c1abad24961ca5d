// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "remote/remoteoptions.h"
#include "tensor/spillsource.h"

#include <QHash>
#include <QIODevice>
#include <QList>
#include <QString>
#include <memory>
#include <mutex>
#include <optional>

namespace carton {

struct ManifestEntry;

// One file of a carton, as the source holds it. Folders are not listed.
struct SourceFile {
    QString path;              // "model/model.pt", relative, '/'-separated
    qint64 size = 0;           // uncompressed bytes (for a symlink: its target's size)
    qint64 compressedSize = 0; // bytes in the archive (== size in a folder)
    int method = -1;           // zip method (0, 8, 93...), -1 in a folder
    bool isSymlink = false;
    bool executable = false; // some x bit in the zip entry's unix mode / on disk (setuid and setgid are never kept)
    QString linkTarget;      // resolved path of the final target, for symlinks
};

// A file left out of a source because it is unsafe (an entry name with "..", an
// absolute path, a symlink escaping the root or looping): only with
// Limits::quarantineUnsafeEntries, which opens a hostile carton read-only.
struct QuarantinedFile {
    QString path;   // as the archive names it (for display only: never used as a path)
    QString reason; // what open would have failed with
};

// Where a carton's files come from: a .carton (zip) or an unpacked folder.
// Immutable after creation; open()/read() are thread-safe.
class CARTONCORE_EXPORT CartonSource {
public:
    virtual ~CartonSource() = default;

    // A .carton file (zip) or a folder; fails with ErrorCode::Io/Format when the
    // path is neither readable folder nor zip, Unsafe for unsafe entry names,
    // symlinks escaping the root or looping.
    // An http(s) URL opens the .carton on the server through range requests
    // (HttpSource; `remote` says how), with the same checks as a local file;
    // an oci://REF the ModelPack artifact pushed to a registry (OciSource).
    static Result<std::unique_ptr<CartonSource>> load(const QString &path, const Limits &limits = {},
                                                      const RemoteOptions &remote = {});

    virtual QString path() const = 0;
    virtual bool isArchive() const = 0;
    // True when the bytes come from an http(s) server (path() is the URL).
    virtual bool isRemote() const { return false; }
    // Every file, sorted like MANIFEST (byte-wise UTF-8 path order).
    const QList<SourceFile> &files() const { return m_files; }
    const SourceFile *find(const QString &path) const;
    // For each of `entries` (sorted like MANIFEST), the index in files() of the file
    // of the same path, or -1: one walk along both lists, no look-up per entry.
    QList<qsizetype> filesOf(const QList<ManifestEntry> &entries) const;
    const Limits &limits() const { return m_limits; }
    // Unsafe files left out of files() (Limits::quarantineUnsafeEntries); a source
    // with any must not be extracted or saved.
    const QList<QuarantinedFile> &quarantined() const { return m_quarantined; }

    // Streams a file's bytes (symlinks followed). Errors name the file. checkCrc
    // false skips the zip CRC-32 check (for callers that verify sha256 anyway).
    virtual Result<std::unique_ptr<QIODevice>> open(const QString &path, bool checkCrc = true) const = 0;
    // The whole file; ErrorCode::Limit when larger than maxSize.
    virtual Result<QByteArray> read(const QString &path, qint64 maxSize) const = 0;
    // A byte range of the file (random access without reading the rest where
    // the storage allows: folders and Stored zip entries).
    virtual Result<QByteArray> readRange(const QString &path, qint64 offset, qint64 length) const = 0;

    // Where a file's bytes lie uncompressed and contiguous on disk (a folder's file,
    // a Stored zip entry), for memory-mapped or direct access; nullopt otherwise.
    struct RawRegion {
        QString diskPath;
        qint64 offset = 0;
        qint64 size = 0;
        // The zip entry's stored CRC-32, which a full read must check; none for folders.
        std::optional<quint32> crc32;
    };
    virtual std::optional<RawRegion> rawRegion(const QString &path) const = 0;
    // The file at path() may have been replaced on disk (a save renamed a file over
    // it, the disk watcher saw a change): what was learned about it is checked again
    // (a .carton checks once per open, not per file, whether its path still names
    // the file it has open).
    virtual void recheckPath() const {}

    // Random access to a file's bytes (symlinks followed), for tensor reads: straight
    // from disk for a folder's file or a Stored entry; for a compressed entry, a
    // SpillSource decoding it once in the background, shared by every caller of this
    // source (so a tensor opened again is not decoded again). Errors name the file.
    Result<ByteSourcePtr> byteSource(const QString &path) const;

protected:
    // Random access to a file's bytes without decoding (a folder's file, a Stored
    // entry), or a null pointer when it needs decoding. The default uses rawRegion().
    virtual Result<ByteSourcePtr> directSource(const QString &path, const QString &name) const;

    // The decoded bytes of `path` as a stream; the opener must stay valid after this
    // source is destroyed (it runs on the spill thread).
    virtual SpillSource::StreamOpener streamOpener(const QString &path) const = 0;

    // Sorts m_files like MANIFEST.
    void sortFiles();

    QList<SourceFile> m_files;
    QList<QuarantinedFile> m_quarantined;
    Limits m_limits;

private:
    mutable std::once_flag m_fileNameOnce; // path()'s file name, for the byte sources' names
    mutable QString m_fileName;
    mutable std::mutex m_spillMutex;
    mutable QHash<QString, std::shared_ptr<SpillSource>> m_spills;
};

} // namespace carton
