// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// compareTensors: numpy.allclose semantics plus error statistics, in one pass.
#include "selftest/tensorcompare.h"

#include "base/parallel.h"
#include "selftest/elementconvert_p.h"
#include "validate/symbolbindings.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

using namespace Qt::StringLiterals;

namespace carton {

namespace {

using elementconvert::differExactly;
using elementconvert::toDouble;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr qint64 kChunk = 2048;
// Fine histogram: the top 16 bits of the error as a float32 (8 exponent bits and 7
// mantissa bits: 128 bins per power of two), for every value from 0 to +inf.
constexpr int kFineBins = (0x7F800000 >> 16) + 1;

inline int fineBin(double value)
{
    constexpr double kFloatMax = std::numeric_limits<float>::max();
    const float f = float(std::min(value, kFloatMax));
    quint32 bits;
    std::memcpy(&bits, &f, sizeof bits);
    return value > kFloatMax ? kFineBins - 1 : int(bits >> 16);
}

inline double fineBinLower(int bin)
{
    const quint32 bits = quint32(bin) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// Display bin of every fine bin, by the fine bin's lower edge.
const std::vector<quint8> &displayBinOfFineBin()
{
    static const std::vector<quint8> table = [] {
        std::vector<quint8> t(kFineBins);
        for (int b = 0; b < kFineBins; ++b) {
            const double lo = fineBinLower(b);
            int bin;
            if (std::isinf(lo))
                bin = ErrorHistogram::kBins - 1;
            else if (lo < 1e-12)
                bin = 1;
            else
                bin = std::clamp(2 + int(std::floor(std::log10(lo) + 1e-12)) - ErrorHistogram::kFirstDecade, 2,
                                 ErrorHistogram::kBins - 1);
            t[b] = quint8(bin);
        }
        return t;
    }();
    return table;
}

struct Worst {
    bool mismatch = false;
    double abs = 0;
    double rel = 0;
    qint64 flat = 0;
    // Mismatches first, then larger absolute errors, then lower indices.
    bool before(const Worst &o) const
    {
        if (mismatch != o.mismatch)
            return mismatch;
        if (abs != o.abs)
            return abs > o.abs;
        return flat < o.flat;
    }
};

struct Accum {
    qint64 compared = 0;
    qint64 mismatches = 0;
    qint64 zeroAbs = 0;
    qint64 zeroRel = 0;
    double sumAbs = 0, sumRel = 0, maxAbs = 0, maxRel = 0;
    double needAtol = 0, needRtol = 0;
    NonFiniteCounts expNF, actNF;
    std::vector<qint64> absHist, relHist;
    std::vector<Worst> worst;
    std::vector<double> absValues, relValues; // exact quantiles only
    int worstCount = 10;
    bool collect = false;

    void init(int k, bool collectValues)
    {
        absHist.assign(kFineBins, 0);
        relHist.assign(kFineBins, 0);
        worstCount = k;
        collect = collectValues;
    }
    void offerWorst(const Worst &w)
    {
        if (worstCount <= 0)
            return;
        if (qsizetype(worst.size()) >= worstCount && !w.before(worst.back()))
            return;
        worst.insert(
            std::upper_bound(worst.begin(), worst.end(), w, [](const Worst &a, const Worst &b) { return a.before(b); }),
            w);
        if (qsizetype(worst.size()) > worstCount)
            worst.pop_back();
    }
    void merge(const Accum &o)
    {
        compared += o.compared;
        mismatches += o.mismatches;
        zeroAbs += o.zeroAbs;
        zeroRel += o.zeroRel;
        sumAbs += o.sumAbs;
        sumRel += o.sumRel;
        maxAbs = std::max(maxAbs, o.maxAbs);
        maxRel = std::max(maxRel, o.maxRel);
        needAtol = std::max(needAtol, o.needAtol);
        needRtol = std::max(needRtol, o.needRtol);
        for (auto [mine, theirs] : {std::pair{&expNF, &o.expNF}, std::pair{&actNF, &o.actNF}}) {
            mine->nan += theirs->nan;
            mine->posInf += theirs->posInf;
            mine->negInf += theirs->negInf;
        }
        for (int b = 0; b < kFineBins; ++b) {
            absHist[b] += o.absHist[b];
            relHist[b] += o.relHist[b];
        }
        for (const Worst &w : o.worst)
            offerWorst(w);
    }
};

inline void countNonFinite(double v, NonFiniteCounts &c)
{
    if (std::isnan(v))
        ++c.nan;
    else if (v > 0)
        ++c.posInf;
    else
        ++c.negInf;
}

struct Job {
    const char *actual = nullptr;
    const char *expected = nullptr;
    DType actualDtype = DType::Float32;
    DType expectedDtype = DType::Float32;
    bool exact = false;
    bool exactRaw = false; // inequality from the raw values (same integer dtype)
    Tolerance tol;
};

// A chunk holding a NaN or an infinity: element by element.
void compareMixedChunk(const Job &job, const double *a, const double *e, const bool *neq, qint64 start, qint64 n,
                       Accum &acc)
{
    const double rtol = job.tol.rtol, atol = job.tol.atol;
    for (qint64 i = 0; i < n; ++i) {
        const double av = a[i], ev = e[i];
        if (!std::isfinite(av) || !std::isfinite(ev)) {
            if (!std::isfinite(av))
                countNonFinite(av, acc.actNF);
            if (!std::isfinite(ev))
                countNonFinite(ev, acc.expNF);
            const bool same = av == ev || (job.tol.equalNan && std::isnan(av) && std::isnan(ev));
            if (!same) {
                ++acc.mismatches;
                acc.needAtol = acc.needRtol = kInf;
                acc.offerWorst({true, kInf, kInf, start + i});
            }
            continue;
        }
        const double d = std::fabs(av - ev);
        const double ae = std::fabs(ev);
        const double rel = ae > 0 ? d / ae : (d > 0 ? kInf : 0.0);
        const bool bad = job.exact ? (job.exactRaw ? neq[i] : av != ev) : !(d <= atol + rtol * ae);
        ++acc.compared;
        acc.sumAbs += d;
        acc.sumRel += rel;
        acc.maxAbs = std::max(acc.maxAbs, d);
        acc.maxRel = std::max(acc.maxRel, rel);
        acc.needAtol = std::max(acc.needAtol, d - rtol * ae);
        if (d > atol)
            acc.needRtol = std::max(acc.needRtol, ae > 0 ? (d - atol) / ae : kInf);
        acc.zeroAbs += d == 0;
        acc.zeroRel += rel == 0;
        ++acc.absHist[size_t(fineBin(d))];
        ++acc.relHist[size_t(fineBin(rel))];
        if (acc.collect) {
            acc.absValues.push_back(d);
            acc.relValues.push_back(rel);
        }
        if (bad)
            ++acc.mismatches;
        if (bad || qsizetype(acc.worst.size()) < acc.worstCount || d > acc.worst.back().abs)
            acc.offerWorst({bad, d, rel, start + i});
    }
}

// How an element is judged: by tolerance (floats), by value (integers of
// different dtypes), or by the raw values (same integer dtype; exact beyond 2^53).
enum class Judge { Tolerance, Value, Raw };

// The per-chunk figures of a chunk whose values are all finite.
struct ChunkFigures {
    double sumAbs = 0, sumRel = 0, maxAbs = 0, maxRel = 0, needAtol = 0, needRtol = 0, chunkMax = 0;
    qint64 zeroAbs = 0, zeroRel = 0, bad = 0;
};

// Adds a finite chunk's figures to `acc`, then its histograms, exact-quantile
// values and worst-list candidates.
void finishChunk(const ChunkFigures &f, const double *dBuf, const double *rBuf, const qint64 *badBuf, qint64 start,
                 qint64 n, Accum &acc)
{
    acc.compared += n;
    acc.mismatches += f.bad;
    acc.sumAbs += f.sumAbs;
    acc.sumRel += f.sumRel;
    acc.maxAbs = std::max(acc.maxAbs, f.maxAbs);
    acc.maxRel = std::max(acc.maxRel, f.maxRel);
    acc.needAtol = std::max(acc.needAtol, f.needAtol);
    acc.needRtol = std::max(acc.needRtol, f.needRtol);
    acc.zeroAbs += f.zeroAbs;
    acc.zeroRel += f.zeroRel;
    qint64 *const absHist = acc.absHist.data();
    qint64 *const relHist = acc.relHist.data();
    for (qint64 i = 0; i < n; ++i) {
        ++absHist[fineBin(dBuf[i])];
        ++relHist[fineBin(rBuf[i])];
    }
    if (acc.collect) {
        acc.absValues.insert(acc.absValues.end(), dBuf, dBuf + n);
        acc.relValues.insert(acc.relValues.end(), rBuf, rBuf + n);
    }
    const bool full = qsizetype(acc.worst.size()) >= acc.worstCount;
    if (f.bad == 0 && full && !(f.chunkMax > acc.worst.back().abs))
        return; // nothing here can enter the worst list
    for (qint64 i = 0; i < n; ++i) {
        if (badBuf[i] || qsizetype(acc.worst.size()) < acc.worstCount || dBuf[i] > acc.worst.back().abs)
            acc.offerWorst({badBuf[i] != 0, dBuf[i], rBuf[i], start + i});
    }
}

// One element of a finite chunk (the scalar loop and the SIMD loop's tail).
template <Judge kJudge>
inline void finiteElement(double av, double ev, bool neq, double rtol, double atol, ChunkFigures &f, double &dOut,
                          double &rOut, qint64 &badOut)
{
    const double d = std::fabs(av - ev);
    const double ae = std::fabs(ev);
    const double rel = ae > 0 ? d / ae : (d > 0 ? kInf : 0.0);
    bool b;
    if constexpr (kJudge == Judge::Tolerance)
        b = !(d <= atol + rtol * ae);
    else if constexpr (kJudge == Judge::Value)
        b = av != ev;
    else
        b = neq;
    f.sumAbs += d;
    f.sumRel += rel;
    f.maxAbs = std::max(f.maxAbs, d);
    f.maxRel = std::max(f.maxRel, rel);
    f.chunkMax = std::max(f.chunkMax, d);
    f.needAtol = std::max(f.needAtol, d - rtol * ae);
    if (d > atol)
        f.needRtol = std::max(f.needRtol, ae > 0 ? (d - atol) / ae : kInf);
    f.zeroAbs += d == 0;
    f.zeroRel += rel == 0;
    f.bad += b;
    dOut = d;
    rOut = rel;
    badOut = b;
}

// A chunk where every value is finite, element by element.
template <Judge kJudge>
void compareFiniteChunk(const Job &job, const double *a, const double *e, const bool *neq, qint64 start, qint64 n,
                        Accum &acc)
{
    double dBuf[kChunk], rBuf[kChunk];
    qint64 badBuf[kChunk];
    ChunkFigures f;
    for (qint64 i = 0; i < n; ++i)
        finiteElement<kJudge>(a[i], e[i], neq[i], job.tol.rtol, job.tol.atol, f, dBuf[i], rBuf[i], badBuf[i]);
    finishChunk(f, dBuf, rBuf, badBuf, start, n, acc);
}

#if defined(__SSE2__) || defined(_M_X64)
// The same for floats judged by tolerance, two doubles at a time with SSE2 (the
// x86-64 baseline; compilers do not vectorise this loop themselves because of its
// floating-point reductions). Returns false, changing nothing, when the chunk holds
// a NaN or an infinity.
bool compareFiniteChunkSse2(const Job &job, const double *a, const double *e, qint64 start, qint64 n, Accum &acc)
{
    alignas(16) double dBuf[kChunk], rBuf[kChunk];
    qint64 badBuf[kChunk];
    const __m128d sign = _mm_set1_pd(-0.0), zero = _mm_setzero_pd(), inf = _mm_set1_pd(kInf);
    const __m128d rtol = _mm_set1_pd(job.tol.rtol), atol = _mm_set1_pd(job.tol.atol);
    const __m128d dmax = _mm_set1_pd(std::numeric_limits<double>::max());
    __m128d sumAbs = zero, sumRel = zero, maxAbs = zero, maxRel = zero, needAtol = _mm_set1_pd(-kInf), needRtol = zero,
            finite = _mm_castsi128_pd(_mm_set1_epi32(-1));
    qint64 zeroAbs = 0, zeroRel = 0, bad = 0;
    const qint64 pairs = n / 2 * 2;
    for (qint64 i = 0; i < pairs; i += 2) {
        const __m128d va = _mm_loadu_pd(a + i), ve = _mm_loadu_pd(e + i);
        finite = _mm_and_pd(finite, _mm_and_pd(_mm_cmple_pd(_mm_andnot_pd(sign, va), dmax),
                                               _mm_cmple_pd(_mm_andnot_pd(sign, ve), dmax)));
        const __m128d d = _mm_andnot_pd(sign, _mm_sub_pd(va, ve));
        const __m128d ae = _mm_andnot_pd(sign, ve);
        const __m128d aePositive = _mm_cmpgt_pd(ae, zero);
        // rel = ae > 0 ? d / ae : (d > 0 ? inf : 0)
        const __m128d rel = _mm_or_pd(_mm_and_pd(aePositive, _mm_div_pd(d, ae)),
                                      _mm_andnot_pd(aePositive, _mm_and_pd(_mm_cmpgt_pd(d, zero), inf)));
        const __m128d badMask = _mm_cmpnle_pd(d, _mm_add_pd(atol, _mm_mul_pd(rtol, ae)));
        // wantRtol = d > atol ? (ae > 0 ? (d - atol) / ae : inf) : 0
        const __m128d overAtol =
            _mm_or_pd(_mm_and_pd(aePositive, _mm_div_pd(_mm_sub_pd(d, atol), ae)), _mm_andnot_pd(aePositive, inf));
        const __m128d wantRtol = _mm_and_pd(_mm_cmpgt_pd(d, atol), overAtol);
        sumAbs = _mm_add_pd(sumAbs, d);
        sumRel = _mm_add_pd(sumRel, rel);
        maxAbs = _mm_max_pd(maxAbs, d);
        maxRel = _mm_max_pd(maxRel, rel);
        needAtol = _mm_max_pd(needAtol, _mm_sub_pd(d, _mm_mul_pd(rtol, ae)));
        needRtol = _mm_max_pd(needRtol, wantRtol);
        const int zeroAbsBits = _mm_movemask_pd(_mm_cmpeq_pd(d, zero));
        const int zeroRelBits = _mm_movemask_pd(_mm_cmpeq_pd(rel, zero));
        const int badBits = _mm_movemask_pd(badMask);
        zeroAbs += (zeroAbsBits & 1) + (zeroAbsBits >> 1);
        zeroRel += (zeroRelBits & 1) + (zeroRelBits >> 1);
        bad += (badBits & 1) + (badBits >> 1);
        _mm_store_pd(dBuf + i, d);
        _mm_store_pd(rBuf + i, rel);
        badBuf[i] = badBits & 1;
        badBuf[i + 1] = badBits >> 1;
    }
    if (_mm_movemask_pd(finite) != 3)
        return false;
    const auto horizontalSum = [](__m128d v) { return _mm_cvtsd_f64(v) + _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)); };
    const auto horizontalMax = [](__m128d v) {
        return std::max(_mm_cvtsd_f64(v), _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)));
    };
    ChunkFigures f;
    f.sumAbs = horizontalSum(sumAbs);
    f.sumRel = horizontalSum(sumRel);
    f.maxAbs = f.chunkMax = horizontalMax(maxAbs);
    f.maxRel = horizontalMax(maxRel);
    f.needAtol = std::max(0.0, horizontalMax(needAtol));
    f.needRtol = horizontalMax(needRtol);
    f.zeroAbs = zeroAbs;
    f.zeroRel = zeroRel;
    f.bad = bad;
    if (pairs < n) { // the odd last element
        if (!std::isfinite(a[pairs]) || !std::isfinite(e[pairs]))
            return false;
        finiteElement<Judge::Tolerance>(a[pairs], e[pairs], false, job.tol.rtol, job.tol.atol, f, dBuf[pairs],
                                        rBuf[pairs], badBuf[pairs]);
    }
    finishChunk(f, dBuf, rBuf, badBuf, start, n, acc);
    return true;
}
#endif

