// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphfold.h"
#include "graphscopes.h"
#include "graphsearch.h"
#include "graphvertices.h"

#include <QWidget>
#include <memory>

class QAction;
class QGraphicsItem;
class QGraphicsPathItem;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QLineEdit;
class QTextBrowser;

namespace carton {
class ModelFile;
struct OnnxInfo;
} // namespace carton

namespace studio {

class GraphBodyBar;
class GraphDecorator;
class GraphExportJob;
class GraphItemLoader;
class GraphMinimap;
class GraphToolBar;
class LatestJob;
struct GraphLayoutInput;
struct GraphPicture;

// The graph of a model (ONNX's, or a TorchScript method's as the runner inspected
// it, through graphFromInspection): its nodes (op type), the graph's inputs and
// outputs, and the tensors between them, laid out in layers along the data flow
// from the inputs (layoutGraph, top down or left to right) on a worker thread when
// the view is shown; it opens at the graph's inputs. Constants and weights are
// folded into the nodes that take them (GraphFold: "W ⟨64×3×7×7⟩" inside a Conv)
// unless "Show weights as nodes" is on. Click a node for its inputs (with their
// roles), outputs and attributes in the properties pane; weights there are links
// that open the weight (weightActivated). Nodes collapse by name scope
// (GraphScopes): a box per collapsed scope, opened by a double-click or the
// context menu; a graph of more than kCollapseAbove nodes opens collapsed. Search
// by node name, op type or tensor name (Enter: the next match); Ctrl+wheel zooms,
// Fit (Ctrl+0) shows it all, Zoom to Selection the selected node; a graph of more
// than kMinimapAbove items gets a minimap. Items are added to the scene a few ms at
// a time, and for a big graph only near what the view shows (GraphItemLoader).
// Export as PNG or SVG runs on a worker thread (GraphExportJob).
class ModelGraphView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelGraphView)

public:
    static constexpr int kCollapseAbove = 1000;
    static constexpr int kMinimapAbove = 300; // GraphItemLoader's

    explicit ModelGraphView(QWidget *parent = nullptr);
    ~ModelGraphView() override;

    // The model whose graph to show (null, or one without a graph: a message);
    // laid out when the view is shown. A TorchScript archive's graph is read from
    // its code first (carton::modelGraph, off the GUI thread; staticGraphRead() follows).
    void setModel(std::shared_ptr<const carton::ModelFile> model);
    // `graph` (null: as setModel), with `model`'s weights linked from it; `source`
    // says where the graph comes from (shown after the node count).
    void setGraph(std::shared_ptr<const carton::ModelFile> model, std::shared_ptr<const carton::OnnxInfo> graph,
                  const QString &source = {});
    // Where the graph shown comes from ("read from the archive's code, nothing run"); empty for ONNX.
    const QString &graphSource() const { return m_source; }
    // Draws items and describes nodes its way (null: as usual); set before setGraph().
    void setDecorator(std::shared_ptr<const GraphDecorator> decorator) { m_decorator = std::move(decorator); }
    // The graph shown: the main one, or a body opened in it (openBody).
    const std::shared_ptr<const carton::OnnxInfo> &graph() const { return m_graph; }
    // Shows a body of node `step.node` of the graph shown (an If's branch, a Loop's
    // body), in place, with a breadcrumb back; false when there is no such body.
    bool openBody(const GraphStep &step);
    // Goes back to the graph `depth` bodies down from the main one (0: the main graph).
    bool showDepth(int depth);
    int depth() const { return int(m_steps.size()); }
    // Opens the graph holding a search hit and selects its node once laid out.
    bool showHit(const GraphSearch::Hit &hit);
    GraphBodyBar *bodyBar() const { return m_bodyBar; }
    bool isLayingOut() const;
    bool isLaidOut() const { return m_laidOut; }

    // Items of the graph: the nodes shown and the boxes of collapsed scopes (in the
    // order of their first node), then its inputs, then its outputs.
    int vertexCount() const { return int(m_vx.list.size()); }
    // The collapsed scope item `index` stands for; empty for a node, an input or an output.
    QString collapsedScope(int index) const { return m_vx.collapsedScope(index); }
    // Node `node` of the graph (OnnxInfo::nodes) is shown as item...
    int vertexOfNode(int node) const { return m_vx.vertexOfNode(node); }
    const GraphScopes &scopes() const { return m_scopes; }
    // Opens / closes a scope, or all, and lays the graph out again (laidOut()
    // follows); false when there is no such scope.
    bool expandScope(const QString &scope);
    bool collapseScope(const QString &scope);
    void expandAll();
    void collapseAll();
    // The vertex at `viewportPos` of the view's viewport; -1 for none.
    int vertexAt(const QPoint &viewportPos) const;
    // The node (index in OnnxInfo::nodes) vertex `index` shows; -1 for a scope, an input or an output.
    int nodeOfVertex(int index) const;
    // The scope of the node vertex `index` shows (empty at the top, or for anything else).
    QString scopeOfVertex(int index) const;
    // Selects vertex `index` (shows its properties, scrolls to it); false when out of range.
    bool selectVertex(int index);
    int selectedVertex() const;
    // Selects the next vertex after the selected one whose op type, name or tensors
    // contain `text` (case-insensitive), wrapping; -1 when none matches.
    int findNext(const QString &text);
    // Starts writing the graph as a picture (GraphExport: readable, written in strips) /
    // as SVG on a worker thread; exported() follows. False when nothing is laid out.
    bool exportPng(const QString &path);
    bool exportSvg(const QString &path);
    GraphExportJob *exportJob() const { return m_export; }
    // What the scene shows (or will, once scrolled to), apart from its items: what an export draws.
    std::shared_ptr<const GraphPicture> picture() const;
    // "resnet18-graph.png": the export's file name for the model shown.
    QString exportFileName(bool svg) const;

    // Layers left to right instead of top down; laid out again.
    void setHorizontal(bool horizontal);
    bool isHorizontal() const { return m_horizontal; }
    // Constants and weights as nodes of their own instead of rows inside their users.
    void setWeightsAsNodes(bool asNodes);
    bool weightsAsNodes() const { return m_weightsAsNodes; }
    // The whole graph in the view.
    void fitToView();
    // The selected item (and a margin) in the view, at most twice the normal size.
    bool zoomToSelection();
    // The rectangle of item `index` in the scene (empty before it is laid out).
    QRectF vertexRect(int index) const;
    // What is laid out: each item's size, the edges between items, the direction
    // (the benchmark lays the same out with Graphviz).
    // `edgeValues` (may be null) receives the value each edge carries.
    GraphLayoutInput layoutInput(QStringList *edgeValues = nullptr) const;
    // Each edge labelled with its tensor's type and shape where the file says them
    // (graph inputs and outputs, value_info); no relayout.
    void setEdgeShapes(bool shown);
    bool edgeShapes() const { return m_edgeShapes; }
    // The labels of the edges laid out last ("float32 ⟨1×64×56×56⟩"; empty: unknown).
    const QStringList &edgeLabelTexts() const { return m_edgeLabels; }
    // The folding of constants in use.
    const GraphFold &fold() const { return m_fold; }
    GraphMinimap *minimap() const { return m_minimap; }
    QAction *fitAction() const;

    QGraphicsView *view() const { return m_view; }
    QGraphicsScene *scene() const { return m_scene; }
    QTextBrowser *properties() const { return m_properties; }
    QLineEdit *searchEdit() const;
    GraphToolBar *toolBar() const { return m_bar; }
    QLabel *statusLabel() const { return m_status; }

