// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfile.h"

#include "commands.h"
#include "model/classifypath.h"
#include "model/hfmodelinfo.h"
#include "output.h"

namespace cli {

using namespace carton;

int exitCodeFor(const Error &error)
{
    switch (error.code) {
    case ErrorCode::Io:
    case ErrorCode::NotFound:
    case ErrorCode::Usage:
        return UsageOrInput;
    default:
        return CartonErrors;
    }
}

std::unique_ptr<TensorFile> TensorFile::open(const QString &path, int *exitCode)
{
    auto file = std::make_unique<TensorFile>();
    file->path = path;
    const Result<OpenKind> kind = classifyPath(path);
    if (kind && tensorFileKindOf(*kind)) {
        Result<carton::TensorFile> opened = carton::TensorFile::open(path);
        if (!opened) {
            printError(opened.error());
            *exitCode = exitCodeFor(opened.error());
            return nullptr;
        }
        file->tensorFile = std::move(opened).value();
        file->kind = *kind == OpenKind::Npy ? Kind::Npy : Kind::Safetensors;
        file->npy = file->tensorFile->npy();
        file->safetensors = file->tensorFile->safetensors();
        return file;
    }
    if (kind && modelFormatOf(*kind)) {
        Result<ModelSet> models = ModelSet::fromFile(path);
        if (!models) {
            printError(models.error());
            *exitCode = exitCodeFor(models.error());
            return nullptr;
        }
        file->kind = Kind::Model;
        file->m_models = std::move(models).value();
        return file;
    }
    // A Hugging Face model folder (no carton.toml): its weights as one model (the
    // config, tokenizer and card are read by `carton model` alone: readHfModelInfo).
    if (kind && *kind == OpenKind::ModelFolder && isHfModelFolder(path)) {
        Result<ModelSet> models = ModelSet::fromHfFolder(path);
        if (!models) {
            printError(models.error());
            *exitCode = exitCodeFor(models.error());
            return nullptr;
        }
        file->kind = Kind::Model;
        file->hfFolder = true;
        file->m_models = std::move(models).value();
        return file;
    }
    // A carton (a zip or a folder), nothing known or no such path: the carton reader says why.
    file->carton = openCarton(path);
    if (!file->carton) {
        *exitCode = UsageOrInput;
        return nullptr;
    }
    for (const Diagnostic &d : file->carton->loadDiagnostics()) {
        if (d.location.file == u"tensor_data/index.toml") {
            printDiagnostics({d});
            *exitCode = CartonErrors;
            return nullptr;
        }
    }
    return file;
}

const ModelSet &TensorFile::models() const
{
    if (!m_models)
        m_models = carton ? ModelSet::fromCarton(carton->source()) : ModelSet();
    return *m_models;
}

Result<TensorReaderPtr> TensorFile::reader(const QString &name, bool fetchLinks) const
{
    switch (kind) {
    case Kind::Npy:
    case Kind::Safetensors:
        return tensorFile->openTensor(name);
    case Kind::Model:
        return models().openWeight(name);
    case Kind::Carton:
        break;
    }
    const bool indexed = carton->tensorIndex() && carton->tensorIndex()->find(name);
    if (!indexed && models().resolve(name))
        return models().openWeight(name);
    return carton->openTensor(name, fetchLinks);
}

} // namespace cli
