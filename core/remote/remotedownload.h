// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "remote/remoteoptions.h"

#include <QString>
#include <QUrl>

namespace carton {

// Downloads the file at an http(s) `url` (one GET without Range, redirects as in
// options) into `outputFile`, streamed (nothing held whole in memory) and atomic:
// a QSaveFile in the output's folder, committed only when every announced byte
// arrived. A status other than 200, a body longer or shorter than its
// Content-Length, more than options.maxFetchedBytes or a cancel (`progress`) fail
// and leave `outputFile` as it was. Progress counts bytes (total from
// Content-Length when sent). Blocking: call it from a worker thread. Returns the
// number of bytes written.
CARTONCORE_EXPORT Result<qint64> downloadToFile(const QUrl &url, const QString &outputFile,
                                                const RemoteOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