void compareRange(const Job &job, qint64 begin, qint64 end, Accum &acc)
{
    double a[kChunk], e[kChunk];
    bool neq[kChunk];
    for (qint64 start = begin; start < end; start += kChunk) {
        const qint64 n = std::min(kChunk, end - start);
        toDouble(job.actual, job.actualDtype, start, n, a);
        toDouble(job.expected, job.expectedDtype, start, n, e);
        if (job.exactRaw)
            differExactly(job.actual, job.expected, job.expectedDtype, start, n, neq);
#if defined(__SSE2__) || defined(_M_X64)
        if (!job.exact && compareFiniteChunkSse2(job, a, e, start, n, acc))
            continue;
#endif
        constexpr double kMax = std::numeric_limits<double>::max();
        int nonFinite = 0;
        for (qint64 i = 0; i < n; ++i) // false for NaN and infinities
            nonFinite |= int(!(std::fabs(a[i]) <= kMax)) | int(!(std::fabs(e[i]) <= kMax));
        if (nonFinite)
            compareMixedChunk(job, a, e, neq, start, n, acc);
        else if (!job.exact)
            compareFiniteChunk<Judge::Tolerance>(job, a, e, neq, start, n, acc);
        else if (job.exactRaw)
            compareFiniteChunk<Judge::Raw>(job, a, e, neq, start, n, acc);
        else
            compareFiniteChunk<Judge::Value>(job, a, e, neq, start, n, acc);
    }
}

