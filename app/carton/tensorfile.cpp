// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfile.h"

#include "commands.h"
#include "model/hfmodelinfo.h"
#include "output.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

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
    const QFileInfo info(path);
    if (info.isFile()) {
        QFile f(path);
        const QByteArray head = f.open(QIODevice::ReadOnly) ? f.read(ModelFile::kHeadBytes) : QByteArray();
        const auto asTensorFile = [&](carton::TensorFile::Kind kind) -> std::unique_ptr<TensorFile> {
            Result<carton::TensorFile> opened = carton::TensorFile::open(path);
            if (!opened) {
                printError(opened.error());
                *exitCode = exitCodeFor(opened.error());
                return nullptr;
            }
            file->tensorFile = std::move(opened).value();
            file->kind = kind == carton::TensorFile::Kind::Npy ? Kind::Npy : Kind::Safetensors;
            file->npy = file->tensorFile->npy();
            file->safetensors = file->tensorFile->safetensors();
            return std::move(file);
        };
        if (const std::optional<carton::TensorFile::Kind> kind = carton::TensorFile::detect(head, info.size()))
            return asTensorFile(*kind);
        // A file named .npy/.safetensors that is no model either is read as what
        // it claims, for that format's error (the name never makes it one).
        const std::optional<carton::TensorFile::Kind> claimed = carton::TensorFile::claimedByName(path);
        // A zip is a carton unless its entries make it a PyTorch archive.
        if (ModelSet::maybeBareModel(head, info.size())) {
            Result<ModelSet> models = ModelSet::fromFile(path);
            if (models) {
                file->kind = Kind::Model;
                file->m_models = std::move(models).value();
                return file;
            }
            if (models.error().code != ErrorCode::Unsupported && !claimed) {
                printError(models.error());
                *exitCode = exitCodeFor(models.error());
                return nullptr;
            }
        }
        if (claimed)
            return asTensorFile(*claimed);
    }
    // A Hugging Face model folder (no carton.toml): its weights as one model (the
    // config, tokenizer and card are read by `carton model` alone: readHfModelInfo).
    if (info.isDir() && !QFileInfo::exists(QDir(path).filePath(QStringLiteral("carton.toml"))) &&
        isHfModelFolder(path)) {
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
