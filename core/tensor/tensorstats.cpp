// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorstats.h"

#include "base/alignedbuffer.h"
#include "base/parallel.h"

#include <QFloat16>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace carton {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Splits a region into sub-regions of at most `chunk` elements, in C order.
void split(const TensorRegion &region, qsizetype dim, qint64 chunk, QList<TensorRegion> &out)
{
    qint64 elements = 1;
    for (qint64 c : region.count)
        elements *= c;
    if (elements <= chunk || dim >= region.count.size()) {
        if (elements > 0)
            out.append(region);
        return;
    }
    if (region.count[dim] == 1) {
        split(region, dim + 1, chunk, out);
        return;
    }
    const qint64 inner = elements / region.count[dim];
    const qint64 rows = std::max<qint64>(1, chunk / std::max<qint64>(inner, 1));
    for (qint64 i = 0; i < region.count[dim]; i += rows) {
        TensorRegion sub = region;
        sub.start[dim] += i;
        sub.count[dim] = std::min(rows, region.count[dim] - i);
        if (inner > chunk)
            split(sub, dim + 1, chunk, out);
        else
            out.append(sub);
    }
}

struct Partial {
    qint64 count = 0;
    qint64 finite = 0;
    qint64 zeros = 0;
    qint64 nans = 0;
    qint64 posInf = 0;
    qint64 negInf = 0;
    double min = kInf;
    double max = -kInf;
    double mean = 0;
    double m2 = 0; // sum of squared deviations from mean

    // Chan et al.'s parallel combination of means and squared deviations.
    void merge(const Partial &o)
    {
        count += o.count;
        zeros += o.zeros;
        nans += o.nans;
        posInf += o.posInf;
        negInf += o.negInf;
        min = std::min(min, o.min);
        max = std::max(max, o.max);
        if (o.finite == 0)
            return;
        const double n = double(finite) + double(o.finite);
        const double delta = o.mean - mean;
        mean += delta * double(o.finite) / n;
        m2 += o.m2 + delta * delta * double(finite) * double(o.finite) / n;
        finite += o.finite;
    }
};

double widen(float v)
{
    return v;
}
double widen(double v)
{
    return v;
}
template <typename T>
double widen(T v)
{
    return double(v);
}

template <typename T>
void loadValues(const char *bytes, qint64 n, double *out)
{
    const T *p = reinterpret_cast<const T *>(bytes);
    for (qint64 i = 0; i < n; ++i)
        out[i] = widen(p[i]);
}

void loadHalf(const char *bytes, qint64 n, double *out, bool bfloat)
{
    for (qint64 i = 0; i < n; ++i) {
        quint16 bits;
        std::memcpy(&bits, bytes + 2 * i, 2);
        if (bfloat) {
            const quint32 wide = quint32(bits) << 16;
            float f;
            std::memcpy(&f, &wide, 4);
            out[i] = f;
        } else {
            qfloat16 h;
            std::memcpy(static_cast<void *>(&h), &bits, 2);
            out[i] = float(h);
        }
    }
}

// The chunk's elements as doubles (exact for every dtype but 64-bit integers > 2^53).
void toDoubles(DType dtype, const char *bytes, qint64 n, double *out)
{
    switch (dtype) {
    case DType::Float32:
        return loadValues<float>(bytes, n, out);
    case DType::Float64:
        return loadValues<double>(bytes, n, out);
    case DType::Int8:
        return loadValues<qint8>(bytes, n, out);
    case DType::Int16:
        return loadValues<qint16>(bytes, n, out);
    case DType::Int32:
        return loadValues<qint32>(bytes, n, out);
    case DType::Int64:
        return loadValues<qint64>(bytes, n, out);
    case DType::Uint8:
        return loadValues<quint8>(bytes, n, out);
    case DType::Bool:
        return loadValues<quint8>(bytes, n, out);
    case DType::Uint16:
        return loadValues<quint16>(bytes, n, out);
    case DType::Uint32:
        return loadValues<quint32>(bytes, n, out);
    case DType::Uint64:
        return loadValues<quint64>(bytes, n, out);
    case DType::Float16:
        return loadHalf(bytes, n, out, false);
    case DType::BFloat16:
        return loadHalf(bytes, n, out, true);
    case DType::String:
    case DType::Nested:
        break;
    }
}

