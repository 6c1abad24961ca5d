// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Compare tab's model half (issue 41) on ResNet-18 checkpoints and ONNX exports made
// by reviewmodels.py: the weights table sorted by change, the per-layer chart, a click
// showing both sides and B − A with one colour scale, the graph changes and cancelling.
#include "compare/comparepage.h"
#include "compare/graphchangesmodel.h"
#include "compare/graphreviewstyle.h"
#include "compare/graphreviewview.h"
#include "compare/weightchart.h"
#include "compare/weightdeltaview.h"
#include "compare/weightdiffmodel.h"
#include "jobs/jobpools.h"
#include "model/graphlayout.h"
#include "model/modelgraphview.h"
#include "reviewmodels.h"
#include "tensorviewer/heatmapdata.h"
#include "tensorviewer/heatmapview.h"

#include <QAbstractItemModelTester>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QJsonArray>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace studio;
using namespace carton;

class TestModelReviewView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void weightsSortedByChange();
    void chartClickShowsBothSidesAndDifference();
    void graphChanges();
    void colouredGraphOneAttribute();
    void colouredGraphAddedBlocks();
    void colouredGraphRemovedGhosts();
    void colouredGraphInsideIf();
    void cancel();
    void cleanupTestCase();

private:
    bool waitCompared(ComparePage &page)
    {
        QSignalSpy spy(&page, &ComparePage::compared);
        return (spy.count() > 0 || spy.wait(120000)) && !page.isComparing();
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    // Shows the Graph section of a review of `a` and `b` and waits for its graph to be laid out.
    bool showGraph(ComparePage &page)
    {
        page.resize(1366, 768);
        page.show();
        if (!waitCompared(page))
            return false;
        QSignalSpy laid(page.graphReview(), &GraphReviewView::laidOut);
        page.sections()->setCurrentIndex(2);
        return page.graphReview()->graphView()->isLaidOut() || laid.wait(60000);
    }
    // The graph's node items (not inputs, outputs or their parts), by their look.
    struct Items {
        QList<QGraphicsPathItem *> all;
        int of(NodeStatus status) const
        {
            const GraphDecorator::Look look = GraphReviewStyle::statusLook(status);
            int n = 0;
            for (QGraphicsPathItem *item : all)
                n += status == NodeStatus::Unchanged
                         ? item->opacity() == look.opacity
                         : item->brush().color() == look.fill && item->pen().style() == look.outline->style();
            return n;
        }
    };
    static Items nodeItems(ModelGraphView *view)
    {
        Items items;
        for (QGraphicsItem *item : view->scene()->items())
            if (auto *path = qgraphicsitem_cast<QGraphicsPathItem *>(item);
                path && !path->parentItem() && path->data(0).isValid() &&
                path->flags() & QGraphicsItem::ItemIsSelectable)
                items.all.append(path);
        return items;
    }
    // The tag drawn on an item ("+", "Δ1"), empty when none.
    static QString tagOf(QGraphicsItem *item)
    {
        for (QGraphicsItem *child : item->childItems())
            if (qgraphicsitem_cast<QGraphicsPathItem *>(child))
                for (QGraphicsItem *text : child->childItems())
                    if (auto *t = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(text))
                        return t->text();
        return {};
    }
    QTemporaryDir m_dir;
};

void TestModelReviewView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    REVIEW_MAKE_MODELS(m_dir.path());
}

void TestModelReviewView::cleanupTestCase()
{
    JobPools::waitForAll();
}

void TestModelReviewView::weightsSortedByChange()
{
    ComparePage page(path(QStringLiteral("r18.pt")), path(QStringLiteral("r18ft.pt")));
    QVERIFY(waitCompared(page));
    QVERIFY2(page.summaryLabel()->text().contains(u"weights only"), qPrintable(page.summaryLabel()->text()));
    QVERIFY(page.progressBar()->isHidden());
    QAbstractItemModelTester tester(page.weightsModel());
    QCOMPARE(page.weightsModel()->rowCount(), 122);
    // Sorting by relative change, descending: the two fine-tuned tensors first, the
    // fully rewritten fc.weight (0.39) above the partly scaled conv (0.006).
    page.weightsTable()->sortByColumn(WeightDiffModel::RelL2Column, Qt::DescendingOrder);
    QAbstractItemModel *shown = page.weightsTable()->model();
    QCOMPARE(shown->index(0, WeightDiffModel::NameColumn).data().toString(), QStringLiteral("fc.weight"));
    QCOMPARE(shown->index(1, WeightDiffModel::NameColumn).data().toString(), QStringLiteral("layer4.1.conv2.weight"));
    QCOMPARE(shown->index(2, WeightDiffModel::ChangeColumn).data().toString(), QStringLiteral("unchanged"));
    QCOMPARE(shown->index(0, WeightDiffModel::RelL2Column).data().toString(), QStringLiteral("0.3922"));
}

