// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelgraphview.h"

#include "graphbodybar.h"
#include "graphcamera.h"
#include "graphdecorator.h"
#include "graphexport.h"
#include "graphexportjob.h"
#include "graphitemactions.h"
#include "graphitemloader.h"
#include "graphitems.h"
#include "graphlayout.h"
#include "graphminimap.h"
#include "graphpicture.h"
#include "graphprepared.h"
#include "graphproperties.h"
#include "graphtoolbar.h"
#include "graphvertices.h"
#include "jobs/latestjob.h"
#include "model/modelfile.h"
#include "model/modelgraph.h"
#include "modelsummary.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTextBrowser>
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

} // namespace

ModelGraphView::ModelGraphView(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_scene(new QGraphicsScene(this)), m_view(new QGraphicsView),
      m_properties(new QTextBrowser), m_bar(new GraphToolBar), m_bodyBar(new GraphBodyBar), m_status(new QLabel),
      m_export(new GraphExportJob)
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
    connect(m_bar->pngButton(), &QPushButton::clicked, this, [this] { startExport({}, false); });
    connect(m_bar->svgButton(), &QPushButton::clicked, this, [this] { startExport({}, true); });
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
        if (const QString weight = GraphProperties::linkedWeight(url); !weight.isEmpty())
            emit weightActivated(weight);
        else if (const QString scope = GraphProperties::linkedScope(url); !scope.isEmpty())
            expandScope(scope);
        else if (const std::optional<GraphStep> body = GraphProperties::linkedBody(url, nodeOfVertex(selectedVertex())))
            openBody(*body);
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
    layout->addWidget(m_export);
    layout->addWidget(split, 1);
    m_minimap = new GraphMinimap(m_view);
    m_loader = new GraphItemLoader(m_view, m_minimap, this);
    connect(m_loader, &GraphItemLoader::ready, this, &ModelGraphView::finishLayout);
    connect(m_export, &GraphExportJob::finished, this, [this](const QString &path, const QString &error) {
        m_status->setText(error.isEmpty() ? tr("Exported to %1").arg(path) : tr("Could not export: %1").arg(error));
        emit exported(path, error);
    });
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
    // The same choice as the model review's (carton::modelGraph).
    const GraphSource source = model ? carton::graphSource(*model) : GraphSource::None;
    if (source != GraphSource::TorchScriptCode) {
        Result<std::shared_ptr<const OnnxInfo>> graph = modelGraph(model);
        setGraph(model, graph ? *graph : nullptr);
        return;
    }
    setGraph(model, nullptr);
    // Read from the archive's code/ without running anything; a resnet50 takes milliseconds.
    m_status->setText(tr("Reading the graph from the archive's code…"));
    m_jobs->start(
        kStaticJob, [model](Progress &) { return modelGraph(model); },
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
    // A body takes the values it uses from around it as inputs, except under a decorator (the
    // model review knows the file's graphs by their address).
    const ModelFile *weights = m_model.get();
    const std::shared_ptr<const OnnxInfo> shown =
        m_decorator ? GraphSearch::follow(m_root, m_steps)
                    : GraphSearch::withOuterInputs(m_root, m_steps, [weights](const QString &name) {
                          return weights && weights->findWeight(name);
                      });
    m_graph = shown;
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
    m_graph = shown;
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
    GraphPrepared p;
    if (m_graph) {
        const ModelFile *model = m_model.get();
        p = GraphPrepared::make(
            *m_graph, [model](const QString &name) { return model ? model->findWeight(name) : nullptr; },
            !m_weightsAsNodes, kCollapseAbove);
    }
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
    ++m_generation;
    m_loader->clear(); // items still being added for the previous graph stop
    m_focusScope = focusScope;
    m_focusNode = -1;
    {
        // Deleting a selected item changes the selection: nothing to show of items going away.
        const QSignalBlocker quiet(m_scene);
        m_scene->clear();
    }
    m_vx.clear();
    m_rects.clear();
    m_edgeLabels.clear();
    m_properties->clear();
    m_laidOut = false;
    if (!m_graph) {
        m_pending = false;
        m_status->setText(m_model ? tr("No graph: this file format has none that can be shown.")
                                  : tr("Select a model file to see its graph."));
        return;
    }
    m_vx.build(*m_graph, m_fold, m_scopes, m_shownNodes);
    showSelection(); // nothing selected yet: the graph's own properties
    m_status->setText(tr("%n node(s)", nullptr, int(m_graph->nodes.size())));
    m_pending = true;
    if (isVisible())
        startLayout();
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
    GraphLayoutInput input = m_vx.sizes(GraphItems::style(font(), palette()), m_horizontal);
    if (m_graph)
        GraphVertices::addEdges(*m_graph, m_fold, m_vx.itemOfNode, m_vx.list.size(), input, edgeValues);
    return input;
}

void ModelGraphView::startLayout()
{
    m_pending = false;
    const OnnxInfo &graph = *m_graph;
    // The font's measures here, the rest on a worker thread.
    GraphLayoutInput sized = m_vx.sizes(GraphItems::style(font(), palette()), m_horizontal);
    m_status->setText(tr("Laying out %n node(s)…", nullptr, int(graph.nodes.size())));
    struct Laid {
        GraphLayoutResult layout;
        QStringList labels;
        QList<bool> fanOut, implicit;
        std::shared_ptr<const GraphGrid> grid;
    };
    m_jobs->start(
        kLayoutJob,
        [input = std::move(sized), graph = m_graph, fold = m_fold, itemOfNode = m_vx.itemOfNode,
         vertexCount = m_vx.list.size()](Progress &progress) mutable {
            // The edges, their labels and where everything lies here too: a text per value of thousands.
            QStringList values;
            QList<bool> implicit;
            GraphVertices::addEdges(*graph, fold, itemOfNode, vertexCount, input, &values, &implicit);
            GraphLayoutResult layout = layoutGraph(input, &progress);
            auto grid = std::make_shared<const GraphGrid>(layout.nodes, layout.edges);
            QList<bool> fanOut = GraphItems::fanOuts(layout.edges);
            QStringList labels = GraphItems::edgeLabels(*graph, values);
            GraphItems::dropRepeatedLabels(layout.edges, labels);
            return Laid{std::move(layout), std::move(labels), std::move(fanOut), std::move(implicit), std::move(grid)};
        },
        [this](Laid &&laid) {
            const GraphLayoutResult &layout = laid.layout;
            if (layout.cancelled)
                return;
            m_edgeLabels = laid.labels;
            m_scene->setSceneRect(layout.bounds.adjusted(-20, -20, 20, 20));
            m_rects = layout.nodes;
            showInputs();
            m_loader->setLabelsShown(m_edgeShapes);
            std::shared_ptr<GraphPicture> picture = makePicture(layout, std::move(laid.labels));
            picture->fanOut = std::move(laid.fanOut);
            picture->implicit = std::move(laid.implicit);
            m_loader->load(std::move(picture), std::move(laid.grid));
        });
}

void ModelGraphView::showInputs()
{
    const qsizetype firstInput = m_vx.list.size() - m_graph->inputs.size() - m_graph->outputs.size();
    QRectF inputs;
    for (qsizetype i = firstInput; i < firstInput + m_graph->inputs.size() && i < m_rects.size(); ++i)
        inputs = inputs.isNull() ? m_rects[i] : inputs.united(m_rects[i]);
    GraphCamera::openAt(*m_view, inputs, m_horizontal);
}

void ModelGraphView::fitToView()
{
    GraphCamera::fit(*m_view);
}

bool ModelGraphView::zoomToSelection()
{
    const int index = selectedVertex();
    if (index < 0 || index >= m_rects.size())
        return false;
    GraphCamera::zoomTo(*m_view, m_rects[index]);
    return true;
}

std::shared_ptr<GraphPicture> ModelGraphView::makePicture(const GraphLayoutResult &layout, QStringList labels) const
{
    auto picture = std::make_shared<GraphPicture>();
    picture->style = GraphItems::style(font(), palette());
    picture->background = palette().color(QPalette::Base);
    picture->bounds = m_scene->sceneRect();
    picture->rects = layout.nodes;
    picture->edges = layout.edges;
    picture->labels = std::move(labels);
    picture->labelsShown = m_edgeShapes;
    picture->nodes.reserve(m_vx.list.size());
    for (qsizetype i = 0; i < m_vx.list.size(); ++i)
        picture->nodes.append(m_vx.look(int(i), *m_graph, palette(), m_decorator.get()));
    return picture;
}

std::shared_ptr<const GraphPicture> ModelGraphView::picture() const
{
    return m_laidOut ? m_loader->picture() : nullptr;
}

void ModelGraphView::finishLayout()
{
    m_laidOut = true;
    QString status = tr("%n node(s)", nullptr, int(m_graph->nodes.size()));
    if (!m_source.isEmpty() && m_steps.isEmpty())
        status += u" · " + m_source;
    if (m_fold.foldedCount() > 0)
        status += u" · " + tr("%n constant(s) shown inside their nodes", nullptr, m_fold.foldedCount());
    int boxes = 0;
    for (const GraphVertices::Vertex &v : std::as_const(m_vx.list))
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
                selectVertex(m_vx.itemOfNode[n]);
                break;
            }
        }
    }
    emit laidOut();
}

