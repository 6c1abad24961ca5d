// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QString>

namespace carton {

// The sha256 (hex) of a file, read in 1 MiB chunks (cancellable through `progress`).
CARTONCORE_EXPORT Result<QByteArray> fileSha256Hex(const QString &path, Progress *progress = nullptr);

} // namespace carton
