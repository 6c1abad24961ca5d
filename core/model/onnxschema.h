// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <QStringList>

namespace carton {

// What the ONNX operator schemas (onnx/defs, ai.onnx domain) say of common
// operators, for display: the names of their inputs in order ("X", "W", "B" for
// Conv) and a one-line summary. A built-in table of the operators models use most,
// not the whole schema set: an operator it does not know has no names (empty list)
// and no summary.
struct OnnxOpSchema {
    QStringList inputs; // the formal input names; the last one repeats for a variadic input
    QString summary;    // one line of what it computes
    bool variadicLast = false;
};

// The schema of `op` in `domain` ("" or "ai.onnx"); nullptr when the table has none.
CARTONCORE_EXPORT const OnnxOpSchema *onnxOpSchema(const QString &domain, const QString &op);

// The name of input `slot` of `op` ("W" for Conv's slot 1); empty when unknown.
CARTONCORE_EXPORT QString onnxInputName(const QString &domain, const QString &op, int slot);

} // namespace carton