void ModelGraphView::setEdgeShapes(bool shown)
{
    m_edgeShapes = shown;
    m_loader->setLabelsShown(shown);
}

int ModelGraphView::selectedVertex() const
{
    const QList<QGraphicsItem *> selected = m_scene->selectedItems();
    return selected.isEmpty() ? -1 : selected.first()->data(0).toInt();
}

bool ModelGraphView::selectVertex(int index)
{
    QGraphicsPathItem *item = m_laidOut ? m_loader->item(index) : nullptr;
    if (!item)
        return false;
    m_scene->clearSelection();
    item->setSelected(true);
    m_view->centerOn(item);
    return true;
}

int ModelGraphView::nodeOfVertex(int index) const
{
    return index >= 0 && index < m_vx.list.size() ? m_vx.list[index].node : -1;
}

int ModelGraphView::vertexAt(const QPoint &viewportPos) const
{
    const QGraphicsItem *item = m_view->itemAt(viewportPos);
    while (item && item->parentItem())
        item = item->parentItem();
    const int index = item && item->data(0).isValid() ? item->data(0).toInt() : -1;
    return index < m_vx.list.size() ? index : -1;
}

QString ModelGraphView::scopeOfVertex(int index) const
{
    return index >= 0 && index < m_vx.list.size() && m_vx.list[index].node >= 0 ? scopeOfNode(m_vx.list[index].node)
                                                                                : QString();
}

