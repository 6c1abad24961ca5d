// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The graph of an ONNX model: the layered layout (pure, timed) and the view on a
// model made with python3-onnx: nodes and edges, click a node for its properties,
// search, an initializer's link opens the weight, PNG/SVG export.
#include "base/bytesource.h"
#include "files/fileviewer.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "model/graphlayout.h"
#include "model/graphscopes.h"
#include "model/modelfile.h"
#include "model/modelgraphview.h"
#include "model/modelpage.h"
#include "onnxcarton.h"
#include "runner/modelinspection.h"
#include "tensorviewer/tensorviewer.h"
#include "testpaths.h"

#include <QElapsedTimer>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace studio;

namespace {

// No two nodes of a layer overlap; every edge runs from its source's bottom to its
// target's top, downwards when it goes to a later layer.
void checkLayout(const GraphLayoutInput &input, const GraphLayoutResult &layout)
{
    QCOMPARE(layout.nodes.size(), input.nodes.size());
    QCOMPARE(layout.edges.size(), input.edges.size());
    for (qsizetype a = 0; a < layout.nodes.size(); ++a) {
        QCOMPARE(layout.nodes[a].size(), input.nodes[a]);
        for (qsizetype b = a + 1; b < layout.nodes.size(); ++b)
            if (layout.layers[a] == layout.layers[b])
                QVERIFY2(!layout.nodes[a].intersects(layout.nodes[b]), qPrintable(u"%1 and %2"_s.arg(a).arg(b)));
    }
    for (qsizetype e = 0; e < input.edges.size(); ++e) {
        const auto [from, to] = input.edges[e];
        const QList<QPointF> &line = layout.edges[e];
        QVERIFY(line.size() >= 2);
        QCOMPARE(line.first(), QPointF(layout.nodes[from].center().x(), layout.nodes[from].bottom()));
        QCOMPARE(line.last(), QPointF(layout.nodes[to].center().x(), layout.nodes[to].top()));
        if (layout.layers[to] > layout.layers[from]) {
            QCOMPARE(line.size(), layout.layers[to] - layout.layers[from] + 1); // one point per layer crossed
            for (qsizetype i = 1; i < line.size(); ++i)
                QVERIFY(line[i].y() > line[i - 1].y());
        }
    }
}

// Shows the TorchScript archive tests/model/data/torchscript/`file` in `view` (900×600): its
// graph read from the code, off the GUI thread, and laid out.
bool showArchive(ModelGraphView &view, const QString &file)
{
    auto bytes = carton::FileRegionSource::open(testutil::sourcePath(u"/tests/model/data/torchscript/") + file);
    if (!bytes)
        return false;
    auto model = carton::ModelFile::read(*bytes);
    if (!model)
        return false;
    view.resize(900, 600);
    view.show();
    QSignalSpy read(&view, &ModelGraphView::staticGraphRead);
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setModel(*model);
    return read.wait(10'000) && (laidOut.count() == 1 || laidOut.wait(10'000)) && view.graph();
}

} // namespace

class TestModelGraph : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void layoutLayersAndRoutes();
    void layoutTwoHundredNodesUnderASecond();
    void layoutBreaksCycles();
    void layoutFiveThousandNodes();
    void graphOfAnOnnxModel();
    void scopesOfNodeNames();
    void fiveThousandNodesOpenCollapsed();
    void graphOfAnInspectedMethod();
    void graphOfATorchScriptArchive();
    void torchScriptBranchTakesValuesAsInputs();
    void cleanupTestCase() { JobPools::waitForAll(); }

private:
    QTemporaryDir m_dir;
};

void TestModelGraph::initTestCase()
{
    QVERIFY(m_dir.isValid());
    CARTON_MAKE_ONNX_CARTON(m_dir.path(), [](const QByteArray &) { return QMap<QString, QByteArray>(); });
}

void TestModelGraph::layoutLayersAndRoutes()
{
    // a -> b -> c, a -> c (spans a layer), d alone.
    GraphLayoutInput input;
    input.nodes = {QSizeF(80, 20), QSizeF(60, 20), QSizeF(100, 30), QSizeF(40, 20)};
    input.edges = {{0, 1}, {1, 2}, {0, 2}, {9, 0}};
    const GraphLayoutResult layout = layoutGraph(input);
    QCOMPARE(layout.layers, (QList<int>{0, 1, 2, 0}));
    QVERIFY(layout.edges[3].isEmpty()); // out of range: ignored
    input.edges.removeLast();
    GraphLayoutResult checked = layoutGraph(input);
    checkLayout(input, checked);
    QCOMPARE(checked.edges[2].size(), 3); // through one dummy point
    QVERIFY(checked.bounds.contains(checked.nodes[2]));
}