void TestModelReviewView::chartClickShowsBothSidesAndDifference()
{
    ComparePage page(path(QStringLiteral("r18.pt")), path(QStringLiteral("r18ft.pt")));
    page.resize(1366, 768);
    page.show();
    QVERIFY(waitCompared(page));
    page.sections()->setCurrentIndex(1);
    const QList<WeightDiff> &weights = page.weightsModel()->weights();
    int fc = -1, changedBars = 0;
    for (int i = 0; i < weights.size(); ++i) {
        fc = weights.at(i).nameB == u"fc.weight" ? i : fc;
        changedBars += weights.at(i).kind == ChangeKind::Changed;
    }
    QVERIFY(fc >= 0);
    QCOMPARE(changedBars, 2);
    WeightChart *chart = page.weightChart();
    QVERIFY(chart->isVisible());
    // A changed bar stands above an unchanged one; fc.weight (0.39) is taller than the conv (0.006).
    const QRectF fcBar = chart->barRect(fc);
    QVERIFY(fcBar.height() > chart->barRect(0).height() * 10);
    QCOMPARE(chart->barAt(fcBar.center()), fc);
    QSignalSpy shown(&page, &ComparePage::weightShown);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, fcBar.center().toPoint());
    QVERIFY(shown.wait(60000));
    // The table follows the click.
    QCOMPARE(page.weightsTable()->currentIndex().siblingAtColumn(0).data().toString(), QStringLiteral("fc.weight"));
    const HeatmapData *a = page.deltaView()->left()->data(), *b = page.deltaView()->right()->data(),
                      *d = page.deltaView()->difference()->data();
    QVERIFY(a && b && d);
    QCOMPARE(a->rows, 1000);
    QCOMPARE(a->cols, 512);
    // One colour scale for both sides; the difference centred on 0.
    QCOMPARE(a->min, b->min);
    QCOMPARE(a->max, b->max);
    QCOMPARE(d->min, -d->max);
    QVERIFY(d->max > 0.04 && d->max < 0.06); // numpy: max |B−A| of fc.weight is 0.0495
    // A picture to look at (CARTON_REVIEW_GUI_SCREENSHOT=path.png).
    if (const QString shot = qEnvironmentVariable("CARTON_REVIEW_GUI_SCREENSHOT"); !shot.isEmpty())
        QVERIFY(page.grab().save(shot));
}

void TestModelReviewView::graphChanges()
{
    ComparePage page(path(QStringLiteral("r18.onnx")), path(QStringLiteral("r18_strides.onnx")));
    QVERIFY(waitCompared(page));
    QAbstractItemModelTester tester(page.graphModel());
    QCOMPARE(page.graphModel()->rowCount(), 1);
    QCOMPARE(page.graphModel()->index(0, GraphChangesModel::OpColumn).data().toString(), QStringLiteral("Conv"));
    QCOMPARE(page.graphModel()->index(0, GraphChangesModel::WhatColumn).data().toString(),
             QStringLiteral("strides: [1, 1] -> [2, 2]"));
    QCOMPARE(page.graphModel()->matched(), 49);
    QVERIFY2(page.summaryLabel()->text().contains(u"structure"), qPrintable(page.summaryLabel()->text()));
}