// numpy's default ('linear') quantile of `values` (reordered).
double exactQuantile(std::vector<double> &values, double q)
{
    if (values.empty())
        return 0;
    const double pos = q * double(values.size() - 1);
    const auto lo = qsizetype(std::floor(pos));
    std::nth_element(values.begin(), values.begin() + lo, values.end());
    const double low = values[size_t(lo)];
    if (size_t(lo) + 1 >= values.size())
        return low;
    const double high = *std::min_element(values.begin() + lo + 1, values.end());
    const double frac = pos - double(lo);
    return frac == 0 ? low : low + (high - low) * frac;
}

// The same, estimated from the fine histogram (linear inside the bin).
double histogramQuantile(const std::vector<qint64> &hist, qint64 zeros, qint64 total, double q, double max)
{
    if (total <= 0)
        return 0;
    const double rank = q * double(total - 1);
    if (rank < double(zeros))
        return 0;
    qint64 before = 0;
    for (int b = 0; b < kFineBins; ++b) {
        const qint64 count = hist[b] - (b == 0 ? zeros : 0);
        const qint64 first = before + (b == 0 ? zeros : 0);
        if (count > 0 && rank < double(first + count)) {
            const double lo = fineBinLower(b);
            const double hi = b + 1 < kFineBins ? fineBinLower(b + 1) : lo;
            const double frac = (rank - double(first) + 0.5) / double(count);
            return std::min(max, std::isinf(lo) ? lo : lo + (hi - lo) * frac);
        }
        before += hist[b];
    }
    return max;
}

