// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

class QFile;

namespace carton {

#ifdef Q_OS_UNIX
// Opens `file` read-only (unbuffered) on its own duplicate of `fd`: the same
// open file (even one whose path now names another, or none), closed with
// `file`. Errors name `name`.
CARTONCORE_EXPORT Status openDuplicate(QFile &file, int fd, const QString &name);
#endif

} // namespace carton
