// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "hub/hfhub.h"
#include "hub/hfpreview.h"
#include "pack/packer.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace carton {

struct HfImportOptions {
    QUrl endpoint = HfHub::defaultEndpoint();
    QString token;       // sent to the endpoint's origin only; empty: none
    QStringList include; // globs over the repository's paths ("*.safetensors"); empty: selectHfFiles' default
    QString runner;      // runner.runner_name; empty: guessed from the files
    QString frameworkVersion = QStringLiteral("*"); // runner.required_framework_version
    // Link the weights rather than download them: each selected weight file with an
    // LFS sha256 becomes a LINKS entry (its resolve URL) and a MANIFEST line, so the
    // carton is a few KB that verifies and fetches like any linked carton. The other
    // files (config, tokenizer, card) are downloaded into it as without.
    bool link = false;
    qint64 maxFileBytes = 256ll << 30;   // one file, as listed; a larger one is refused before downloading
    qint64 maxTotalBytes = 1024ll << 30; // every file together
    int idleTimeoutMs = 60'000;
    // Downloads are kept here between runs, so an interrupted import resumes; removed
    // once the carton is written. Empty: OUT + ".download".
    QString workFolder;
    PackOptions pack;
};

// A carton field filled from the repository, for the author to check.
struct HfImportGuess {
    QString field;  // "license", "runner.runner_name"
    QString value;  // empty: nothing could be guessed
    QString source; // where it came from
};

struct HfImportResult {
    HfPreview preview; // what was read before downloading (previewHfRepo); the files are fetched at preview.commit
    PackResult pack;
    QList<HfRepoFile> files;  // downloaded under model/, in path order
    QList<HfRepoFile> linked; // options.link: under model/ through LINKS only, in path order
    QStringList cardImages;   // packed under misc/
    QList<HfImportGuess> guesses;
};

// The files an import takes from a listing: those matching `include` (globs over
// the whole path, '*' not crossing '/'), or by default the top-level files a
// Hugging Face model needs — its JSON files (config, tokenizer, generation config,
// the index), README.md, tokenizer files (*.txt, *.model, *.tiktoken) and the
// weights: *.safetensors when there are any, else *.bin, *.pt, *.pth, *.ckpt,
// *.onnx, *.gguf, *.h5, *.msgpack.
CARTONCORE_EXPORT QList<HfRepoFile> selectHfFiles(const QList<HfRepoFile> &files, const QStringList &include);

// True for the files selectHfFiles takes as weights (.safetensors, .bin, .pt, ...).
CARTONCORE_EXPORT bool isHfWeightFile(const QString &path);

// `carton import hf`: previews the repository (previewHfRepo: listing, config,
// card, safetensors headers; the commit the revision stands for), downloads the
// selected files at that commit (each
// checked against its listed size and LFS sha256, resumable) into
// workFolder/carton/model/, the card's local images that the repository holds into
// misc/, fills carton.toml from what the files say (model name, the card's license
// and descriptions, the Hub URL as repository, the runner) and packs it with
// packModelFolder (atomic: nothing at `outputFile` unless the whole import worked).
// An existing `outputFile` is refused before anything is downloaded unless
// options.pack.overwrite. With options.link the weights are not downloaded: LINKS
// and MANIFEST lines for them are written beside the files, naming the commit's
// resolve URLs (size caps then count the downloaded files only).
CARTONCORE_EXPORT Result<HfImportResult> importHfRepo(const HfRepoRef &ref, const QString &outputFile,
                                                      const HfImportOptions &options, Progress *progress = nullptr);

} // namespace carton
