// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/weightdiff.h"

#include "base/parallel.h"
#include "diff/sequencealign.h"
#include "model/modelset.h"
#include "selftest/elementconvert_p.h"
#include "tensor/tensorregion.h"

#include <QHash>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace carton {

QString weightMatchName(WeightMatch match)
{
    switch (match) {
    case WeightMatch::None:
        return {};
    case WeightMatch::Name:
        return QStringLiteral("name");
    case WeightMatch::TensorName:
        return QStringLiteral("tensor_name");
    case WeightMatch::PositionShape:
        return QStringLiteral("position_and_shape");
    }
    return {};
}

namespace {

struct Listed {
    QString name;       // as `carton tensors` lists it
    QString tensorName; // the weight's own name
    const ModelWeight *weight = nullptr;
    QString entry; // the model file's path
};

QList<Listed> listWeights(const ModelSet &set)
{
    QList<Listed> out;
    for (const ModelEntry &entry : set.entries()) {
        if (!entry.model)
            continue;
        for (const ModelWeight &w : entry.model->weights())
            out.append({set.weightName(entry, w), w.name, &w, entry.path});
    }
    return out;
}

QString dtypeText(const ModelWeight &w)
{
    return w.dtype ? dtypeName(*w.dtype) : w.typeName;
}

// Pairs A's weights with B's: pairs[i] = (index in A or -1, index in B or -1) in B's
// order, removed ones last.
struct Pairing {
    QList<std::pair<qsizetype, qsizetype>> pairs;
    QList<WeightMatch> matches;
};

Pairing pairWeights(const QList<Listed> &a, const QList<Listed> &b)
{
    QList<qsizetype> partnerOfB(b.size(), -1);
    QList<WeightMatch> matchOfB(b.size(), WeightMatch::None);
    QList<bool> pairedA(a.size(), false);
    QHash<QString, qsizetype> byName;
    for (qsizetype j = 0; j < b.size(); ++j)
        byName.insert(b.at(j).name, j);
    // The same name and shape first; the same name with another shape only after the
    // alignment by position (generated names such as ONNX's "onnx::Conv_193" are
    // numbered in export order and name other weights in a deeper network).
    QList<std::pair<qsizetype, qsizetype>> reshaped;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const auto it = byName.constFind(a.at(i).name);
        if (it == byName.cend() || partnerOfB.at(*it) >= 0)
            continue;
        if (a.at(i).weight->shape != b.at(*it).weight->shape) {
            reshaped.append(std::pair(i, *it));
            continue;
        }
        partnerOfB[*it] = i;
        matchOfB[*it] = WeightMatch::Name;
        pairedA[i] = true;
    }
    // The same tensor name, unique among the unpaired weights of each side.
    QHash<QString, qsizetype> countA, countB, unpairedB;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (!pairedA.at(i))
            ++countA[a.at(i).tensorName];
    for (qsizetype j = 0; j < b.size(); ++j)
        if (partnerOfB.at(j) < 0) {
            ++countB[b.at(j).tensorName];
            unpairedB.insert(b.at(j).tensorName, j);
        }
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString &t = a.at(i).tensorName;
        if (pairedA.at(i) || countA.value(t) != 1 || countB.value(t) != 1)
            continue;
        const qsizetype j = unpairedB.value(t);
        if (a.at(i).name == b.at(j).name)
            continue; // the same name, another shape: paired last
        partnerOfB[j] = i;
        matchOfB[j] = WeightMatch::TensorName;
        pairedA[i] = true;
    }
    // Position and shape: the unpaired weights of each side in model order, aligned
    // by shape (a longest common subsequence).
    QList<qsizetype> restA, restB;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (!pairedA.at(i))
            restA.append(i);
    for (qsizetype j = 0; j < b.size(); ++j)
        if (partnerOfB.at(j) < 0)
            restB.append(j);
    for (const auto &[x, y] : alignSequences(restA.size(), restB.size(), [&](qsizetype i, qsizetype j) {
             return a.at(restA.at(i)).weight->shape == b.at(restB.at(j)).weight->shape;
         })) {
        partnerOfB[restB.at(y)] = restA.at(x);
        matchOfB[restB.at(y)] = WeightMatch::PositionShape;
        pairedA[restA.at(x)] = true;
    }
    for (const auto &[i, j] : std::as_const(reshaped))
        if (!pairedA.at(i) && partnerOfB.at(j) < 0) {
            partnerOfB[j] = i;
            matchOfB[j] = WeightMatch::Name;
            pairedA[i] = true;
        }
    Pairing out;
    for (qsizetype j = 0; j < b.size(); ++j) {
        out.pairs.append(std::pair(partnerOfB.at(j), j));
        out.matches.append(matchOfB.at(j));
    }
    for (qsizetype i = 0; i < a.size(); ++i)
        if (!pairedA.at(i)) {
            out.pairs.append(std::pair(i, qsizetype(-1)));
            out.matches.append(WeightMatch::None);
        }
    return out;
}

