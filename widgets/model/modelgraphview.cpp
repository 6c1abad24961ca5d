// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelgraphview.h"

#include "graphbodybar.h"
#include "graphcamera.h"
#include "graphdecorator.h"
#include "graphexport.h"
#include "graphitems.h"
#include "graphlayout.h"
#include "graphminimap.h"
#include "graphprepared.h"
#include "graphproperties.h"
#include "graphtoolbar.h"
#include "jobs/latestjob.h"
#include "model/modelfile.h"
#include "modelsummary.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace studio {

using namespace carton;

namespace {

const QString kLayoutJob = QStringLiteral("layout");
const QString kStaticJob = QStringLiteral("torchscript");
const QString kFoldJob = QStringLiteral("fold");
// Items added per turn of the event loop; the view's repaint after each slice
// comes on top (~15 ms for thousands of items), so a slice stays well under 50 ms.
constexpr int kBuildSliceMs = 12;

} // namespace

ModelGraphView::ModelGraphView(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_scene(new QGraphicsScene(this)), m_view(new QGraphicsView),
      m_properties(new QTextBrowser), m_bar(new GraphToolBar), m_bodyBar(new GraphBodyBar), m_status(new QLabel)
{
    m_view->setObjectName(QStringLiteral("modelGraph"));
    m_view->setScene(m_scene);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_view->viewport()->installEventFilter(this);
    m_properties->setObjectName(QStringLiteral("modelGraphProperties"));
    m_properties->setOpenLinks(false);
    m_status->setTextFormat(Qt::PlainText);
    QLineEdit *search = m_bar->searchEdit();
    connect(m_bar->pngButton(), &QPushButton::clicked, this, [this] { exportInteractive(false); });
    connect(m_bar->svgButton(), &QPushButton::clicked, this, [this] { exportInteractive(true); });
    connect(search, &QLineEdit::returnPressed, this, [this, search] { findNext(search->text()); });
    connect(search, &QLineEdit::textEdited, this, [this](const QString &text) {
        // Every body of the model is searched (the list); the graph shown goes to its next match.
        m_bodyBar->setHits(m_root ? GraphSearch::find(*m_root, text) : QList<GraphSearch::Hit>());
        if (!text.trimmed().isEmpty())
            findNext(text);
    });
    connect(m_bodyBar, &GraphBodyBar::depthRequested, this, &ModelGraphView::showDepth);
    connect(m_bodyBar, &GraphBodyBar::hitActivated, this, &ModelGraphView::showHit);
    connect(m_bar->fitAction(), &QAction::triggered, this, &ModelGraphView::fitToView);
    connect(m_bar->zoomAction(), &QAction::triggered, this, &ModelGraphView::zoomToSelection);
    connect(m_bar->horizontalAction(), &QAction::toggled, this, &ModelGraphView::setHorizontal);
    connect(m_bar->weightsAction(), &QAction::toggled, this, &ModelGraphView::setWeightsAsNodes);
    connect(m_bar->shapesAction(), &QAction::toggled, this, &ModelGraphView::setEdgeShapes);
    addActions({m_bar->fitAction(), m_bar->zoomAction()}); // their keys anywhere in the view
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &ModelGraphView::showSelection);
    connect(m_properties, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString text = url.toString(QUrl::FullyEncoded);
        const QString &weight = GraphProperties::weightScheme, &expand = GraphProperties::expandScheme;
        if (text.startsWith(weight))
            emit weightActivated(QUrl::fromPercentEncoding(text.mid(weight.size()).toLatin1()));
        else if (text.startsWith(expand))
            expandScope(QUrl::fromPercentEncoding(text.mid(expand.size()).toLatin1()));
        else if (text.startsWith(GraphProperties::bodyScheme) && selectedVertex() >= 0) {
            // "body:ATTRIBUTE/GRAPH" of the selected node
            const QStringList parts = text.mid(GraphProperties::bodyScheme.size()).split(u'/');
            if (parts.size() == 2)
                openBody({m_vertices[selectedVertex()].node, parts[0].toInt(), parts[1].toInt()});
        }
    });
    auto *split = new QSplitter(Qt::Horizontal);
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_properties);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({3000, 1000}); // scaled to the width it gets: the graph takes three quarters
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar);
    layout->addWidget(m_bodyBar);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    m_minimap = new GraphMinimap(m_view);
    setModel(nullptr);
}

