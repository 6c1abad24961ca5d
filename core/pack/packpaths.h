// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QString>

namespace carton {

// Helpers shared by the packer and the unpacker (internal to carton_pack).

// The relative symlink body that leads from `linkPath` to `targetPath`, both
// archive paths: ("model/a/link", "model/b/f") -> "../b/f".
QString relativeLinkTarget(const QString &linkPath, const QString &targetPath);

// True when the absolute, clean `path` is `root` itself or lies below it.
bool isInsideFolder(const QString &root, const QString &path);

// The checks before packing `folder` into `outputFile`: the folder exists; the
// output is not a folder, does not exist (unless `overwrite`), lies in an existing
// folder outside the one being packed. Returns the folder's canonical path.
Result<QString> checkPackPaths(const QString &folder, const QString &outputFile, bool overwrite);

// Renames `from` to `to`, replacing an existing file (POSIX rename semantics).
bool replaceFile(const QString &from, const QString &to, QString *errorMessage);

} // namespace carton