void TestModelGraph::layoutTwoHundredNodesUnderASecond()
{
    // 200 nodes: a backbone with branches and skip connections, as a ResNet's graph.
    GraphLayoutInput input;
    QRandomGenerator random(7);
    for (int i = 0; i < 200; ++i)
        input.nodes.append(QSizeF(60 + random.bounded(80), 28));
    for (int i = 1; i < 200; ++i) {
        input.edges.append({i - 1, i});
        if (i % 3 == 0 && i >= 4)
            input.edges.append({i - 4, i}); // skip connection
        if (i % 7 == 0)
            input.edges.append({int(random.bounded(i)), i});
    }
    QElapsedTimer timer;
    timer.start();
    const GraphLayoutResult layout = layoutGraph(input);
    const qint64 ms = timer.elapsed();
    qInfo("200 nodes, %d edges laid out in %lld ms", int(input.edges.size()), ms);
    QVERIFY2(ms < 1000, qPrintable(u"%1 ms"_s.arg(ms)));
    checkLayout(input, layout);
    QCOMPARE(layout.layers.last(), 199); // the backbone is the longest path
}

void TestModelGraph::layoutFiveThousandNodes()
{
    // A transformer-sized graph: 5,000 nodes in blocks of four branches joined again.
    GraphLayoutInput input;
    QRandomGenerator random(11);
    for (int i = 0; i < 5000; ++i)
        input.nodes.append(QSizeF(60 + random.bounded(80), 28));
    for (int i = 1; i < 5000; ++i) {
        input.edges.append({i % 5 == 1 ? i - 1 : i - 1 - (i % 5 == 2 ? 0 : 1), i});
        if (i % 5 == 0)
            input.edges.append({i - 4, i});
        if (i % 11 == 0 && i > 60)
            input.edges.append({i - 1 - int(random.bounded(50)), i});
    }
    QElapsedTimer timer;
    timer.start();
    const GraphLayoutResult layout = layoutGraph(input);
    const qint64 ms = timer.elapsed();
    qInfo("5000 nodes, %d edges laid out in %lld ms", int(input.edges.size()), ms);
    QVERIFY2(ms < 2000, qPrintable(u"%1 ms"_s.arg(ms)));
    QCOMPARE(layout.nodes.size(), 5000);
    QVERIFY(!layout.bounds.isEmpty());
}

void TestModelGraph::layoutBreaksCycles()
{
    GraphLayoutInput input;
    input.nodes = {QSizeF(50, 20), QSizeF(50, 20), QSizeF(50, 20)};
    input.edges = {{0, 1}, {1, 2}, {2, 0}, {1, 1}};
    const GraphLayoutResult layout = layoutGraph(input);
    QCOMPARE(layout.nodes.size(), 3);
    QCOMPARE(layout.layers, (QList<int>{0, 1, 2}));
    QCOMPARE(layout.edges[2].size(), 2); // the edge closing the cycle: a straight line
    QVERIFY(layout.edges[3].isEmpty());  // a self-loop is not drawn
}

