// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_validate: the pieces validateInfo() and validateCarton()
// are made of, one concern per source file.

#include "format/cartoninfo.h"
#include "validate/reporter.h"

#include <QStringList>
#include <optional>

namespace carton {

class Carton;

namespace validate_detail {

// torchscript, python, rust-bert, wasm, noop
const QStringList &knownRunnerNames();
// What is known of an upstream runner (NOTES-upstream.md); nullptr for others.
struct RunnerFacts {
    QString name;
    QStringList opts;  // [runner.opts] keys it reads; empty = unknown / none
    QString modelFile; // the file it loads from model/ ("model.pt"); empty = varies
};
const RunnerFacts *runnerFacts(const QString &name);
// "float32, float64, string, int8, ..."
QString specDTypeList();
// The spec dtype of an [[input]]/[[output]], or nullopt when unknown / not a spec dtype.
std::optional<DType> specDTypeOf(const TensorSpec &spec);
const TensorSpec *findSpec(const QList<TensorSpec> &specs, const QString &name);

enum class RefKind { Tensor, Misc, Other };
// "@tensor_data/NAME" -> Tensor + NAME; "@misc/PATH" -> Misc + PATH.
RefKind classifyRef(const QString &ref, QString *rest);

// sectionchecks.cpp: [[self_test]] / [[example]] keys and reference syntax.
void checkTestSections(const CartonInfo &info, Reporter &r);
// sectionchecks.cpp: model_description link and image targets' form.
void checkDescriptionTargets(const CartonInfo &info, Reporter &r);

class FileView;

// filechecks.cpp: an opened carton's carton.toml / MANIFEST / LINKS.
void checkLayout(const Carton &carton, Reporter &r);
// filechecks.cpp: model/ and the top-level layout (`info` for the runner's model file).
void checkTopLevel(const FileView &files, const CartonInfo *info, Reporter &r);
// tensorchecks.cpp: tensor_data/index.toml against the files.
void checkTensorData(const FileView &files, Reporter &r);
// referencechecks.cpp: self_test/example/description references against the
// files and the index; dtypes, shapes and symbols of referenced tensors.
void checkReferences(const FileView &files, const CartonInfo &info, Reporter &r);

// True when `path` is stored in the carton or reachable through LINKS.
bool cartonHasFile(const Carton &carton, const QString &path);

} // namespace validate_detail
} // namespace carton
