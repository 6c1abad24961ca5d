// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What a runner plugin learned about a model by loading it without running it
// (RunnerPlugin::inspect): each method's signature and graph. It crosses the
// runner host's pipe as JSON; fromJson() treats that JSON as untrusted.

#include "base/result.h"
#include "cartoncore_export.h"
#include "model/modelinfo.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <utility>

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
    // The module the node belongs to, from the root ("layer1.0.conv1"); empty for
    // the top-level module or when the framework does not say.
    QString scope;
    QList<std::pair<QString, QString>> attributes; // (name, value as one line): ("value", "3")
};

struct CARTONCORE_EXPORT InspectedMethod {
    QString name;                    // "forward"
    QList<InspectedValue> arguments; // without `self`
    QList<InspectedValue> returns;
    QList<InspectedNode> nodes; // the graph's top-level nodes, in order (submodule calls inlined)
    QStringList graphInputs;    // the graph's input values ("self.1", "x"), self first
    QStringList graphOutputs;   // the values it returns
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

// A method's arguments as graph inputs are read from ONNX: each named as in the
// signature, its type ("Tensor", "Dict[str, Any]") as the kind, no dtype or shape.
// Inline: validate compares them with carton.toml without linking the runner.
inline QList<OnnxValueInfo> inspectedArguments(const InspectedMethod &method)
{
    QList<OnnxValueInfo> out;
    for (const InspectedValue &a : method.arguments) {
        OnnxValueInfo v;
        v.name = a.name;
        v.kind = a.type;
        out.append(v);
    }
    return out;
}

// A method's graph in the form an ONNX graph is read into, so that it is drawn,
// searched and compared with carton.toml as ONNX's is: each node with its kind as
// the op type, named "/layer1/0/conv1/aten::conv2d" from its module path (so that
// it collapses by scope), its values and attributes; the arguments (named as in the
// signature, their type as the kind) as the graph's inputs and the returned values
// as its outputs. A prim::GetAttr chain from self names its value by the attribute's
// path ("conv1.weight"), the name the model file's weight has.
CARTONCORE_EXPORT OnnxInfo graphFromInspection(const InspectedMethod &method);

// Caps fromJson() enforces, and plugins keep to.
inline constexpr qsizetype kMaxInspectedMethods = 256;
inline constexpr qsizetype kMaxInspectedNodes = 100'000;
inline constexpr qsizetype kMaxInspectedValues = 4096; // arguments, returns, a node's inputs or outputs
inline constexpr qsizetype kMaxInspectedGraphChars = 4 << 20;

} // namespace carton