ErrorHistogram displayHistogram(const std::vector<qint64> &fine, qint64 zeros)
{
    const std::vector<quint8> &map = displayBinOfFineBin();
    ErrorHistogram h;
    h.counts[0] = zeros;
    for (int b = 0; b < kFineBins; ++b)
        h.counts[map[b]] += fine[b] - (b == 0 ? zeros : 0);
    return h;
}

QString percent(double fraction)
{
    return QString::number(fraction * 100, 'g', 3) + u'%';
}

void compareStrings(const Tensor &actual, const Tensor &expected, const CompareOptions &options, TensorComparison &c)
{
    const QStringList &a = actual.stringValues(), &e = expected.stringValues();
    c.comparedCount = e.size();
    for (qsizetype i = 0; i < e.size(); ++i) {
        if (a.at(i) == e.at(i))
            continue;
        if (c.mismatchCount++ < options.worstCount)
            c.worst.append(
                {i, unflattenIndex(i, expected.shape()), expected.valueAsText(i), actual.valueAsText(i), 0, 0, true});
    }
}

void compareNested(const Tensor &actual, const Tensor &expected, const CompareOptions &options, TensorComparison &c)
{
    c.comparedCount = c.elementCount;
    for (qsizetype i = 0; i < expected.inner().size(); ++i) {
        if (actual.inner().at(i) == expected.inner().at(i))
            continue;
        if (c.mismatchCount++ < options.worstCount)
            c.worst.append({i, {i}, expected.inner().at(i).name(), actual.inner().at(i).name(), 0, 0, true});
    }
}