QLineEdit *ModelGraphView::searchEdit() const
{
    return m_bar->searchEdit();
}

QAction *ModelGraphView::fitAction() const
{
    return m_bar->fitAction();
}

ModelGraphView::~ModelGraphView()
{
    // The scene (a child) clears its items when it is deleted, after this
    // destructor: its selectionChanged must not reach showSelection() then.
    m_scene->disconnect(this);
}

void ModelGraphView::setModel(std::shared_ptr<const ModelFile> model)
{
    std::shared_ptr<const OnnxInfo> graph;
    if (model && model->onnx())
        graph = std::shared_ptr<const OnnxInfo>(model, &*model->onnx());
    const bool torchScript = model && !graph && model->torch() && model->torch()->torchScript;
    setGraph(model, std::move(graph));
    if (!torchScript)
        return;
    // Read from the archive's code/ without running anything; a resnet50 takes milliseconds.
    m_status->setText(tr("Reading the graph from the archive's code…"));
    m_jobs->start(
        kStaticJob,
        [model](Progress &) -> Result<std::shared_ptr<const OnnxInfo>> {
            Result<OnnxInfo> read = model->torchScriptGraph();
            if (!read)
                return read.error();
            return std::make_shared<const OnnxInfo>(std::move(*read));
        },
        [this, model](const Result<std::shared_ptr<const OnnxInfo>> &read) {
            if (read)
                setGraph(model, *read, tr("forward, read from the archive's code (nothing was run)"));
            else
                m_status->setText(tr("No graph: %1 (\"Inspect with torchscript…\" loads the model in the sandbox "
                                     "instead)")
                                      .arg(read.error().toString()));
            emit staticGraphRead();
        });
}

void ModelGraphView::setGraph(std::shared_ptr<const ModelFile> model, std::shared_ptr<const OnnxInfo> graph,
                              const QString &source)
{
    m_source = graph ? source : QString();
    m_model = std::move(model);
    m_root = std::move(graph);
    m_steps.clear();
    m_bodyBar->setHits({});
    showSteps();
}

void ModelGraphView::showSteps()
{
    m_graph = GraphSearch::follow(m_root, m_steps);
    QStringList crumbs;
    std::shared_ptr<const OnnxInfo> at = m_root;
    for (const GraphStep &step : std::as_const(m_steps)) {
        const OnnxNode &node = at->nodes[step.node];
        crumbs << GraphSearch::stepName(node, step.node) << GraphSearch::bodyName(node, step);
        at = node.attributes[step.attribute].graphs[step.graph];
    }
    m_bodyBar->setCrumbs(crumbs);
    if (!m_graph || m_graph->nodes.size() <= kCollapseAbove) {
        refold();
        relayout({});
        return;
    }
    // A big graph's folding and scopes (hashes over every node's values: ~100 ms for
    // swin_t's 6,357 nodes under load) are made off the GUI thread, then laid out.
    m_graph.reset(); // nothing shown meanwhile
    relayout({});
    m_graph = GraphSearch::follow(m_root, m_steps);
    m_status->setText(tr("Preparing %n node(s)…", nullptr, int(m_graph->nodes.size())));
    m_jobs->start(
        kFoldJob,
        [graph = m_graph, model = m_model, asNodes = m_weightsAsNodes](Progress &) {
            return GraphPrepared::make(
                *graph, [&model](const QString &name) { return model ? model->findWeight(name) : nullptr; }, !asNodes,
                kCollapseAbove);
        },
        [this, graph = m_graph](GraphPrepared &&p) {
            if (graph != m_graph)
                return;
            m_fold = std::move(p.fold);
            m_scopes = std::move(p.scopes);
            m_shownNodes = std::move(p.shown);
            const int focus = m_focusNode; // showDepth(), showHit() set it meanwhile
            relayout({});
            m_focusNode = focus;
        });
}