// Branch-free loops over a chunk of doubles (vectorised by the compiler).
Partial moments(const double *v, qint64 n)
{
    Partial p;
    p.count = n;
    double mn = kInf, mx = -kInf, sum = 0;
    qint64 finite = 0, zeros = 0, nans = 0, pos = 0, neg = 0;
    for (qint64 i = 0; i < n; ++i) {
        const double x = v[i];
        const bool isNan = x != x;
        const bool isPos = x == kInf;
        const bool isNeg = x == -kInf;
        const bool ok = !(isNan | isPos | isNeg);
        nans += isNan;
        pos += isPos;
        neg += isNeg;
        zeros += x == 0;
        finite += ok;
        sum += ok ? x : 0.0;
        mn = std::min(mn, ok ? x : kInf);
        mx = std::max(mx, ok ? x : -kInf);
    }
    p.finite = finite;
    p.zeros = zeros;
    p.nans = nans;
    p.posInf = pos;
    p.negInf = neg;
    p.min = mn;
    p.max = mx;
    if (finite > 0) {
        const double mean = sum / double(finite);
        double m2 = 0;
        for (qint64 i = 0; i < n; ++i) {
            const double x = v[i];
            const bool ok = x - x == 0; // false for NaN and ±Inf
            const double d = ok ? x - mean : 0.0;
            m2 += d * d;
        }
        p.mean = mean;
        p.m2 = m2;
    }
    return p;
}

void histogramOf(const double *v, qint64 n, double lo, double scale, int bins, qint64 *counts)
{
    for (qint64 i = 0; i < n; ++i) {
        const double x = v[i];
        if (!(x - x == 0))
            continue;
        const qint64 b = std::min<qint64>(bins - 1, std::max<qint64>(0, qint64((x - lo) * scale)));
        ++counts[b];
    }
}

// ---- float32 kernels: explicit 8-lane vectors (GCC/Clang vector extensions; two
// SSE2 registers each by default, one AVX2 register in the avx2 clone picked at run
// time). Counts are per-lane int32 (a call handles < 2^31 elements per lane), sums
// and squared deviations are double per lane, combined at the end. Sanitized builds
// get no clones: the ifunc resolver runs during relocation, before the sanitizer's
// runtime is up, and its instrumented code crashes there (seen with TSan).
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__SANITIZE_ADDRESS__) &&               \
    !defined(__SANITIZE_THREAD__)
#define CARTON_STATS_DISPATCH __attribute__((target_clones("avx2", "default")))
#else
#define CARTON_STATS_DISPATCH
#endif

#if defined(__GNUC__)
#define CARTON_STATS_VECTORS 1
typedef float F8 __attribute__((vector_size(32)));
typedef qint32 I8 __attribute__((vector_size(32)));
typedef qint32 I4 __attribute__((vector_size(16)));
typedef double D4 __attribute__((vector_size(32)));
typedef qint64 L4 __attribute__((vector_size(32)));
#endif

constexpr qint64 kKernelElements = qint64(1) << 24; // per call: int32 lane counts cannot overflow

