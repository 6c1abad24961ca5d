// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "diff/cartondiff.h"
#include "diff/modeldiff.h"

#include <QByteArray>

namespace carton {

// What kind of change a comparison is, most significant first.
struct DiffSummary {
    bool identical = false;
    bool ioBreaking = false; // an input or output changed in a breaking way
    bool structure = false;  // graph nodes added, removed or changed; weights added, removed or reshaped
    bool weights = false;    // weight values changed
    bool metadata = false;   // carton.toml fields, self-tests, examples or other files changed
    // "identical", "I/O breaking", "structure", "weights only", "metadata only", "files".
    QString headline() const;
};
CARTONCORE_EXPORT DiffSummary summarizeDiff(const CartonDiff &diff, const ModelDiff &model);

// One self-contained HTML page (UTF-8, inline CSS and SVG, no external fetch):
// the summary, the package half, the weights with a per-layer bar chart of relative
// change (log scale, in model order), then the graph changes, then `extra` (HTML
// sections: the outputs of `carton diff --run`, outputsDiffHtml).
CARTONCORE_EXPORT QByteArray diffReportHtml(const CartonDiff &diff, const ModelDiff &model, const QString &extra = {});

} // namespace carton