// Per-worker buffers.
struct Scratch {
    QByteArray rawA, rawB;
    std::vector<double> valuesA, valuesB;
};

// Σ a² of elements [first, first + count) of `r` (decoded a chunk at a time).
Status addSquares(const TensorReader &r, qint64 first, qint64 count, qint64 chunk, Scratch &s, double &sum)
{
    for (qint64 at = first; at < first + count; at += chunk) {
        const qint64 n = std::min(chunk, first + count - at);
        const qint64 bytes = n * r.elementSize();
        if (s.rawA.size() < bytes)
            s.rawA.resize(bytes);
        if (Status st = r.readFlat(at, n, s.rawA.data(), bytes); !st)
            return st;
        s.valuesA.resize(size_t(n));
        elementconvert::toDouble(s.rawA.constData(), r.dtype(), 0, n, s.valuesA.data());
        for (qint64 k = 0; k < n; ++k)
            if (const double x = s.valuesA[size_t(k)]; std::isfinite(x))
                sum += x * x;
    }
    return {};
}

// Compares the values of two opened weights of the same shape, a chunk at a time.
// Chunks of equal bytes (same dtype) are not decoded until a difference shows that
// ‖A‖ is needed.
Status compareValues(const TensorReader &ra, const TensorReader &rb, WeightDiff &d, const WeightDiffOptions &options,
                     Scratch &s, Progress *progress)
{
    const qint64 n = ra.elementCount();
    const qint64 chunk = std::max<qint64>(1, options.chunkElements);
    const bool sameDtype = ra.dtype() == rb.dtype();
    double sumSqDiff = 0, sumSqA = 0, maxAbs = 0;
    qint64 changed = 0;
    bool decoding = false; // a difference was found: ‖A‖ is accumulated
    for (qint64 first = 0; first < n; first += chunk) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        const qint64 count = std::min(chunk, n - first);
        const qint64 bytesA = count * ra.elementSize(), bytesB = count * rb.elementSize();
        if (s.rawA.size() < bytesA)
            s.rawA.resize(bytesA);
        if (s.rawB.size() < bytesB)
            s.rawB.resize(bytesB);
        if (Status st = ra.readFlat(first, count, s.rawA.data(), bytesA); !st)
            return st;
        if (Status st = rb.readFlat(first, count, s.rawB.data(), bytesB); !st)
            return st;
        if (progress)
            progress->advance(bytesA + bytesB, d.name());
        const bool equalBytes = sameDtype && std::memcmp(s.rawA.constData(), s.rawB.constData(), size_t(bytesA)) == 0;
        if (equalBytes && !decoding)
            continue;
        s.valuesA.resize(size_t(count));
        elementconvert::toDouble(s.rawA.constData(), ra.dtype(), 0, count, s.valuesA.data());
        if (equalBytes) {
            for (qint64 k = 0; k < count; ++k)
                if (const double x = s.valuesA[size_t(k)]; std::isfinite(x))
                    sumSqA += x * x;
            continue;
        }
        s.valuesB.resize(size_t(count));
        elementconvert::toDouble(s.rawB.constData(), rb.dtype(), 0, count, s.valuesB.data());
        for (qint64 k = 0; k < count; ++k) {
            const double x = s.valuesA[size_t(k)], y = s.valuesB[size_t(k)];
            if (std::isfinite(x))
                sumSqA += x * x;
            if (x == y || (std::isnan(x) && std::isnan(y)))
                continue;
            ++changed;
            const double diff = std::abs(y - x);
            if (diff > maxAbs) // NaN against a number counts as changed, not in the maximum
                maxAbs = diff;
            if (std::isfinite(diff))
                sumSqDiff += diff * diff;
        }
        if (!decoding && first > 0) {
            // The equal chunks before this one count towards ‖A‖ (read again, decoded).
            if (Status st = addSquares(ra, 0, first, chunk, s, sumSqA); !st)
                return st;
        }
        decoding = true;
    }
    d.compared = true;
    d.elements = n;
    d.elementsChanged = changed;
    d.maxAbsDiff = maxAbs;
    d.changedFraction = n > 0 ? double(changed) / double(n) : 0.0;
    if (sumSqDiff == 0)
        d.relL2 = 0.0;
    else if (sumSqA > 0)
        d.relL2 = std::sqrt(sumSqDiff) / std::sqrt(sumSqA);
    // Values of another dtype that read the same are still a change (of dtype).
    d.kind = decoding || !sameDtype ? ChangeKind::Changed : ChangeKind::Unchanged;
    return {};
}

