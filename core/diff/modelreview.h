// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/modeldiff.h"
#include "model/modelset.h"
#include "package/carton.h"

#include <memory>
#include <optional>

namespace carton {

// One side of a model review: a carton (a .carton, a folder, a carton on a server)
// or a bare model file, recognised by content (never by name).
struct ReviewSide {
    QString path;
    std::unique_ptr<Carton> carton;
    std::optional<ModelSet> bare;
    // The model files: the bare file's, or the carton's (under model/).
    ModelSet models() const;
};

// Opens `path`: a bare model file when its content is one (ModelSet::maybeBareModel),
// else a carton (Carton::open). Errors name the file.
CARTONCORE_EXPORT Result<ReviewSide> openReviewSide(const QString &path, const Limits &limits = {});

// The package half (cartons: CartonDiff; a bare file has none, its model hash is the
// file's sha256) and the model half (weights, graphs) of two sides.
struct ModelReview {
    CartonDiff package;
    ModelDiff model;
    // The model files compared (valid while the sides live): to read a weight again.
    ModelSet modelsA, modelsB;
};

// Compares two opened sides: the package half first (a carton's MANIFEST tells which
// model files are byte-identical: their weights are not read), then the model half.
// Fails only when cancelled or a bare file cannot be hashed.
CARTONCORE_EXPORT Result<ModelReview> reviewSides(const ReviewSide &a, const ReviewSide &b,
                                                  const ModelDiffOptions &options = {}, Progress *progress = nullptr);
// Opens both paths and compares them.
CARTONCORE_EXPORT Result<ModelReview> reviewPaths(const QString &pathA, const QString &pathB,
                                                  const ModelDiffOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