bool ModelGraphView::openBody(const GraphStep &step)
{
    if (!m_graph || !GraphSearch::follow(m_graph, {step}))
        return false;
    m_steps.append(step);
    showSteps();
    return true;
}

bool ModelGraphView::showDepth(int depth)
{
    if (depth < 0 || depth > m_steps.size())
        return false;
    const int node = depth < m_steps.size() ? m_steps[depth].node : -1;
    m_steps.resize(depth);
    showSteps();
    m_focusNode = node; // back where the body was opened
    return true;
}

bool ModelGraphView::showHit(const GraphSearch::Hit &hit)
{
    if (!GraphSearch::follow(m_root, hit.steps))
        return false;
    if (hit.steps != m_steps) {
        m_steps = hit.steps;
        showSteps();
    }
    if (m_laidOut)
        return selectVertex(vertexOfNode(hit.node));
    m_focusNode = hit.node;
    return true;
}

void ModelGraphView::refold()
{
    m_scopes = GraphScopes();
    m_shownNodes.clear();
    m_fold = GraphFold();
    if (!m_graph)
        return;
    const ModelFile *model = m_model.get();
    GraphPrepared p = GraphPrepared::make(
        *m_graph, [model](const QString &name) { return model ? model->findWeight(name) : nullptr; }, !m_weightsAsNodes,
        kCollapseAbove);
    m_fold = std::move(p.fold);
    m_scopes = std::move(p.scopes);
    m_shownNodes = std::move(p.shown);
}

void ModelGraphView::setHorizontal(bool horizontal)
{
    if (m_horizontal == horizontal)
        return;
    m_horizontal = horizontal;
    relayout({});
}

void ModelGraphView::setWeightsAsNodes(bool asNodes)
{
    if (m_weightsAsNodes == asNodes)
        return;
    m_weightsAsNodes = asNodes;
    showSteps();
}

void ModelGraphView::relayout(const QString &focusScope)
{
    m_jobs->cancelAll();
    ++m_generation; // items still being added for the previous graph stop
    m_layout.reset();
    m_focusScope = focusScope;
    m_focusNode = -1;
    m_items.clear();
    {
        // Deleting a selected item changes the selection: nothing to show of items going away.
        const QSignalBlocker quiet(m_scene);
        m_scene->clear();
    }
    m_vertices.clear();
    m_itemOfNode.clear();
    m_rects.clear();
    m_labelItems.clear();
    m_edgeLabels.clear();
    m_minimap->clear();
    m_properties->clear();
    m_laidOut = false;
    if (!m_graph) {
        m_pending = false;
        m_status->setText(m_model ? tr("No graph: this file format has none that can be shown.")
                                  : tr("Select a model file to see its graph."));
        return;
    }
    buildVertices();
    m_status->setText(tr("%n node(s)", nullptr, int(m_graph->nodes.size())));
    m_pending = true;
    if (isVisible())
        startLayout();
}