signals:
    // An initializer's link in the properties: its name in the model file.
    void weightActivated(const QString &name);
    void laidOut();
    // setModel() of a TorchScript archive read its graph (or failed: statusLabel() says why).
    void staticGraphRead();
    // An export ended: `error` is empty when `path` was written.
    void exported(const QString &path, const QString &error);

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // After a scope opened or closed: the items again, laid out again.
    void relayout(const QString &focusScope);
    // m_fold and m_scopes for m_graph (and the weights-as-nodes choice).
    void refold();
    // m_graph from m_root and m_steps, the breadcrumb, laid out again.
    void showSteps();
    void startLayout();
    // The items' looks (the picture the loader fills the scene from).
    std::shared_ptr<GraphPicture> makePicture(const struct GraphLayoutResult &layout, QStringList labels) const;
    // Once the loader has what the view shows: status, focus, laidOut().
    void finishLayout();
    void showSelection();
    // Exports to `path` (empty: asks where first); false when nothing is laid out.
    bool startExport(const QString &path, bool svg);
    // Opens at the graph's inputs: the first one at the top (left) of the view, readable.
    void showInputs();
    // The scope of node `node` (shown or folded); empty at the top.
    QString scopeOfNode(int node) const { return m_vx.scopeOfNode(node); }

    std::shared_ptr<const carton::ModelFile> m_model;
    std::shared_ptr<const GraphDecorator> m_decorator;
    std::shared_ptr<const carton::OnnxInfo> m_graph; // shown: m_root, or the body m_steps lead to
    std::shared_ptr<const carton::OnnxInfo> m_root;
    QList<GraphStep> m_steps;
    int m_focusNode = -1; // selected once laid out
    GraphScopes m_scopes; // over the nodes shown (m_shownNodes), not the folded ones
    GraphFold m_fold;
    QList<int> m_shownNodes; // the scopes' node index -> index in OnnxInfo::nodes
    QString m_focusScope;    // selected once laid out again
    GraphVertices m_vx;      // the items shown
    LatestJob *m_jobs = nullptr;
    QGraphicsScene *m_scene = nullptr;
    QGraphicsView *m_view = nullptr;
    QTextBrowser *m_properties = nullptr;
    GraphToolBar *m_bar = nullptr;
    GraphBodyBar *m_bodyBar = nullptr;
    QLabel *m_status = nullptr;
    GraphMinimap *m_minimap = nullptr;
    GraphItemLoader *m_loader = nullptr;
    GraphExportJob *m_export = nullptr;
    QList<QRectF> m_rects;    // each vertex's rectangle once laid out
    QString m_source;         // where the graph comes from
    QStringList m_edgeLabels; // per laid-out edge
    quint64 m_generation = 0;
    bool m_pending = false;
    bool m_laidOut = false;
    bool m_horizontal = false;
    bool m_weightsAsNodes = false;
    bool m_edgeShapes = true;
};

} // namespace studio