// One pass for the counts, min, max and sum, then (the chunk is in the cache) one
// for the squared deviations from the chunk's mean.
CARTON_STATS_DISPATCH
Partial floatMoments(const float *p, qint64 n)
{
    Partial r;
    r.count = n;
    double sum = 0;
    float mn = std::numeric_limits<float>::infinity();
    float mx = -std::numeric_limits<float>::infinity();
    qint64 nans = 0, pos = 0, neg = 0, zeros = 0;
    qint64 i = 0;
#ifdef CARTON_STATS_VECTORS
    const float inf = std::numeric_limits<float>::infinity();
    const F8 vinf = {inf, inf, inf, inf, inf, inf, inf, inf};
    const F8 vzero = {};
    F8 vmn = vinf, vmx = -vinf;
    I8 cnan = {}, cpos = {}, cneg = {}, czero = {};
    D4 s0 = {}, s1 = {};
    for (; i + 8 <= n; i += 8) {
        F8 x;
        std::memcpy(&x, p + i, sizeof x);
        const I8 ok = (x - x) == vzero; // false for NaN and ±Inf
        cnan -= x != x;
        cpos -= x == vinf;
        cneg -= x == -vinf;
        czero -= x == vzero;
        const F8 lo = ok ? x : vinf;
        const F8 hi = ok ? x : -vinf;
        vmn = lo < vmn ? lo : vmn;
        vmx = hi > vmx ? hi : vmx;
        const F8 z = ok ? x : vzero;
        s0 += __builtin_convertvector(__builtin_shufflevector(z, z, 0, 1, 2, 3), D4);
        s1 += __builtin_convertvector(__builtin_shufflevector(z, z, 4, 5, 6, 7), D4);
    }
    for (int l = 0; l < 8; ++l) {
        nans += cnan[l];
        pos += cpos[l];
        neg += cneg[l];
        zeros += czero[l];
        mn = std::min(mn, vmn[l]);
        mx = std::max(mx, vmx[l]);
    }
    sum = ((s0[0] + s1[0]) + (s0[1] + s1[1])) + ((s0[2] + s1[2]) + (s0[3] + s1[3]));
#endif
    for (; i < n; ++i) {
        const float x = p[i];
        const bool ok = x - x == 0;
        nans += x != x;
        pos += x == std::numeric_limits<float>::infinity();
        neg += x == -std::numeric_limits<float>::infinity();
        zeros += x == 0;
        if (ok) {
            mn = std::min(mn, x);
            mx = std::max(mx, x);
            sum += x;
        }
    }
    r.nans = nans;
    r.posInf = pos;
    r.negInf = neg;
    r.zeros = zeros;
    r.finite = n - nans - pos - neg;
    r.min = r.finite ? double(mn) : kInf;
    r.max = r.finite ? double(mx) : -kInf;
    if (r.finite == 0)
        return r;
    const double mean = sum / double(r.finite);
    double m2 = 0;
    i = 0;
#ifdef CARTON_STATS_VECTORS
    const D4 vmean = {mean, mean, mean, mean};
    const D4 dzero = {};
    D4 q0 = {}, q1 = {};
    for (; i + 8 <= n; i += 8) {
        F8 x;
        std::memcpy(&x, p + i, sizeof x);
        const I8 ok = (x - x) == vzero;
        const L4 ok0 = __builtin_convertvector(__builtin_shufflevector(ok, ok, 0, 1, 2, 3), L4);
        const L4 ok1 = __builtin_convertvector(__builtin_shufflevector(ok, ok, 4, 5, 6, 7), L4);
        const D4 d0 = __builtin_convertvector(__builtin_shufflevector(x, x, 0, 1, 2, 3), D4) - vmean;
        const D4 d1 = __builtin_convertvector(__builtin_shufflevector(x, x, 4, 5, 6, 7), D4) - vmean;
        const D4 e0 = ok0 ? d0 : dzero;
        const D4 e1 = ok1 ? d1 : dzero;
        q0 += e0 * e0;
        q1 += e1 * e1;
    }
    m2 = ((q0[0] + q1[0]) + (q0[1] + q1[1])) + ((q0[2] + q1[2]) + (q0[3] + q1[3]));
#endif
    for (; i < n; ++i) {
        const float x = p[i];
        if (x - x == 0) {
            const double d = double(x) - mean;
            m2 += d * d;
        }
    }
    r.mean = mean;
    r.m2 = m2;
    return r;
}

