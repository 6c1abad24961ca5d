// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "package/cartonedits.h"

#include <QByteArray>
#include <QString>

namespace studio {

// The bytes of a document's file `archivePath` wherever they come from: an entry
// of the original carton (read through it), a file on disk added by the user,
// or bytes in memory. At most `maxBytes` (ErrorCode::Limit past it, nothing
// read beyond maxBytes + 1); files only reachable through LINKS are not read
// (ErrorCode::Unsupported). Thread-safe for a copy of `files` whose original
// carton outlives the call.
carton::Result<QByteArray> readDocumentFile(const carton::CartonEdits &files, const QString &archivePath,
                                            qint64 maxBytes);

} // namespace studio
