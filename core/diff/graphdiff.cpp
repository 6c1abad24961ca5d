// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/graphdiff.h"

#include "diff/sequencealign.h"
#include "tensor/tensorregion.h"

#include <QSet>
#include <algorithm>
#include <deque>
#include <vector>

namespace carton {

namespace {

quint64 mix(quint64 h, quint64 v)
{
    // splitmix64's finaliser over the running value: order matters, collisions are rare.
    quint64 z = h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

quint64 textHash(const QString &text)
{
    return quint64(qHash(text, 0x5eed));
}

// Where a node input comes from.
struct Source {
    enum Kind { None, Node, GraphInput, Weight, Unknown } kind = None;
    int node = -1;      // Node: producer; GraphInput: index
    int output = 0;     // Node: which output of the producer
    QString weight;     // Weight: the initializer's name
    QString weightType; // Weight: "float32[64, 3, 7, 7]"
};

// One graph prepared for matching.
struct Graph {
    const OnnxInfo *info = nullptr;
    QList<QList<Source>> inputs;                 // per node, per input slot
    QList<QList<std::pair<int, int>>> consumers; // per node: (consumer, slot)
    QList<QList<int>> outputMarks;               // per node: graph output index per output (-1)
    std::vector<int> topo;                       // topological order
    std::vector<quint64> base, fwd, bwd;

    int size() const { return int(info->nodes.size()); }
    QString nodeName(int n) const { return graphNodeName(*info, n); }
    GraphNodeRef ref(int n) const { return {nodeName(n), info->nodes.at(n).opType, n}; }
};

// Initializers by name: their dtype and shape as text.
using WeightTypes = QHash<QString, QString>;

WeightTypes weightTypes(const QList<ModelWeight> &weights)
{
    WeightTypes out;
    for (const ModelWeight &w : weights)
        out.insert(w.name, (w.dtype ? dtypeName(*w.dtype) : w.typeName.toLower()) + shapeText(w.shape));
    return out;
}

void prepare(Graph &g, const OnnxInfo &info, const WeightTypes &weight)
{
    g.info = &info;
    const int n = g.size();
    QHash<QString, std::pair<int, int>> producer;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < info.nodes.at(i).outputs.size(); ++k)
            if (!info.nodes.at(i).outputs.at(k).isEmpty())
                producer.insert(info.nodes.at(i).outputs.at(k), {i, k});
    QHash<QString, int> graphInput;
    for (int i = 0; i < info.inputs.size(); ++i)
        graphInput.insert(info.inputs.at(i).name, i);
    QHash<QString, int> graphOutput;
    for (int i = 0; i < info.outputs.size(); ++i)
        graphOutput.insert(info.outputs.at(i).name, i);

    g.inputs.resize(n);
    g.consumers.resize(n);
    g.outputMarks.resize(n);
    std::vector<int> pending(size_t(n), 0);
    for (int i = 0; i < n; ++i) {
        const OnnxNode &node = info.nodes.at(i);
        for (int slot = 0; slot < node.inputs.size(); ++slot) {
            const QString &name = node.inputs.at(slot);
            Source s;
            if (name.isEmpty())
                s.kind = Source::None;
            else if (auto p = producer.constFind(name); p != producer.cend() && p->first != i) {
                s = {Source::Node, p->first, p->second, {}, {}};
                g.consumers[p->first].append(std::pair(i, slot));
                ++pending[size_t(i)];
            } else if (auto w = weight.constFind(name); w != weight.cend())
                s = {Source::Weight, -1, 0, name, *w};
            else if (auto in = graphInput.constFind(name); in != graphInput.cend())
                s = {Source::GraphInput, *in, 0, {}, {}};
            else
                s.kind = Source::Unknown; // an outer scope's value (inside bodies) or a dangling name
            g.inputs[i].append(s);
        }
        for (const QString &out : node.outputs)
            g.outputMarks[i].append(graphOutput.value(out, -1));
    }
    // Kahn's order; nodes on a cycle (malformed) follow in file order.
    std::deque<int> ready;
    for (int i = 0; i < n; ++i)
        if (pending[size_t(i)] == 0)
            ready.push_back(i);
    std::vector<bool> placed(size_t(n), false);
    while (!ready.empty()) {
        const int i = ready.front();
        ready.pop_front();
        g.topo.push_back(i);
        placed[size_t(i)] = true;
        for (const auto &[c, slot] : g.consumers.at(i))
            if (--pending[size_t(c)] == 0)
                ready.push_back(c);
    }
    for (int i = 0; i < n; ++i)
        if (!placed[size_t(i)])
            g.topo.push_back(i);

    // Labels: op type, domain, attributes (sorted by name), what each input is.
    g.base.assign(size_t(n), 0);
    for (int i = 0; i < n; ++i) {
        const OnnxNode &node = info.nodes.at(i);
        quint64 h = mix(textHash(node.opType), textHash(node.domain));
        QList<const OnnxAttribute *> attrs;
        for (const OnnxAttribute &a : node.attributes)
            attrs.append(&a);
        std::sort(attrs.begin(), attrs.end(), [](auto *x, auto *y) { return x->name < y->name; });
        for (const OnnxAttribute *a : attrs)
            h = mix(mix(h, textHash(a->name)), textHash(a->text));
        h = mix(h, quint64(node.inputs.size()) << 8 | quint64(node.outputs.size()));
        for (const Source &s : g.inputs.at(i)) {
            h = mix(h, quint64(s.kind));
            if (s.kind == Source::Weight)
                h = mix(h, textHash(s.weightType));
            else if (s.kind == Source::GraphInput)
                h = mix(h, quint64(s.node));
        }
        g.base[size_t(i)] = h;
    }
    // Upstream cones in topological order, downstream cones in reverse.
    g.fwd.assign(size_t(n), 0);
    for (int i : g.topo) {
        quint64 h = g.base[size_t(i)];
        for (const Source &s : g.inputs.at(i))
            if (s.kind == Source::Node)
                h = mix(mix(h, g.fwd[size_t(s.node)]), quint64(s.output));
        g.fwd[size_t(i)] = h;
    }
    g.bwd.assign(size_t(n), 0);
    for (auto it = g.topo.rbegin(); it != g.topo.rend(); ++it) {
        const int i = *it;
        std::vector<quint64> down;
        for (const auto &[c, slot] : g.consumers.at(i))
            down.push_back(mix(g.bwd[size_t(c)], quint64(slot)));
        std::sort(down.begin(), down.end());
        quint64 h = g.base[size_t(i)];
        for (quint64 d : down)
            h = mix(h, d);
        for (int mark : g.outputMarks.at(i))
            h = mix(h, quint64(mark + 2));
        g.bwd[size_t(i)] = h;
    }
}

class Matcher {
public:
    Matcher(const Graph &a, const Graph &b)
        : m_a(a), m_b(b), partnerA(size_t(a.size()), -1), partnerB(size_t(b.size()), -1)
    {
    }

