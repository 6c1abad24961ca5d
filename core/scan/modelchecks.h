// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "scan/scanreport.h"

namespace carton {

class ModelSet;

// What a model file's own content can do when a runtime loads it, for the
// safety scan (SafetyScanner): an ONNX initializer whose external_data location
// leaves the model's folder or is absolute (a runtime would read, e.g.,
// /etc/shadow as weights): critical; a GGUF chat template (Jinja that some
// runtimes render unsandboxed) reaching __class__, __globals__, __builtins__,
// os, subprocess, import and the like: critical, any other: info. Files that
// do not read as models for other reasons are left to the Model tab.
struct ModelChecks {
    // The findings in every model file of `models` (ModelSet::fromCarton or fromFile).
    CARTONCORE_EXPORT static QList<ScanFinding> findings(const ModelSet &models);
    // The same for one model file on disk (external data beside it); `name` in the findings.
    CARTONCORE_EXPORT static QList<ScanFinding> fileFindings(const QString &path, const QString &name);
    // A chat template's finding: critical with the dangerous names it reaches, else info.
    CARTONCORE_EXPORT static ScanFinding chatTemplate(const QString &file, const QString &key, const QString &text);
};

} // namespace carton