// Why the data cannot be compared, or an empty string.
QString malformation(const Tensor &t, const QString &side)
{
    const std::optional<qint64> count = t.elementCount();
    if (!count)
        return u"the %1 tensor's shape %2 has a negative dimension or too many elements"_s.arg(side,
                                                                                               shapeText(t.shape()));
    if (t.dtype() == DType::String) {
        if (t.stringValues().size() != *count)
            return u"the %1 tensor has %2 strings for shape %3"_s.arg(side)
                .arg(t.stringValues().size())
                .arg(shapeText(t.shape()));
    } else if (t.dtype() != DType::Nested) {
        const qint64 size = dtypeSize(t.dtype());
        if (*count > std::numeric_limits<qint64>::max() / size || t.data().size() != *count * size)
            return u"the %1 tensor has %2 bytes of data for shape %3 of %4"_s.arg(side)
                .arg(t.data().size())
                .arg(shapeText(t.shape()), dtypeName(t.dtype()));
    }
    return {};
}

} // namespace

QString compareVerdictName(CompareVerdict verdict)
{
    switch (verdict) {
    case CompareVerdict::Passed:
        return u"passed"_s;
    case CompareVerdict::Failed:
        return u"failed"_s;
    case CompareVerdict::ShapeMismatch:
        return u"shape mismatch"_s;
    case CompareVerdict::DtypeMismatch:
        return u"dtype mismatch"_s;
    case CompareVerdict::Malformed:
        return u"malformed"_s;
    }
    return {};
}

