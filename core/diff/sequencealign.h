// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Aligning two sequences whose items are compared by a key (weights by shape in
// model order, graph nodes by label in topological order): a longest common
// subsequence; above `maxCells` table cells, a greedy walk that looks `window`
// items ahead and leaves an item changed in place (its successors agree) unpaired.

#include <QtGlobal>
#include <algorithm>
#include <utility>
#include <vector>

namespace carton {

template <typename Equal>
std::vector<std::pair<qsizetype, qsizetype>> alignSequences(qsizetype n, qsizetype m, Equal equal,
                                                            qint64 maxCells = 4'000'000, qsizetype window = 64)
{
    std::vector<std::pair<qsizetype, qsizetype>> out;
    if (n == 0 || m == 0)
        return out;
    if (qint64(n + 1) * qint64(m + 1) > maxCells) {
        qsizetype from = 0;
        for (qsizetype x = 0; x < n && from < m; ++x) {
            // An item changed in place (the next ones agree): neither is paired.
            if (!equal(x, from) && x + 1 < n && from + 1 < m && equal(x + 1, from + 1)) {
                ++from;
                continue;
            }
            for (qsizetype y = from; y < m && y < from + window; ++y)
                if (equal(x, y)) {
                    out.push_back({x, y});
                    from = y + 1;
                    break;
                }
        }
        return out;
    }
    std::vector<quint32> table(size_t((n + 1) * (m + 1)), 0);
    const auto at = [&](qsizetype x, qsizetype y) -> quint32 & { return table[size_t(x * (m + 1) + y)]; };
    for (qsizetype x = n; x-- > 0;)
        for (qsizetype y = m; y-- > 0;)
            at(x, y) = equal(x, y) ? at(x + 1, y + 1) + 1 : std::max(at(x + 1, y), at(x, y + 1));
    qsizetype x = 0, y = 0;
    while (x < n && y < m) {
        if (equal(x, y)) {
            out.push_back({x, y});
            ++x;
            ++y;
        } else if (at(x + 1, y) >= at(x, y + 1))
            ++x;
        else
            ++y;
    }
    return out;
}

} // namespace carton