int ModelGraphView::findNext(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty() || !m_laidOut || !m_graph)
        return -1;
    int count = 0;
    for (const GraphVertices::Vertex &v : std::as_const(m_vx.list))
        count += m_vx.matches(*m_graph, int(&v - m_vx.list.constData()), wanted) ? 1 : 0;
    m_status->setText(tr("%n match(es)", nullptr, count));
    const int start = selectedVertex();
    for (int step = 1; step <= m_vx.list.size(); ++step) {
        const int i = int((start + step + m_vx.list.size()) % m_vx.list.size());
        if (m_vx.matches(*m_graph, i, wanted)) {
            selectVertex(i);
            return i;
        }
    }
    return -1;
}

void ModelGraphView::showSelection()
{
    const int index = selectedVertex();
    for (QGraphicsPathItem *item : m_loader->items()) {
        if (!item)
            continue;
        QPen pen = item->data(1).value<QPen>(); // as drawn (GraphItems::addNode)
        if (item->isSelected()) {
            pen.setWidthF(3);
            pen.setColor(palette().color(QPalette::Highlight));
        }
        item->setPen(pen);
    }
    m_properties->setHtml(
        index >= 0 ? GraphProperties::itemHtml(*m_graph, m_model.get(), m_vx, index, m_fold, m_decorator.get())
        : m_graph  ? GraphProperties::graphHtml(*m_graph, !m_steps.isEmpty())
                   : QString());
}

bool ModelGraphView::exportPng(const QString &path)
{
    return startExport(path, false);
}

bool ModelGraphView::exportSvg(const QString &path)
{
    return startExport(path, true);
}

bool ModelGraphView::startExport(const QString &path, bool svg)
{
    const std::shared_ptr<const GraphPicture> shown = picture();
    if (!shown)
        return false;
    auto copy = std::make_shared<GraphPicture>(*shown); // the labels as shown now
    copy->labelsShown = m_edgeShapes;
    if (path.isEmpty())
        m_export->ask(std::move(copy), exportFileName(svg), svg, tr("Model graph"));
    else
        m_export->start(std::move(copy), path, svg, tr("Model graph"));
    return true;
}

QString ModelGraphView::exportFileName(bool svg) const
{
    return GraphExport::fileName(m_model ? m_model->fileName() : QString(),
                                 svg ? QStringLiteral("svg") : QStringLiteral("png"));
}

bool ModelGraphView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::MouseButtonDblClick &&
        GraphItemActions::activate(*this, static_cast<QMouseEvent *>(event)->position().toPoint()))
        return true;
    if (watched == m_view->viewport() && event->type() == QEvent::ContextMenu) {
        const auto *menu = static_cast<QContextMenuEvent *>(event);
        GraphItemActions::exec(*this, menu->pos(), menu->globalPos());
        return true;
    }
    if (watched == m_view->viewport() && event->type() == QEvent::Wheel &&
        GraphCamera::wheel(*m_view, static_cast<QWheelEvent *>(event)))
        return true;
    return QWidget::eventFilter(watched, event);
}

} // namespace studio
