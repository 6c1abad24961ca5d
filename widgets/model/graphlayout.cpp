// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphlayout.h"

#include "base/progress.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

namespace studio {

namespace {

constexpr qreal kLayerGap = 36;
constexpr qreal kNodeGap = 24;
constexpr qreal kDummyWidth = 8;
constexpr int kSweeps = 6;

struct Vertex {
    qreal width = 0;
    qreal height = 0;
    int layer = 0;
    int order = 0;
    qreal x = 0;           // centre
    std::vector<int> up;   // neighbours in the layer above
    std::vector<int> down; // neighbours in the layer below
};

// Longest-path layers; a cycle is broken at the lowest-numbered node left.
std::vector<int> assignLayers(int n, const std::vector<std::vector<int>> &out, std::vector<int> *topo)
{
    std::vector<int> indegree(static_cast<size_t>(n), 0);
    for (const auto &targets : out)
        for (int t : targets)
            ++indegree[size_t(t)];
    std::vector<int> layer(static_cast<size_t>(n), 0);
    std::vector<char> done(static_cast<size_t>(n), 0);
    std::vector<int> ready;
    for (int v = n - 1; v >= 0; --v)
        if (indegree[size_t(v)] == 0)
            ready.push_back(v);
    int next = 0;
    while (int(topo->size()) < n) {
        if (ready.empty()) { // a cycle: take the first node not placed yet
            while (done[size_t(next)])
                ++next;
            ready.push_back(next);
        }
        const int v = ready.back();
        ready.pop_back();
        if (done[size_t(v)])
            continue;
        done[size_t(v)] = 1;
        topo->push_back(v);
        for (int t : out[size_t(v)]) {
            if (done[size_t(t)])
                continue; // an edge closing a cycle
            layer[size_t(t)] = std::max(layer[size_t(t)], layer[size_t(v)] + 1);
            if (--indegree[size_t(t)] == 0)
                ready.push_back(t);
        }
    }
    return layer;
}

void sortByBarycenter(std::vector<int> &row, std::vector<Vertex> &vs, bool useUp)
{
    std::vector<std::pair<double, int>> keyed;
    keyed.reserve(row.size());
    for (int v : row) {
        const std::vector<int> &nb = useUp ? vs[size_t(v)].up : vs[size_t(v)].down;
        double key = vs[size_t(v)].order;
        if (!nb.empty()) {
            double sum = 0;
            for (int u : nb)
                sum += vs[size_t(u)].order;
            key = sum / double(nb.size());
        }
        keyed.emplace_back(key, v);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (size_t i = 0; i < keyed.size(); ++i) {
        row[i] = keyed[i].second;
        vs[size_t(row[i])].order = int(i);
    }
}

// Pulls each node of `row` to the mean x of its neighbours, keeping the order and the gaps.
void placeRow(const std::vector<int> &row, std::vector<Vertex> &vs, bool useUp)
{
    std::vector<qreal> want(row.size());
    for (size_t i = 0; i < row.size(); ++i) {
        const Vertex &v = vs[size_t(row[i])];
        const std::vector<int> &nb = useUp ? v.up : v.down;
        if (nb.empty()) {
            want[i] = v.x;
            continue;
        }
        qreal sum = 0;
        for (int u : nb)
            sum += vs[size_t(u)].x;
        want[i] = sum / qreal(nb.size());
    }
    // Two placements that keep the order and the gaps: pushed right from the left
    // end, pushed left from the right end; their mean keeps them too and spreads a
    // crowd both ways around where it wants to be.
    auto gap = [&](size_t i) { return (vs[size_t(row[i - 1])].width + vs[size_t(row[i])].width) / 2 + kNodeGap; };
    std::vector<qreal> right(want), left(want);
    for (size_t i = 1; i < row.size(); ++i)
        right[i] = std::max(want[i], right[i - 1] + gap(i));
    for (size_t i = row.size(); i-- > 1;)
        left[i - 1] = std::min(want[i - 1], left[i] - gap(i));
    std::vector<qreal> x(row.size());
    for (size_t i = 0; i < row.size(); ++i)
        x[i] = (left[i] + right[i]) / 2;
    for (size_t i = 0; i < row.size(); ++i)
        vs[size_t(row[i])].x = x[i];
}

} // namespace

GraphLayoutResult layoutGraph(const GraphLayoutInput &input, const carton::Progress *progress)
{
    GraphLayoutResult result;
    const int n = int(input.nodes.size());
    auto cancelled = [&] { return progress && progress->isCancelled(); };
    std::vector<std::vector<int>> out(static_cast<size_t>(n));
    for (const auto &[from, to] : input.edges)
        if (from >= 0 && to >= 0 && from < n && to < n && from != to)
            out[size_t(from)].push_back(to);
    std::vector<int> topo;
    topo.reserve(size_t(n));
    std::vector<int> layer = assignLayers(n, out, &topo);
    // Floating sources: just above their first user (users are placed first: reverse topological order).
    if (!input.floating.isEmpty()) {
        std::vector<char> hasIn(static_cast<size_t>(n), 0);
        for (const auto &targets : out)
            for (int t : targets)
                hasIn[size_t(t)] = 1;
        for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
            const int v = *it;
            if (v >= input.floating.size() || !input.floating[v] || hasIn[size_t(v)] || out[size_t(v)].empty())
                continue;
            int first = std::numeric_limits<int>::max();
            for (int t : out[size_t(v)])
                first = std::min(first, layer[size_t(t)]);
            layer[size_t(v)] = std::max(layer[size_t(v)], first - 1);
        }
    }

