// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 40: a graph as readable as Netron's. Constants and weights are drawn inside
// the nodes that take them ("W ⟨4×3×3×3⟩"), so no row of constants sits on top; the
// layout runs from the graph's inputs (at the top, or at the left), and a
// constant shown as a node sits by its user; the view opens at the inputs; Fit and
// Zoom to Selection; a minimap for big graphs; scope boxes' labels readable;
// a PNG of a tall graph at a readable scale, named after the model.
#include "base/progress.h"
#include "jobs/jobpools.h"
#include "model/graphbodybar.h"
#include "model/graphcamera.h"
#include "model/graphexport.h"
#include "model/graphexportjob.h"
#include "model/graphitems.h"
#include "model/graphlayout.h"
#include "model/graphminimap.h"
#include "model/graphpicture.h"
#include "model/graphsearch.h"
#include "model/modelgraphview.h"
#include "model/modelinfo.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFont>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPalette>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace studio;

namespace {

carton::OnnxNode node(const QString &op, const QStringList &inputs, const QStringList &outputs,
                      const QString &name = {})
{
    carton::OnnxNode n;
    n.opType = op;
    n.inputs = inputs;
    n.outputs = outputs;
    n.name = name;
    return n;
}

// As torch.onnx.export writes a small block: constants for Reshape's shape and
// Gather's indices, an Identity of a weight, a Shape of the input.
//   x -> Conv(x, conv.weight, conv.bias) -> c -> Relu -> r -> Reshape(r, k_shape) -> s
//   x -> Shape -> Gather(., k_index) -> g ;  s + Identity(bias) -> y ;  y, g are outputs
std::shared_ptr<const carton::OnnxInfo> torchLikeGraph()
{
    auto g = std::make_shared<carton::OnnxInfo>();
    carton::OnnxValueInfo x;
    x.name = u"x"_s;
    x.dtype = u"float32"_s;
    x.shape = QList<carton::OnnxDim>{{1, {}}, {3, {}}, {8, {}}, {8, {}}};
    g->inputs = {x};
    carton::OnnxValueInfo y, gathered;
    y.name = u"y"_s;
    gathered.name = u"g"_s;
    g->outputs = {y, gathered};
    carton::OnnxAttribute shape;
    shape.name = u"value"_s;
    shape.type = u"TENSOR"_s;
    shape.text = u"tensor int64[2]"_s;
    carton::OnnxAttribute index = shape;
    index.text = u"tensor int64[] = 3"_s; // its value, as the reader gives a small constant's
    carton::OnnxNode kShape = node(u"Constant"_s, {}, {u"k_shape"_s}, u"Constant_0"_s);
    kShape.attributes = {shape};
    carton::OnnxNode kIndex = node(u"Constant"_s, {}, {u"k_index"_s}, u"Constant_1"_s);
    kIndex.attributes = {index};
    g->nodes = {kShape,
                kIndex,
                node(u"Identity"_s, {u"head.bias"_s}, {u"b"_s}, u"Identity_0"_s),
                node(u"Conv"_s, {u"x"_s, u"conv.weight"_s, u"conv.bias"_s}, {u"c"_s}, u"Conv_0"_s),
                node(u"Relu"_s, {u"c"_s}, {u"r"_s}, u"Relu_0"_s),
                node(u"Reshape"_s, {u"r"_s, u"k_shape"_s}, {u"s"_s}, u"Reshape_0"_s),
                node(u"Add"_s, {u"s"_s, u"b"_s}, {u"y"_s}, u"Add_0"_s),
                node(u"Shape"_s, {u"x"_s}, {u"sh"_s}, u"Shape_0"_s),
                node(u"Gather"_s, {u"sh"_s, u"k_index"_s}, {u"g"_s}, u"Gather_0"_s)};
    return g;
}

// A chain of `count` Relu nodes from one input: a tall graph.
std::shared_ptr<const carton::OnnxInfo> chain(int count)
{
    auto g = std::make_shared<carton::OnnxInfo>();
    carton::OnnxValueInfo in;
    in.name = u"v0"_s;
    g->inputs = {in};
    for (int i = 0; i < count; ++i)
        g->nodes.append(node(u"Relu"_s, {u"v%1"_s.arg(i)}, {u"v%1"_s.arg(i + 1)}, u"Relu_%1"_s.arg(i)));
    carton::OnnxValueInfo out;
    out.name = u"v%1"_s.arg(count);
    g->outputs = {out};
    return g;
}

// The item of vertex `index`.
QGraphicsPathItem *itemOf(ModelGraphView &view, int index)
{
    for (QGraphicsItem *item : view.scene()->items())
        if (item->flags() & QGraphicsItem::ItemIsSelectable && item->data(0).toInt() == index)
            return qgraphicsitem_cast<QGraphicsPathItem *>(item);
    return nullptr;
}

// Shows `g` in `view` (900×600) and waits until it is laid out.
bool showLaidOut(ModelGraphView &view, std::shared_ptr<const carton::OnnxInfo> g)
{
    view.resize(900, 600);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, std::move(g));
    return laidOut.wait(10'000);
}

// The texts drawn inside `item` (its title and rows), null: none.
QStringList textsIn(const QGraphicsItem *item)
{
    QStringList texts;
    for (QGraphicsItem *child : item ? item->childItems() : QList<QGraphicsItem *>())
        if (auto *text = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(child))
            texts << text->text();
    return texts;
}

int vertexTitled(ModelGraphView &view, const QString &title)
{
    for (int i = 0; i < view.vertexCount(); ++i)
        if (QGraphicsPathItem *item = itemOf(view, i); item && item->toolTip().section(u'\n', 0, 0) == title)
            return i;
    return -1;
}

double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TestGraphReading final : public QObject {
    Q_OBJECT

private slots:
    void constantsFoldIntoTheirNodes();
    void inputsOnTopAndNoConstantRow();
    void leftToRight();
    void opensAtTheInputsFitAndZoom();
    void minimapForBigGraphs();
    void scopeLabelsAreReadable();
    void tallGraphExportsReadably();
    void bodiesOpenInPlaceAndAreSearched();
    void edgeLabelsKeepOffTheirLines();
    void bodiesTakeOuterValuesAsInputs();
    void cleanupTestCase() { JobPools::waitForAll(); }
};

void TestGraphReading::constantsFoldIntoTheirNodes()
{
    ModelGraphView view;
    view.resize(1000, 700);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, torchLikeGraph());
    QVERIFY(laidOut.wait(10'000));
    // Two Constants and the Identity of a weight are inside their users: 6 nodes, x, y, g.
    QCOMPARE(view.fold().foldedCount(), 3);
    QCOMPARE(view.vertexCount(), 6 + 1 + 2);
    QCOMPARE(vertexTitled(view, u"Constant"_s), -1);
    QCOMPARE(vertexTitled(view, u"Identity"_s), -1);
    // Roles from the operator schema; shapes as ⟨…⟩; names where no weight is known.
    const auto rowsOf = [&view](int node) {
        QStringList out;
        for (const GraphFold::Row &row : view.fold().rows(node))
            out << row.role + u' ' + row.text;
        return out;
    };
    QCOMPARE(rowsOf(3), (QStringList{u"W conv.weight"_s, u"B conv.bias"_s}));
    QCOMPARE(rowsOf(5), QStringList{u"shape ⟨2⟩"_s});
    QCOMPARE(rowsOf(6), QStringList{u"B head.bias"_s});
    QCOMPARE(rowsOf(8), QStringList{u"indices 3"_s});
    // A value reads as one (Netron's "B = 0"), a shape or a name as itself.
    QCOMPARE(view.fold().rows(8).value(0).shown(), u"indices = 3"_s);
    QCOMPARE(view.fold().rows(5).value(0).shown(), u"shape ⟨2⟩"_s);
    // Drawn inside the node: the Reshape's item holds the row's text.
    QGraphicsPathItem *reshape = itemOf(view, vertexTitled(view, u"Reshape"_s));
    QVERIFY(reshape);
    QStringList texts = textsIn(reshape);
    QVERIFY2(texts.contains(u"shape ⟨2⟩"_s) && texts.contains(u"Reshape"_s), qPrintable(texts.join(u", ")));
    QGraphicsPathItem *gather = itemOf(view, vertexTitled(view, u"Gather"_s));
    QVERIFY(gather);
    texts = textsIn(gather);
    QVERIFY2(texts.contains(u"indices = 3"_s), qPrintable(texts.join(u", ")));
    // The box covers every row with room below the last (the rows stood on the border).
    QGraphicsPathItem *conv = itemOf(view, vertexTitled(view, u"Conv"_s));
    QVERIFY(conv);
    qreal lowest = 0;
    for (QGraphicsItem *child : conv->childItems())
        if (auto *text = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(child); text && text->text().contains(u"bias"))
            lowest = std::max(lowest, text->sceneBoundingRect().bottom());
    QVERIFY(lowest > 0);
    QVERIFY2(conv->sceneBoundingRect().bottom() - lowest >= GraphItems::kRowPadding,
             qPrintable(u"%1 below %2"_s.arg(conv->sceneBoundingRect().bottom()).arg(lowest)));
    // Search finds a folded constant by its name: the node it is drawn in.
    QCOMPARE(view.findNext(u"Constant_0"_s), vertexTitled(view, u"Reshape"_s));
    // The properties name each input by its role and show the constant's value.
    QVERIFY(view.selectVertex(vertexTitled(view, u"Conv"_s)));
    const QString properties = view.properties()->toPlainText();
    for (const QString &expected :
         {u"Convolution of X with the filters W"_s, u"x float32[1,3,8,8]"_s, u"conv.weight"_s, u"ai.onnx"_s})
        QVERIFY2(properties.contains(expected), qPrintable(expected + u" not in: "_s + properties));
    const QString html = view.properties()->toHtml();
    for (const QString &role : {u">X<"_s, u">W<"_s, u">B<"_s})
        QVERIFY2(html.contains(role), qPrintable(role + u" not in: "_s + html));
}

void TestGraphReading::inputsOnTopAndNoConstantRow()
{
    ModelGraphView view;
    view.resize(1000, 700);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, torchLikeGraph());
    QVERIFY(laidOut.wait(10'000));
    const int x = view.vertexCount() - 3; // the graph input, after the 6 nodes
    QCOMPARE(itemOf(view, x)->toolTip().section(u'\n', 0, 0), u"x"_s);
    // The input alone on top; every other item below it.
    for (int i = 0; i < view.vertexCount(); ++i)
        if (i != x)
            QVERIFY2(view.vertexRect(i).top() > view.vertexRect(x).bottom(), qPrintable(QString::number(i)));

    // Nothing selected: the pane shows the graph (its input and outputs with their
    // types, its operators), as Netron's model properties; a node when one is selected.
    QVERIFY(view.scene()->selectedItems().isEmpty());
    const QString graph = view.properties()->toPlainText();
    for (const QString &expected : {u"Graph"_s, u"Inputs"_s, u"Outputs"_s, u"Operators"_s, u"Conv ×1"_s})
        QVERIFY2(graph.contains(expected), qPrintable(expected + u" not in: "_s + graph));
    QVERIFY2(graph.contains(u"x"_s) && graph.contains(u"y"_s), qPrintable(graph));
    QVERIFY(view.selectVertex(vertexTitled(view, u"Relu"_s)));
    QVERIFY(!view.properties()->toPlainText().contains(u"Operators"_s));
    view.scene()->clearSelection();
    QCOMPARE(view.properties()->toPlainText(), graph);

    // Weights as nodes: the constants are back, each just above its user, not in a row with the input.
    view.setWeightsAsNodes(true);
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 9 + 1 + 2);
    const int input = view.vertexCount() - 3;
    const int kShape = vertexTitled(view, u"Constant"_s);
    QVERIFY(kShape >= 0);
    const int reshape = vertexTitled(view, u"Reshape"_s);
    QVERIFY(view.vertexRect(kShape).top() > view.vertexRect(input).bottom());
    QVERIFY(view.vertexRect(kShape).bottom() < view.vertexRect(reshape).top());
    // The Reshape is three layers down (x, Conv, Relu): its constant is in the layer above it, not on top.
    QVERIFY(view.vertexRect(kShape).top() > view.vertexRect(vertexTitled(view, u"Conv"_s)).bottom());
    for (int i = 0; i < view.vertexCount(); ++i)
        if (i != input)
            QVERIFY2(view.vertexRect(i).top() > view.vertexRect(input).bottom(), qPrintable(QString::number(i)));
}

void TestGraphReading::leftToRight()
{
    ModelGraphView view;
    view.resize(1000, 700);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, torchLikeGraph());
    QVERIFY(laidOut.wait(10'000));
    view.setHorizontal(true);
    QVERIFY(laidOut.wait(10'000));
    const int x = view.vertexCount() - 3;
    for (int i = 0; i < view.vertexCount(); ++i)
        if (i != x)
            QVERIFY2(view.vertexRect(i).left() > view.vertexRect(x).right(), qPrintable(QString::number(i)));
    // The layout itself: edges leave a node's right side and enter the next one's left side.
    GraphLayoutInput input;
    input.nodes = {QSizeF(60, 20), QSizeF(80, 30)};
    input.edges = {{0, 1}};
    input.horizontal = true;
    const GraphLayoutResult layout = layoutGraph(input);
    QCOMPARE(layout.nodes[0].size(), QSizeF(60, 20));
    QCOMPARE(layout.edges[0].first(), QPointF(layout.nodes[0].right(), layout.nodes[0].center().y()));
    QCOMPARE(layout.edges[0].last(), QPointF(layout.nodes[1].left(), layout.nodes[1].center().y()));
}

void TestGraphReading::opensAtTheInputsFitAndZoom()
{
    ModelGraphView view;
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, chain(200)); // far taller than the view
    QVERIFY(laidOut.wait(20'000));
    const int input = view.vertexCount() - 2;
    QGraphicsView *gv = view.view();
    const QRectF shown = gv->mapToScene(gv->viewport()->rect()).boundingRect();
    // Opened at the normal size with the input in sight, near the top.
    QCOMPARE(gv->transform().m11(), 1.0);
    QVERIFY2(shown.contains(view.vertexRect(input)), qPrintable(u"%1 %2"_s.arg(shown.top()).arg(shown.height())));
    QVERIFY(view.vertexRect(input).top() - shown.top() < 60);
    // Fit: everything in sight.
    view.fitAction()->trigger();
    const QRectF all = gv->mapToScene(gv->viewport()->rect()).boundingRect();
    QVERIFY(all.contains(view.scene()->itemsBoundingRect()));
    // Zoom to the 150th node: it is in the view, larger than when fitted.
    QVERIFY(view.selectVertex(150));
    QVERIFY(view.zoomToSelection());
    QVERIFY(gv->mapToScene(gv->viewport()->rect()).boundingRect().contains(view.vertexRect(150)));
    QVERIFY(gv->transform().m11() > 0.5 && gv->transform().m11() <= 2.0);

    // A graph a little taller than the view opens at the normal size too: shrunk to fit
    // (as it was down to half size) its labels were ~6 px. One that nearly fits is fitted.
    bool sawTall = false, sawFitted = false;
    for (int count = 4; count <= 40 && !sawTall; count += 2) {
        view.setGraph(nullptr, chain(count));
        QVERIFY(laidOut.wait(20'000));
        const QSizeF scene = view.scene()->sceneRect().size(), port = gv->viewport()->size();
        const qreal fits = std::min(port.width() / scene.width(), port.height() / scene.height());
        if (fits >= GraphCamera::kFitOpenScale) {
            QCOMPARE(gv->transform().m11(), std::min(1.0, fits));
            sawFitted = sawFitted || fits < 1;
        } else {
            QVERIFY2(fits >= 0.5, "the chain grew past the sizes this checks");
            QCOMPARE(gv->transform().m11(), 1.0);
            sawTall = true;
        }
    }
    QVERIFY(sawTall);
    QVERIFY(sawFitted);
}

void TestGraphReading::minimapForBigGraphs()
{
    ModelGraphView view;
    view.resize(900, 600);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, chain(50));
    QVERIFY(laidOut.wait(20'000));
    QVERIFY(!view.minimap()->isVisible());
    view.setGraph(nullptr, chain(ModelGraphView::kMinimapAbove + 50));
    QVERIFY(laidOut.wait(30'000));
    QVERIFY(view.minimap()->isVisible());
    // A click on the minimap's bottom moves the view to the graph's end.
    QGraphicsView *gv = view.view();
    const int last = view.vertexCount() - 3; // the last Relu
    QTest::mouseClick(view.minimap(), Qt::LeftButton, {},
                      QPoint(view.minimap()->width() / 2, view.minimap()->height() - 3));
    QVERIFY(gv->mapToScene(gv->viewport()->rect()).boundingRect().intersects(view.vertexRect(last)));
    QVERIFY(view.minimap()->viewFrame().bottom() > view.minimap()->height() / 2);
}

void TestGraphReading::scopeLabelsAreReadable()
{
    // Two scopes of three nodes each, collapsed: two boxes.
    auto g = std::make_shared<carton::OnnxInfo>();
    carton::OnnxValueInfo in;
    in.name = u"v0"_s;
    g->inputs = {in};
    for (int i = 0; i < 6; ++i)
        g->nodes.append(
            node(u"Relu"_s, {u"v%1"_s.arg(i)}, {u"v%1"_s.arg(i + 1)}, u"/block%1/Relu_%2"_s.arg(i / 3).arg(i)));
    ModelGraphView view;
    QVERIFY(showLaidOut(view, g));
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.collapseAll();
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.collapsedScope(0), u"block0"_s);
    for (const bool dark : {false, true}) {
        QPalette palette = view.palette();
        palette.setColor(QPalette::Base, dark ? QColor(0x1e, 0x1e, 0x1e) : QColor(Qt::white));
        palette.setColor(QPalette::Text, dark ? QColor(0xee, 0xee, 0xee) : QColor(Qt::black));
        view.setPalette(palette);
        view.collapseAll(); // laid out again in this palette
        QVERIFY(laidOut.wait(10'000));
        QGraphicsPathItem *box = itemOf(view, 0);
        QVERIFY(box);
        QGraphicsSimpleTextItem *label = nullptr;
        for (QGraphicsItem *child : box->childItems())
            if (auto *text = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(child))
                label = text;
        QVERIFY(label);
        // The label says how many nodes the box holds, and stands on the box's own fill (no hole).
        QVERIFY2(label->text().contains(u"3 nodes"_s), qPrintable(label->text()));
        QVERIFY(box->path().contains(label->mapToItem(box, label->boundingRect().center())));
        const double ratio = contrast(label->brush().color(), box->brush().color());
        QVERIFY2(ratio >= 4.5, qPrintable(u"contrast %1"_s.arg(ratio)));
    }
}

void TestGraphReading::tallGraphExportsReadably()
{
    ModelGraphView view;
    view.resize(900, 600);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, chain(600));
    QVERIFY(laidOut.wait(30'000));
    const QRectF scene = view.scene()->sceneRect();
    QVERIFY(scene.height() > 20'000); // taller than the old 8192-pixel cap could show readably
    QTemporaryDir dir;
    const QString png = dir.filePath(u"tall.png"_s);
    QSignalSpy exported(&view, &ModelGraphView::exported);
    // Written on a worker thread: the GUI thread keeps serving a 5 ms timer meanwhile.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, gap = 0, ticks = 0;
    QTimer probe;
    probe.setInterval(5);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        gap = std::max(gap, clock.elapsed() - last);
        last = clock.elapsed();
        ++ticks;
    });
    probe.start();
    QVERIFY(view.exportPng(png));
    QVERIFY(exported.wait(30'000));
    probe.stop();
    const qint64 took = clock.elapsed();
    qInfo("%lld ms to export %d items; the GUI thread's longest gap %lld ms, %lld ticks", took, view.vertexCount(), gap,
          ticks);
    QCOMPARE(exported.last().at(1).toString(), QString());
    // Drawn at once on the GUI thread, the whole export would be one gap.
    QVERIFY2(gap < 100 && gap * 2 < took, qPrintable(u"%1 ms of %2 ms"_s.arg(gap).arg(took)));
    QImageReader reader(png);
    const QSize size = reader.size();
    QCOMPARE(size, GraphExport::pngSize(scene));
    QVERIFY2(size.height() >= scene.height() && size.width() >= scene.width(),
             qPrintable(u"%1×%2"_s.arg(size.width()).arg(size.height())));
    // The pixels: a node's colour where the first Relu is drawn.
    const QImage image(png);
    QVERIFY(!image.isNull());
    const qreal scale = size.height() / scene.height();
    // Left of the centred title, inside the box.
    const QPointF at =
        (QPointF(view.vertexRect(0).left() + 5, view.vertexRect(0).center().y()) - scene.topLeft()) * scale;
    QCOMPARE(image.pixelColor(at.toPoint()).rgb() & 0xffffff, GraphItems::opColor(u"Relu"_s).rgb() & 0xffffff);

    // Cancelled from the window: no file, no temporary file left. Clicked at once: the
    // export takes hundreds of milliseconds, and waiting for its progress bar let a
    // starved GUI thread (ASan, two tests at once) click after the worker had finished.
    const QString cancelled = dir.filePath(u"cancelled.png"_s);
    QVERIFY(view.exportPng(cancelled));
    QVERIFY(view.exportJob()->findChild<QProgressBar *>(u"graphExportProgress"_s));
    QVERIFY(view.exportJob()->isRunning());
    QTest::mouseClick(view.exportJob()->cancelButton(), Qt::LeftButton);
    QVERIFY(!view.exportJob()->isRunning());
    QCOMPARE(exported.last().at(0).toString(), cancelled);
    QVERIFY(!exported.last().at(1).toString().isEmpty());
    JobPools::waitForAll(); // the worker has stopped
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).join(u", "_s), u"tall.png"_s);
    // Cancelled on the work's own steps, once drawing has begun and after its last
    // step (before the commit): neither leaves a file or a temporary file.
    const std::shared_ptr<const GraphPicture> picture = view.picture();
    QVERIFY(picture);
    const qint64 items = picture->itemCount();
    for (const bool svg : {false, true}) {
        for (const qint64 at : {items + 1, qint64(-1)}) {
            const QString path = dir.filePath(svg ? u"midway.svg"_s : u"midway.png"_s);
            bool stop = false;
            carton::Progress *self = nullptr;
            carton::Progress cancelling([&stop, &self, at](qint64 done, qint64 total, const QString &) {
                if (!stop && done >= (at < 0 ? total : at)) {
                    stop = true;
                    self->cancel(); // an atomic flag: safe inside its own callback
                }
            });
            self = &cancelling;
            const carton::Status status = svg ? GraphExport::writeSvg(*picture, path, u"tall"_s, &cancelling)
                                              : GraphExport::writePng(*picture, path, &cancelling);
            QVERIFY2(stop, qPrintable(path));
            QCOMPARE(status.error().code, carton::ErrorCode::Cancelled);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).join(u", "_s), u"tall.png"_s);
        }
    }
    QCOMPARE(GraphExport::fileName(u"/models/resnet18.onnx"_s, u"png"_s), u"resnet18-graph.png"_s);
    QCOMPARE(GraphExport::fileName(QString(), u"svg"_s), u"graph.svg"_s);
}

void TestGraphReading::bodiesOpenInPlaceAndAreSearched()
{
    // cond -> If (then: Identity; else: Neg -> Loop whose body holds a Relu) -> y
    auto loopBody = std::make_shared<carton::OnnxInfo>();
    loopBody->nodes = {node(u"Relu"_s, {u"v"_s}, {u"w"_s}, u"inner_relu"_s)};
    auto thenBody = std::make_shared<carton::OnnxInfo>();
    thenBody->nodes = {node(u"Identity"_s, {u"a"_s}, {u"y"_s})};
    auto elseBody = std::make_shared<carton::OnnxInfo>();
    carton::OnnxNode loop = node(u"Loop"_s, {QString(), QString(), u"n"_s}, {u"y"_s}, u"loop"_s);
    carton::OnnxAttribute loopAttr;
    loopAttr.name = u"body"_s;
    loopAttr.type = u"GRAPH"_s;
    loopAttr.graphs = {loopBody};
    loop.attributes = {loopAttr};
    elseBody->nodes = {node(u"Neg"_s, {u"a"_s}, {u"n"_s}), loop};
    carton::OnnxValueInfo y;
    y.name = u"y"_s;
    elseBody->outputs = {y};
    auto g = std::make_shared<carton::OnnxInfo>();
    carton::OnnxValueInfo cond;
    cond.name = u"cond"_s;
    g->inputs = {cond};
    g->outputs = {y};
    carton::OnnxNode ifNode = node(u"If"_s, {u"cond"_s}, {u"y"_s}, u"if"_s);
    carton::OnnxAttribute elseAttr, thenAttr;
    elseAttr.name = u"else_branch"_s;
    elseAttr.type = u"GRAPH"_s;
    elseAttr.graphs = {elseBody};
    thenAttr = elseAttr;
    thenAttr.name = u"then_branch"_s;
    thenAttr.graphs = {thenBody};
    ifNode.attributes = {elseAttr, thenAttr};
    g->nodes = {ifNode};

    ModelGraphView view;
    view.resize(900, 600);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, g);
    QVERIFY(laidOut.wait(10'000));
    QVERIFY(!view.bodyBar()->breadcrumb()->isVisible());
    // The If lists its bodies inside its box, as Netron does (it read as a bare "If").
    QGraphicsPathItem *ifItem = itemOf(view, vertexTitled(view, u"If"_s));
    QVERIFY(ifItem);
    QCOMPARE(textsIn(ifItem), (QStringList{u"else_branch ▸ 2 node(s)"_s, u"then_branch ▸ 1 node(s)"_s, u"If"_s}));
    // The If's properties link its bodies; the else branch's link opens it in place.
    QVERIFY(view.selectVertex(0));
    QVERIFY2(view.properties()->toHtml().contains(u"body:0/0"_s), qPrintable(view.properties()->toHtml()));
    emit view.properties()->anchorClicked(QUrl(u"body:0/0"_s));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.depth(), 1);
    QCOMPARE(view.vertexCount(), 2 + 1); // Neg, Loop, the output y
    QVERIFY(view.bodyBar()->breadcrumb()->isVisible());
    QCOMPARE(view.bodyBar()->breadcrumb()->text().contains(u"if · else_branch"_s), true);
    // A double-click on the Loop opens its body.
    const int loopVertex = view.vertexOfNode(1);
    view.view()->centerOn(view.vertexRect(loopVertex).center());
    QTest::mouseDClick(view.view()->viewport(), Qt::LeftButton, {},
                       view.view()->mapFromScene(view.vertexRect(loopVertex).center()));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.depth(), 2);
    QCOMPARE(view.graph()->nodes.first().name, u"inner_relu"_s);
    // Back to the main graph through the breadcrumb: the If is selected again.
    emit view.bodyBar()->breadcrumb()->linkActivated(u"depth:0"_s);
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.depth(), 0);
    QCOMPARE(view.selectedVertex(), 0);

    // Search across bodies: a list of hits with their paths; one opens its body and selects it.
    QTest::keyClicks(view.searchEdit(), u"relu"_s);
    QCOMPARE(view.bodyBar()->hits().size(), 1);
    QCOMPARE(view.bodyBar()->hits().first().path, u"if/else_branch/loop/body/inner_relu"_s);
    QVERIFY(view.bodyBar()->results()->isVisible());
    emit view.bodyBar()->hitActivated(view.bodyBar()->hits().first());
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.depth(), 2);
    QCOMPARE(view.selectedVertex(), view.vertexOfNode(0));
    QVERIFY(view.properties()->toPlainText().startsWith(u"Relu"_s));
}

// Netron's labels never stand on their own edge; ours sat centred on slanted edges (a
// fan-out below a MaxPool, two edges meeting at an Add) and were struck through.
void TestGraphReading::edgeLabelsKeepOffTheirLines()
{
    const GraphItems::Style style = GraphItems::style(QFont(), QPalette());
    const QString text = u"float32 ⟨batch×64×56×56⟩"_s;
    struct Case {
        QList<QPointF> line;
        bool fanOut;
        int side; // +1: right of the segment's middle, -1: left
    };
    const QList<Case> cases = {
        {{{100, 0}, {100, 60}}, false, +1}, // straight down: on the right
        {{{100, 0}, {60, 37}}, true, -1},   // leaving a node with others, to the left: outside, on the left
        {{{100, 0}, {140, 37}}, true, +1},  // ... to the right
        {{{60, 0}, {100, 38}}, false, -1},  // meeting others at a node from the left: outside, on the left
        {{{140, 0}, {100, 38}}, false, +1}, // ... from the right
        {{{100, 0}, {250, 40}}, true, +1},  // flat
    };
    for (const Case &c : cases) {
        std::unique_ptr<QGraphicsItem> label(GraphItems::makeEdgeLabel(c.line, text, style, c.fanOut));
        const QRectF box = label->sceneBoundingRect();
        for (int k = 0; k <= 50; ++k) {
            const QPointF p = c.line[0] + (c.line[1] - c.line[0]) * (k / 50.0);
            QVERIFY2(
                !box.contains(p),
                qPrintable(u"(%1, %2) on the label at %3, %4"_s.arg(p.x()).arg(p.y()).arg(box.left()).arg(box.top())));
        }
        const qreal midX = (c.line[0].x() + c.line[1].x()) / 2;
        QCOMPARE(box.center().x() > midX ? +1 : -1, c.side);
    }
    // Edges leaving one point are a fan-out; one alone is not.
    QCOMPARE(GraphItems::fanOuts({{{0, 0}, {5, 9}}, {{0, 0}, {-5, 9}}, {{3, 3}, {3, 9}}}),
             (QList<bool>{true, true, false}));
    // One value taken by three nodes below: one label, on the most upright edge; another
    // value leaving the same point keeps its own.
    QStringList labels{u"a"_s, u"a"_s, u"a"_s, u"b"_s};
    GraphItems::dropRepeatedLabels({{{0, 0}, {30, 9}}, {{0, 0}, {2, 9}}, {{0, 0}, {-30, 9}}, {{0, 0}, {9, 9}}}, labels);
    QCOMPARE(labels, (QStringList{QString(), u"a"_s, QString(), u"b"_s}));
}

// A branch using a value of the graph around it (the Relu's output) showed it as a row of
// the node taking it ("self 3" for a TorchScript op's first argument, "X /Relu_output_0" in
// ONNX): it is an input of the body, drawn with its edge and typed as the outer graph says.
void TestGraphReading::bodiesTakeOuterValuesAsInputs()
{
    auto thenBody = std::make_shared<carton::OnnxInfo>();
    thenBody->nodes = {node(u"Add"_s, {u"r"_s, u"c"_s}, {u"y"_s}, u"add"_s)};
    carton::OnnxValueInfo y;
    y.name = u"y"_s;
    thenBody->outputs = {y};
    auto g = std::make_shared<carton::OnnxInfo>();
    carton::OnnxValueInfo x, cond, r;
    x.name = u"x"_s;
    cond.name = u"cond"_s;
    r.name = u"r"_s;
    r.kind = u"tensor"_s;
    r.dtype = u"float32"_s;
    r.shape = QList<carton::OnnxDim>{{1, {}}, {4, {}}};
    g->inputs = {x, cond};
    g->valueInfo = {r};
    g->outputs = {y};
    carton::OnnxNode ifNode = node(u"If"_s, {u"cond"_s}, {u"y"_s}, u"if"_s);
    carton::OnnxAttribute thenAttr;
    thenAttr.name = u"then_branch"_s;
    thenAttr.type = u"GRAPH"_s;
    thenAttr.graphs = {thenBody};
    ifNode.attributes = {thenAttr};
    g->nodes = {node(u"Relu"_s, {u"x"_s}, {u"r"_s}, u"relu"_s), node(u"Constant"_s, {}, {u"c"_s}, u"const"_s), ifNode};

    // r is taken from the main graph, typed; c (a Constant's) stays a row.
    const auto body = GraphSearch::withOuterInputs(g, {{2, 0, 0}}, {});
    QVERIFY(body);
    QCOMPARE(body->inputs.size(), 1);
    QCOMPARE(body->inputs[0].name, u"r"_s);
    QCOMPARE(body->inputs[0].dtype, u"float32"_s);
    QCOMPARE(GraphSearch::withOuterInputs(g, {}, {}), g); // the main graph as it is
    QCOMPARE(thenBody->inputs.size(), 0);                 // the file's body untouched

    ModelGraphView view;
    QVERIFY(showLaidOut(view, g));
    // On the main graph, the If gets dashed edges from the Relu and the Constant its branch
    // takes r and c from (as Netron draws them; c's Constant is a node here: no user to fold into).
    const std::shared_ptr<const GraphPicture> picture = view.picture();
    QVERIFY(picture);
    QCOMPARE(picture->implicit.count(true), 2);
    for (qsizetype e = 0; e < picture->edges.size(); ++e)
        if (picture->implicit.value(e))
            QCOMPARE(picture->edges.at(e).last().y(), view.vertexRect(view.vertexOfNode(2)).top());
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    QVERIFY(view.openBody({2, 0, 0}));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 3); // Add, the input r, the output y
    QStringList rows;
    for (const GraphFold::Row &row : view.fold().rows(0))
        rows << row.shown();
    QCOMPARE(rows, QStringList{u"B c"_s});
    QStringList labels;
    for (QGraphicsItem *item : view.scene()->items())
        if (auto *text = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(item); text && !text->parentItem())
            labels << text->text();
    QVERIFY2(labels.contains(u"float32 ⟨1×4⟩"_s), qPrintable(labels.join(u", ")));
}

QTEST_MAIN(TestGraphReading)
#include "tst_graphreading.moc"