void TestModelGraph::graphOfAnOnnxModel()
{
    auto carton = testcartons::open(m_dir.filePath(u"folder"_s));
    QVERIFY(carton);
    ModelPage page(carton);
    page.resize(1366, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY(page.isLoaded());
    QVERIFY(page.revealWeight(u"model/net.bin:fc.weight"_s)); // the model file's summary and graph
    QVERIFY(!page.sideTabs()->isTabVisible(page.sideTabs()->indexOf(page.codeViewer()))); // ONNX has no code/
    ModelGraphView *graph = page.graphView();
    QSignalSpy laidOut(graph, &ModelGraphView::laidOut);
    page.sideTabs()->setCurrentWidget(graph);
    QTRY_COMPARE(laidOut.count(), 1);
    // With the graph shown, the page still fits a 1366×768 window (tabs, menus and the dock take the rest).
    QVERIFY2(page.minimumSizeHint().width() <= 1000 && page.minimumSizeHint().height() <= 450,
             qPrintable(u"%1×%2"_s.arg(page.minimumSizeHint().width()).arg(page.minimumSizeHint().height())));
    // 9 nodes, 3 graph inputs (image, cond, mask), 2 outputs (logits, big).
    QCOMPARE(graph->vertexCount(), 14);
    int nodes = 0, edges = 0;
    for (QGraphicsItem *item : graph->scene()->items())
        if (auto *path = qgraphicsitem_cast<QGraphicsPathItem *>(item))
            (path->flags() & QGraphicsItem::ItemIsSelectable ? nodes : edges) += 1;
    QCOMPARE(nodes, 14);
    // image->Conv, image->Resize, Conv->Relu->GlobalAveragePool->Flatten->Gemm, Gemm->logits,
    // Gemm->Mul, Resize->big, cond->If; Constant's k and Resize's scales lead nowhere.
    QCOMPARE(edges, 10);

    // Click the Conv node: its properties.
    int conv = -1;
    for (QGraphicsItem *item : graph->scene()->items())
        if (item->flags() & QGraphicsItem::ItemIsSelectable && item->toolTip().startsWith(u"Conv\n"_s))
            conv = item->data(0).toInt();
    QVERIFY(conv >= 0);
    QGraphicsItem *convItem = nullptr;
    for (QGraphicsItem *item : graph->scene()->items())
        if (item->flags() & QGraphicsItem::ItemIsSelectable && item->data(0).toInt() == conv)
            convItem = item;
    graph->view()->centerOn(convItem);
    const QPoint at = graph->view()->mapFromScene(convItem->sceneBoundingRect().center());
    QTest::mouseClick(graph->view()->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(graph->selectedVertex(), conv);
    const QString properties = graph->properties()->toPlainText();
    for (const QString &expected : {u"Conv"_s, u"conv1"_s, u"image"_s, u"conv1.weight float32 [4, 3, 3, 3]"_s,
                                    u"kernel_shape"_s, u"[3, 3]"_s, u"pads"_s, u"c1"_s})
        QVERIFY2(properties.contains(expected), qPrintable(expected + u" not in: "_s + properties));

    // Search by op type and by tensor name; Enter goes on to the next match.
    QTest::keyClicks(graph->searchEdit(), u"relu"_s);
    QCOMPARE(graph->properties()->toPlainText().section(u'\n', 0, 0), u"Relu"_s);
    graph->searchEdit()->clear();
    QTest::keyClicks(graph->searchEdit(), u"logits"_s); // Gemm's output, Mul's input and the graph output
    const int first = graph->selectedVertex();
    QTest::keyClick(graph->searchEdit(), Qt::Key_Return);
    QVERIFY(graph->selectedVertex() != first);
    QCOMPARE(graph->statusLabel()->text(), u"3 match(es)"_s);

    // An initializer's link opens the weight in the viewer.
    graph->selectVertex(conv);
    QSignalSpy shown(&page, &ModelPage::valuesLoaded);
    emit graph->properties()->anchorClicked(QUrl(u"weight:conv1.bias"_s));
    QTRY_COMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toString(), u"model/net.bin:conv1.bias"_s);
    QCOMPARE(page.sideTabs()->currentWidget(), page.viewer());

    // Export.
    const QString png = m_dir.filePath(u"graph.png"_s), svg = m_dir.filePath(u"graph.svg"_s);
    QSignalSpy exported(graph, &ModelGraphView::exported);
    QVERIFY(graph->exportPng(png));
    QVERIFY(exported.wait(10'000));
    QCOMPARE(exported.last().at(1).toString(), QString());
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= graph->scene()->sceneRect().width());
    QVERIFY(graph->exportSvg(svg));
    QVERIFY(exported.wait(10'000));
    QCOMPARE(exported.last().at(1).toString(), QString());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg") && text.contains("GlobalAveragePool"));
}

void TestModelGraph::scopesOfNodeNames()
{
    QCOMPARE(GraphScopes::scopeOfName(u"/layer1/0/conv1/Conv"_s), u"layer1/0/conv1"_s);
    QCOMPARE(GraphScopes::scopeOfName(u"Conv_3"_s), QString());
    QCOMPARE(GraphScopes::scopeOfName(u"/Conv"_s), QString());
    QCOMPARE(GraphScopes::parentScope(u"layer1/0"_s), u"layer1"_s);
    QCOMPARE(GraphScopes::parentScope(u"layer1"_s), QString());
    GraphScopes scopes(
        {u"/layer1/0/conv1/Conv"_s, u"/layer1/0/relu/Relu"_s, u"/layer1/1/conv1/Conv"_s, u"/fc/Gemm"_s, u"Add"_s});
    QVERIFY(scopes.hasScopes());
    QCOMPARE(scopes.nodeCount(u"layer1"_s), 3);
    QCOMPARE(scopes.nodeCount(u"layer1/0"_s), 2);
    // Everything expanded at first: one item per node.
    GraphScopes::Visible shown = scopes.visible();
    QCOMPARE(shown.items.size(), 5);
    QCOMPARE(shown.itemOfNode, (QList<int>{0, 1, 2, 3, 4}));
    // Collapsed: layer1 is one box of 3; fc holds one node and shows it; Add has no scope.
    scopes.collapseAll();
    shown = scopes.visible();
    QCOMPARE(shown.items.size(), 3);
    QCOMPARE(shown.items[0].node, -1);
    QCOMPARE(shown.items[0].scope, u"layer1"_s);
    QCOMPARE(shown.items[0].members, 3);
    QCOMPARE(shown.items[1].node, 3);
    QCOMPARE(shown.items[2].node, 4);
    QCOMPARE(shown.itemOfNode, (QList<int>{0, 0, 0, 1, 2}));
    // layer1 opened: its scopes 0 (two nodes) as a box, 1/conv1 (one node) as its node.
    QVERIFY(scopes.expand(u"layer1"_s));
    shown = scopes.visible();
    QCOMPARE(shown.items.size(), 4);
    QCOMPARE(shown.items[0].scope, u"layer1/0"_s);
    QCOMPARE(shown.items[0].members, 2);
    QCOMPARE(shown.items[1].node, 2);
    // An inner scope opened opens its parents; closing the outer one hides it again.
    scopes.collapseAll();
    QVERIFY(scopes.expand(u"layer1/0"_s));
    QVERIFY(scopes.isExpanded(u"layer1"_s));
    QCOMPARE(scopes.visible().items.size(), 5);
    QVERIFY(scopes.collapse(u"layer1"_s));
    QCOMPARE(scopes.visible().items.size(), 3);
    QVERIFY(!scopes.expand(u"nosuch"_s));
    // A graph all inside one scope opens that scope when collapsed: one box would say nothing.
    GraphScopes single({u"/model/a/X"_s, u"/model/a/Y"_s, u"/model/b/Z"_s, u"/model/b/W"_s});
    single.collapseAll();
    QCOMPARE(single.visible().items.size(), 2);
    QVERIFY(single.isExpanded(u"model"_s));
}

namespace {

// A graph as ONNX exporters name one: `blocks` blocks of 10 layers of 5 nodes,
// "/block3/layer7/Conv_2"-like names, each node fed by the one before and
// every layer's first node by the layer before's first (a skip connection).
carton::OnnxInfo scopedGraph(int blocks)
{
    carton::OnnxInfo g;
    carton::OnnxValueInfo in;
    in.name = u"input"_s;
    g.inputs.append(in);
    QString previous = in.name;
    QString layerStart = in.name;
    const QStringList ops{u"Conv"_s, u"BatchNormalization"_s, u"Relu"_s, u"Add"_s, u"MatMul"_s};
    for (int b = 0; b < blocks; ++b)
        for (int l = 0; l < 10; ++l)
            for (int n = 0; n < 5; ++n) {
                carton::OnnxNode node;
                node.opType = ops[n];
                node.name = u"/block%1/layer%2/%3_%4"_s.arg(b).arg(l).arg(ops[n]).arg(n);
                node.inputs = {previous};
                if (n == 3)
                    node.inputs.append(layerStart);
                node.outputs = {node.name + u"_out"_s};
                previous = node.outputs.first();
                if (n == 0)
                    layerStart = previous;
                g.nodes.append(node);
            }
    carton::OnnxValueInfo out;
    out.name = previous;
    g.outputs.append(out);
    return g;
}

// The longest time the GUI thread went without serving a 5 ms timer while `wait` waits.
template <typename Wait>
qint64 longestGap(Wait wait)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, gap = 0;
    QTimer probe;
    probe.setInterval(5);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        gap = std::max(gap, clock.elapsed() - last);
        last = clock.elapsed();
    });
    probe.start();
    wait();
    gap = std::max(gap, clock.elapsed() - last);
    return gap;
}

} // namespace

void TestModelGraph::fiveThousandNodesOpenCollapsed()
{
    const auto graph = std::make_shared<const carton::OnnxInfo>(scopedGraph(100)); // 5,000 nodes
    QCOMPARE(graph->nodes.size(), 5000);
    ModelGraphView view;
    view.resize(1200, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    QElapsedTimer timer;
    timer.start();
    qint64 opened = 0;
    const qint64 gap = longestGap([&] {
        view.setGraph(nullptr, graph);
        QVERIFY(laidOut.wait(10'000));
        opened = timer.elapsed();
    });
    qInfo("5000 nodes open collapsed in %lld ms; the GUI thread's longest gap %lld ms", opened, gap);
    QVERIFY2(opened < 2000, qPrintable(u"%1 ms"_s.arg(opened)));
    QVERIFY2(gap < 50, qPrintable(u"%1 ms"_s.arg(gap)));
    // One box per block, then the input and the output.
    QCOMPARE(view.vertexCount(), 102);
    QCOMPARE(view.collapsedScope(0), u"block0"_s);
    QCOMPARE(view.collapsedScope(100), QString()); // the graph input
    QCOMPARE(view.vertexOfNode(4999), 99);
    QVERIFY(view.statusLabel()->text().contains(u"100 scope(s) collapsed"_s));
    // Search finds a node inside a box: the box is selected.
    QCOMPARE(view.findNext(u"/block42/layer3/Relu"_s), 42);

    // A double-click opens a box: block7's ten layers show as boxes.
    QGraphicsItem *box = nullptr;
    for (QGraphicsItem *item : view.scene()->items())
        if (item->flags() & QGraphicsItem::ItemIsSelectable && item->data(0).toInt() == 7)
            box = item;
    QVERIFY(box);
    view.view()->centerOn(box);
    const QPoint at = view.view()->mapFromScene(box->sceneBoundingRect().center());
    QTest::mouseDClick(view.view()->viewport(), Qt::LeftButton, {}, at);
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 102 - 1 + 10);
    QCOMPARE(view.collapsedScope(7), u"block7/layer0"_s);
    QCOMPARE(view.selectedVertex(), 7); // where the box was
    QVERIFY2(view.properties()->toPlainText().contains(u"block7/layer0"_s),
             qPrintable(view.properties()->toPlainText()));
    // The properties of a box: its scope, its nodes, and a link that opens it.
    QVERIFY(view.selectVertex(8));
    const QString properties = view.properties()->toPlainText();
    QVERIFY2(properties.contains(u"block7/layer1"_s) && properties.contains(u"5 node(s)"_s) &&
                 properties.contains(u"Relu ×1"_s),
             qPrintable(properties));
    emit view.properties()->anchorClicked(QUrl(u"expand:block7%2Flayer1"_s));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 102 - 1 + 10 - 1 + 5);
    // A double-click on a node closes its scope again.
    const int node = view.vertexOfNode(7 * 50 + 5 + 2); // block7/layer1/Relu_2
    QVERIFY(view.collapsedScope(node).isEmpty());
    QGraphicsItem *nodeItem = nullptr;
    for (QGraphicsItem *item : view.scene()->items())
        if (item->flags() & QGraphicsItem::ItemIsSelectable && item->data(0).toInt() == node)
            nodeItem = item;
    QVERIFY(nodeItem);
    view.view()->centerOn(nodeItem);
    QTest::mouseDClick(view.view()->viewport(), Qt::LeftButton, {},
                       view.view()->mapFromScene(nodeItem->sceneBoundingRect().center()));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 102 - 1 + 10);
    QVERIFY(view.collapseScope(u"block7"_s));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 102);

    // Everything open: 5,000 nodes, laid out off the GUI thread, added in slices.
    timer.restart();
    qint64 expanded = 0;
    const qint64 expandedGap = longestGap([&] {
        view.expandAll();
        QVERIFY(laidOut.wait(20'000));
        expanded = timer.elapsed();
    });
    qInfo("5000 nodes expanded in %lld ms; the GUI thread's longest gap %lld ms", expanded, expandedGap);
    QCOMPARE(view.vertexCount(), 5002);
    // Measured, not asserted (load on shared cores decides it; bench/README.md has the
    // figures: 48–61 ms when every item was added, now mostly under 50 ms). What keeps it
    // low is asserted: only the items near what the view shows are in the scene...
    Q_UNUSED(expandedGap);
    const auto nodeItems = [&view] {
        int n = 0;
        for (QGraphicsItem *item : view.scene()->items())
            n += item->flags() & QGraphicsItem::ItemIsSelectable ? 1 : 0;
        return n;
    };
    const int near = nodeItems();
    QVERIFY2(near > 0 && near < 1000, qPrintable(QString::number(near)));
    // ...and the others come when the view goes there.
    const int far = view.vertexOfNode(4990);
    QVERIFY(view.selectVertex(far));
    QTRY_VERIFY(nodeItems() > near + 10);
    QCOMPARE(view.selectedVertex(), far);
}

void TestModelGraph::graphOfAnInspectedMethod()
{
    // What the torchscript runner sends for `self.block(x) + lengths`, inlined.
    carton::InspectedMethod m;
    m.name = u"forward"_s;
    m.arguments = {{u"x"_s, u"Tensor"_s}, {u"lengths"_s, u"Tensor"_s}};
    m.returns = {{QString(), u"Tensor"_s}};
    m.graphInputs = {u"self.1"_s, u"x.1"_s, u"lengths.1"_s};
    m.graphOutputs = {u"out"_s};
    m.nodes = {
        {u"prim::GetAttr"_s, {u"self.1"_s}, {u"block"_s}, {}, {{u"name"_s, u"\"block\""_s}}},
        {u"prim::GetAttr"_s, {u"block"_s}, {u"inner"_s}, {}, {{u"name"_s, u"\"inner\""_s}}},
        {u"prim::GetAttr"_s, {u"inner"_s}, {u"weight.1"_s}, {}, {{u"name"_s, u"\"weight\""_s}}},
        {u"aten::mul"_s, {u"x.1"_s, u"weight.1"_s}, {u"t1"_s}, u"block.inner"_s, {}},
        {u"aten::relu"_s, {u"t1"_s}, {u"t2"_s}, u"block.inner"_s, {}},
        {u"prim::Constant"_s, {}, {u"c"_s}, u"block"_s, {{u"value"_s, u"1."_s}}},
        {u"aten::add"_s, {u"t2"_s, u"c"_s}, {u"t3"_s}, u"block"_s, {}},
        {u"aten::add"_s, {u"t3"_s, u"lengths.1"_s}, {u"out"_s}, {}, {}},
    };
    const carton::OnnxInfo g = carton::graphFromInspection(m);
    QCOMPARE(g.inputs.size(), 2);
    QCOMPARE(g.inputs[0].name, u"x"_s);
    QCOMPARE(g.inputs[0].kind, u"Tensor"_s);
    QCOMPARE(g.outputs.size(), 1);
    QCOMPARE(g.outputs[0].name, u"out"_s);
    QCOMPARE(g.nodes.size(), 8);
    // Values: arguments by name, the attribute chain by its path.
    QCOMPARE(g.nodes[3].inputs, (QStringList{u"x"_s, u"block.inner.weight"_s}));
    QCOMPARE(g.nodes[7].inputs, (QStringList{u"t3"_s, u"lengths"_s}));
    // Names by module path, so that they collapse by scope.
    QCOMPARE(g.nodes[4].name, u"/block/inner/aten::relu"_s);
    QCOMPARE(GraphScopes::scopeOfName(g.nodes[4].name), u"block/inner"_s);
    QCOMPARE(g.nodes[7].name, QString());
    QCOMPARE(g.nodes[5].attributes.size(), 1);
    QCOMPARE(g.nodes[5].attributes[0].text, u"1."_s);
    QCOMPARE(g.opCounts.value(u"aten::add"_s), 2);

    // Drawn in the same view as ONNX: x -> mul -> relu -> add -> add -> out, lengths -> add.
    ModelGraphView view;
    view.resize(900, 600);
    view.show();
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    view.setGraph(nullptr, std::make_shared<const carton::OnnxInfo>(g));
    QVERIFY(laidOut.wait(10'000));
    // The three GetAttr and the constant are drawn inside the nodes that take them (issue 40).
    QCOMPARE(view.vertexCount(), 4 + 2 + 1);
    QCOMPARE(view.fold().foldedCount(), 4);
    QCOMPARE(view.findNext(u"relu"_s), 1);
    const QString properties = view.properties()->toPlainText();
    QVERIFY2(properties.startsWith(u"aten::relu"_s) && properties.contains(u"/block/inner/aten::relu"_s),
             qPrintable(properties));
    // The mul shows the weight it takes (by its attribute path), the first add its constant.
    QCOMPARE(view.fold().rows(3).size(), 1);
    QCOMPARE(view.fold().rows(3).first().text, u"block.inner.weight"_s);
    QCOMPARE(view.fold().rows(6).first().text, u"1."_s);
    QVERIFY(view.collapseScope(u"block"_s));
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 1 + 1 + 2 + 1); // the block's box, the last add, x, lengths, out
    QCOMPARE(view.collapsedScope(0), u"block"_s);
    // With weights as nodes, the GetAttr chain and the constant are back (the scopes open again).
    view.setWeightsAsNodes(true);
    QVERIFY(laidOut.wait(10'000));
    QCOMPARE(view.vertexCount(), 8 + 2 + 1);
    QCOMPARE(view.fold().foldedCount(), 0);
}

void TestModelGraph::graphOfATorchScriptArchive()
{
    // torchvision's resnet18, scripted (tests/model/data/torchscript): no graph in the file,
    // so the view reads forward's from the code, off the GUI thread, and draws it as ONNX's.
    ModelGraphView view;
    QVERIFY(showArchive(view, u"resnet18_script.pt"_s));
    QCOMPARE(view.graph()->nodes.size(), 69);
    QVERIFY2(view.statusLabel()->text().contains(u"read from the archive's code"_s),
             qPrintable(view.statusLabel()->text()));
    // The first conv shows its weight folded in with its argument name and shape; its properties
    // name the arguments.
    const int conv = view.vertexOfNode(0);
    QVERIFY(conv >= 0);
    QCOMPARE(view.fold().rows(0).size(), 1);
    QCOMPARE(view.fold().rows(0).first().role, u"weight"_s);
    QCOMPARE(view.fold().rows(0).first().text, u"⟨64×3×7×7⟩"_s);
    QCOMPARE(view.fold().rows(0).first().weight, u"conv1.weight"_s);
    QVERIFY(view.selectVertex(conv));
    const QString properties = view.properties()->toPlainText();
    QVERIFY2(properties.contains(u"stride"_s) && properties.contains(u"[2, 2]"_s) && properties.contains(u"input"_s),
             qPrintable(properties));
    // The input x is at the top: above the first conv.
    const int x = view.vertexCount() - 2; // inputs, then outputs
    QVERIFY(view.vertexRect(x).bottom() < view.vertexRect(conv).top());
}

void TestModelGraph::torchScriptBranchTakesValuesAsInputs()
{
    // control.pt's `if bool(y.sum() > 0): y = y * 2`: the branch's aten::mul takes y from the
    // main graph as its first argument (torch names it "self"); it showed as a row "self y1"
    // (with a bare number for a name before the values were named): it is the body's input.
    ModelGraphView view;
    QVERIFY(showArchive(view, u"control.pt"_s));
    QSignalSpy laidOut(&view, &ModelGraphView::laidOut);
    int ifNode = -1;
    for (qsizetype n = 0; n < view.graph()->nodes.size(); ++n)
        ifNode = view.graph()->nodes[n].opType == u"prim::If" ? int(n) : ifNode;
    QVERIFY(ifNode >= 0);
    QVERIFY(view.openBody({ifNode, 0, 0}));
    QVERIFY(laidOut.wait(10'000));
    const carton::OnnxNode &mul = view.graph()->nodes.at(0);
    QCOMPARE(mul.opType, u"aten::mul"_s);
    QCOMPARE(view.graph()->inputs.size(), 1);
    QCOMPARE(view.graph()->inputs[0].name, mul.inputs.value(0));
    QVERIFY(view.fold().rows(0).isEmpty()); // the factor 2 is an attribute; y comes in by an edge
}

QTEST_MAIN(TestModelGraph)
#include "tst_modelgraph.moc"