Status compareOne(const ModelSet &setA, const ModelSet &setB, WeightDiff &d, const WeightDiffOptions &options,
                  Scratch &scratch, Progress *progress)
{
    const bool sameShape = d.shapeA == d.shapeB;
    if (!sameShape) {
        d.kind = ChangeKind::Changed;
        d.note = QStringLiteral("shape changed");
        return {};
    }
    Result<TensorReaderPtr> ra = setA.openWeight(d.nameA);
    Result<TensorReaderPtr> rb = setB.openWeight(d.nameB);
    if (!ra || !rb) {
        d.kind = ChangeKind::Changed;
        d.note = QStringLiteral("values not compared: %1").arg((!ra ? ra.error() : rb.error()).message);
        return {};
    }
    Status st = compareValues(**ra, **rb, d, options, scratch, progress);
    if (!st && st.error().code != ErrorCode::Cancelled) {
        d.kind = ChangeKind::Changed;
        d.compared = false;
        d.note = QStringLiteral("values not compared: %1").arg(st.error().message);
        return {};
    }
    return st;
}

} // namespace

Result<QList<WeightDiff>> diffWeights(const ModelSet &a, const ModelSet &b, const WeightDiffOptions &options,
                                      Progress *progress)
{
    const QList<Listed> listA = listWeights(a), listB = listWeights(b);
    const Pairing pairing = pairWeights(listA, listB);
    QList<WeightDiff> out(pairing.pairs.size());
    QList<qsizetype> toCompare;
    qint64 total = 0;
    for (qsizetype k = 0; k < pairing.pairs.size(); ++k) {
        const auto [i, j] = pairing.pairs.at(k);
        WeightDiff &d = out[k];
        d.match = pairing.matches.at(k);
        if (i >= 0) {
            const ModelWeight &w = *listA.at(i).weight;
            d.nameA = listA.at(i).name;
            d.dtypeA = dtypeText(w);
            d.shapeA = w.shape;
            d.byteSizeA = w.byteSize;
        }
        if (j >= 0) {
            const ModelWeight &w = *listB.at(j).weight;
            d.nameB = listB.at(j).name;
            d.dtypeB = dtypeText(w);
            d.shapeB = w.shape;
            d.byteSizeB = w.byteSize;
        }
        if (i < 0)
            d.kind = ChangeKind::Added;
        else if (j < 0)
            d.kind = ChangeKind::Removed;
        else if (options.sameFile && d.shapeA == d.shapeB && d.dtypeA == d.dtypeB &&
                 listA.at(i).tensorName == listB.at(j).tensorName &&
                 options.sameFile(listA.at(i).entry, listB.at(j).entry)) {
            d.kind = ChangeKind::Unchanged; // the same bytes: the same values
            d.compared = true;
            d.elements = listA.at(i).weight->elementCount;
            d.relL2 = 0.0;
        } else {
            toCompare.append(k);
            if (d.shapeA == d.shapeB)
                total += d.byteSizeA + d.byteSizeB;
        }
    }
    if (progress)
        progress->addTotal(total);
    const int threads = threadCountFor(options.threads, toCompare.size());
    std::vector<Scratch> scratch(size_t(std::max(1, threads)));
    WeightDiff *rows = out.data(); // detached once, before the threads
    Status st = parallelFor(toCompare.size(), threads, [&](qint64 index, int worker) -> Status {
        return compareOne(a, b, rows[toCompare.at(index)], options, scratch[size_t(worker)], progress);
    });
    if (!st)
        return st.error();
    return out;
}