void TestModelReviewView::colouredGraphOneAttribute()
{
    ComparePage page(path(QStringLiteral("r18.onnx")), path(QStringLiteral("r18_strides.onnx")));
    QVERIFY(showGraph(page));
    GraphReviewView *review = page.graphReview();
    ModelGraphView *view = review->graphView();
    const Items items = nodeItems(view);
    const int nodes = reviewtest::expectation(m_dir.path()).value(u"r18_onnx_nodes").toInt();
    QVERIFY(nodes > 40);
    QCOMPARE(view->graph()->nodes.size(), nodes);
    // One amber node with its tag; every other node dimmed; none green or red.
    QCOMPARE(items.of(NodeStatus::Changed), 1);
    QCOMPARE(items.of(NodeStatus::Added), 0);
    QCOMPARE(items.of(NodeStatus::Removed), 0);
    const auto io = view->graph()->inputs.size() + view->graph()->outputs.size(); // pills, not dimmed
    QCOMPARE(items.of(NodeStatus::Unchanged), items.all.size() - 1 - io);
    QCOMPARE(review->legendLabel(NodeStatus::Changed)->text(), QStringLiteral("1 changed"));
    QCOMPARE(review->legendLabel(NodeStatus::Added)->text(), QStringLiteral("0 added"));
    // A click on the change table's row selects that node and centres the view on it.
    QTableView *table = page.graphTable();
    QCOMPARE(table->model()->rowCount(), 1);
    view->view()->centerOn(0, 0);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(0, 1)).center());
    QCOMPARE(view->selectedVertex(), view->vertexOfNode(review->changes().first()));
    {
        const QRectF at = view->vertexRect(view->selectedVertex());
        QVERIFY(view->view()->viewport()->rect().contains(view->view()->mapFromScene(at.center())));
    }
    table->clearSelection();
    table->setCurrentIndex({});
    // F8: the change is selected, shown, and its two sides are side by side.
    QCOMPARE(review->changes().size(), 1);
    view->view()->setFocus();
    QTest::keyClick(view->view(), Qt::Key_F8);
    QCOMPARE(review->currentChange(), 0);
    const int selected = view->selectedVertex();
    QVERIFY(selected >= 0);
    const QString conv = reviewtest::expectation(m_dir.path()).value(u"strides_conv").toString();
    QCOMPARE(view->graph()->nodes.at(review->changes().first()).name, conv);
    QCOMPARE(view->vertexOfNode(review->changes().first()), selected);
    QGraphicsItem *item = nullptr;
    for (QGraphicsPathItem *i : items.all)
        item = i->data(0).toInt() == selected ? i : item;
    QVERIFY(item);
    QCOMPARE(tagOf(item), QStringLiteral("Δ"));
    QVERIFY(view->view()->viewport()->rect().contains(view->view()->mapFromScene(item->sceneBoundingRect().center())));
    const QString html = view->properties()->toPlainText();
    QVERIFY2(html.contains(u"≠ strides") && html.contains(u"[1, 1]") && html.contains(u"[2, 2]"), qPrintable(html));
    QVERIFY2(!html.contains(u"≠ kernel_shape") && !html.contains(u"≠ X") && !html.contains(u"≠ W"),
             qPrintable(html)); // the same on both sides
    QVERIFY(review->positionLabel()->text().startsWith(u"Change 1 of 1"));
}

