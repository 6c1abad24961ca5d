// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "model/modelset.h"

#include <QString>
#include <memory>

namespace carton {

class Carton;

// A bare model file inspected as a carton's would be: the runner host only opens
// cartons, so a folder carton is made around it in `dir` (a scratch folder the
// caller owns): a carton.toml naming `runnerName`, then the file as
// model/model.pt (placeModelFile). The folder is read by the sandboxed host like
// any other carton under /tmp.
// The runner that inspects `entry`, by its content, not by any carton's
// runner_name: "torchscript" for a TorchScript archive; empty when none can.
// Inline: header-only use of the model reader's types.
inline QString inspectingRunner(const ModelEntry &entry)
{
    if (entry.model && entry.model->torch() && entry.model->torch()->torchScript)
        return QStringLiteral("torchscript");
    return {};
}

// The entry of `models` a runner can inspect: the TorchScript model/model.pt of a
// carton (the torchscript runner loads that file), or the bare file itself; null
// when there is none.
inline const ModelEntry *inspectableEntry(const ModelSet &models)
{
    for (const ModelEntry &e : models.entries()) {
        if (!inspectingRunner(e).isEmpty() && (models.isBareFile() || e.path == u"model/model.pt"))
            return &e;
    }
    return nullptr;
}

// Writes `dir`/carton.toml and opens the folder (model/ still empty).
CARTONCORE_EXPORT Result<std::shared_ptr<const Carton>> makeInspectionCarton(const QString &dir,
                                                                             const QString &runnerName);
// `file` as `dir`/model/model.pt: a hard link when the file system allows one,
// else a copy (then it may take as long as copying the file).
CARTONCORE_EXPORT Result<void> placeModelFile(const QString &file, const QString &dir);

} // namespace carton
