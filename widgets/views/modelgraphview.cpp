// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelgraphview.h"

#include "graphlayout.h"
#include "jobs/latestjob.h"
#include "model/modelfile.h"
#include "modelsummary.h"
#include "tensor/tensorregion.h"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QHash>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace studio {

using namespace carton;

namespace {

const QString kLayoutJob = QStringLiteral("layout");
const QString kWeightScheme = QStringLiteral("weight:");
const QString kExpandScheme = QStringLiteral("expand:");
constexpr int kMaxImageSide = 8192;
// Items added per turn of the event loop; the view's repaint after each slice
// comes on top (~15 ms for thousands of items), so a slice stays well under 50 ms.
constexpr int kBuildSliceMs = 12;

// The fill of a node by what its op does (as Netron colours them).
QColor opColor(const QString &op)
{
    static const QHash<QString, QColor> colors = [] {
        QHash<QString, QColor> c;
        for (const char *o : {"Conv", "ConvTranspose", "Gemm", "MatMul", "QLinearConv", "QLinearMatMul", "Einsum"})
            c.insert(QString::fromLatin1(o), QColor(0x33, 0x5f, 0x9e));
        for (const char *o : {"Relu", "LeakyRelu", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "Gelu", "Elu", "Selu",
                              "PRelu", "HardSigmoid", "HardSwish", "Clip", "Mish"})
            c.insert(QString::fromLatin1(o), QColor(0x8e, 0x2f, 0x2a));
        for (const char *o : {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool"})
            c.insert(QString::fromLatin1(o), QColor(0x2e, 0x6b, 0x3c));
        for (const char *o : {"BatchNormalization", "LayerNormalization", "InstanceNormalization", "GroupNormalization",
                              "LRN", "Dropout"})
            c.insert(QString::fromLatin1(o), QColor(0x5a, 0x3d, 0x7a));
        for (const char *o : {"Reshape", "Flatten", "Transpose", "Concat", "Split", "Squeeze", "Unsqueeze", "Gather",
                              "Slice", "Shape", "Expand", "Tile", "Pad", "Resize", "Identity", "Constant"})
            c.insert(QString::fromLatin1(o), QColor(0x6b, 0x55, 0x3a));
        return c;
    }();
    return colors.value(op, QColor(0x4a, 0x4a, 0x4a));
}

QString link(const QString &name)
{
    return QStringLiteral("<a href=\"%1%2\">%3</a>")
        .arg(kWeightScheme, QString::fromLatin1(QUrl::toPercentEncoding(name)), name.toHtmlEscaped());
}

} // namespace

ModelGraphView::ModelGraphView(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_scene(new QGraphicsScene(this)), m_view(new QGraphicsView),
      m_properties(new QTextBrowser), m_search(new QLineEdit), m_status(new QLabel)
{
    m_view->setObjectName(QStringLiteral("modelGraph"));
    m_view->setScene(m_scene);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_view->viewport()->installEventFilter(this);
    m_properties->setObjectName(QStringLiteral("modelGraphProperties"));
    m_properties->setOpenLinks(false);
    m_search->setObjectName(QStringLiteral("modelGraphSearch"));
    m_search->setPlaceholderText(tr("Find node, op or tensor (Enter: next)"));
    m_search->setClearButtonEnabled(true);
    m_status->setTextFormat(Qt::PlainText);
    auto *png = new QPushButton(tr("Export PNG…"));
    auto *svg = new QPushButton(tr("Export SVG…"));
    connect(png, &QPushButton::clicked, this, [this] { exportInteractive(false); });
    connect(svg, &QPushButton::clicked, this, [this] { exportInteractive(true); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(m_search->text()); });
    connect(m_search, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (!text.trimmed().isEmpty())
            findNext(text);
    });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &ModelGraphView::showSelection);
    connect(m_properties, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString text = url.toString(QUrl::FullyEncoded);
        if (text.startsWith(kWeightScheme))
            emit weightActivated(QUrl::fromPercentEncoding(text.mid(kWeightScheme.size()).toLatin1()));
        else if (text.startsWith(kExpandScheme))
            expandScope(QUrl::fromPercentEncoding(text.mid(kExpandScheme.size()).toLatin1()));
    });

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 1);
    bar->addWidget(png);
    bar->addWidget(svg);
    auto *split = new QSplitter(Qt::Horizontal);
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_properties);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({3000, 1000}); // scaled to the width it gets: the graph takes three quarters
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    setModel(nullptr);
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
    setGraph(std::move(model), std::move(graph));
}

