// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/graphoverlay.h"
#include "diff/modelreview.h"

#include <QWidget>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QToolButton;

namespace studio {

class GraphReviewStyle;
class ModelGraphView;

// The Compare tab's coloured graph: the two models' graphs drawn as one in the Model
// tab's graph view (GraphOverlay through GraphReviewStyle: added green "+", removed
// red "−" ghosts, changed amber "Δ", unchanged dimmed, collapsed scopes with their
// counts), a legend with the counts of each, Previous / Next Change (Shift+F8 / F8)
// that select each change in turn and centre the view on it (opening a collapsed
// scope that holds it), and the selected node's left and right side by side in the
// properties pane. With several model files, a list picks the pair of graphs.
class GraphReviewView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphReviewView)
public:
    explicit GraphReviewView(QWidget *parent = nullptr);
    ~GraphReviewView() override;

    // The review's graphs (null: none); shows the first pair.
    void setReview(std::shared_ptr<const carton::ModelReview> review);
    // Shows pair `index` of the review's graphs; false when there is none.
    bool showGraph(int index);
    int graphIndex() const { return m_index; }

    // The changes of the main graph shown (overlay node indices), in the order Next
    // Change walks them (top to bottom, as laid out); the one selected last (-1: none).
    const QList<int> &changes() const { return m_changes; }
    int currentChange() const { return m_current; }
    // Selects the next / previous change (wrapping) and centres the view on it;
    // false when there is none. The node is selected once laid out (laidOut()).
    bool nextChange();
    bool previousChange();
    // Selects change `index` of changes().
    bool goToChange(int index);
    // The node of the main graph shown that a change of the graph diff names (`ref`:
    // B's node for added and changed, A's for removed): the node itself, or for a node
    // inside an If/Loop/Scan body the node that holds the body; -1 when none.
    int nodeOfChange(carton::ChangeKind kind, const carton::GraphNodeRef &ref) const;
    // Shows pair `graph`, then selects and centres the node of that change (the change
    // table's row); false when there is none.
    bool selectChange(int graph, carton::ChangeKind kind, const carton::GraphNodeRef &ref);
    // Selects and centres the first node that takes weight `listedName` (a name of the
    // weights table: B's, else A's for a removed weight); returns the node, -1 when no graph has it.
    int selectWeight(const QString &listedNameB, const QString &listedNameA);

    const carton::GraphOverlay *overlay() const { return m_overlay.get(); }
    ModelGraphView *graphView() const { return m_view; }
    QAction *nextAction() const { return m_nextAction; }
    QAction *previousAction() const { return m_previousAction; }
    QLabel *legendLabel(carton::NodeStatus status) const;
    QLabel *positionLabel() const { return m_position; }
    QComboBox *graphBox() const { return m_graphs; }

signals:
    // The graph is laid out and the change asked for (if any) selected.
    void laidOut();
    // Next / Previous Change (F8 / Shift+F8) went to change currentChange(): node `node`.
    void changeWalked(int node);
    // A weight's link in the properties: its listed name in the right side's model set.
    void weightActivated(const QString &listedName);

private:
    void afterLayout();
    void select(int node);
    void showPosition();

    std::shared_ptr<const carton::ModelReview> m_review;
    std::shared_ptr<const carton::GraphOverlay> m_overlay;
    QString m_entryB;
    int m_index = -1;
    QList<int> m_changes;
    int m_current = -1;
    int m_pendingNode = -1; // to select once laid out
    QComboBox *m_graphs;
    QLabel *m_legend[4] = {};
    QLabel *m_position;
    QToolButton *m_previous;
    QToolButton *m_next;
    QAction *m_previousAction;
    QAction *m_nextAction;
    ModelGraphView *m_view;
};

} // namespace studio