void ModelGraphView::buildVertices()
{
    const OnnxInfo &graph = *m_graph;
    const GraphScopes::Visible shown = m_scopes.visible();
    m_itemOfNode.fill(-1, graph.nodes.size());
    for (qsizetype i = 0; i < shown.itemOfNode.size(); ++i)
        m_itemOfNode[m_shownNodes[i]] = shown.itemOfNode[i];
    for (qsizetype n = 0; n < graph.nodes.size(); ++n) // a folded node: where it is drawn
        if (m_fold.isFolded(int(n)) && m_fold.hostOf(int(n)) >= 0)
            m_itemOfNode[n] = m_itemOfNode[m_fold.hostOf(int(n))];
    for (const GraphScopes::Item &item : shown.items) {
        if (item.node >= 0) {
            const int index = m_shownNodes[item.node];
            const OnnxNode &node = graph.nodes[index];
            QStringList rows;
            for (const GraphFold::Row &row : m_fold.rows(index))
                rows.append(row.role + u' ' + row.text);
            m_vertices.append({node.opType, node.name, index, -1, -1, 0, rows, {}});
        } else {
            const QString last = item.scope.mid(item.scope.lastIndexOf(u'/') + 1);
            m_vertices.append(
                {tr("%1 · %2 nodes").arg(last).arg(item.members), item.scope, -1, -1, -1, item.members, {}, {}});
        }
    }
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        if (m_fold.isFolded(int(n)) && m_itemOfNode[n] >= 0)
            m_vertices[m_itemOfNode[n]].folded.append(int(n));
    for (qsizetype i = 0; i < graph.inputs.size(); ++i)
        m_vertices.append(
            {graph.inputs[i].name, ModelSummary::valueInfoText(graph.inputs[i]), -1, int(i), -1, 0, {}, {}});
    for (qsizetype i = 0; i < graph.outputs.size(); ++i)
        m_vertices.append(
            {graph.outputs[i].name, ModelSummary::valueInfoText(graph.outputs[i]), -1, -1, int(i), 0, {}, {}});
}

QString ModelGraphView::collapsedScope(int index) const
{
    return index >= 0 && index < m_vertices.size() && m_vertices[index].members > 0 ? m_vertices[index].detail
                                                                                    : QString();
}

int ModelGraphView::vertexOfNode(int node) const
{
    return node >= 0 && node < m_itemOfNode.size() ? m_itemOfNode[node] : -1;
}

QString ModelGraphView::scopeOfNode(int node) const
{
    if (m_fold.isFolded(node))
        node = m_fold.hostOf(node);
    const auto compact = std::lower_bound(m_shownNodes.cbegin(), m_shownNodes.cend(), node);
    if (node < 0 || compact == m_shownNodes.cend() || *compact != node)
        return {};
    return m_scopes.scopeOfNode(int(compact - m_shownNodes.cbegin()));
}

QRectF ModelGraphView::vertexRect(int index) const
{
    return index >= 0 && index < m_rects.size() ? m_rects[index] : QRectF();
}

bool ModelGraphView::expandScope(const QString &scope)
{
    if (!m_scopes.expand(scope))
        return false;
    relayout(scope);
    return true;
}

bool ModelGraphView::collapseScope(const QString &scope)
{
    if (!m_scopes.collapse(scope))
        return false;
    relayout(scope);
    return true;
}

void ModelGraphView::expandAll()
{
    m_scopes.expandAll();
    relayout({});
}

void ModelGraphView::collapseAll()
{
    m_scopes.collapseAll();
    relayout({});
}

void ModelGraphView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_pending)
        startLayout();
}

bool ModelGraphView::isLayingOut() const
{
    return m_jobs->isRunning(kLayoutJob);
}

