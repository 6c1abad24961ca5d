// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What a runner plugin learned about a model by loading it without running it
// (RunnerPlugin::inspect): each method's signature and graph. It crosses the
// runner host's pipe as JSON; fromJson() treats that JSON as untrusted.

#include "base/result.h"
#include "cartoncore_export.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace carton {

// One argument or return value: `x: Tensor`. Returns are usually unnamed.
struct InspectedValue {
    QString name;
    QString type; // Python annotation syntax: "Tensor", "Dict[str, Tensor]", "Optional[int]"
};

// One node of a method's graph: `aten::add` with its value names.
struct InspectedNode {
    QString kind; // "aten::add", "prim::Constant"
    QStringList inputs;
    QStringList outputs;
};

struct CARTONCORE_EXPORT InspectedMethod {
    QString name;                    // "forward"
    QList<InspectedValue> arguments; // without `self`
    QList<InspectedValue> returns;
    QList<InspectedNode> nodes; // the graph's top-level nodes, in order
    QString graph;              // the graph as the framework prints it
    bool nodesTruncated = false;

    // "forward(self, x: Tensor, lengths: Tensor) -> Tensor"
    QString signature() const;
    // How often each node kind occurs, by kind.
    QMap<QString, int> opCounts() const;
};

struct CARTONCORE_EXPORT ModelInspection {
    QString format; // "TorchScript"
    QString file;   // the model file inspected, relative to the carton ("model/model.pt")
    QList<InspectedMethod> methods;

    // The method called `name`, or null.
    const InspectedMethod *method(QStringView name) const;

    QJsonObject toJson() const;
    // Reads what a runner host sent: every list and string bounded; errors name
    // `where` and the field.
    static Result<ModelInspection> fromJson(const QJsonObject &json, const QString &where);
};

// [{"name", "type"}] and {"kind", "inputs", "outputs"}: the JSON of toJson(),
// for other JSON that shows a signature or nodes (`carton model --inspect --json`).
CARTONCORE_EXPORT QJsonArray inspectedValuesJson(const QList<InspectedValue> &values);
CARTONCORE_EXPORT QJsonObject inspectedNodeJson(const InspectedNode &node);

// Caps fromJson() enforces, and plugins keep to.
inline constexpr qsizetype kMaxInspectedMethods = 256;
inline constexpr qsizetype kMaxInspectedNodes = 100'000;
inline constexpr qsizetype kMaxInspectedValues = 4096; // arguments, returns, a node's inputs or outputs
inline constexpr qsizetype kMaxInspectedGraphChars = 4 << 20;

} // namespace carton
