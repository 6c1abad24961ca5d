// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "format/dtype.h"
#include "selftest/tolerance.h"
#include "tensor/tensor.h"

#include <QList>
#include <QString>
#include <array>
#include <optional>

namespace carton {

// How an actual tensor compares with an expected one.
enum class CompareVerdict {
    Passed,        // same dtype and shape, every element within tolerance
    Failed,        // same dtype and shape, some elements outside tolerance
    ShapeMismatch, // shapes differ (no element is compared)
    DtypeMismatch, // dtypes differ (elements are still compared when both are numeric and the shapes agree)
    Malformed,     // a tensor's data does not match its shape (a runner bug), or nested against non-nested
};
CARTONCORE_EXPORT QString compareVerdictName(CompareVerdict verdict); // "passed", "failed", "shape mismatch", ...

// max / mean / median / p99 of one kind of error over the compared elements.
struct ErrorStats {
    double max = 0;
    double mean = 0;
    double median = 0;
    double p99 = 0;
};

// NaN and infinity counts of one side.
struct NonFiniteCounts {
    qint64 nan = 0;
    qint64 posInf = 0;
    qint64 negInf = 0;
    bool operator==(const NonFiniteCounts &) const = default;
};

// One of the worst elements: where it is, both values and its errors.
struct ElementDifference {
    qint64 flatIndex = 0;
    QList<qint64> index; // N-D index in the (common) shape
    QString expected;    // as Tensor::valueAsText
    QString actual;
    double absError = 0; // |actual - expected|; +inf for a NaN/Inf mismatch
    double relError = 0; // absError / |expected|; +inf when expected is 0 and actual is not
    bool mismatch = false;
};

// A histogram of errors over decades: bin 0 counts errors equal to 0, bin 1
// errors below 1e-12, bins 2..16 the decades [1e-12, 1e-11) ... [1e2, 1e3), bin 17
// errors >= 1e3 (infinities included). Elements are binned from a fine log
// histogram (256 bins per power of two), so an error within 0.3% of a decade edge
// may land in the neighbouring bin.
struct ErrorHistogram {
    static constexpr int kFirstDecade = -12;
    static constexpr int kLastDecade = 3; // upper edge of the last finite bin
    static constexpr int kBins = 2 + (kLastDecade - kFirstDecade) + 1;
    std::array<qint64, kBins> counts{};
    // "0", "<1e-12", "1e-12..1e-11", ..., ">=1e3"
    static QString binLabel(int bin);
    qint64 total() const;
};

// Everything known about one actual-vs-expected comparison. Figures are over the
// "compared" elements: those where both sides are finite (NaN/Inf are counted on
// their own and are mismatches unless equal: inf == inf, NaN == NaN with
// equalNan). Differences are computed in double (exact for float32/float16
// inputs), so a borderline element may be judged differently from numpy computing
// in float32.
struct TensorComparison {
    CompareVerdict verdict = CompareVerdict::Passed;
    QString message; // why it failed, in words ("3 of 6 elements (50%) outside rtol 1e-05, atol 1e-08")

    DType expectedDtype = DType::Float32;
    DType actualDtype = DType::Float32;
    QList<qint64> expectedShape;
    QList<qint64> actualShape;

    // True when elements are compared exactly (integers, bools, strings, nested):
    // tolerances and the minimum passing tolerances do not apply.
    bool exact = false;
    Tolerance tolerance; // as applied (floats only)

    qint64 elementCount = 0;  // elements of the expected tensor (0 when not compared)
    qint64 comparedCount = 0; // both sides finite (numeric) / all (strings)
    qint64 mismatchCount = 0;
    double mismatchFraction = 0; // mismatchCount / elementCount

    ErrorStats absError;
    // |a - e| / |e| per compared element; 0 when both are 0, +inf when only e is 0.
    ErrorStats relError;
    bool quantilesExact = true; // median/p99: exact (numpy 'linear') up to 1M elements, else from the histogram (±0.4%)

    // The smallest atol (with `tolerance.rtol`) and rtol (with `tolerance.atol`)
    // that make every element pass; +inf when none does (a NaN/Inf mismatch, or an
    // rtol when expected is 0). Absent for exact comparisons.
    std::optional<double> minAtol;
    std::optional<double> minRtol;

    QList<ElementDifference> worst; // the largest absolute errors, worst first (mismatching NaN/Inf first)
    NonFiniteCounts expectedNonFinite;
    NonFiniteCounts actualNonFinite;
    ErrorHistogram absHistogram;
    ErrorHistogram relHistogram;

    bool passed() const { return verdict == CompareVerdict::Passed; }
};

struct CompareOptions {
    int worstCount = 10;
    int threads = 0;                     // 0: one per core (at most 8), for tensors of 1M elements or more
    qint64 exactQuantileLimit = 1 << 20; // up to this many compared elements, median/p99 are exact
};

// Compares `actual` with `expected`: floats like numpy.allclose (an element fails
// when |a - e| > atol + rtol * |e|; NaN equal to NaN only with equalNan; inf equal to
// inf of the same sign), integers, bools (any non-zero byte is true), strings and
// nested tensors exactly. One pass over the data, split across threads for large
// tensors; memory use is bounded (a few MiB) whatever the size, apart from exact
// quantiles of tensors up to `exactQuantileLimit` elements.
CARTONCORE_EXPORT TensorComparison compareTensors(const Tensor &actual, const Tensor &expected,
                                                  const Tolerance &tolerance, const CompareOptions &options = {});

// Flat C-order index -> N-D index in `shape`.
CARTONCORE_EXPORT QList<qint64> unflattenIndex(qint64 flat, const QList<qint64> &shape);

} // namespace carton