QString ErrorHistogram::binLabel(int bin)
{
    if (bin <= 0)
        return u"0"_s;
    if (bin == 1)
        return u"<1e%1"_s.arg(kFirstDecade);
    if (bin >= kBins - 1)
        return u">=1e%1"_s.arg(kLastDecade);
    const int low = kFirstDecade + bin - 2;
    return u"1e%1..1e%2"_s.arg(low).arg(low + 1);
}

qint64 ErrorHistogram::total() const
{
    qint64 sum = 0;
    for (qint64 c : counts)
        sum += c;
    return sum;
}

QList<qint64> unflattenIndex(qint64 flat, const QList<qint64> &shape)
{
    QList<qint64> index(shape.size(), 0);
    for (qsizetype d = shape.size() - 1; d >= 0; --d) {
        const qint64 dim = shape.at(d);
        if (dim <= 0)
            return index;
        index[d] = flat % dim;
        flat /= dim;
    }
    return index;
}

TensorComparison compareTensors(const Tensor &actual, const Tensor &expected, const Tolerance &tolerance,
                                const CompareOptions &options)
{
    TensorComparison c;
    c.expectedDtype = expected.dtype();
    c.actualDtype = actual.dtype();
    c.expectedShape = expected.shape();
    c.actualShape = actual.shape();
    c.tolerance = tolerance;
    c.exact = !isFloating(expected.dtype()) && !isFloating(actual.dtype());

    const bool bothNumeric = isNumeric(actual.dtype()) && isNumeric(expected.dtype());
    const bool sameDtype = actual.dtype() == expected.dtype();
    if (!sameDtype && !bothNumeric) {
        c.verdict = CompareVerdict::DtypeMismatch;
        c.message = u"dtype %1 expected, got %2"_s.arg(dtypeName(expected.dtype()), dtypeName(actual.dtype()));
        return c;
    }
    if (expected.dtype() != DType::Nested && actual.shape() != expected.shape()) {
        c.verdict = CompareVerdict::ShapeMismatch;
        c.message = u"shape %1 expected, got %2"_s.arg(shapeText(expected.shape()), shapeText(actual.shape()));
        if (!sameDtype)
            c.message +=
                u" (and dtype %1 expected, got %2)"_s.arg(dtypeName(expected.dtype()), dtypeName(actual.dtype()));
        return c;
    }
    if (expected.dtype() == DType::Nested && actual.inner().size() != expected.inner().size()) {
        c.verdict = CompareVerdict::ShapeMismatch;
        c.message = u"%1 inner tensors expected, got %2"_s.arg(expected.inner().size()).arg(actual.inner().size());
        return c;
    }
    for (const auto &[t, side] : {std::pair{&expected, u"expected"_s}, std::pair{&actual, u"actual"_s}}) {
        if (QString why = malformation(*t, side); !why.isEmpty()) {
            c.verdict = CompareVerdict::Malformed;
            c.message = why;
            return c;
        }
    }
    c.elementCount = expected.elementCount().value_or(0);

    if (expected.dtype() == DType::String) {
        compareStrings(actual, expected, options, c);
    } else if (expected.dtype() == DType::Nested) {
        compareNested(actual, expected, options, c);
    } else {
        const qint64 n = c.elementCount;
        Job job{actual.data().constData(),
                expected.data().constData(),
                actual.dtype(),
                expected.dtype(),
                c.exact,
                c.exact && sameDtype,
                tolerance};
        const bool collect = n <= options.exactQuantileLimit;
        // Fixed ranges, one per thread, merged in order: the sums do not depend on the timing.
        const int threads = collect || n < (qint64(1) << 20) ? 1 : threadCountFor(options.threads, n / kChunk);
        std::vector<Accum> accs(static_cast<size_t>(threads));
        for (Accum &acc : accs)
            acc.init(options.worstCount, collect);
        if (collect) {
            accs[0].absValues.reserve(size_t(n));
            accs[0].relValues.reserve(size_t(n));
        }
        const qint64 per = ((n / threads) + kChunk - 1) / kChunk * kChunk;
        (void)parallelFor(threads, threads, [&](qint64 t, int) -> Status {
            compareRange(job, std::min(n, per * t), std::min(n, per * (t + 1)), accs[size_t(t)]);
            return {};
        });
        for (int t = 1; t < threads; ++t)
            accs[0].merge(accs[size_t(t)]);
        Accum &acc = accs[0];
        c.comparedCount = acc.compared;
        c.mismatchCount = acc.mismatches;
        c.expectedNonFinite = acc.expNF;
        c.actualNonFinite = acc.actNF;
        if (acc.compared > 0) {
            c.absError.max = acc.maxAbs;
            c.relError.max = acc.maxRel;
            c.absError.mean = acc.sumAbs / double(acc.compared);
            c.relError.mean = acc.sumRel / double(acc.compared);
            if (collect) {
                c.absError.median = exactQuantile(acc.absValues, 0.5);
                c.absError.p99 = exactQuantile(acc.absValues, 0.99);
                c.relError.median = exactQuantile(acc.relValues, 0.5);
                c.relError.p99 = exactQuantile(acc.relValues, 0.99);
            } else {
                c.quantilesExact = false;
                c.absError.median = histogramQuantile(acc.absHist, acc.zeroAbs, acc.compared, 0.5, acc.maxAbs);
                c.absError.p99 = histogramQuantile(acc.absHist, acc.zeroAbs, acc.compared, 0.99, acc.maxAbs);
                c.relError.median = histogramQuantile(acc.relHist, acc.zeroRel, acc.compared, 0.5, acc.maxRel);
                c.relError.p99 = histogramQuantile(acc.relHist, acc.zeroRel, acc.compared, 0.99, acc.maxRel);
            }
        }
        c.absHistogram = displayHistogram(acc.absHist, acc.zeroAbs);
        c.relHistogram = displayHistogram(acc.relHist, acc.zeroRel);
        if (!c.exact) {
            // Rounded up by one step so that re-judging with the figure passes.
            auto up = [](double v) { return v > 0 && std::isfinite(v) ? std::nextafter(v, kInf) : std::max(v, 0.0); };
            c.minAtol = up(acc.needAtol);
            c.minRtol = up(acc.needRtol);
        }
        for (const Worst &w : acc.worst)
            c.worst.append({w.flat, unflattenIndex(w.flat, expected.shape()), expected.valueAsText(w.flat),
                            actual.valueAsText(w.flat), w.abs, w.rel, w.mismatch});
    }

    c.mismatchFraction = c.elementCount > 0 ? double(c.mismatchCount) / double(c.elementCount) : 0.0;
    if (!sameDtype) {
        c.verdict = CompareVerdict::DtypeMismatch;
        c.message = u"dtype %1 expected, got %2"_s.arg(dtypeName(expected.dtype()), dtypeName(actual.dtype()));
    } else if (c.mismatchCount > 0) {
        c.verdict = CompareVerdict::Failed;
        c.message =
            u"%1 of %2 elements (%3) %4"_s.arg(c.mismatchCount)
                .arg(c.elementCount)
                .arg(percent(c.mismatchFraction),
                     c.exact ? u"differ"_s : u"outside rtol %1, atol %2"_s.arg(tolerance.rtol).arg(tolerance.atol));
    } else {
        c.verdict = CompareVerdict::Passed;
    }
    return c;
}

} // namespace carton