GraphLayoutInput ModelGraphView::layoutInput(QStringList *edgeValues) const
{
    GraphLayoutInput input;
    if (!m_graph)
        return input;
    const OnnxInfo &graph = *m_graph;
    // Sizes from the font here; the layout itself on a worker thread.
    const GraphItems::Style style = GraphItems::style(font(), palette());
    const QFontMetricsF metrics(style.font);
    const QFontMetricsF rowMetrics(style.rowFont);
    input.horizontal = m_horizontal;
    // Measured once per text: a big graph has thousands of nodes but few op types and
    // shapes (measuring each took ~20 ms of the GUI thread for 5,000 nodes).
    QHash<QString, qreal> widths, rowWidths;
    const auto measure = [](QHash<QString, qreal> &cache, const QFontMetricsF &m, const QString &text) {
        auto width = cache.constFind(text);
        if (width == cache.constEnd())
            width = cache.insert(text, m.horizontalAdvance(text));
        return *width;
    };
    input.nodes.reserve(m_vertices.size());
    input.floating.reserve(m_vertices.size());
    for (const Vertex &v : std::as_const(m_vertices)) {
        QList<qreal> rows;
        for (const QString &row : v.rows)
            rows.append(measure(rowWidths, rowMetrics, row));
        input.nodes.append(GraphItems::nodeSize(style, measure(widths, metrics, v.title), rows, v.members > 0));
        // Only the graph's inputs start the top layer; any other source sits by its first user.
        input.floating.append(v.input < 0);
    }
    // Edges between what is shown: a node's to the box that holds it; inside a box, none;
    // none from a folded constant (it is drawn inside its users).
    QHash<QString, int> producer;
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        if (!m_fold.isFolded(int(n)))
            for (const QString &out : graph.nodes[n].outputs)
                producer.insert(out, m_itemOfNode[n]);
    const qsizetype firstInput = m_vertices.size() - graph.inputs.size() - graph.outputs.size();
    for (qsizetype i = 0; i < graph.inputs.size(); ++i)
        producer.insert(graph.inputs[i].name, int(firstInput + i));
    QSet<quint64> seen;
    const auto addEdge = [&](int from, int to, const QString &value) {
        if (from < 0 || from == to)
            return;
        const quint64 key = (quint64(quint32(from)) << 32) | quint32(to);
        if (!seen.contains(key)) {
            seen.insert(key);
            input.edges.append({from, to});
            if (edgeValues)
                edgeValues->append(value);
        }
    };
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        for (const QString &in : graph.nodes[n].inputs)
            if (!in.isEmpty())
                addEdge(producer.value(in, -1), m_itemOfNode[n], in);
    for (qsizetype i = 0; i < graph.outputs.size(); ++i)
        addEdge(producer.value(graph.outputs[i].name, -1), int(firstInput + graph.inputs.size() + i),
                graph.outputs[i].name);
    return input;
}

void ModelGraphView::startLayout()
{
    m_pending = false;
    const OnnxInfo &graph = *m_graph;
    QStringList values;
    const GraphLayoutInput input = layoutInput(&values);
    m_status->setText(tr("Laying out %n node(s)…", nullptr, int(graph.nodes.size())));
    struct Laid {
        GraphLayoutResult layout;
        QStringList labels;
    };
    m_jobs->start(
        kLayoutJob,
        [input, values = std::move(values), graph = m_graph](Progress &progress) {
            // The edges' labels here too: a text per value of thousands.
            return Laid{layoutGraph(input, &progress), GraphItems::edgeLabels(*graph, values)};
        },
        [this](Laid &&laid) {
            const GraphLayoutResult &layout = laid.layout;
            if (layout.cancelled)
                return;
            m_edgeLabels = std::move(laid.labels);
            m_layout = std::make_shared<const GraphLayoutResult>(layout);
            m_builtVertices = 0;
            m_builtEdges = 0;
            m_scene->setSceneRect(layout.bounds.adjusted(-20, -20, 20, 20));
            m_rects = layout.nodes;
            showInputs();
            buildItems(m_generation);
        });
}

void ModelGraphView::showInputs()
{
    const qsizetype firstInput = m_vertices.size() - m_graph->inputs.size() - m_graph->outputs.size();
    QRectF inputs;
    for (qsizetype i = firstInput; i < firstInput + m_graph->inputs.size() && i < m_rects.size(); ++i)
        inputs = inputs.isNull() ? m_rects[i] : inputs.united(m_rects[i]);
    GraphCamera::openAt(*m_view, inputs, m_horizontal);
}

void ModelGraphView::fitToView()
{
    GraphCamera::fit(*m_view);
    m_minimap->update();
}

bool ModelGraphView::zoomToSelection()
{
    const int index = selectedVertex();
    if (index < 0 || index >= m_rects.size())
        return false;
    GraphCamera::zoomTo(*m_view, m_rects[index]);
    m_minimap->update();
    return true;
}

