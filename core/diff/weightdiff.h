// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "diff/cartondiff.h"
#include "tensor/tensor.h"

#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace carton {

class ModelSet;

// How a weight of A was paired with one of B.
enum class WeightMatch {
    None,          // added or removed
    Name,          // the same listed name (`carton tensors`)
    TensorName,    // the same tensor name in differently named model files (a carton against a bare file)
    PositionShape, // names differ: the next unpaired weight of the same shape in model order
};
CARTONCORE_EXPORT QString weightMatchName(WeightMatch match); // "", "name", "tensor_name", "position_and_shape"

// One weight of A and/or B compared. Equal bytes (same dtype and shape) are found by
// comparing the streamed bytes, without decoding them; changed ones are widened to
// double a chunk at a time: max |B−A|, ‖B−A‖₂/‖A‖₂ and the fraction of elements whose
// values differ (NaN equals NaN).
struct WeightDiff {
    QString nameA, nameB; // listed names (empty on the side that lacks it)
    ChangeKind kind = ChangeKind::Unchanged;
    WeightMatch match = WeightMatch::None;
    QString dtypeA, dtypeB; // carton's dtype name, or the format's own spelling when values cannot be read
    QList<qint64> shapeA, shapeB;
    qint64 byteSizeA = 0, byteSizeB = 0;
    bool compared = false; // values compared (same shape, both readable)
    qint64 elements = 0;
    qint64 elementsChanged = 0;
    double maxAbsDiff = 0;
    std::optional<double> relL2; // nullopt when ‖A‖ is 0 and B differs
    double changedFraction = 0;
    QString note; // why values were not compared
    const QString &name() const { return nameB.isEmpty() ? nameA : nameB; }
};

struct WeightDiffOptions {
    qint64 chunkElements = qint64(1) << 18; // read and compared per step (per side)
    int threads = 0;                        // 0: one per core
    // True when two model files (entry paths of A and B) are known to hold the same
    // bytes (equal sha256 in the MANIFESTs, equal file hashes): weights of the same
    // tensor name in them are unchanged, unread.
    std::function<bool(const QString &entryA, const QString &entryB)> sameFile;
};

// Every weight of A's and B's model files paired (by listed name, then tensor name,
// then position and shape) and compared, streamed in bounded memory: in B's model
// order, removed weights last. Progress counts bytes read; fails only when cancelled
// (a weight that cannot be read is reported in its note).
CARTONCORE_EXPORT Result<QList<WeightDiff>>
diffWeights(const ModelSet &a, const ModelSet &b, const WeightDiffOptions &options = {}, Progress *progress = nullptr);

// One weight of each side and their difference, in memory for display: float32,
// shaped [rows, columns] (the first dimension by the product of the others; a
// vector is one row), the same shape on both sides.
struct WeightDelta {
    Tensor a, b, difference; // difference = b − a
    double min = 0, max = 0; // over the finite values of a and b together (one colour scale)
    double maxAbsDifference = 0;
};

// Reads weight `nameA` of `a` and `nameB` of `b` (listed names) whole. Fails with
// ErrorCode::Usage when their shapes differ, ErrorCode::Limit above `maxElements`.
CARTONCORE_EXPORT Result<WeightDelta> readWeightDelta(const ModelSet &a, const QString &nameA, const ModelSet &b,
                                                      const QString &nameB, qint64 maxElements = qint64(1) << 22,
                                                      Progress *progress = nullptr);

} // namespace carton