void ModelGraphView::setGraph(std::shared_ptr<const ModelFile> model, std::shared_ptr<const OnnxInfo> graph)
{
    m_model = std::move(model);
    m_graph = std::move(graph);
    m_scopes = GraphScopes();
    if (m_graph) {
        QStringList names;
        names.reserve(m_graph->nodes.size());
        for (const OnnxNode &node : m_graph->nodes)
            names.append(node.name);
        m_scopes = GraphScopes(names);
        if (m_graph->nodes.size() > kCollapseAbove)
            m_scopes.collapseAll();
    }
    relayout({});
}

void ModelGraphView::relayout(const QString &focusScope)
{
    m_jobs->cancelAll();
    ++m_generation; // items still being added for the previous graph stop
    m_layout.reset();
    m_focusScope = focusScope;
    m_items.clear();
    {
        // Deleting a selected item changes the selection: nothing to show of items going away.
        const QSignalBlocker quiet(m_scene);
        m_scene->clear();
    }
    m_vertices.clear();
    m_itemOfNode.clear();
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
    m_itemOfNode = shown.itemOfNode;
    for (const GraphScopes::Item &item : shown.items) {
        if (item.node >= 0) {
            const OnnxNode &node = graph.nodes[item.node];
            m_vertices.append({node.opType, node.name, item.node, -1, -1, 0});
        } else {
            const QString last = item.scope.mid(item.scope.lastIndexOf(u'/') + 1);
            m_vertices.append(
                {QStringLiteral("%1 ×%2").arg(last).arg(item.members), item.scope, -1, -1, -1, item.members});
        }
    }
    for (qsizetype i = 0; i < graph.inputs.size(); ++i)
        m_vertices.append({graph.inputs[i].name, ModelSummary::valueInfoText(graph.inputs[i]), -1, int(i), -1, 0});
    for (qsizetype i = 0; i < graph.outputs.size(); ++i)
        m_vertices.append({graph.outputs[i].name, ModelSummary::valueInfoText(graph.outputs[i]), -1, -1, int(i), 0});
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

void ModelGraphView::startLayout()
{
    m_pending = false;
    const OnnxInfo &graph = *m_graph;
    // Sizes from the font here; the layout itself on a worker thread.
    const QFontMetricsF metrics(font());
    GraphLayoutInput input;
    // Measured once per title: a big graph has thousands of nodes but few op types
    // (measuring each took ~20 ms of the GUI thread for 5,000 nodes).
    QHash<QString, qreal> widths;
    input.nodes.reserve(m_vertices.size());
    for (const Vertex &v : std::as_const(m_vertices)) {
        auto width = widths.constFind(v.title);
        if (width == widths.constEnd())
            width = widths.insert(v.title, metrics.horizontalAdvance(v.title));
        const qreal extra = v.members > 0 ? 14 : 0; // a scope's box is taller, as a folder
        input.nodes.append(QSizeF(std::max(60.0, *width + 24), metrics.height() + 14 + extra));
    }
    // Edges between what is shown: a node's to the box that holds it; inside a box, none.
    QHash<QString, int> producer;
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        for (const QString &out : graph.nodes[n].outputs)
            producer.insert(out, m_itemOfNode[n]);
    const qsizetype firstInput = m_vertices.size() - graph.inputs.size() - graph.outputs.size();
    for (qsizetype i = 0; i < graph.inputs.size(); ++i)
        producer.insert(graph.inputs[i].name, int(firstInput + i));
    QSet<quint64> seen;
    const auto addEdge = [&](int from, int to) {
        if (from < 0 || from == to)
            return;
        const quint64 key = (quint64(quint32(from)) << 32) | quint32(to);
        if (!seen.contains(key)) {
            seen.insert(key);
            input.edges.append({from, to});
        }
    };
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        for (const QString &in : graph.nodes[n].inputs)
            if (!in.isEmpty())
                addEdge(producer.value(in, -1), m_itemOfNode[n]);
    for (qsizetype i = 0; i < graph.outputs.size(); ++i)
        addEdge(producer.value(graph.outputs[i].name, -1), int(firstInput + graph.inputs.size() + i));
    m_status->setText(tr("Laying out %n node(s)…", nullptr, int(graph.nodes.size())));
    m_jobs->start(
        kLayoutJob, [input](Progress &progress) { return layoutGraph(input, &progress); },
        [this](const GraphLayoutResult &layout) {
            if (layout.cancelled)
                return;
            m_layout = std::make_shared<const GraphLayoutResult>(layout);
            m_builtVertices = 0;
            m_builtEdges = 0;
            m_scene->setSceneRect(layout.bounds.adjusted(-20, -20, 20, 20));
            // Small graphs fit; big ones start at the top, readable.
            m_view->resetTransform();
            const QRectF view = m_view->viewport()->rect();
            const qreal scale =
                std::min(view.width() / m_scene->sceneRect().width(), view.height() / m_scene->sceneRect().height());
            if (scale < 1 && scale >= 0.5)
                m_view->scale(scale, scale);
            m_view->centerOn(m_scene->sceneRect().center().x(), m_scene->sceneRect().top());
            buildItems(m_generation);
        });
}

void ModelGraphView::buildItems(quint64 generation)
{
    if (generation != m_generation || !m_layout)
        return;
    // A slice at a time, so that the GUI thread never stops for long on a big graph.
    QElapsedTimer budget;
    budget.start();
    const GraphLayoutResult &layout = *m_layout;
    const QColor ioFill = palette().color(QPalette::AlternateBase);
    const QColor ioText = palette().color(QPalette::Text);
    const QColor scopeFill(0x2f, 0x5d, 0x6b);
    QColor edgeColor = palette().color(QPalette::Text); // readable on light and dark themes
    edgeColor.setAlpha(150);
    const QPen edgePen(edgeColor, 1.2);
    for (; m_builtVertices < m_vertices.size() && budget.elapsed() < kBuildSliceMs; ++m_builtVertices) {
        const qsizetype i = m_builtVertices;
        const Vertex &v = m_vertices[i];
        const QRectF &rect = layout.nodes[i];
        QPainterPath shape;
        const bool io = v.input >= 0 || v.output >= 0;
        const qreal radius = io ? rect.height() / 2 : 4;
        shape.addRoundedRect(rect, radius, radius);
        if (v.members > 0) // a collapsed scope: a second outline, as a stack of boxes
            shape.addRoundedRect(rect.adjusted(4, 4, -4, -4), 3, 3);
        const QColor fill = v.members > 0 ? scopeFill : v.node >= 0 ? opColor(v.title) : ioFill;
        auto *item = m_scene->addPath(shape, QPen(fill.darker(130)), fill);
        item->setFlag(QGraphicsItem::ItemIsSelectable);
        item->setData(0, int(i));
        item->setToolTip(v.detail.isEmpty() ? v.title : v.title + u'\n' + v.detail);
        auto *text = new QGraphicsSimpleTextItem(v.title, item);
        text->setFont(font());
        text->setBrush(io ? ioText : QColor(Qt::white));
        text->setPos(rect.center() - text->boundingRect().center());
        m_items.append(item);
    }
    for (; m_builtEdges < layout.edges.size() && budget.elapsed() < kBuildSliceMs; ++m_builtEdges) {
        const QList<QPointF> &line = layout.edges[m_builtEdges];
        if (line.size() < 2)
            continue;
        QPainterPath path(line.first());
        for (qsizetype i = 1; i < line.size(); ++i)
            path.lineTo(line[i]);
        const QPointF tip = line.last();
        path.moveTo(tip);
        path.lineTo(tip + QPointF(-4, -7));
        path.moveTo(tip);
        path.lineTo(tip + QPointF(4, -7));
        m_scene->addPath(path, edgePen)->setZValue(-1);
    }
    if (m_builtVertices < m_vertices.size() || m_builtEdges < layout.edges.size()) {
        QTimer::singleShot(0, this, [this, generation] { buildItems(generation); });
        return;
    }
    m_layout.reset();
    m_laidOut = true;
    QString status = tr("%n node(s)", nullptr, int(m_graph->nodes.size()));
    int boxes = 0;
    for (const Vertex &v : std::as_const(m_vertices))
        boxes += v.members > 0 ? 1 : 0;
    if (boxes > 0)
        status += u" · " + tr("%n scope(s) collapsed: double-click one to open it", nullptr, boxes);
    m_status->setText(status);
    if (!m_focusScope.isEmpty()) {
        // The scope just opened or closed: its box, or its first node.
        for (qsizetype n = 0; n < m_graph->nodes.size(); ++n) {
            const QString &scope = m_scopes.scopeOfNode(int(n));
            if (scope == m_focusScope || scope.startsWith(m_focusScope + u'/')) {
                selectVertex(m_itemOfNode[n]);
                break;
            }
        }
    }
    emit laidOut();
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
    const auto nodeMatches = [&wanted](const OnnxNode &node) {
        if (node.opType.contains(wanted, Qt::CaseInsensitive) || node.name.contains(wanted, Qt::CaseInsensitive))
            return true;
        for (const QStringList *names : {&node.inputs, &node.outputs})
            for (const QString &name : *names)
                if (name.contains(wanted, Qt::CaseInsensitive))
                    return true;
        return false;
    };
    if (v.node >= 0)
        return nodeMatches(m_graph->nodes[v.node]);
    if (v.members > 0) { // a collapsed scope matches when one of its nodes does
        const qsizetype self = &v - m_vertices.constData();
        for (qsizetype n = 0; n < m_itemOfNode.size(); ++n)
            if (m_itemOfNode[n] == self && nodeMatches(m_graph->nodes[n]))
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
        QPen pen = item->pen();
        pen.setWidthF(item->isSelected() ? 3 : 1);
        pen.setColor(item->isSelected() ? palette().color(QPalette::Highlight) : item->brush().color().darker(130));
        item->setPen(pen);
    }
    m_properties->setHtml(index >= 0 ? vertexHtml(m_vertices[index]) : QString());
}

QString ModelGraphView::scopeHtml(const Vertex &vertex) const
{
    QMap<QString, int> ops;
    const qsizetype self = &vertex - m_vertices.constData();
    for (qsizetype n = 0; n < m_itemOfNode.size(); ++n)
        if (m_itemOfNode[n] == self)
            ++ops[m_graph->nodes[n].opType];
    QList<std::pair<QString, int>> sorted(ops.keyValueBegin(), ops.keyValueEnd());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList opTexts;
    for (const auto &[op, count] : sorted)
        opTexts.append(QStringLiteral("%1 ×%2").arg(op).arg(count).toHtmlEscaped());
    return QStringLiteral("<h3>%1</h3><p><code>%2</code></p><p>%3</p><p>%4</p><p><a href=\"%5%6\">%7</a></p>")
        .arg(tr("Scope").toHtmlEscaped(), vertex.detail.toHtmlEscaped(),
             tr("%n node(s)", nullptr, vertex.members).toHtmlEscaped(), opTexts.join(QStringLiteral("<br>")),
             kExpandScheme, QString::fromLatin1(QUrl::toPercentEncoding(vertex.detail)), tr("Expand").toHtmlEscaped());
}

QString ModelGraphView::vertexHtml(const Vertex &vertex) const
{
    if (vertex.members > 0)
        return scopeHtml(vertex);
    const OnnxInfo &onnx = *m_graph;
    auto tensor = [this](const QString &name) -> QString {
        if (name.isEmpty())
            return tr("(none)");
        if (const ModelWeight *w = m_model ? m_model->findWeight(name) : nullptr)
            return link(name) + QStringLiteral(" <small>%1 %2</small>")
                                    .arg(ModelSummary::weightTypeText(*w).toHtmlEscaped(), shapeText(w->shape));
        return name.toHtmlEscaped();
    };
    if (vertex.node < 0) {
        const QString kind = vertex.input >= 0 ? tr("Graph input") : tr("Graph output");
        return QStringLiteral("<h3>%1</h3><p><code>%2</code></p>")
            .arg(kind.toHtmlEscaped(), vertex.detail.toHtmlEscaped());
    }
    const OnnxNode &node = onnx.nodes[vertex.node];
    QString html = QStringLiteral("<h3>%1</h3>").arg(node.opType.toHtmlEscaped());
    if (!node.name.isEmpty())
        html += QStringLiteral("<p>%1 <b>%2</b></p>").arg(tr("Name").toHtmlEscaped(), node.name.toHtmlEscaped());
    if (!node.domain.isEmpty())
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Domain").toHtmlEscaped(), node.domain.toHtmlEscaped());
    QStringList inputs, outputs;
    for (const QString &in : node.inputs)
        inputs.append(tensor(in));
    for (const QString &out : node.outputs)
        outputs.append(out.toHtmlEscaped());
    html +=
        QStringLiteral("<p><b>%1</b><br>%2</p>").arg(tr("Inputs").toHtmlEscaped(), inputs.join(QStringLiteral("<br>")));
    html += QStringLiteral("<p><b>%1</b><br>%2</p>")
                .arg(tr("Outputs").toHtmlEscaped(), outputs.join(QStringLiteral("<br>")));
    if (!node.attributes.isEmpty()) {
        QString rows;
        for (const OnnxAttribute &a : node.attributes)
            rows += QStringLiteral("<tr><td style=\"padding-right:8px\">%1</td><td>%2</td></tr>")
                        .arg(a.name.toHtmlEscaped(), a.text.toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b></p><table>%2</table>").arg(tr("Attributes").toHtmlEscaped(), rows);
    }
    return html;
}

bool ModelGraphView::exportPng(const QString &path) const
{
    const QRectF source = m_scene->sceneRect();
    if (source.isEmpty())
        return false;
    const qreal scale = std::min({2.0, kMaxImageSide / source.width(), kMaxImageSide / source.height()});
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(palette().color(QPalette::Base));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    m_scene->render(&painter, QRectF(image.rect()), source);
    painter.end();
    return image.save(path, "PNG");
}

bool ModelGraphView::exportSvg(const QString &path) const
{
    const QRectF source = m_scene->sceneRect();
    if (source.isEmpty())
        return false;
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(tr("Model graph"));
    QPainter painter;
    if (!painter.begin(&svg))
        return false;
    m_scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    return painter.end();
}

void ModelGraphView::exportInteractive(bool svg)
{
    if (!m_laidOut)
        return;
    const QString path = QFileDialog::getSaveFileName(this, svg ? tr("Export Graph as SVG") : tr("Export Graph as PNG"),
                                                      svg ? QStringLiteral("graph.svg") : QStringLiteral("graph.png"),
                                                      svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
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
        const QString scope = v.members > 0 ? v.detail : v.node >= 0 ? m_scopes.scopeOfNode(v.node) : QString();
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
        // A collapsed scope opens; a node in a scope closes it.
        const auto *mouse = static_cast<QMouseEvent *>(event);
        const QGraphicsItem *item = m_view->itemAt(mouse->position().toPoint());
        while (item && item->parentItem())
            item = item->parentItem();
        const int index = item && item->data(0).isValid() ? item->data(0).toInt() : -1;
        if (item && index >= 0 && index < m_vertices.size()) {
            const Vertex &v = m_vertices[index];
            if (v.members > 0)
                expandScope(v.detail);
            else if (v.node >= 0 && !m_scopes.scopeOfNode(v.node).isEmpty())
                collapseScope(m_scopes.scopeOfNode(v.node));
            return true;
        }
    }
    if (watched == m_view->viewport() && event->type() == QEvent::ContextMenu) {
        const auto *menu = static_cast<QContextMenuEvent *>(event);
        showContextMenu(menu->pos(), menu->globalPos());
        return true;
    }
    if (watched == m_view->viewport() && event->type() == QEvent::Wheel) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        if (wheel->modifiers() & Qt::ControlModifier) {
            const qreal factor = wheel->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
            m_view->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
            m_view->scale(factor, factor);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace studio