void TestModelReviewView::colouredGraphAddedBlocks()
{
    const QJsonObject expect = reviewtest::expectation(m_dir.path());
    ComparePage page(path(QStringLiteral("r18.onnx")), path(QStringLiteral("r34.onnx")));
    QVERIFY(showGraph(page));
    GraphReviewView *review = page.graphReview();
    const int added = expect.value(u"r34_onnx_nodes").toInt() - expect.value(u"r18_onnx_nodes").toInt();
    QVERIFY(added > 20);
    QCOMPARE(review->overlay()->count(NodeStatus::Added), added);
    QCOMPARE(review->overlay()->count(NodeStatus::Removed), 0);
    QCOMPARE(nodeItems(review->graphView()).of(NodeStatus::Added), added);
    QCOMPARE(review->legendLabel(NodeStatus::Added)->text(), QStringLiteral("%1 added").arg(added));
    // Next / Previous walk every change top to bottom, wrapping, and select each.
    // Every change walked: the added nodes and the kept ones whose inputs now come from them.
    const QList<int> changes = review->changes();
    const int changed = review->overlay()->count(NodeStatus::Changed);
    QCOMPARE(changed, page.modelDiff()->graphs.first().graph.changed.size());
    QCOMPARE(changes.size(), added + changed);
    ModelGraphView *view = review->graphView();
    qreal lastTop = -1e9;
    for (int step = 0; step < changes.size(); ++step) {
        QVERIFY(review->nextAction()->isEnabled());
        review->nextAction()->trigger();
        QCOMPARE(review->currentChange(), step);
        QCOMPARE(view->selectedVertex(), view->vertexOfNode(changes.at(step)));
        const qreal top = view->vertexRect(view->selectedVertex()).top();
        QVERIFY(top >= lastTop);
        lastTop = top;
        // The change table follows the walk: its current row names the node selected.
        const GraphChangesModel::Target t = page.graphModel()->target(page.graphTable()->currentIndex().row());
        QCOMPARE(review->nodeOfChange(t.kind, t.node), changes.at(step));
    }
    // The other way: each kind of row selects its node.
    for (int row = page.graphModel()->rowCount() - 1; row >= 0; row -= 7) {
        page.graphTable()->setCurrentIndex(page.graphModel()->index(row, 0));
        const GraphChangesModel::Target t = page.graphModel()->target(row);
        QCOMPARE(view->selectedVertex(), view->vertexOfNode(review->nodeOfChange(t.kind, t.node)));
        QCOMPARE(view->graph()->nodes.at(review->nodeOfChange(t.kind, t.node)).name, t.node.name);
    }
    // A weight of the weights table selects the node that takes it (an added block's).
    const QList<WeightDiff> &weights = page.weightsModel()->weights();
    const auto addedWeight =
        std::find_if(weights.cbegin(), weights.cend(), [](const WeightDiff &w) { return w.kind == ChangeKind::Added; });
    QVERIFY(addedWeight != weights.cend());
    auto *sorted = static_cast<QSortFilterProxyModel *>(page.weightsTable()->model());
    page.weightsTable()->setCurrentIndex(
        sorted->mapFromSource(page.weightsModel()->index(int(addedWeight - weights.cbegin()), 0)));
    QVERIFY(view->selectedVertex() >= 0);
    {
        int node = -1;
        for (int n = 0; n < view->graph()->nodes.size(); ++n)
            node = view->vertexOfNode(n) == view->selectedVertex() ? n : node;
        QVERIFY(node >= 0);
        QVERIFY2(view->graph()->nodes.at(node).inputs.contains(addedWeight->nameB),
                 qPrintable(view->graph()->nodes.at(node).inputs.join(u' ')));
        QCOMPARE(review->overlay()->of(view->graph().get())->nodes.at(node).status, NodeStatus::Added);
        // The change table shows that node's row.
        const GraphChangesModel::Target t = page.graphModel()->target(page.graphTable()->currentIndex().row());
        QCOMPARE(review->nodeOfChange(t.kind, t.node), node);
    }
    QVERIFY(review->goToChange(int(changes.size()) - 1)); // where the walk above ended
    review->nextAction()->trigger();
    QCOMPARE(review->currentChange(), 0);
    review->previousAction()->trigger();
    QCOMPARE(review->currentChange(), changes.size() - 1);
    // Every scope collapsed: the boxes carry the counts of what changed inside ("+12 Δ2"),
    // which add up to the graph's; Next Change opens the box holding the change.
    QSignalSpy laid(review, &GraphReviewView::laidOut);
    view->collapseAll();
    QVERIFY(laid.wait(30000));
    int boxes = 0, addedInBoxes = 0;
    for (QGraphicsPathItem *item : nodeItems(view).all) {
        const int vertex = item->data(0).toInt();
        if (view->collapsedScope(vertex).isEmpty())
            continue;
        ++boxes;
        for (const QString &part : tagOf(item).split(u' ', Qt::SkipEmptyParts))
            if (part.startsWith(u'+'))
                addedInBoxes += part.mid(1).toInt();
    }
    QVERIFY(boxes > 1);
    int addedOutside = 0;
    for (int n : changes)
        addedOutside += view->collapsedScope(view->vertexOfNode(n)).isEmpty() &&
                        review->overlay()->of(view->graph().get())->nodes.at(n).status == NodeStatus::Added;
    QCOMPARE(addedInBoxes + addedOutside, added);
    const int inBox = int(std::find_if(changes.cbegin(), changes.cend(),
                                       [&](int n) { return !view->collapsedScope(view->vertexOfNode(n)).isEmpty(); }) -
                          changes.cbegin());
    QVERIFY(inBox < changes.size());
    const int node = review->changes().at(inBox);
    QVERIFY(review->goToChange(inBox));
    // The boxes holding it open (a scope in a scope: one after the other), then it is selected.
    QTRY_COMPARE_WITH_TIMEOUT(view->selectedVertex() >= 0 && view->selectedVertex() == view->vertexOfNode(node), true,
                              30000);
    QVERIFY(view->collapsedScope(view->selectedVertex()).isEmpty());
}

