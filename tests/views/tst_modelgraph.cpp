// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The graph of an ONNX model: the layered layout (pure, timed) and the view on a
// model made with python3-onnx: nodes and edges, click a node for its properties,
// search, an initializer's link opens the weight, PNG/SVG export.
#include "graphlayout.h"
#include "jobs/latestjob.h"
#include "modelgraphview.h"
#include "modelpage.h"
#include "onnxcarton.h"
#include "tensorviewer.h"

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
    void cleanupTestCase() { LatestJob::waitForAll(); }

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
    QVERIFY(graph->exportPng(png));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= graph->scene()->sceneRect().width());
    QVERIFY(graph->exportSvg(svg));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg") && text.contains("GlobalAveragePool"));
}

QTEST_MAIN(TestModelGraph)
#include "tst_modelgraph.moc"
