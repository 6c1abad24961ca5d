// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/modeldiff.h"

#include "base/jsonutil.h"
#include "base/parallel.h"
#include "base/sha256.h"
#include "model/modelgraph.h"
#include "model/modelset.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <cmath>

namespace carton {

int ModelDiff::count(ChangeKind kind) const
{
    int n = 0;
    for (const WeightDiff &w : weights)
        n += w.kind == kind;
    return n;
}

namespace {

// Pairs model files with a graph: the same path, else the only such file of each side.
QList<std::pair<const ModelEntry *, const ModelEntry *>>
pairGraphs(const ModelSet &a, const ModelSet &b, QHash<const ModelEntry *, std::shared_ptr<const OnnxInfo>> &graphs)
{
    QList<const ModelEntry *> onnxA, onnxB;
    for (const auto &[set, list] : {std::pair(&a, &onnxA), std::pair(&b, &onnxB)})
        for (const ModelEntry &e : set->entries())
            if (Result<std::shared_ptr<const OnnxInfo>> graph = modelGraph(e.model)) {
                graphs.insert(&e, std::move(*graph));
                list->append(&e);
            }
    QList<std::pair<const ModelEntry *, const ModelEntry *>> out;
    for (const ModelEntry *x : onnxA)
        for (const ModelEntry *y : onnxB)
            if (x->path == y->path)
                out.append(std::pair(x, y));
    if (out.isEmpty() && onnxA.size() == 1 && onnxB.size() == 1)
        out.append(std::pair(onnxA.first(), onnxB.first()));
    return out;
}

QString number(double v)
{
    return QString::number(v, 'g', 4);
}

} // namespace

Result<ModelDiff> diffModels(const ModelSet &a, const ModelSet &b, const ModelDiffOptions &options, Progress *progress)
{
    ModelDiff out;
    for (const ModelSet *set : {&a, &b})
        for (const ModelEntry &e : set->entries())
            if (!e.model && e.error)
                out.errors.append(QStringLiteral("%1: %2").arg(e.path, e.error->message));
    Result<QList<WeightDiff>> weights = diffWeights(a, b, options.weights, progress);
    if (!weights)
        return weights.error();
    out.weights = std::move(weights).value();
    if (!options.graphs)
        return out;
    QHash<const ModelEntry *, std::shared_ptr<const OnnxInfo>> graphs; // each read once
    for (const auto &[x, y] : pairGraphs(a, b, graphs)) {
        GraphWeightChanges changes;
        for (const WeightDiff &w : std::as_const(out.weights)) {
            if (w.kind != ChangeKind::Changed || w.nameA.isEmpty() || w.nameB.isEmpty())
                continue;
            const std::optional<ModelSet::WeightRef> ref = a.resolve(w.nameA);
            if (!ref || ref->entry != x)
                continue;
            QString text = w.compared ? QStringLiteral("values changed (max_abs_diff %1, rel_l2 %2)")
                                            .arg(number(w.maxAbsDiff), w.relL2 ? number(*w.relL2) : QStringLiteral("-"))
                                      : w.note;
            changes.changedA.insert(ref->weight, text);
        }
        const std::shared_ptr<const OnnxInfo> graphA = graphs.value(x), graphB = graphs.value(y);
        out.graphs.append({x->path, y->path,
                           diffGraphs(*graphA, x->model->weights(), *graphB, y->model->weights(), changes), graphA,
                           graphB});
    }
    return out;
}

Result<CartonDiff> hashBareFiles(const QString &pathA, const QString &pathB, Progress *progress)
{
    CartonDiff out;
    out.pathA = pathA;
    out.pathB = pathB;
    if (progress)
        progress->addTotal(QFileInfo(pathA).size() + QFileInfo(pathB).size());
    Result<QByteArray> hashes[2] = {QByteArray(), QByteArray()};
    const QString paths[2] = {pathA, pathB};
    Status st = parallelFor(2, threadCount(0), [&](qint64 i, int) -> Status {
        hashes[i] = fileSha256Hex(paths[i], progress);
        return hashes[i] ? Status() : Status(hashes[i].error());
    });
    if (!st)
        return st.error();
    out.modelHashA = *hashes[0];
    out.modelHashB = *hashes[1];
    return out;
}

void addModelDiffJson(const ModelDiff &diff, QJsonObject &json)
{
    QJsonArray weights;
    const auto orNull = [](bool known, double v) { return known && std::isfinite(v) ? QJsonValue(v) : QJsonValue(); };
    for (const WeightDiff &w : diff.weights) {
        QJsonObject o{{QStringLiteral("name"), w.name()},
                      {QStringLiteral("status"), changeKindName(w.kind)},
                      {QStringLiteral("shape_a"), w.nameA.isEmpty() ? QJsonValue() : toJsonArray(w.shapeA)},
                      {QStringLiteral("shape_b"), w.nameB.isEmpty() ? QJsonValue() : toJsonArray(w.shapeB)},
                      {QStringLiteral("dtype_a"), w.nameA.isEmpty() ? QJsonValue() : QJsonValue(w.dtypeA)},
                      {QStringLiteral("dtype_b"), w.nameB.isEmpty() ? QJsonValue() : QJsonValue(w.dtypeB)},
                      {QStringLiteral("max_abs_diff"), orNull(w.compared, w.maxAbsDiff)},
                      {QStringLiteral("rel_l2"), orNull(w.compared && w.relL2, w.relL2.value_or(0))},
                      {QStringLiteral("changed_fraction"), orNull(w.compared, w.changedFraction)}};
        if (w.compared) {
            o.insert(QStringLiteral("elements"), w.elements);
            o.insert(QStringLiteral("elements_changed"), w.elementsChanged);
        }
        if (w.match != WeightMatch::None && w.match != WeightMatch::Name) {
            o.insert(QStringLiteral("matched_by"), weightMatchName(w.match));
            o.insert(QStringLiteral("name_a"), w.nameA);
            o.insert(QStringLiteral("name_b"), w.nameB);
        }
        if (!w.note.isEmpty())
            o.insert(QStringLiteral("note"), w.note);
        weights.append(o);
    }
    json.insert(QStringLiteral("weights"), weights);
    if (!diff.errors.isEmpty())
        json.insert(QStringLiteral("model_errors"), QJsonArray::fromStringList(diff.errors));
    if (diff.graphs.isEmpty())
        return;
    // One graph object; with several model files, node names carry the file's path.
    QJsonArray added, removed, changed;
    int matched = 0;
    const bool prefix = diff.graphs.size() > 1;
    for (const ModelGraphDiff &g : diff.graphs) {
        const auto name = [&](const QString &entry, const GraphNodeRef &r) {
            return prefix ? entry + u':' + r.name : r.name;
        };
        for (const GraphNodeRef &r : g.graph.added)
            added.append(
                QJsonObject{{QStringLiteral("name"), name(g.entryB, r)}, {QStringLiteral("op_type"), r.opType}});
        for (const GraphNodeRef &r : g.graph.removed)
            removed.append(
                QJsonObject{{QStringLiteral("name"), name(g.entryA, r)}, {QStringLiteral("op_type"), r.opType}});
        for (const GraphNodeChange &c : g.graph.changed)
            changed.append(QJsonObject{{QStringLiteral("a"), name(g.entryA, c.a)},
                                       {QStringLiteral("b"), name(g.entryB, c.b)},
                                       {QStringLiteral("op_type"), c.b.opType},
                                       {QStringLiteral("changes"), QJsonArray::fromStringList(c.changes)}});
        matched += g.graph.matched;
    }
    json.insert(QStringLiteral("graph"), QJsonObject{{QStringLiteral("added"), added},
                                                     {QStringLiteral("removed"), removed},
                                                     {QStringLiteral("changed"), changed},
                                                     {QStringLiteral("matched"), matched}});
}

} // namespace carton
