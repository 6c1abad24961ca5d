// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "result.h"

#include <QByteArrayView>
#include <QString>

namespace carton {

// Checks a path as stored in an archive or MANIFEST ("model/model.pt") and returns
// it unchanged when it is safe: relative, '/'-separated, no empty, "." or ".."
// components, no backslash, no drive letter, no NUL or control characters, valid
// UTF-8 already decoded, at most 4096 bytes. `where` names the file for messages.
CARTONCORE_EXPORT Result<QString> checkArchivePath(const QString &path, const QString &where);

// True when `bytes` is plain ASCII and passes every check of checkArchivePath(), decided
// on the bytes in one pass (no string, no error built: archives and MANIFESTs have
// 100,000 names). False says only "not certainly safe": call checkArchivePath() on the
// decoded name for the verdict and its message.
CARTONCORE_EXPORT bool isPlainSafeArchivePath(QByteArrayView bytes);

// Resolves a relative symlink target against the folder of `linkPath` inside the
// archive ("model/a/link" + "../b" -> "model/b"). Fails when the result escapes
// the archive root or the target is absolute.
CARTONCORE_EXPORT Result<QString> resolveLinkTarget(const QString &linkPath, const QString &target,
                                                    const QString &where);

} // namespace carton