// Bin index of every element ((x - lo) * scale in double, clamped, as numpy's
// histogram; `bins` for NaN/±Inf), then the counts, spread over four tables so
// that consecutive equal bins do not wait on each other.
CARTON_STATS_DISPATCH
void floatHistogram(const float *p, qint64 n, double lo, double scale, int bins, qint32 *index, qint64 *tables)
{
    qint64 i = 0;
#ifdef CARTON_STATS_VECTORS
    const F8 vzero = {};
    const D4 vlo = {lo, lo, lo, lo};
    const D4 vscale = {scale, scale, scale, scale};
    const D4 dzero = {};
    const double top = bins - 1;
    const D4 vtop = {top, top, top, top};
    const I8 vbins = {bins, bins, bins, bins, bins, bins, bins, bins};
    for (; i + 8 <= n; i += 8) {
        F8 x;
        std::memcpy(&x, p + i, sizeof x);
        const I8 ok = (x - x) == vzero;
        const F8 z = ok ? x : vzero;
        D4 t0 = (__builtin_convertvector(__builtin_shufflevector(z, z, 0, 1, 2, 3), D4) - vlo) * vscale;
        D4 t1 = (__builtin_convertvector(__builtin_shufflevector(z, z, 4, 5, 6, 7), D4) - vlo) * vscale;
        t0 = t0 > dzero ? t0 : dzero;
        t1 = t1 > dzero ? t1 : dzero;
        t0 = t0 < vtop ? t0 : vtop;
        t1 = t1 < vtop ? t1 : vtop;
        const I4 b0 = __builtin_convertvector(t0, I4);
        const I4 b1 = __builtin_convertvector(t1, I4);
        const I8 b = __builtin_shufflevector(b0, b1, 0, 1, 2, 3, 4, 5, 6, 7);
        const I8 idx = ok ? b : vbins;
        std::memcpy(index + i, &idx, sizeof idx);
    }
#endif
    for (; i < n; ++i) {
        const double x = p[i];
        index[i] = x - x == 0 ? qint32(std::clamp((x - lo) * scale, 0.0, double(bins - 1))) : bins;
    }
    const qint64 stride = bins + 1;
    qint64 *t0 = tables, *t1 = tables + stride, *t2 = tables + 2 * stride, *t3 = tables + 3 * stride;
    i = 0;
    for (; i + 4 <= n; i += 4) {
        ++t0[index[i]];
        ++t1[index[i + 1]];
        ++t2[index[i + 2]];
        ++t3[index[i + 3]];
    }
    for (; i < n; ++i)
        ++t0[index[i]];
}

// Per-thread buffers, allocated once per thread (bounded by the chunk size).
struct Scratch {
    AlignedBuffer bytes;        // the chunk as read (page-aligned: the kernel copies into it fastest)
    std::vector<double> values; // the chunk widened to double (dtypes other than float32)
    std::vector<qint32> index;  // bin of every element (float32 histogram)
    std::vector<qint64> tables; // four histogram tables of bins + 1 (the last: NaN/±Inf)
};

// Runs `work(chunkIndex, bytes, elements, scratch)` for every chunk on `threads` threads.
template <typename Work>
Status forEachChunk(const TensorReader &tensor, const QList<TensorRegion> &chunks, int threads, qint64 chunkElements,
                    Progress *progress, std::vector<Scratch> &scratch, Work work)
{
    scratch.resize(std::size_t(threads));
    return parallelFor(chunks.size(), threads, [&](qint64 i, int worker) -> Status {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        Scratch &s = scratch[std::size_t(worker)];
        if (s.bytes.size() != chunkElements * tensor.elementSize())
            s.bytes.resize(chunkElements * tensor.elementSize());
        const TensorRegion &chunk = chunks[i];
        qint64 n = 1;
        for (qint64 c : chunk.count)
            n *= c;
        if (const Status st = tensor.read(chunk, s.bytes.data(), s.bytes.size()); !st)
            return st;
        work(i, s.bytes.data(), n, s);
        if (progress)
            progress->advance(n * tensor.elementSize());
        return {};
    });
}

} // namespace

