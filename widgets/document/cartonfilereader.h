// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "package/cartonedits.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

namespace carton {
class Carton;
}

namespace studio {

// Reads the files a view shows by their archive paths: those of an opened
// carton, or a document's as they are now (CartonEdits: an entry of the carton
// it was opened from, read there by its original path; a file on disk the user
// added; bytes in memory). Files only reachable through LINKS are not read
// (ErrorCode::Unsupported). A copy holds what it reads from (the carton, the
// edits), so copies may be read on worker threads while the document changes.
class CartonFileReader {
public:
    CartonFileReader() = default; // no files: every read fails with NotFound
    explicit CartonFileReader(std::shared_ptr<const carton::Carton> carton);
    // `original` is the carton the edits' entries point into (may be null for a new carton).
    CartonFileReader(carton::CartonEdits files, std::shared_ptr<const carton::Carton> original);

    // The whole file, at most `maxBytes` (ErrorCode::Limit past it, nothing read
    // beyond maxBytes + 1).
    carton::Result<QByteArray> read(const QString &archivePath, qint64 maxBytes) const;
    // Its media type from its first bytes (carton::sniffMediaType).
    carton::Result<QString> mediaType(const QString &archivePath) const;

private:
    // The edits' file for `archivePath` when it is on disk or in memory; null
    // with `cartonPath` set when it is read from m_carton; an error naming it
    // when there is none or it is only reachable through LINKS.
    carton::Result<const carton::CartonEdits::FileSource *> locate(const QString &archivePath,
                                                                   QString *cartonPath) const;

    std::shared_ptr<const carton::Carton> m_carton; // the opened carton, or the edits' original
    std::optional<carton::CartonEdits> m_files;     // set: the document's files
};

} // namespace studio