void TestModelReviewView::colouredGraphRemovedGhosts()
{
    const QJsonObject expect = reviewtest::expectation(m_dir.path());
    ComparePage page(path(QStringLiteral("r34.onnx")), path(QStringLiteral("r18.onnx")));
    QVERIFY(showGraph(page));
    GraphReviewView *review = page.graphReview();
    const int removed = expect.value(u"r34_onnx_nodes").toInt() - expect.value(u"r18_onnx_nodes").toInt();
    // The right side's nodes and the left's removed ones as ghosts (dashed, red, "−").
    QCOMPARE(review->graphView()->graph()->nodes.size(), expect.value(u"r34_onnx_nodes").toInt());
    const Items items = nodeItems(review->graphView());
    QCOMPARE(items.of(NodeStatus::Removed), removed);
    QCOMPARE(items.of(NodeStatus::Added), 0);
    int tagged = 0;
    for (QGraphicsPathItem *item : items.all)
        tagged += tagOf(item) == u"\u2212";
    QCOMPARE(tagged, removed);
    // A ghost is wired into the graph: it has an edge in (from a kept node or another ghost).
    const GraphOverlay::Level *level = review->overlay()->of(review->graphView()->graph().get());
    QVERIFY(level);
    const GraphLayoutInput input = review->graphView()->layoutInput();
    int ghostsWithInput = 0;
    for (qsizetype n = 0; n < level->nodes.size(); ++n)
        if (level->nodes.at(n).status == NodeStatus::Removed) {
            const int v = review->graphView()->vertexOfNode(int(n));
            ghostsWithInput +=
                std::any_of(input.edges.cbegin(), input.edges.cend(), [v](const auto &e) { return e.second == v; });
        }
    QCOMPARE(ghostsWithInput, removed);
}

void TestModelReviewView::colouredGraphInsideIf()
{
    ComparePage page(path(QStringLiteral("if_a.onnx")), path(QStringLiteral("if_b.onnx")));
    QVERIFY(showGraph(page));
    GraphReviewView *review = page.graphReview();
    ModelGraphView *view = review->graphView();
    // The If holds the change: its tag counts it; Next Change lands on it.
    QCOMPARE(review->changes().size(), 1);
    QVERIFY(review->nextChange());
    const int ifNode = review->changes().first();
    QCOMPARE(view->graph()->nodes.at(ifNode).opType, QStringLiteral("If"));
    QGraphicsItem *item = nullptr;
    for (QGraphicsPathItem *i : nodeItems(view).all)
        item = i->data(0).toInt() == view->vertexOfNode(ifNode) ? i : item;
    QVERIFY(item);
    QCOMPARE(tagOf(item), QStringLiteral("Δ1"));
    QVERIFY(view->properties()->toPlainText().contains(u"1 change(s) inside its bodies"));
    // Its else branch, opened: the changed node amber (Add -> Sub), its neighbour dimmed.
    const QList<OnnxAttribute> &attrs = view->graph()->nodes.at(ifNode).attributes;
    int elseAttr = -1;
    for (int k = 0; k < attrs.size(); ++k)
        elseAttr = attrs.at(k).name == u"else_branch" ? k : elseAttr;
    QVERIFY(elseAttr >= 0);
    QSignalSpy laid(view, &ModelGraphView::laidOut);
    QVERIFY(view->openBody({ifNode, elseAttr, 0}));
    QVERIFY(laid.wait(30000));
    const Items body = nodeItems(view);
    QCOMPARE(body.all.size(), 2 + view->graph()->inputs.size() + view->graph()->outputs.size());
    QCOMPARE(body.of(NodeStatus::Changed), 1);
    QCOMPARE(body.of(NodeStatus::Unchanged), 1);
    // Next Change goes back to the main graph and selects the If again.
    QSignalSpy back(review, &GraphReviewView::laidOut);
    QVERIFY(review->nextChange());
    QVERIFY(back.wait(30000));
    QCOMPARE(view->depth(), 0);
    QCOMPARE(view->selectedVertex(), view->vertexOfNode(ifNode));
}

void TestModelReviewView::cancel()
{
    ComparePage page(path(QStringLiteral("r18.onnx")), path(QStringLiteral("r34.onnx")));
    QSignalSpy compared(&page, &ComparePage::compared);
    QVERIFY(page.isComparing());
    QVERIFY(!page.cancelButton()->isHidden());
    QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
    QVERIFY(!page.isComparing());
    QVERIFY(page.cancelButton()->isHidden());
    QCOMPARE(page.summaryLabel()->text(), QStringLiteral("Comparison cancelled"));
    JobPools::waitForAll();
    QCoreApplication::processEvents();
    QCOMPARE(compared.count(), 0); // the cancelled result is dropped
    QVERIFY(!page.modelDiff());
}

QTEST_MAIN(TestModelReviewView)
#include "tst_modelreviewview.moc"
