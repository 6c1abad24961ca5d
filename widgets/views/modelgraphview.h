// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

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
}

namespace studio {

class LatestJob;
struct GraphLayoutResult;

// The graph of an ONNX model: its nodes (op type), the graph's inputs and outputs,
// and the tensors between them, laid out in layers (layoutGraph) on a worker
// thread when the view is shown. Click a node for its inputs, outputs and
// attributes in the properties pane; initializers there are links that open the
// weight (weightActivated). Search by node name, op type or tensor name (Enter:
// the next match); Ctrl+wheel zooms; export as PNG or SVG.
class ModelGraphView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelGraphView)

public:
    explicit ModelGraphView(QWidget *parent = nullptr);
    ~ModelGraphView() override;

    // The model whose graph to show (null, or one without a graph: a message);
    // laid out when the view is shown.
    void setModel(std::shared_ptr<const carton::ModelFile> model);
    bool isLayingOut() const;
    bool isLaidOut() const { return m_laidOut; }

    // Items of the graph: the model's nodes (0..nodes-1), then its inputs, then its outputs.
    int vertexCount() const { return int(m_vertices.size()); }
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
        QString title;  // op type, or the input's / output's name
        QString detail; // node name, or the value's type
        int node = -1;  // index in OnnxInfo::nodes, or -1
        int input = -1; // index in OnnxInfo::inputs, or -1
        int output = -1;
    };
    void startLayout();
    // Adds the laid-out items a slice at a time (m_layout), then emits laidOut().
    void buildItems(quint64 generation);
    void showSelection();
    QString vertexHtml(const Vertex &vertex) const;
    void exportInteractive(bool svg);

    std::shared_ptr<const carton::ModelFile> m_model;
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
