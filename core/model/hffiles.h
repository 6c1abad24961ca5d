// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>

namespace carton {

class CartonSource;

// Reads one file of a Hugging Face model folder by its path relative to the folder
// ("config.json", "images/arch.png"): nullopt when there is no such file, an error
// naming the file when it is larger than `maxBytes`, unreadable, or its path is not a
// safe relative path (checkArchivePath: no "..", no absolute paths, no backslashes).
using HfFileReader = std::function<Result<std::optional<QByteArray>>(const QString &name, qint64 maxBytes)>;

// The files of a folder on disk. A file (or a symlink) whose real path lies outside
// the folder is refused, except that a snapshot of the Hugging Face cache
// (".../snapshots/REV/") may link into its repository's blobs/ folder.
CARTONCORE_EXPORT HfFileReader hfFolderReader(const QString &dir);
// The files of a carton under `folder` ("model/" or "model/llama/"); `source` must
// outlive the reader.
CARTONCORE_EXPORT HfFileReader hfCartonReader(const CartonSource &source, const QString &folder);
// The folder of a carton that holds a Hugging Face model: the shallowest folder under
// model/ with a config.json ("model/", "model/llama/"); nullopt when there is none.
CARTONCORE_EXPORT std::optional<QString> hfFolderInCarton(const CartonSource &source);

} // namespace carton
