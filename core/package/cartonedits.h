// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "tensor/tensorindex.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

class Carton;

// What a carton being saved is made of: every file of the new carton and where
// its bytes come from — an entry of the original carton (copied as its
// compressed bytes by saveCarton()), a file on disk, or bytes in memory — plus
// the MANIFEST lines of files that are only reachable through LINKS.
//
// Built from an opened original (every file starts as "unchanged"), or empty for
// a new carton; then edited with setInfo(), putBytes(), putFile(), remove() and
// rename(). Paths are archive paths, checked with checkArchivePath(); MANIFEST is
// never part of it (saveCarton() generates it). The original Carton must outlive
// the edits and the save.
class CARTONCORE_EXPORT CartonEdits final {
public:
    struct FileSource {
        enum class Kind {
            Original, // the original carton's file `originalPath` (a rename keeps it)
            Linked,   // only reachable through LINKS: a MANIFEST line, no zip entry
            Disk,     // the file `diskPath` (symlinks followed)
            Bytes,    // `bytes`
        };
        Kind kind = Kind::Original;
        QString originalPath;
        QString diskPath;
        QByteArray bytes;
        QByteArray sha256Hex; // Linked: the MANIFEST hash

        bool operator==(const FileSource &) const = default;
    };

    CartonEdits() = default; // a new, empty carton
    explicit CartonEdits(const Carton *original);

    const Carton *original() const { return m_original; }
    const QHash<QString, FileSource> &files() const { return m_files; }
    const FileSource *find(const QString &path) const;
    // The new carton's paths, sorted like MANIFEST.
    QStringList paths() const;

    // Random access to a file's bytes as the edits have them now: the original's
    // entry (through Carton::byteSources(), no LINKS fetched), the file on disk or
    // the bytes in memory. ErrorCode::NotFound when there is no such file, or when
    // it is only reachable through LINKS.
    Result<ByteSourcePtr> byteSource(const QString &path) const;
    // tensor_data/index.toml as the edits have it now (an empty index when there is
    // none), read within the metadata size cap.
    Result<TensorIndex> tensorIndex() const;

    // carton.toml := writeCartonToml(info). When `info` cannot be written whole
    // (writeCartonToml() fails: kept keys that would be lost), carton.toml stays as
    // it was, infoError() holds the error and saveCarton() fails with it, so a save
    // never drops content; a later setInfo() that succeeds clears it.
    void setInfo(const CartonInfo &info);
    const std::optional<Error> &infoError() const { return m_infoError; }
    // Adds or replaces a file.
    Status putBytes(const QString &path, QByteArray bytes);
    Status putFile(const QString &path, const QString &diskPath);
    // Adds or replaces a file that is only reachable through LINKS: its MANIFEST
    // line (`sha256Hex`: 64 lowercase hex digits), no zip entry. The LINKS file
    // giving its URLs is one of the carton's files like any other.
    Status putLinked(const QString &path, const QByteArray &sha256Hex);
    // Fails with ErrorCode::NotFound when there is no such file.
    Status remove(const QString &path);
    // Fails when `from` does not exist or `to` does.
    Status rename(const QString &from, const QString &to);

    // True when no file differs from the original.
    bool isUnchanged() const;

private:
    Result<QString> checkedPath(const QString &path) const;

    const Carton *m_original = nullptr;
    QHash<QString, FileSource> m_files;
    std::optional<Error> m_infoError;
};

} // namespace carton
