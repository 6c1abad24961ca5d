// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorstats.h"

#include <QFloat16>
#include <QThread>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <thread>
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

// Runs `work(chunkIndex, buffer, doubles)` for every chunk on `threads` threads.
template <typename Work>
Status forEachChunk(const TensorReader &tensor, const QList<TensorRegion> &chunks, int threads, qint64 chunkElements,
                    Progress *progress, Work work)
{
    std::atomic<qsizetype> next{0};
    std::mutex mutex;
    std::optional<Error> failure;
    auto run = [&] {
        std::vector<char> buffer(static_cast<std::size_t>(chunkElements * tensor.elementSize()));
        std::vector<double> values(static_cast<std::size_t>(chunkElements));
        for (qsizetype i = next.fetch_add(1); i < chunks.size(); i = next.fetch_add(1)) {
            if (progress && progress->isCancelled()) {
                std::lock_guard lock(mutex);
                failure = makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
                return;
            }
            const TensorRegion &chunk = chunks[i];
            qint64 n = 1;
            for (qint64 c : chunk.count)
                n *= c;
            const Status s = tensor.read(chunk, buffer.data(), qint64(buffer.size()));
            if (!s) {
                std::lock_guard lock(mutex);
                failure = s.error();
                return;
            }
            toDoubles(tensor.dtype(), buffer.data(), n, values.data());
            work(i, values.data(), n);
            if (progress)
                progress->advance(n * tensor.elementSize());
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(run);
    run();
    for (std::thread &t : pool)
        t.join();
    if (failure)
        return *failure;
    return {};
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
    const int threads = std::max(1, std::min<int>(options.threads > 0 ? options.threads : QThread::idealThreadCount(),
                                                  int(std::max<qsizetype>(chunks.size(), 1))));
    if (progress)
        progress->setTotal(2 * *total * tensor.elementSize());

    std::vector<Partial> partials(std::size_t(chunks.size()));
    Status first =
        forEachChunk(tensor, chunks, threads, chunkElements, progress,
                     [&](qsizetype i, const double *v, qint64 n) { partials[std::size_t(i)] = moments(v, n); });
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
    std::mutex mutex;
    Status second =
        forEachChunk(tensor, chunks, threads, chunkElements, progress, [&](qsizetype, const double *v, qint64 n) {
            std::vector<qint64> local(std::size_t(bins), 0);
            histogramOf(v, n, lo, scale, bins, local.data());
            std::lock_guard lock(mutex);
            for (int b = 0; b < bins; ++b)
                stats.histogram[b] += local[std::size_t(b)];
        });
    if (!second)
        return second.error();
    return stats;
}

} // namespace carton
