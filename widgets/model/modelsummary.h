// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QCoreApplication>
#include <QMap>
#include <QString>

namespace carton {
struct CartonInfo;
enum class ModelFormat;
struct ModelEntry;
struct ModelInspection;
struct ModelWeight;
struct OnnxValueInfo;
} // namespace carton

namespace studio {

// The texts the Model view shows for a model file (any ModelFormat): its summary
// as HTML (format, producer, opsets, parameters, signature, op counts, metadata,
// or the error that kept it from being read) and the pieces it is made of.
class ModelSummary final {
    Q_DECLARE_TR_FUNCTIONS(studio::ModelSummary)

public:
    // "ONNX", "GGUF", "safetensors"; other formats by modelFormatName().
    static QString formatTitle(carton::ModelFormat format);
    // "float32"; "Q4_0 → float32" when stored quantised; the format's own name
    // ("FLOAT8E4M3FN") when the values cannot be shown.
    static QString weightTypeText(const carton::ModelWeight &weight);
    // "Cannot show values: <why>".
    static QString cannotShowText(const carton::ModelWeight &weight);
    // A graph input or output as "image float32[batch,3,32,32]" ("?" for an
    // unknown dimension; no brackets when the rank is unknown).
    static QString valueInfoText(const carton::OnnxValueInfo &value);
    // Everything known about one model file, as HTML for a QTextBrowser.
    static QString html(const carton::ModelEntry &entry);
    // Links in html() to a TorchScript archive's code/ files: "code:" and the
    // file's name in the archive, percent-encoded.
    static inline const QString codeScheme = QStringLiteral("code:");
    // What the runner read (RunnerPlugin::inspect): each method's signature and
    // forward's operators, then what comparing forward with carton.toml found
    // (`comparison`; `compared` false when there is no carton.toml to compare
    // with), as HTML to follow html().
    static QString inspectionHtml(const carton::ModelInspection &inspection, const carton::Diagnostics &comparison,
                                  bool compared);

    // carton.toml's [[input]] / [[output]] against the model file's own signature
    // (checkModelSignature's `comparison` of `info` with `entry`): each declared
    // tensor whose shape contradicts the model's, with the dimensions in error
    // marked, every finding, and the link to use the model's signature
    // (useSignatureLink) when there is something to fix. HTML to follow html().
    static QString signatureCheckHtml(const carton::CartonInfo &info, const carton::ModelEntry &entry,
                                      const carton::Diagnostics &comparison);
    // The link of signatureCheckHtml() that asks for the model's signature.
    static inline const QString useSignatureLink = QStringLiteral("action:use-model-signature");

private:
    // The "Operators" row: "N node(s): op ×count, ..." (most frequent first).
    static QString operatorsRow(const QMap<QString, int> &counts, qsizetype nodes);
};

} // namespace studio