Result<WeightDelta> readWeightDelta(const ModelSet &a, const QString &nameA, const ModelSet &b, const QString &nameB,
                                    qint64 maxElements, Progress *progress)
{
    Result<TensorReaderPtr> ra = a.openWeight(nameA);
    if (!ra)
        return ra.error();
    Result<TensorReaderPtr> rb = b.openWeight(nameB);
    if (!rb)
        return rb.error();
    if ((*ra)->shape() != (*rb)->shape())
        return makeError(ErrorCode::Usage,
                         QStringLiteral("\"%1\" and \"%2\" have different shapes (%3, %4)")
                             .arg(nameA, nameB, shapeText((*ra)->shape()), shapeText((*rb)->shape())));
    const qint64 n = (*ra)->elementCount();
    if (n > maxElements)
        return makeError(ErrorCode::Limit, QStringLiteral("\"%1\" has %2 elements; at most %3 are shown side by side")
                                               .arg(nameB)
                                               .arg(n)
                                               .arg(maxElements));
    const QList<qint64> &shape = (*ra)->shape();
    const qint64 rows = shape.size() >= 2 ? shape.first() : 1;
    const QList<qint64> shown{rows, rows > 0 ? n / rows : 0};
    std::vector<double> x(static_cast<size_t>(n)), y(static_cast<size_t>(n));
    for (const auto &[reader, out] : {std::pair{*ra, &x}, std::pair{*rb, &y}}) {
        QByteArray raw(qsizetype(n * reader->elementSize()), Qt::Uninitialized);
        if (Status st = reader->readFlat(0, n, raw.data(), raw.size(), progress); !st)
            return st.error();
        elementconvert::toDouble(raw.constData(), reader->dtype(), 0, n, out->data());
    }
    WeightDelta out;
    QByteArray fa(qsizetype(n * 4), Qt::Uninitialized), fb(fa.size(), Qt::Uninitialized),
        fd(fa.size(), Qt::Uninitialized);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, maxAbs = 0;
    for (qint64 i = 0; i < n; ++i) {
        const double u = x[size_t(i)], v = y[size_t(i)], d = v - u;
        for (double t : {u, v})
            if (std::isfinite(t)) {
                lo = std::min(lo, t);
                hi = std::max(hi, t);
            }
        if (std::isfinite(d))
            maxAbs = std::max(maxAbs, std::abs(d));
        const float values[3] = {float(u), float(v), float(d)};
        std::memcpy(fa.data() + 4 * i, &values[0], 4);
        std::memcpy(fb.data() + 4 * i, &values[1], 4);
        std::memcpy(fd.data() + 4 * i, &values[2], 4);
    }
    out.a = Tensor::numeric(nameA, DType::Float32, shown, std::move(fa));
    out.b = Tensor::numeric(nameB, DType::Float32, shown, std::move(fb));
    out.difference = Tensor::numeric(nameB + QStringLiteral(" − ") + nameA, DType::Float32, shown, std::move(fd));
    out.min = std::isfinite(lo) ? lo : 0;
    out.max = std::isfinite(hi) ? hi : 0;
    out.maxAbsDifference = maxAbs;
    return out;
}

} // namespace carton