Result<TensorStats> computeStats(const TensorReader &tensor, const TensorRegion &region, const StatsOptions &options,
                                 Progress *progress)
{
    Result<qint64> total = region.check(tensor.shape());
    if (!total)
        return total.error();
    const int bins = std::clamp(options.bins, 1, 1 << 20);
    const qint64 chunkElements = std::max<qint64>(1, options.chunkBytes / tensor.elementSize());
    QList<TensorRegion> chunks;
    split(region, 0, chunkElements, chunks);
    const int threads = threadCountFor(options.threads, chunks.size());
    if (progress)
        progress->setTotal(2 * *total * tensor.elementSize());

    const bool isFloat = tensor.dtype() == DType::Float32;
    std::vector<Scratch> scratch;
    std::vector<Partial> partials(std::size_t(chunks.size()));
    Status first = forEachChunk(tensor, chunks, threads, chunkElements, progress, scratch,
                                [&](qsizetype i, const char *bytes, qint64 n, Scratch &s) {
                                    Partial &out = partials[std::size_t(i)];
                                    if (isFloat) {
                                        const float *p = reinterpret_cast<const float *>(bytes);
                                        for (qint64 at = 0; at < n; at += kKernelElements)
                                            out.merge(floatMoments(p + at, std::min(kKernelElements, n - at)));
                                        return;
                                    }
                                    s.values.resize(std::size_t(n));
                                    toDoubles(tensor.dtype(), bytes, n, s.values.data());
                                    out = moments(s.values.data(), n);
                                });
    if (!first)
        return first.error();
    Partial all;
    for (const Partial &p : partials)
        all.merge(p); // in chunk order: the result does not depend on thread timing

    TensorStats stats;
    stats.count = all.count;
    stats.finite = all.finite;
    stats.zeros = all.zeros;
    stats.nans = all.nans;
    stats.positiveInfinities = all.posInf;
    stats.negativeInfinities = all.negInf;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    stats.min = all.finite ? all.min : nan;
    stats.max = all.finite ? all.max : nan;
    stats.mean = all.finite ? all.mean : nan;
    stats.std = all.finite ? std::sqrt(all.m2 / double(all.finite)) : nan;
    stats.histogram = QList<qint64>(bins, 0);
    if (all.finite == 0)
        return stats;

    const double lo = all.min;
    const double width = all.max - all.min;
    const double scale = width > 0 ? bins / width : 0.0;
    const qint64 stride = bins + 1;
    Status second = forEachChunk(tensor, chunks, threads, chunkElements, progress, scratch,
                                 [&](qsizetype, const char *bytes, qint64 n, Scratch &s) {
                                     if (s.tables.empty())
                                         s.tables.assign(std::size_t(4 * stride), 0);
                                     if (isFloat) {
                                         s.index.resize(std::size_t(std::min(n, kKernelElements)));
                                         const float *p = reinterpret_cast<const float *>(bytes);
                                         for (qint64 at = 0; at < n; at += kKernelElements)
                                             floatHistogram(p + at, std::min(kKernelElements, n - at), lo, scale, bins,
                                                            s.index.data(), s.tables.data());
                                         return;
                                     }
                                     s.values.resize(std::size_t(n));
                                     toDoubles(tensor.dtype(), bytes, n, s.values.data());
                                     histogramOf(s.values.data(), n, lo, scale, bins, s.tables.data());
                                 });
    for (const Scratch &s : scratch)
        for (std::size_t t = 0; t < s.tables.size(); ++t)
            if (qint64(t % std::size_t(stride)) < bins)
                stats.histogram[qsizetype(t % std::size_t(stride))] += s.tables[t];
    if (!second)
        return second.error();
    return stats;
}

} // namespace carton
