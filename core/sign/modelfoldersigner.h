// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "sign/eckey.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace carton {

struct ModelSignOptions {
    // Paths not signed, as ModelVerifyOptions::ignorePaths (relative to the current
    // folder or absolute; those outside the model dropped). The signature's own
    // path, when inside the model, and (ignoreGitPaths) the git files are ignored too.
    QStringList ignorePaths;
    bool ignoreGitPaths = true;
    QString signaturePath; // where the bundle will be written (ignored when inside the model)
    Limits limits;
};

// Signs the plain model folder or file `modelPath` as the OpenSSF model-signing
// reference signer ("model_signing sign key") does: every file (ModelFolderWalk:
// links and special files refused) hashed with sha256 into an in-toto v1
// statement with the model_signing v1.0 predicate ("files" serialization, the
// ignored paths relative to the model, the resources sorted by path component as
// the reference sorts them, named "." for a single file), its subject the model's
// name with the root digest; the statement in a DSSE envelope signed with the
// private EC key (P-256, P-384 or P-521), in a Sigstore v0.3 bundle naming the
// key by model_signing's hint. Returns the bundle's JSON; writing it is the
// caller's (signing::writeFileAtomically).
CARTONCORE_EXPORT Result<QByteArray> signModel(const QString &modelPath, const EcKey &key,
                                               const ModelSignOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