void ModelGraphView::buildItems(quint64 generation)
{
    if (generation != m_generation || !m_layout)
        return;
    // A slice at a time, so that the GUI thread never stops for long on a big graph.
    QElapsedTimer budget;
    budget.start();
    const GraphLayoutResult &layout = *m_layout;
    const GraphItems::Style style = GraphItems::style(font(), palette());
    for (; m_builtVertices < m_vertices.size() && budget.elapsed() < kBuildSliceMs; ++m_builtVertices) {
        const qsizetype i = m_builtVertices;
        const Vertex &v = m_vertices[i];
        GraphItems::Node node;
        node.title = v.title;
        node.tooltip = v.detail.isEmpty() ? v.title : v.title + u'\n' + v.detail;
        node.rows = v.rows;
        node.io = v.input >= 0 || v.output >= 0;
        node.members = v.members;
        node.fill = vertexColor(v);
        if (m_decorator)
            m_decorator->decorate(node, *m_graph, vertexNodes(int(i)), v.members > 0);
        m_items.append(GraphItems::addNode(*m_scene, layout.nodes[i], node, int(i), style));
    }
    for (; m_builtEdges < layout.edges.size() && budget.elapsed() < kBuildSliceMs; ++m_builtEdges) {
        GraphItems::addEdge(*m_scene, layout.edges[m_builtEdges], style);
        const QString &label = m_builtEdges < m_edgeLabels.size() ? m_edgeLabels[m_builtEdges] : QString();
        if (!label.isEmpty()) {
            QGraphicsItem *text = GraphItems::addEdgeLabel(*m_scene, layout.edges[m_builtEdges], label, style);
            text->setVisible(m_edgeShapes);
            m_labelItems.append(text);
        }
    }
    if (m_builtVertices < m_vertices.size() || m_builtEdges < layout.edges.size()) {
        QTimer::singleShot(0, this, [this, generation] { buildItems(generation); });
        return;
    }
    m_layout.reset();
    m_laidOut = true;
    if (m_vertices.size() > kMinimapAbove) {
        QList<QColor> colors;
        colors.reserve(m_vertices.size());
        for (const QGraphicsPathItem *item : std::as_const(m_items))
            colors.append(item->brush().color());
        m_minimap->setNodes(m_rects, colors, m_scene->sceneRect());
    }
    QString status = tr("%n node(s)", nullptr, int(m_graph->nodes.size()));
    if (!m_source.isEmpty() && m_steps.isEmpty())
        status += u" · " + m_source;
    if (m_fold.foldedCount() > 0)
        status += u" · " + tr("%n constant(s) shown inside their nodes", nullptr, m_fold.foldedCount());
    int boxes = 0;
    for (const Vertex &v : std::as_const(m_vertices))
        boxes += v.members > 0 ? 1 : 0;
    if (boxes > 0)
        status += u" · " + tr("%n scope(s) collapsed: double-click one to open it", nullptr, boxes);
    m_status->setText(status);
    if (m_focusNode >= 0)
        selectVertex(vertexOfNode(std::exchange(m_focusNode, -1)));
    if (!m_focusScope.isEmpty()) {
        // The scope just opened or closed: its box, or its first node.
        for (qsizetype n = 0; n < m_graph->nodes.size(); ++n) {
            const QString scope = scopeOfNode(int(n));
            if (scope == m_focusScope || scope.startsWith(m_focusScope + u'/')) {
                selectVertex(m_itemOfNode[n]);
                break;
            }
        }
    }
    emit laidOut();
}

void ModelGraphView::setEdgeShapes(bool shown)
{
    m_edgeShapes = shown;
    for (QGraphicsItem *label : std::as_const(m_labelItems))
        label->setVisible(shown);
}

QColor ModelGraphView::vertexColor(const Vertex &vertex) const
{
    if (vertex.members > 0)
        return GraphItems::scopeColor();
    return vertex.node >= 0 ? GraphItems::opColor(vertex.title) : palette().color(QPalette::AlternateBase);
}

