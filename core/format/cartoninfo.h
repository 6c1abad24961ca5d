// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/dtype.h"
#include "format/shape.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>
#include <variant>

namespace carton {

// [[input]] / [[output]]
struct TensorSpec {
    QString name;
    DType dtype = DType::Float32;
    // The dtype as written in the file (the parser rejects unknown dtypes, so it
    // is always dtypeName(dtype) after parsing; may be empty for specs built in
    // code). The writer writes dtypeName(dtype). Not compared by operator==.
    QString dtypeText;
    Shape shape;
    std::optional<QString> description;
    std::optional<QString> internalName;
    bool operator==(const TensorSpec &o) const
    {
        return name == o.name && dtype == o.dtype && shape == o.shape && description == o.description &&
               internalName == o.internalName;
    }
};

// Ordered name -> "@tensor_data/x" / "@misc/y" references, in file order.
using TensorRefs = QList<QPair<QString, QString>>;

// [[self_test]]
struct SelfTest {
    std::optional<QString> name;
    std::optional<QString> description;
    TensorRefs inputs;
    std::optional<TensorRefs> expectedOut;
    // Unknown keys and sub-tables of this [[self_test]] (extensions such as
    // [self_test.tolerance], see README), as TOML text rendered by toml++ (keys
    // sorted); written back on save. Empty when there were none.
    QByteArray unknownToml;
    bool operator==(const SelfTest &) const = default;
};

// [[example]]
struct Example {
    std::optional<QString> name;
    std::optional<QString> description;
    TensorRefs inputs;
    TensorRefs sampleOut;
    bool operator==(const Example &) const = default;
};

// A [runner.opts] value: integer, float, string or boolean only.
using RunnerOpt = std::variant<qint64, double, QString, bool>;
using RunnerOpts = QList<QPair<QString, RunnerOpt>>; // sorted by key when written

// [runner]
struct RunnerInfo {
    QString runnerName;
    QString requiredFrameworkVersion; // a semver requirement, e.g. "=1.12.1"
    qint64 runnerCompatVersion = 0;
    RunnerOpts opts;
    bool operator==(const RunnerInfo &) const = default;
};

// Everything in carton.toml, typed.
struct CartonInfo {
    qint64 specVersion = 1;
    std::optional<QString> modelName;
    std::optional<QString> shortDescription;
    std::optional<QString> modelDescription;
    std::optional<QString> license;
    std::optional<QString> repository;
    std::optional<QString> homepage;
    std::optional<QStringList> requiredPlatforms;
    QList<TensorSpec> inputs;
    QList<TensorSpec> outputs;
    QList<SelfTest> selfTests;
    QList<Example> examples;
    RunnerInfo runner;

    // Unknown top-level keys and tables, serialized as TOML, appended on write
    // so that re-saving keeps them (empty when there were none).
    QByteArray unknownToml;

    // Where each field was in the source: "model_name", "input[2].shape",
    // "runner.required_framework_version", "self_test[0].inputs.x" -> 1-based line.
    // Tables have their header line: "input[2]", "runner", "runner.opts".
    // Filled by the parser; empty for documents built in code. Not compared.
    QHash<QString, int> fieldLines;

    // Unknown keys found inside known tables ("input[0].dtyep", "runner.foo"):
    // the parser drops them (they are not written back); validation may warn.
    // Filled by the parser. Not compared.
    QStringList ignoredKeys;

    bool operator==(const CartonInfo &o) const
    {
        return specVersion == o.specVersion && modelName == o.modelName && shortDescription == o.shortDescription &&
               modelDescription == o.modelDescription && license == o.license && repository == o.repository &&
               homepage == o.homepage && requiredPlatforms == o.requiredPlatforms && inputs == o.inputs &&
               outputs == o.outputs && selfTests == o.selfTests && examples == o.examples && runner == o.runner &&
               unknownToml == o.unknownToml;
    }
};

} // namespace carton
