// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "documentstate.h"
#include "model/modelguesses.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace studio {

// The files of a model dropped on the window (a folder without carton.toml, or
// one model file), as they will be packed: each under model/ keeping its path
// relative to the folder, and the runner their contents suggest.
struct ModelFiles {
    struct File {
        QString archivePath; // "model/weights/a.bin"
        QString diskPath;
    };
    QList<File> files;
    QString runner; // "torchscript", "python" or empty when nothing suggests one
    QString name;   // the folder's or file's base name, for model_name
    // A Hugging Face model folder's card (README.md): front matter `license`, the
    // first paragraph and the card's text without front matter; empty otherwise.
    QString license;
    QString shortDescription;
    QString modelDescription;
    // Every field filled above, and the runner, with where each came from.
    QList<ModelGuess> guesses;
};

// Lists `path` (a folder or a file); for a Hugging Face model folder (config.json and
// safetensors weights) also reads its card into license and the descriptions, the
// card's local images (CardImages, at most maxCardImageBytes each) also packed under
// misc/ and referred to as @misc/ in model_description. Fails naming the path for an empty
// folder, more than `maxFiles` files, unreadable entries, or symlinks leading outside the folder; hidden files and
// folders (".git") are left out.
carton::Result<ModelFiles> collectModelFiles(const QString &path, int maxFiles = 100000);
inline constexpr qint64 maxCardImageBytes = carton::CardGuesses::maxImageBytes;

// A file whose name says it holds a model (or a model's code): .pt, .pth,
// .torchscript, .onnx, .pb, .tflite, .h5, .keras, .ckpt, .bin, .gguf, .mlmodel,
// .pkl, .joblib, .msgpack, .params, .py.
bool isModelFileName(const QString &fileName);

} // namespace studio
