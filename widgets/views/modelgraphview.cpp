// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelgraphview.h"

#include "graphlayout.h"
#include "jobs/latestjob.h"
#include "model/modelfile.h"
#include "modelsummary.h"
#include "tensor/tensorregion.h"

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
#include <QPainter>
#include <QPushButton>
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
constexpr int kMaxImageSide = 8192;
constexpr int kBuildSliceMs = 25; // items added per turn of the event loop

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
    m_jobs->cancelAll();
    ++m_generation; // items still being added for the previous graph stop
    m_layout.reset();
    m_model = std::move(model);
    m_scene->clear();
    m_items.clear();
    m_vertices.clear();
    m_properties->clear();
    m_laidOut = false;
    const OnnxInfo *onnx = m_model && m_model->onnx() ? &*m_model->onnx() : nullptr;
    if (!onnx) {
        m_pending = false;
        m_status->setText(m_model ? tr("No graph: this file format has none that can be shown.")
                                  : tr("Select a model file to see its graph."));
        return;
    }
    for (qsizetype i = 0; i < onnx->nodes.size(); ++i)
        m_vertices.append({onnx->nodes[i].opType, onnx->nodes[i].name, int(i), -1, -1});
    for (qsizetype i = 0; i < onnx->inputs.size(); ++i)
        m_vertices.append({onnx->inputs[i].name, ModelSummary::valueInfoText(onnx->inputs[i]), -1, int(i), -1});
    for (qsizetype i = 0; i < onnx->outputs.size(); ++i)
        m_vertices.append({onnx->outputs[i].name, ModelSummary::valueInfoText(onnx->outputs[i]), -1, -1, int(i)});
    m_status->setText(tr("%n node(s)", nullptr, int(onnx->nodes.size())));
    m_pending = true;
    if (isVisible())
        startLayout();
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
    const OnnxInfo &onnx = *m_model->onnx();
    // Sizes from the font here; the layout itself on a worker thread.
    const QFontMetricsF metrics(font());
    GraphLayoutInput input;
    for (const Vertex &v : m_vertices)
        input.nodes.append(QSizeF(std::max(60.0, metrics.horizontalAdvance(v.title) + 24), metrics.height() + 14));
    QHash<QString, int> producer;
    for (qsizetype i = 0; i < m_vertices.size(); ++i) {
        const Vertex &v = m_vertices[i];
        if (v.node >= 0)
            for (const QString &out : onnx.nodes[v.node].outputs)
                producer.insert(out, int(i));
        else if (v.input >= 0)
            producer.insert(onnx.inputs[v.input].name, int(i));
    }
    for (qsizetype i = 0; i < m_vertices.size(); ++i) {
        const Vertex &v = m_vertices[i];
        if (v.node >= 0) {
            for (const QString &in : onnx.nodes[v.node].inputs)
                if (const int from = producer.value(in, -1); !in.isEmpty() && from >= 0)
                    input.edges.append({from, int(i)});
        } else if (v.output >= 0) {
            if (const int from = producer.value(onnx.outputs[v.output].name, -1); from >= 0)
                input.edges.append({from, int(i)});
        }
    }
    m_status->setText(tr("Laying out %n node(s)…", nullptr, int(onnx.nodes.size())));
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
    QColor edgeColor = palette().color(QPalette::Text); // readable on light and dark themes
    edgeColor.setAlpha(150);
    const QPen edgePen(edgeColor, 1.2);
    for (; m_builtVertices < m_vertices.size() && budget.elapsed() < kBuildSliceMs; ++m_builtVertices) {
        const qsizetype i = m_builtVertices;
        const Vertex &v = m_vertices[i];
        const QRectF &rect = layout.nodes[i];
        QPainterPath shape;
        const qreal radius = v.node >= 0 ? 4 : rect.height() / 2;
        shape.addRoundedRect(rect, radius, radius);
        const QColor fill = v.node >= 0 ? opColor(v.title) : ioFill;
        auto *item = m_scene->addPath(shape, QPen(fill.darker(130)), fill);
        item->setFlag(QGraphicsItem::ItemIsSelectable);
        item->setData(0, int(i));
        item->setToolTip(v.detail.isEmpty() ? v.title : v.title + u'\n' + v.detail);
        auto *text = new QGraphicsSimpleTextItem(v.title, item);
        text->setFont(font());
        text->setBrush(v.node >= 0 ? QColor(Qt::white) : ioText);
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
    m_status->setText(tr("%n node(s)", nullptr, int(m_model->onnx()->nodes.size())));
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

int ModelGraphView::findNext(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty() || !m_laidOut || !m_model || !m_model->onnx())
        return -1;
    const OnnxInfo &onnx = *m_model->onnx();
    auto matches = [&](const Vertex &v) {
        if (v.title.contains(wanted, Qt::CaseInsensitive) || v.detail.contains(wanted, Qt::CaseInsensitive))
            return true;
        if (v.node < 0)
            return false;
        const OnnxNode &node = onnx.nodes[v.node];
        for (const QStringList *names : {&node.inputs, &node.outputs})
            for (const QString &name : *names)
                if (name.contains(wanted, Qt::CaseInsensitive))
                    return true;
        return false;
    };
    int count = 0;
    for (const Vertex &v : m_vertices)
        count += matches(v) ? 1 : 0;
    m_status->setText(tr("%n match(es)", nullptr, count));
    const int start = selectedVertex();
    for (int step = 1; step <= m_vertices.size(); ++step) {
        const int i = int((start + step + m_vertices.size()) % m_vertices.size());
        if (matches(m_vertices[i])) {
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

QString ModelGraphView::vertexHtml(const Vertex &vertex) const
{
    const OnnxInfo &onnx = *m_model->onnx();
    auto tensor = [this](const QString &name) -> QString {
        if (name.isEmpty())
            return tr("(none)");
        if (const ModelWeight *w = m_model->findWeight(name))
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

bool ModelGraphView::eventFilter(QObject *watched, QEvent *event)
{
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