QList<int> ModelGraphView::vertexNodes(int index) const
{
    const Vertex &v = m_vertices[index];
    if (v.node >= 0)
        return QList<int>{v.node} + v.folded;
    QList<int> nodes;
    for (qsizetype n = 0; v.members > 0 && n < m_itemOfNode.size(); ++n)
        if (m_itemOfNode[n] == index)
            nodes.append(int(n));
    return nodes;
}

int ModelGraphView::selectedVertex() const
{
    const QList<QGraphicsItem *> selected = m_scene->selectedItems();
    return selected.isEmpty() ? -1 : selected.first()->data(0).toInt();
}

bool ModelGraphView::selectVertex(int index)
{
    if (index < 0 || index >= m_items.size())
        return false;
    m_scene->clearSelection();
    m_items[index]->setSelected(true);
    m_view->centerOn(m_items[index]);
    return true;
}

bool ModelGraphView::vertexMatches(const Vertex &v, const QString &wanted) const
{
    if (v.title.contains(wanted, Qt::CaseInsensitive) || v.detail.contains(wanted, Qt::CaseInsensitive))
        return true;
    const auto nodeMatches = [&](int node) { return GraphSearch::matches(m_graph->nodes[node], wanted); };
    if (v.node >= 0)
        return nodeMatches(v.node) || std::any_of(v.folded.cbegin(), v.folded.cend(), nodeMatches);
    if (v.members > 0) { // a collapsed scope matches when one of its nodes does
        const qsizetype self = &v - m_vertices.constData();
        for (qsizetype n = 0; n < m_itemOfNode.size(); ++n)
            if (m_itemOfNode[n] == self && nodeMatches(int(n)))
                return true;
    }
    return false;
}

int ModelGraphView::findNext(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty() || !m_laidOut || !m_graph)
        return -1;
    int count = 0;
    for (const Vertex &v : std::as_const(m_vertices))
        count += vertexMatches(v, wanted) ? 1 : 0;
    m_status->setText(tr("%n match(es)", nullptr, count));
    const int start = selectedVertex();
    for (int step = 1; step <= m_vertices.size(); ++step) {
        const int i = int((start + step + m_vertices.size()) % m_vertices.size());
        if (vertexMatches(m_vertices[i], wanted)) {
            selectVertex(i);
            return i;
        }
    }
    return -1;
}

void ModelGraphView::showSelection()
{
    const int index = selectedVertex();
    for (QGraphicsPathItem *item : std::as_const(m_items)) {
        QPen pen = item->data(1).value<QPen>(); // as drawn (GraphItems::addNode)
        if (item->isSelected()) {
            pen.setWidthF(3);
            pen.setColor(palette().color(QPalette::Highlight));
        }
        item->setPen(pen);
    }
    m_properties->setHtml(index >= 0 ? vertexHtml(m_vertices[index]) : QString());
}

QString ModelGraphView::vertexHtml(const Vertex &vertex) const
{
    if (vertex.members > 0) {
        QMap<QString, int> ops;
        const qsizetype self = &vertex - m_vertices.constData();
        for (qsizetype n = 0; n < m_itemOfNode.size(); ++n)
            if (m_itemOfNode[n] == self && !m_fold.isFolded(int(n)))
                ++ops[m_graph->nodes[n].opType];
        return GraphProperties::scopeHtml(vertex.detail, vertex.members, ops);
    }
    if (vertex.node < 0)
        return GraphProperties::valueHtml(vertex.input >= 0, vertex.title, vertex.detail);
    if (QString html = m_decorator ? m_decorator->nodeHtml(*m_graph, vertex.node) : QString(); !html.isEmpty())
        return html;
    return GraphProperties::nodeHtml(*m_graph, m_model.get(), vertex.node, m_fold);
}

bool ModelGraphView::exportPng(const QString &path) const
{
    return GraphExport::writePng(*m_scene, m_scene->sceneRect(), palette().color(QPalette::Base), path);
}

bool ModelGraphView::exportSvg(const QString &path) const
{
    return GraphExport::writeSvg(*m_scene, m_scene->sceneRect(), path, tr("Model graph"));
}