    std::vector<Vertex> vs(static_cast<size_t>(n));
    int layerCount = 0;
    // Horizontal: laid out as a vertical graph of the nodes turned a quarter, then turned back.
    const bool across = input.horizontal;
    for (int v = 0; v < n; ++v) {
        vs[size_t(v)].width = across ? input.nodes[v].height() : input.nodes[v].width();
        vs[size_t(v)].height = across ? input.nodes[v].width() : input.nodes[v].height();
        vs[size_t(v)].layer = layer[size_t(v)];
        layerCount = std::max(layerCount, layer[size_t(v)] + 1);
    }
    // Edges going down through dummy vertices, one per layer crossed.
    std::vector<std::vector<int>> chains(size_t(input.edges.size()));
    for (qsizetype e = 0; e < input.edges.size(); ++e) {
        const auto [from, to] = input.edges[e];
        if (from < 0 || to < 0 || from >= n || to >= n || from == to)
            continue;
        std::vector<int> &chain = chains[size_t(e)];
        chain.push_back(from);
        if (layer[size_t(to)] > layer[size_t(from)]) {
            for (int l = layer[size_t(from)] + 1; l < layer[size_t(to)]; ++l) {
                Vertex dummy;
                dummy.width = kDummyWidth;
                dummy.layer = l;
                vs.push_back(dummy);
                chain.push_back(int(vs.size()) - 1);
            }
        }
        chain.push_back(to);
        for (size_t i = 0; i + 1 < chain.size(); ++i) {
            const int a = chain[i], b = chain[i + 1];
            if (vs[size_t(b)].layer > vs[size_t(a)].layer) {
                vs[size_t(a)].down.push_back(b);
                vs[size_t(b)].up.push_back(a);
            }
        }
    }
    std::vector<std::vector<int>> rows(size_t(std::max(layerCount, 1)));
    for (int v : topo)
        rows[size_t(vs[size_t(v)].layer)].push_back(v);
    for (size_t v = size_t(n); v < vs.size(); ++v)
        rows[size_t(vs[v].layer)].push_back(int(v));
    for (auto &row : rows)
        for (size_t i = 0; i < row.size(); ++i)
            vs[size_t(row[i])].order = int(i);
    if (cancelled()) {
        result.cancelled = true;
        return result;
    }
    for (int sweep = 0; sweep < kSweeps && !cancelled(); ++sweep) {
        if (sweep % 2 == 0)
            for (size_t l = 1; l < rows.size(); ++l)
                sortByBarycenter(rows[l], vs, true);
        else
            for (size_t l = rows.size() - 1; l-- > 0;)
                sortByBarycenter(rows[l], vs, false);
    }
    // x: packed and centred, then pulled towards the neighbours.
    for (auto &row : rows) {
        qreal width = 0;
        for (int v : row)
            width += vs[size_t(v)].width + kNodeGap;
        qreal x = -width / 2;
        for (int v : row) {
            vs[size_t(v)].x = x + vs[size_t(v)].width / 2;
            x += vs[size_t(v)].width + kNodeGap;
        }
    }
    for (int sweep = 0; sweep < kSweeps && !cancelled(); ++sweep) {
        if (sweep % 2 == 0)
            for (size_t l = 1; l < rows.size(); ++l)
                placeRow(rows[l], vs, true);
        else
            for (size_t l = rows.size() - 1; l-- > 0;)
                placeRow(rows[l], vs, false);
    }
    if (cancelled()) {
        result.cancelled = true;
        return result;
    }
    // y: one band per layer, as high as its highest node.
    std::vector<qreal> top(rows.size()), height(rows.size(), 0);
    for (const Vertex &v : vs)
        height[size_t(v.layer)] = std::max(height[size_t(v.layer)], v.height);
    qreal y = 0;
    for (size_t l = 0; l < rows.size(); ++l) {
        top[l] = y;
        y += height[l] + kLayerGap;
    }
    auto centreY = [&](const Vertex &v) { return top[size_t(v.layer)] + height[size_t(v.layer)] / 2; };
    const auto turned = [across](const QPointF &p) { return across ? QPointF(p.y(), p.x()) : p; };
    result.nodes.reserve(n);
    result.layers.reserve(n);
    std::vector<QRectF> upright(static_cast<size_t>(n));
    for (int v = 0; v < n; ++v) {
        const Vertex &vx = vs[size_t(v)];
        upright[size_t(v)] = QRectF(vx.x - vx.width / 2, centreY(vx) - vx.height / 2, vx.width, vx.height);
        const QRectF rect = across ? QRectF(turned(upright[size_t(v)].topLeft()), input.nodes[v]) : upright[size_t(v)];
        result.nodes.append(rect);
        result.layers.append(vx.layer);
        result.bounds = result.bounds.isNull() ? rect : result.bounds.united(rect);
    }
    result.edges.reserve(input.edges.size());
    for (const std::vector<int> &chain : chains) {
        QList<QPointF> line;
        if (chain.size() >= 2) {
            const QRectF &from = upright[size_t(chain.front())];
            const QRectF &to = upright[size_t(chain.back())];
            line.append(turned(QPointF(from.center().x(), from.bottom())));
            for (size_t i = 1; i + 1 < chain.size(); ++i)
                line.append(turned(QPointF(vs[size_t(chain[i])].x, centreY(vs[size_t(chain[i])]))));
            line.append(turned(QPointF(to.center().x(), to.top())));
        }
        result.edges.append(line);
    }
    return result;
}

} // namespace studio
