// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What the model readers find in a model file besides its weights: an ONNX model's
// signature and graph, a GGUF file's metadata. Plain values, copied freely.

#include "format/dtype.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <utility>

namespace carton {

struct OnnxInfo;

// One dimension of an ONNX tensor type: a number (dim_value), a symbol (dim_param)
// or neither (unknown).
struct OnnxDim {
    std::optional<qint64> value;
    QString param;
};

// A graph input or output (ValueInfoProto).
struct OnnxValueInfo {
    QString name;
    QString kind = QStringLiteral("tensor"); // "tensor", "sequence", "map", "optional", "sparse_tensor", "unknown"
    int elemType = 0;                        // TensorProto.DataType, 0 when not a tensor or unset
    QString dtype;                           // carton's name ("float32") or ONNX's, lower case ("complex64")
    std::optional<QList<OnnxDim>> shape;     // nullopt: the rank is unknown
};

struct OnnxInfo;

// An attribute of a node, summarised for display: lists keep their first
// OnnxAttribute::kMaxValues values (count says how many there are).
struct OnnxAttribute {
    static constexpr int kMaxValues = 64;
    QString name;
    QString type; // "FLOAT", "INT", "STRING", "TENSOR", "GRAPH", "FLOATS", "INTS", "STRINGS", ...
    QList<qint64> ints;
    QList<double> floats;
    QStringList strings;
    qint64 count = 0; // elements in the file (1 for a single value)
    QString text; // the value as one line: "3", "[1, 1]", "\"SAME_UPPER\"", "tensor float32[64]", "graph (12 nodes)"
    // GRAPH / GRAPHS: the bodies (an If's then_branch, a Loop's or Scan's body), read
    // whole as graphs of their own (nested at most kMaxGraphDepth deep).
    static constexpr int kMaxGraphDepth = 16;
    QList<std::shared_ptr<const OnnxInfo>> graphs;
};

struct OnnxNode {
    QString opType;
    QString domain;
    QString name;
    QStringList inputs;
    QStringList outputs;
    QList<OnnxAttribute> attributes;
    // What each input is to the op where the file says it (TorchScript's argument
    // names: "input", "weight"); empty: the operator schema's names (onnxschema.h).
    QStringList inputNames;
};

struct OnnxInfo {
    qint64 irVersion = 0;
    QString producerName;
    QString producerVersion;
    QString domain;
    qint64 modelVersion = 0;
    QString graphName;
    QList<std::pair<QString, qint64>> opsets; // (domain, version); "" is the default domain (ai.onnx)
    QList<std::pair<QString, QString>> metadata;
    QList<OnnxValueInfo> inputs; // graph inputs that are not initializers
    QList<OnnxValueInfo> outputs;
    QList<OnnxValueInfo> valueInfo; // what the file says of values between nodes (types and shapes), if anything
    QList<OnnxNode> nodes;          // the graph's nodes (bodies: in their node's GRAPH attributes)
    QMap<QString, int> opCounts;    // op type ("domain:op" outside the default domain) -> nodes
    // A body's initializers (name, "float32[2]"); the main graph's are the model's weights.
    QList<std::pair<QString, QString>> initializers;
};

// One metadata key/value of a GGUF file; arrays keep their first kMaxValues values.
struct GgufValue {
    static constexpr int kMaxValues = 16;
    QString key;
    QString type;     // "uint32", "string", "array[string]", ...
    qint64 count = 1; // elements (arrays)
    QString text;     // the value as one line (arrays: the first values, then "… (N values)")
};

struct GgufInfo {
    quint32 version = 0;
    qint64 alignment = 32;
    qint64 dataOffset = 0; // where the tensor data starts
    QList<GgufValue> metadata;
    // A metadata value's text, or an empty string ("general.architecture" -> "llama").
    QString value(const QString &key) const
    {
        for (const GgufValue &v : metadata)
            if (v.key == key)
                return v.text;
        return {};
    }
};

// What a PyTorch file holds besides its weights.
struct TorchInfo {
    QString archiveName;      // the zip's top folder ("archive", a TorchScript module's name); empty for legacy files
    bool torchScript = false; // a TorchScript archive (torch.jit.save): it has code/
    QString version;          // the archive's `version` record, or the legacy protocol version
    QString byteOrder;        // the `byteorder` record ("little"), when present
    int pickleProtocol = 0;   // data.pkl's (or the legacy object pickle's) PROTO
    QStringList codeFiles;    // TorchScript: the code/ files, relative to the archive ("code/__torch__.py")
    QStringList opaque;       // what the pickle holds that is not evaluated ("numpy.core.multiarray._reconstruct")
};

} // namespace carton