QString ModelGraphView::exportFileName(bool svg) const
{
    return GraphExport::fileName(m_model ? m_model->fileName() : QString(),
                                 svg ? QStringLiteral("svg") : QStringLiteral("png"));
}

void ModelGraphView::exportInteractive(bool svg)
{
    if (!m_laidOut)
        return;
    const QString path =
        QFileDialog::getSaveFileName(this, svg ? tr("Export Graph as SVG") : tr("Export Graph as PNG"),
                                     exportFileName(svg), svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    const bool ok = svg ? exportSvg(path) : exportPng(path);
    m_status->setText(ok ? tr("Exported to %1").arg(path) : tr("Could not write %1").arg(path));
}

void ModelGraphView::showContextMenu(const QPoint &viewportPos, const QPoint &globalPos)
{
    if (!m_laidOut)
        return;
    QMenu menu(this);
    const QGraphicsItem *item = m_view->itemAt(viewportPos);
    while (item && item->parentItem())
        item = item->parentItem();
    const int index = item && item->data(0).isValid() ? item->data(0).toInt() : -1;
    if (item && index >= 0 && index < m_vertices.size()) {
        const Vertex &v = m_vertices[index];
        const QString scope = v.members > 0 ? v.detail : v.node >= 0 ? scopeOfNode(v.node) : QString();
        if (v.members > 0)
            menu.addAction(tr("Expand %1").arg(scope), this, [this, scope] { expandScope(scope); });
        else if (!scope.isEmpty())
            menu.addAction(tr("Collapse %1").arg(scope), this, [this, scope] { collapseScope(scope); });
        if (!scope.isEmpty() && !GraphScopes::parentScope(scope).isEmpty()) {
            const QString parent = GraphScopes::parentScope(scope);
            menu.addAction(tr("Collapse %1").arg(parent), this, [this, parent] { collapseScope(parent); });
        }
    }
    if (m_scopes.hasScopes()) {
        if (!menu.isEmpty())
            menu.addSeparator();
        menu.addAction(tr("Expand All Scopes"), this, &ModelGraphView::expandAll);
        menu.addAction(tr("Collapse All Scopes"), this, &ModelGraphView::collapseAll);
    }
    if (!menu.isEmpty())
        menu.exec(globalPos);
}

bool ModelGraphView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::MouseButtonDblClick) {
        // A collapsed scope opens; a node with a body (If, Loop) opens its first; a node in a scope closes it.
        const auto *mouse = static_cast<QMouseEvent *>(event);
        const QGraphicsItem *item = m_view->itemAt(mouse->position().toPoint());
        while (item && item->parentItem())
            item = item->parentItem();
        const int index = item && item->data(0).isValid() ? item->data(0).toInt() : -1;
        if (item && index >= 0 && index < m_vertices.size()) {
            const Vertex &v = m_vertices[index];
            const auto hasBody = [](const OnnxAttribute &a) { return !a.graphs.isEmpty(); };
            const QList<OnnxAttribute> *attributes = v.node >= 0 ? &m_graph->nodes[v.node].attributes : nullptr;
            const auto body = attributes ? std::find_if(attributes->cbegin(), attributes->cend(), hasBody)
                                         : QList<OnnxAttribute>::const_iterator();
            if (v.members > 0)
                expandScope(v.detail);
            else if (attributes && body != attributes->cend())
                openBody({v.node, int(body - attributes->cbegin()), 0});
            else if (v.node >= 0 && !scopeOfNode(v.node).isEmpty())
                collapseScope(scopeOfNode(v.node));
            return true;
        }
    }
    if (watched == m_view->viewport() && event->type() == QEvent::ContextMenu) {
        const auto *menu = static_cast<QContextMenuEvent *>(event);
        showContextMenu(menu->pos(), menu->globalPos());
        return true;
    }
    if (watched == m_view->viewport() && event->type() == QEvent::Wheel &&
        GraphCamera::wheel(*m_view, static_cast<QWheelEvent *>(event))) {
        m_minimap->update();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace studio
