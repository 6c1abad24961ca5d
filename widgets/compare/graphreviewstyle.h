// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/graphoverlay.h"
#include "diff/weightdiff.h"
#include "model/graphdecorator.h"

#include <QCoreApplication>
#include <QHash>
#include <memory>

namespace carton {
class ModelFile;
} // namespace carton

namespace studio {

// How the Compare tab draws two matched graphs (a GraphOverlay) in the Model tab's
// graph view: added nodes green with a "+" tag and a solid outline, removed ghosts
// red, faded, with a "−" tag and a dashed outline, changed ones amber with a "Δ" tag
// and a dotted outline, unchanged ones dimmed; a collapsed scope or a node whose
// bodies changed carries the count of changes inside ("+2 −1 Δ3"). Colour is never
// the only mark: the tag and the outline's dashes say the same. The properties pane
// shows the left's and the right's node side by side: op, name, each attribute,
// each input (weights with their shapes and how much their values moved), the
// differing rows marked "≠".
class GraphReviewStyle final : public GraphDecorator {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphReviewStyle)
public:
    // The look of each status (the legend draws the same).
    static Look statusLook(carton::NodeStatus status);
    static QString statusName(carton::NodeStatus status); // "added", translated
    static QString statusTag(carton::NodeStatus status);  // "+", "−", "Δ", ""

    // `weightsByA`: the review's weight changes by the weight's own name in A's file;
    // `modelA`/`modelB`: the two files (their weights' shapes), may be null.
    GraphReviewStyle(std::shared_ptr<const carton::GraphOverlay> overlay, carton::GraphDiff diff,
                     QHash<QString, carton::WeightDiff> weightsByA, std::shared_ptr<const carton::ModelFile> modelA,
                     std::shared_ptr<const carton::ModelFile> modelB);

    std::optional<Look> look(const carton::OnnxInfo &graph, const QList<int> &nodes, bool scope) const override;
    QString nodeHtml(const carton::OnnxInfo &graph, int node) const override;

    const carton::GraphOverlay &overlay() const { return *m_overlay; }

private:
    QString weightText(const carton::OnnxInfo &graph, const carton::ModelFile *model, const QString &name) const;
    QString weightChange(const QString &nameA, const QString &nameB) const;

    std::shared_ptr<const carton::GraphOverlay> m_overlay;
    carton::GraphDiff m_diff;
    QHash<QString, carton::WeightDiff> m_weightsByA; // by the tensor's own name in A's file
    std::shared_ptr<const carton::ModelFile> m_modelA, m_modelB;
};

} // namespace studio
