// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphscopes.h"

#include <QWidget>
#include <memory>

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

class LatestJob;
struct GraphLayoutResult;

// The graph of a model (ONNX's, or a TorchScript method's as the runner inspected
// it, through graphFromInspection): its nodes (op type), the graph's inputs and
// outputs, and the tensors between them, laid out in layers (layoutGraph) on a
// worker thread when the view is shown. Click a node for its inputs, outputs and
// attributes in the properties pane; weights there are links that open the
// weight (weightActivated). Nodes collapse by name scope (GraphScopes): a box per
// collapsed scope, opened by a double-click or the context menu; a graph of more
// than kCollapseAbove nodes opens collapsed. Search by node name, op type or
// tensor name (Enter: the next match); Ctrl+wheel zooms; export as PNG or SVG.
class ModelGraphView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelGraphView)

public:
    static constexpr int kCollapseAbove = 1000;

    explicit ModelGraphView(QWidget *parent = nullptr);
    ~ModelGraphView() override;

    // The model whose graph to show (null, or one without a graph: a message);
    // laid out when the view is shown.
    void setModel(std::shared_ptr<const carton::ModelFile> model);
    // `graph` (null: as setModel), with `model`'s weights linked from it.
    void setGraph(std::shared_ptr<const carton::ModelFile> model, std::shared_ptr<const carton::OnnxInfo> graph);
    const std::shared_ptr<const carton::OnnxInfo> &graph() const { return m_graph; }
    bool isLayingOut() const;
    bool isLaidOut() const { return m_laidOut; }

    // Items of the graph: the nodes shown and the boxes of collapsed scopes (in the
    // order of their first node), then its inputs, then its outputs.
    int vertexCount() const { return int(m_vertices.size()); }
    // The collapsed scope item `index` stands for; empty for a node, an input or an output.
    QString collapsedScope(int index) const;
    // Node `node` of the graph (OnnxInfo::nodes) is shown as item...
    int vertexOfNode(int node) const;
    const GraphScopes &scopes() const { return m_scopes; }
    // Opens / closes a scope, or all, and lays the graph out again (laidOut()
    // follows); false when there is no such scope.
    bool expandScope(const QString &scope);
    bool collapseScope(const QString &scope);
    void expandAll();
    void collapseAll();
    // Selects vertex `index` (shows its properties, scrolls to it); false when out of range.
    bool selectVertex(int index);
    int selectedVertex() const;
    // Selects the next vertex after the selected one whose op type, name or tensors
    // contain `text` (case-insensitive), wrapping; -1 when none matches.
    int findNext(const QString &text);
    // The scene as a picture (at most 8192 pixels a side) / as SVG; false on failure.
    bool exportPng(const QString &path) const;
    bool exportSvg(const QString &path) const;

    QGraphicsView *view() const { return m_view; }
    QGraphicsScene *scene() const { return m_scene; }
    QTextBrowser *properties() const { return m_properties; }
    QLineEdit *searchEdit() const { return m_search; }
    QLabel *statusLabel() const { return m_status; }

signals:
    // An initializer's link in the properties: its name in the model file.
    void weightActivated(const QString &name);
    void laidOut();

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Vertex {
        QString title;  // op type, or the input's / output's name, or the scope's last part
        QString detail; // node name, or the value's type, or the scope
        int node = -1;  // index in OnnxInfo::nodes, or -1
        int input = -1; // index in OnnxInfo::inputs, or -1
        int output = -1;
        int members = 0; // a collapsed scope: its nodes
    };
    // The items shown (m_vertices) from m_graph and m_scopes.
    void buildVertices();
    // After a scope opened or closed: the items again, laid out again.
    void relayout(const QString &focusScope);
    void startLayout();
    // Adds the laid-out items a slice at a time (m_layout), then emits laidOut().
    void buildItems(quint64 generation);
    void showSelection();
    QString vertexHtml(const Vertex &vertex) const;
    QString scopeHtml(const Vertex &vertex) const;
    bool vertexMatches(const Vertex &vertex, const QString &wanted) const;
    void showContextMenu(const QPoint &viewportPos, const QPoint &globalPos);
    void exportInteractive(bool svg);

    std::shared_ptr<const carton::ModelFile> m_model;
    std::shared_ptr<const carton::OnnxInfo> m_graph;
    GraphScopes m_scopes;
    QList<int> m_itemOfNode; // node -> index in m_vertices
    QString m_focusScope;    // selected once laid out again
    QList<Vertex> m_vertices;
    QList<QGraphicsPathItem *> m_items; // one per vertex once laid out
    LatestJob *m_jobs = nullptr;
    QGraphicsScene *m_scene = nullptr;
    QGraphicsView *m_view = nullptr;
    QTextBrowser *m_properties = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_status = nullptr;
    std::shared_ptr<const GraphLayoutResult> m_layout; // being turned into items
    qsizetype m_builtVertices = 0;
    qsizetype m_builtEdges = 0;
    quint64 m_generation = 0;
    bool m_pending = false;
    bool m_laidOut = false;
};

} // namespace studio