    // Pairs nodes whose key is unique among the unpaired nodes of each side.
    void byUniqueKey(const std::vector<quint64> &keyA, const std::vector<quint64> &keyB)
    {
        QHash<quint64, int> countA, countB, atA, atB;
        for (int i = 0; i < m_a.size(); ++i)
            if (partnerA[size_t(i)] < 0) {
                ++countA[keyA[size_t(i)]];
                atA.insert(keyA[size_t(i)], i);
            }
        for (int j = 0; j < m_b.size(); ++j)
            if (partnerB[size_t(j)] < 0) {
                ++countB[keyB[size_t(j)]];
                atB.insert(keyB[size_t(j)], j);
            }
        for (auto it = countA.cbegin(); it != countA.cend(); ++it)
            if (it.value() == 1 && countB.value(it.key()) == 1)
                pair(atA.value(it.key()), atB.value(it.key()));
    }

    // From every pair, their producers (slot by slot) and consumers (by slot and
    // output) pair up when `same` says they may and the choice is unique.
    template <typename Same>
    void propagate(Same same)
    {
        std::deque<std::pair<int, int>> queue;
        for (int i = 0; i < m_a.size(); ++i)
            if (partnerA[size_t(i)] >= 0)
                queue.push_back({i, partnerA[size_t(i)]});
        while (!queue.empty()) {
            const auto [i, j] = queue.front();
            queue.pop_front();
            const QList<Source> &ia = m_a.inputs.at(i), &ib = m_b.inputs.at(j);
            for (qsizetype s = 0; s < std::min(ia.size(), ib.size()); ++s) {
                const Source &x = ia.at(s), &y = ib.at(s);
                if (x.kind == Source::Node && y.kind == Source::Node && x.output == y.output &&
                    partnerA[size_t(x.node)] < 0 && partnerB[size_t(y.node)] < 0 && same(x.node, y.node)) {
                    pair(x.node, y.node);
                    queue.push_back({x.node, y.node});
                }
            }
            // Consumers: candidates per slot; unique unpaired ones that `same` accepts.
            for (const auto &[c, slot] : m_a.consumers.at(i)) {
                if (partnerA[size_t(c)] >= 0)
                    continue;
                int found = -1, count = 0;
                const int output = m_a.inputs.at(c).at(slot).output;
                for (const auto &[d, slotB] : m_b.consumers.at(j))
                    if (slotB == slot && partnerB[size_t(d)] < 0 && m_b.inputs.at(d).at(slotB).output == output &&
                        same(c, d)) {
                        found = d;
                        ++count;
                    }
                int rivals = 0;
                for (const auto &[c2, slot2] : m_a.consumers.at(i))
                    rivals += slot2 == slot && partnerA[size_t(c2)] < 0 && found >= 0 && same(c2, found);
                if (count == 1 && rivals == 1) {
                    pair(c, found);
                    queue.push_back({c, found});
                }
            }
        }
    }

    // The unpaired nodes of each side in topological order, aligned by `key`.
    void alignByOrder(const std::vector<quint64> &keyA, const std::vector<quint64> &keyB)
    {
        std::vector<int> ua, ub;
        for (int i : m_a.topo)
            if (partnerA[size_t(i)] < 0)
                ua.push_back(i);
        for (int j : m_b.topo)
            if (partnerB[size_t(j)] < 0)
                ub.push_back(j);
        for (const auto &[x, y] :
             alignSequences(qsizetype(ua.size()), qsizetype(ub.size()), [&](qsizetype i, qsizetype j) {
                 return keyA[size_t(ua[size_t(i)])] == keyB[size_t(ub[size_t(j)])];
             }))
            pair(ua[size_t(x)], ub[size_t(y)]);
    }

    const Graph &m_a, &m_b;
    std::vector<int> partnerA, partnerB;

private:
    void pair(int i, int j)
    {
        partnerA[size_t(i)] = j;
        partnerB[size_t(j)] = i;
    }
};

QString sourceText(const Graph &g, const Source &s)
{
    switch (s.kind) {
    case Source::None:
        return QStringLiteral("(none)");
    case Source::Node:
        return s.output == 0 ? g.nodeName(s.node)
                             : QStringLiteral("%1 output %2").arg(g.nodeName(s.node)).arg(s.output);
    case Source::GraphInput:
        return QStringLiteral("graph input %1").arg(g.info->inputs.at(s.node).name);
    case Source::Weight:
        return QStringLiteral("weight %1 %2").arg(s.weight, s.weightType);
    case Source::Unknown:
        return QStringLiteral("an outer value");
    }
    return {};
}

// The changes of a paired node; `structural` is set when more than weight values changed.
QStringList nodeChanges(const Graph &a, int i, const Graph &b, int j, const std::vector<int> &partnerA,
                        const GraphWeightChanges &weights, bool &structural)
{
    QStringList out;
    const OnnxNode &x = a.info->nodes.at(i), &y = b.info->nodes.at(j);
    if (x.opType != y.opType || x.domain != y.domain)
        out.append(QStringLiteral("op_type: %1 -> %2").arg(x.opType, y.opType));
    QMap<QString, const OnnxAttribute *> attrsA, attrsB;
    for (const OnnxAttribute &at : x.attributes)
        attrsA.insert(at.name, &at);
    for (const OnnxAttribute &at : y.attributes)
        attrsB.insert(at.name, &at);
    for (auto it = attrsA.cbegin(); it != attrsA.cend(); ++it) {
        const OnnxAttribute *other = attrsB.value(it.key());
        if (!other)
            out.append(QStringLiteral("%1: removed (was %2)").arg(it.key(), it.value()->text));
        else if (other->text != it.value()->text)
            out.append(QStringLiteral("%1: %2 -> %3").arg(it.key(), it.value()->text, other->text));
    }
    for (auto it = attrsB.cbegin(); it != attrsB.cend(); ++it)
        if (!attrsA.contains(it.key()))
            out.append(QStringLiteral("%1: added %2").arg(it.key(), it.value()->text));
    const QList<Source> &ia = a.inputs.at(i), &ib = b.inputs.at(j);
    QStringList valueChanges;
    if (ia.size() != ib.size())
        out.append(QStringLiteral("inputs: %1 -> %2").arg(ia.size()).arg(ib.size()));
    for (qsizetype s = 0; s < std::min(ia.size(), ib.size()); ++s) {
        const Source &p = ia.at(s), &q = ib.at(s);
        bool same = p.kind == q.kind;
        if (same && p.kind == Source::Node)
            same = partnerA[size_t(p.node)] == q.node && p.output == q.output;
        else if (same && p.kind == Source::GraphInput)
            same = p.node == q.node;
        else if (same && p.kind == Source::Weight)
            same = p.weightType == q.weightType;
        if (!same)
            out.append(QStringLiteral("input %1: %2 (was %3)").arg(s).arg(sourceText(b, q), sourceText(a, p)));
        else if (p.kind == Source::Weight)
            if (auto w = weights.changedA.constFind(p.weight); w != weights.changedA.cend())
                valueChanges.append(QStringLiteral("weight %1: %2").arg(p.weight, *w));
    }
    if (x.outputs.size() != y.outputs.size())
        out.append(QStringLiteral("outputs: %1 -> %2").arg(x.outputs.size()).arg(y.outputs.size()));
    structural = !out.isEmpty();
    return out + valueChanges;
}

} // namespace

QString graphNodeName(const OnnxInfo &graph, int n)
{
    const OnnxNode &node = graph.nodes.at(n);
    return node.name.isEmpty() ? QStringLiteral("%1#%2").arg(node.opType).arg(n) : node.name;
}

QString graphBodyPrefix(const QString &prefix, const QString &nodeName, const QString &attribute, qsizetype k,
                        qsizetype count)
{
    return prefix + nodeName + u'/' + attribute + (count > 1 ? QStringLiteral("[%1]").arg(k) : QString()) + u'/';
}

bool GraphDiff::structureChanged() const
{
    if (!added.isEmpty() || !removed.isEmpty())
        return true;
    return std::any_of(changed.cbegin(), changed.cend(), [](const GraphNodeChange &c) { return c.structural; });
}

namespace {

void diffInto(GraphDiff &out, const QString &prefix, const OnnxInfo &a, const WeightTypes &typesA, const OnnxInfo &b,
              const WeightTypes &typesB, const GraphWeightChanges &weights, int depth);

GraphNodeRef prefixed(const QString &prefix, GraphNodeRef r)
{
    r.name.prepend(prefix);
    r.body = prefix;
    return r;
}

WeightTypes bodyTypes(const OnnxInfo &body)
{
    WeightTypes out;
    for (const auto &[name, type] : body.initializers)
        out.insert(name, type);
    return out;
}

// The bodies of a paired node's GRAPH/GRAPHS attributes, matched in turn.
void diffBodies(GraphDiff &out, const QString &prefix, const OnnxNode &x, const QString &nameA, const OnnxNode &y,
                const GraphWeightChanges &weights, int depth)
{
    if (depth >= OnnxAttribute::kMaxGraphDepth)
        return;
    for (const OnnxAttribute &at : x.attributes) {
        if (at.graphs.isEmpty())
            continue;
        for (const OnnxAttribute &bt : y.attributes) {
            if (bt.name != at.name)
                continue;
            for (qsizetype k = 0; k < std::min(at.graphs.size(), bt.graphs.size()); ++k) {
                const QString inner = graphBodyPrefix(prefix, nameA, at.name, k, at.graphs.size());
                diffInto(out, inner, *at.graphs.at(k), bodyTypes(*at.graphs.at(k)), *bt.graphs.at(k),
                         bodyTypes(*bt.graphs.at(k)), weights, depth + 1);
            }
        }
    }
}

void diffInto(GraphDiff &out, const QString &prefix, const OnnxInfo &a, const WeightTypes &typesA, const OnnxInfo &b,
              const WeightTypes &typesB, const GraphWeightChanges &weights, int depth)
{
    Graph ga, gb;
    prepare(ga, a, typesA);
    prepare(gb, b, typesB);
    Matcher m(ga, gb);
    // Identical upstream cones first; then what is left aligned along the topological
    // order by label (an inserted block leaves its neighbours aligned, as a text diff
    // does); then identical downstream cones; then neighbours of pairs.
    m.byUniqueKey(ga.fwd, gb.fwd);
    const auto sameBase = [&](int i, int j) { return ga.base[size_t(i)] == gb.base[size_t(j)]; };
    const auto sameOp = [&](int i, int j) {
        return a.nodes.at(i).opType == b.nodes.at(j).opType && a.nodes.at(i).domain == b.nodes.at(j).domain;
    };
    m.alignByOrder(ga.base, gb.base);
    m.propagate(sameBase);
    m.byUniqueKey(ga.bwd, gb.bwd);
    m.propagate(sameBase);
    m.propagate(sameOp);
    // Last, a node in the same place between paired ones whatever its op (Add -> Sub).
    m.propagate([](int, int) { return true; });

    for (int i : ga.topo) {
        const int j = m.partnerA[size_t(i)];
        if (j < 0) {
            out.removed.append(prefixed(prefix, ga.ref(i)));
            continue;
        }
        ++out.matched;
        bool structural = false;
        const QStringList changes = nodeChanges(ga, i, gb, j, m.partnerA, weights, structural);
        if (!changes.isEmpty())
            out.changed.append({prefixed(prefix, ga.ref(i)), prefixed(prefix, gb.ref(j)), changes, structural});
        diffBodies(out, prefix, a.nodes.at(i), ga.nodeName(i), b.nodes.at(j), weights, depth);
    }
    for (int j : gb.topo)
        if (m.partnerB[size_t(j)] < 0)
            out.added.append(prefixed(prefix, gb.ref(j)));
    out.partnerOfB.insert(prefix, QList<int>(m.partnerB.cbegin(), m.partnerB.cend()));
}

} // namespace

GraphDiff diffGraphs(const OnnxInfo &a, const QList<ModelWeight> &weightsA, const OnnxInfo &b,
                     const QList<ModelWeight> &weightsB, const GraphWeightChanges &weights)
{
    GraphDiff out;
    diffInto(out, QString(), a, weightTypes(weightsA), b, weightTypes(weightsB), weights, 0);
    return out;
}

} // namespace carton
