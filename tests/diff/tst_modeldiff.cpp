// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The model level of a comparison (core/diff): weights streamed and compared with
// numpy's figures, ONNX graphs matched by structure. Real architectures (ResNet-18 and
// ResNet-34 made by reviewmodels.py with python3-torch).
#include "diff/graphoverlay.h"
#include "diff/modeldiff.h"
#include "model/modelgraph.h"
#include "model/modelset.h"
#include "reviewmodels.h"
#include "runner/modelinspection.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace carton;

class TestModelDiff : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void fineTuneTouchesTwoTensors();
    void sameFileIsNotRead();
    void deeperNetworkAddsWeights();
    void checkpointAgainstOnnxPairsByPosition();
    void renamingEveryNodeChangesNothing();
    void oneStridesChangeIsOneChangedNode();
    void deeperNetworkAddsBlocks();
    void changeInsideAnIfBody();
    void overlayOfAnIfBody();
    void torchScriptGraphsMatchAsOnnxDoes();
    void torchScriptArchivesAreDiffedByTheirCode();
    void cancelled();

private:
    ModelSet models(const QString &name)
    {
        Result<ModelSet> set = ModelSet::fromFile(m_dir.filePath(name));
        if (!set)
            qFatal("%s", qPrintable(set.error().toString()));
        return *set;
    }
    ModelDiff diff(const QString &a, const QString &b, ModelDiffOptions options = {})
    {
        const ModelSet x = models(a), y = models(b);
        Result<ModelDiff> d = diffModels(x, y, options);
        if (!d)
            qFatal("%s", qPrintable(d.error().toString()));
        return *d;
    }
    QTemporaryDir m_dir;
    QJsonObject m_expect;
};

void TestModelDiff::initTestCase()
{
    QVERIFY(m_dir.isValid());
    REVIEW_MAKE_MODELS(m_dir.path());
    m_expect = reviewtest::expectation(m_dir.path());
    QVERIFY(!m_expect.isEmpty());
}

static bool near(double got, double want)
{
    return std::abs(got - want) <= 1e-9 + 1e-7 * std::abs(want);
}

void TestModelDiff::fineTuneTouchesTwoTensors()
{
    // Small chunks: a change found after equal chunks re-reads them for ‖A‖.
    ModelDiffOptions options;
    options.weights.chunkElements = 1000;
    const ModelDiff d = diff(QStringLiteral("r18.pt"), QStringLiteral("r18ft.pt"), options);
    QCOMPARE(d.weights.size(), m_expect.value(u"r18_tensors").toInt());
    const QJsonObject changed = m_expect.value(u"changed").toObject();
    QCOMPARE(changed.size(), 2);
    QCOMPARE(d.count(ChangeKind::Changed), 2);
    QCOMPARE(d.count(ChangeKind::Unchanged), d.weights.size() - 2);
    for (const WeightDiff &w : d.weights) {
        QCOMPARE(w.match, WeightMatch::Name);
        if (w.kind == ChangeKind::Unchanged) {
            QVERIFY(w.compared);
            QCOMPARE(w.maxAbsDiff, 0.0);
            continue;
        }
        QVERIFY2(changed.contains(w.name()), qPrintable(w.name()));
        const QJsonObject e = changed.value(w.name()).toObject();
        QVERIFY(w.compared);
        QCOMPARE(w.shapeA, w.shapeB);
        QCOMPARE(w.dtypeA, QStringLiteral("float32"));
        QVERIFY2(near(w.maxAbsDiff, e.value(u"max_abs_diff").toDouble()), qPrintable(QString::number(w.maxAbsDiff)));
        QVERIFY(w.relL2);
        QVERIFY2(near(*w.relL2, e.value(u"rel_l2").toDouble()), qPrintable(QString::number(*w.relL2)));
        QVERIFY(near(w.changedFraction, e.value(u"changed_fraction").toDouble()));
    }
    // The same with the default chunks.
    const ModelDiff big = diff(QStringLiteral("r18.pt"), QStringLiteral("r18ft.pt"));
    for (qsizetype i = 0; i < big.weights.size(); ++i) {
        QCOMPARE(big.weights.at(i).kind, d.weights.at(i).kind);
        QVERIFY(near(big.weights.at(i).relL2.value_or(-1), d.weights.at(i).relL2.value_or(-1)));
    }
}

void TestModelDiff::sameFileIsNotRead()
{
    ModelDiffOptions options;
    options.weights.sameFile = [](const QString &, const QString &) { return true; };
    Progress progress;
    const ModelSet x = models(QStringLiteral("r18.pt")), y = models(QStringLiteral("r18.pt"));
    Result<ModelDiff> d = diffModels(x, y, options, &progress);
    QVERIFY(d);
    QCOMPARE(d->count(ChangeKind::Unchanged), d->weights.size());
    QCOMPARE(progress.done(), 0);
    // Without the hint the bytes are streamed and found equal.
    Progress read;
    Result<ModelDiff> e = diffModels(x, y, {}, &read);
    QVERIFY(e);
    QCOMPARE(e->count(ChangeKind::Unchanged), e->weights.size());
    QVERIFY(read.done() > 40'000'000);
}

void TestModelDiff::deeperNetworkAddsWeights()
{
    const ModelDiff d = diff(QStringLiteral("r18.pt"), QStringLiteral("r34.pt"));
    QStringList added;
    for (const WeightDiff &w : d.weights)
        if (w.kind == ChangeKind::Added)
            added.append(w.nameB);
    added.sort();
    QStringList expected;
    for (const QJsonValue &v : m_expect.value(u"r34_added").toArray())
        expected.append(v.toString());
    QCOMPARE(added, expected);
    QCOMPARE(d.count(ChangeKind::Removed), 0);
    QCOMPARE(d.count(ChangeKind::Changed), 0); // the shared tensors were copied from r18
    QCOMPARE(d.count(ChangeKind::Unchanged), m_expect.value(u"r18_tensors").toInt());
}

void TestModelDiff::checkpointAgainstOnnxPairsByPosition()
{
    // fc.weight and fc.bias keep their names in the export; the folded convolutions
    // do not, and pair by position and shape (said so).
    const ModelDiff d = diff(QStringLiteral("r18.pt"), QStringLiteral("r18.onnx"));
    const auto find = [&](const QString &nameB) -> const WeightDiff * {
        for (const WeightDiff &w : d.weights)
            if (w.nameB == nameB)
                return &w;
        return nullptr;
    };
    const WeightDiff *fc = find(QStringLiteral("fc.weight"));
    QVERIFY(fc);
    QCOMPARE(fc->kind, ChangeKind::Unchanged);
    QCOMPARE(fc->match, WeightMatch::Name);
    int byPosition = 0;
    for (const WeightDiff &w : d.weights)
        if (w.match == WeightMatch::PositionShape) {
            ++byPosition;
            QCOMPARE(w.shapeA, w.shapeB);
        }
    QVERIFY2(byPosition >= 20, qPrintable(QString::number(byPosition))); // the 20 folded convolutions at least
}

void TestModelDiff::renamingEveryNodeChangesNothing()
{
    const ModelDiff d = diff(QStringLiteral("r18.onnx"), QStringLiteral("r18_renamed.onnx"));
    QCOMPARE(d.graphs.size(), 1);
    const GraphDiff &g = d.graphs.first().graph;
    QCOMPARE(g.matched, m_expect.value(u"r18_onnx_nodes").toInt());
    QVERIFY(g.added.isEmpty());
    QVERIFY(g.removed.isEmpty());
    QVERIFY2(g.changed.isEmpty(), g.changed.isEmpty() ? "" : qPrintable(g.changed.first().changes.join(u"; ")));
    // The weights were renamed too: paired by position and shape, values equal.
    QCOMPARE(d.count(ChangeKind::Unchanged), d.weights.size());
}

void TestModelDiff::oneStridesChangeIsOneChangedNode()
{
    const ModelDiff d = diff(QStringLiteral("r18.onnx"), QStringLiteral("r18_strides.onnx"));
    const GraphDiff &g = d.graphs.first().graph;
    QVERIFY(g.added.isEmpty());
    QVERIFY(g.removed.isEmpty());
    QCOMPARE(g.changed.size(), 1);
    QCOMPARE(g.changed.first().b.name, m_expect.value(u"strides_conv").toString());
    QCOMPARE(g.changed.first().b.opType, QStringLiteral("Conv"));
    QCOMPARE(g.changed.first().changes, QStringList{QStringLiteral("strides: [1, 1] -> [2, 2]")});
    QVERIFY(g.changed.first().structural);
    QCOMPARE(g.matched, m_expect.value(u"r18_onnx_nodes").toInt());
    QCOMPARE(d.count(ChangeKind::Unchanged), d.weights.size());
}

void TestModelDiff::deeperNetworkAddsBlocks()
{
    const ModelDiff d = diff(QStringLiteral("r18.onnx"), QStringLiteral("r34.onnx"));
    const GraphDiff &g = d.graphs.first().graph;
    QVERIFY(g.removed.isEmpty());
    QCOMPARE(g.matched, m_expect.value(u"r18_onnx_nodes").toInt());
    // Eight basic blocks without downsampling: Conv, Relu, Conv, Add, Relu each.
    QMap<QString, int> ops;
    for (const GraphNodeRef &r : g.added)
        ++ops[r.opType];
    const QJsonObject a = m_expect.value(u"r18_onnx_ops").toObject(), b = m_expect.value(u"r34_onnx_ops").toObject();
    for (const QString &op : b.keys())
        QCOMPARE(ops.value(op), b.value(op).toInt() - a.value(op).toInt());
    QCOMPARE(g.added.size(), m_expect.value(u"r34_onnx_nodes").toInt() - m_expect.value(u"r18_onnx_nodes").toInt());
    // Every added node lies in a block r34 adds (names from the export: /layer1/layer1.2/...).
    for (const GraphNodeRef &r : g.added)
        QVERIFY2(
            QRegularExpression(QStringLiteral("^/layer(1/layer1\\.2|2/layer2\\.[23]|3/layer3\\.[2-5]|4/layer4\\.2)/"))
                .match(r.name)
                .hasMatch(),
            qPrintable(r.name));
    // Matched nodes changed only where a new block now feeds them.
    for (const GraphNodeChange &c : g.changed)
        for (const QString &t : c.changes)
            QVERIFY2(t.startsWith(u"input "), qPrintable(c.b.name + u": " + t));
}

void TestModelDiff::changeInsideAnIfBody()
{
    const ModelDiff d = diff(QStringLiteral("if_a.onnx"), QStringLiteral("if_b.onnx"));
    const GraphDiff &g = d.graphs.first().graph;
    QCOMPARE(g.matched, 6); // 3 nodes, then-branch 1, else-branch 2
    QVERIFY(g.added.isEmpty());
    QVERIFY(g.removed.isEmpty());
    QCOMPARE(g.changed.size(), 1);
    QCOMPARE(g.changed.first().b.name, QStringLiteral("branch/else_branch/else_op"));
    QCOMPARE(g.changed.first().changes, QStringList{QStringLiteral("op_type: Add -> Sub")});
    // The same file against itself: nothing.
    QVERIFY(diff(QStringLiteral("if_a.onnx"), QStringLiteral("if_a.onnx")).graphs.first().graph.identical());
}

// The overlay the Compare tab draws: B's nodes, none added or removed, the If's
// else branch overlaid in its own level with the one changed node.
void TestModelDiff::overlayOfAnIfBody()
{
    const ModelSet a = models(QStringLiteral("if_a.onnx")), b = models(QStringLiteral("if_b.onnx"));
    const Result<ModelDiff> d = diffModels(a, b);
    QVERIFY(d);
    const GraphOverlay overlay = overlayGraphs(*modelGraph(a.entries().first().model),
                                               *modelGraph(b.entries().first().model), d->graphs.first().graph);
    QVERIFY(overlay.graph);
    QCOMPARE(overlay.graph->nodes.size(), 3);
    QCOMPARE(overlay.levels.size(), 3); // the main graph, the then and else branches
    QCOMPARE(overlay.count(NodeStatus::Changed), 1);
    QCOMPARE(overlay.count(NodeStatus::Added) + overlay.count(NodeStatus::Removed), 0);
    const GraphOverlay::Level *main = overlay.of(overlay.graph.get());
    QVERIFY(main);
    int branch = -1;
    for (int n = 0; n < 3; ++n)
        branch = overlay.graph->nodes.at(n).opType == u"If" ? n : branch;
    QVERIFY(branch >= 0);
    QCOMPARE(main->nodes.at(branch).changesInside, 1);
    QCOMPARE(main->nodes.at(branch).status, NodeStatus::Unchanged);
    for (const OnnxAttribute &at : overlay.graph->nodes.at(branch).attributes) {
        if (at.graphs.isEmpty())
            continue;
        const GraphOverlay::Level *body = overlay.of(at.graphs.first().get());
        QVERIFY2(body, qPrintable(at.name));
        int changed = 0;
        for (const GraphOverlay::Node &n : body->nodes)
            changed += n.status == NodeStatus::Changed;
        QCOMPARE(changed, at.name == u"else_branch" ? 1 : 0);
    }
}

namespace {

// A TorchScript forward as the runner's inspection reports it: conv (its weight a
// prim::GetAttr), relu, optionally a sigmoid, flatten; values named by `prefix`.
InspectedMethod torchForward(const QString &prefix, bool sigmoid)
{
    InspectedMethod m;
    m.name = QStringLiteral("forward");
    m.arguments = {{QStringLiteral("x"), QStringLiteral("Tensor")}};
    m.returns = {{QString(), QStringLiteral("Tensor")}};
    const auto v = [&](const char *name) -> QString { return prefix + QLatin1StringView(name); };
    m.graphInputs = {v("self"), v("x")};
    m.nodes.append({QStringLiteral("prim::GetAttr"),
                    {v("self")},
                    {v("w")},
                    QStringLiteral("conv"),
                    {{QStringLiteral("name"), QStringLiteral("weight")}}});
    m.nodes.append({QStringLiteral("prim::Constant"),
                    {},
                    {v("one")},
                    QString(),
                    {{QStringLiteral("value"), QStringLiteral("1")}}});
    m.nodes.append({QStringLiteral("aten::conv2d"), {v("x"), v("w")}, {v("c")}, QStringLiteral("conv"), {}});
    m.nodes.append({QStringLiteral("aten::relu"), {v("c")}, {v("r")}, QStringLiteral("act"), {}});
    QString last = v("r");
    if (sigmoid) {
        m.nodes.append({QStringLiteral("aten::sigmoid"), {v("r")}, {v("s")}, QStringLiteral("gate"), {}});
        last = v("s");
    }
    m.nodes.append({QStringLiteral("aten::flatten"), {last, v("one")}, {v("f")}, QString(), {}});
    m.graphOutputs = {v("f")};
    return m;
}

} // namespace

// The graph diff takes any graph in the one graph model, not ONNX's alone: two
// TorchScript forwards (graphFromInspection) match by structure, renamed values
// change nothing, an inserted op is one added node and its consumer's input changes.
void TestModelDiff::torchScriptGraphsMatchAsOnnxDoes()
{
    const auto a = std::make_shared<const OnnxInfo>(graphFromInspection(torchForward(QStringLiteral("a."), false)));
    const auto renamed =
        std::make_shared<const OnnxInfo>(graphFromInspection(torchForward(QStringLiteral("%v"), false)));
    const auto b = std::make_shared<const OnnxInfo>(graphFromInspection(torchForward(QStringLiteral("b_"), true)));
    QCOMPARE(a->nodes.size(), 5);
    const GraphDiff same = diffGraphs(*a, {}, *renamed, {});
    QVERIFY(same.identical());
    QCOMPARE(same.matched, 5);
    const GraphDiff d = diffGraphs(*a, {}, *b, {});
    QCOMPARE(d.added.size(), 1);
    QCOMPARE(d.added.first().opType, QStringLiteral("aten::sigmoid"));
    QVERIFY(d.removed.isEmpty());
    QCOMPARE(d.matched, 5);
    QCOMPARE(d.changed.size(), 1);
    QCOMPARE(d.changed.first().b.opType, QStringLiteral("aten::flatten"));
    QVERIFY2(d.changed.first().changes.first().startsWith(u"input 0: "),
             qPrintable(d.changed.first().changes.join(u'\n')));
    // And the Compare tab's overlay of them: B's six nodes, one added.
    const GraphOverlay overlay = overlayGraphs(a, b, d);
    QCOMPARE(overlay.graph->nodes.size(), 6);
    QCOMPARE(overlay.count(NodeStatus::Added), 1);
    QCOMPARE(overlay.count(NodeStatus::Changed), 1);
}

// Two TorchScript archives (torch.jit.save) are compared by the graphs read from
// their code/, nothing run: the same archive under two names matches node for
// node; resnet18 scripted against the small control module differs, and the
// graphs the Compare tab draws are the ones compared.
void TestModelDiff::torchScriptArchivesAreDiffedByTheirCode()
{
    const QString data = testutil::sourcePath(u"/tests/model/data/torchscript/");
    QVERIFY(QFile::copy(data + u"resnet18_script.pt", m_dir.filePath(QStringLiteral("ts_a.pt"))));
    QVERIFY(QFile::copy(data + u"resnet18_script.pt", m_dir.filePath(QStringLiteral("ts_b.pt"))));
    QVERIFY(QFile::copy(data + u"control.pt", m_dir.filePath(QStringLiteral("ts_control.pt"))));
    const ModelSet a = models(QStringLiteral("ts_a.pt"));
    const std::shared_ptr<const OnnxInfo> graph = *modelGraph(a.entries().first().model);
    QVERIFY(graph);
    QVERIFY2(graph->nodes.size() > 40, qPrintable(QString::number(graph->nodes.size())));

    // Equal bytes (as `carton diff` knows from the files' hashes): weights unread.
    ModelDiffOptions sameBytes;
    sameBytes.weights.sameFile = [](const QString &, const QString &) { return true; };
    const ModelDiff same = diff(QStringLiteral("ts_a.pt"), QStringLiteral("ts_b.pt"), sameBytes);
    QCOMPARE(same.graphs.size(), 1);
    const GraphDiff &sameGraph = same.graphs.first().graph;
    QStringList what;
    for (const auto &c : sameGraph.changed)
        what.append(c.b.opType + QStringLiteral(": ") + c.changes.join(QStringLiteral("; ")));
    for (const auto &n : sameGraph.added)
        what.append(QStringLiteral("added ") + n.opType);
    for (const auto &n : sameGraph.removed)
        what.append(QStringLiteral("removed ") + n.opType);
    QVERIFY2(sameGraph.identical(), qPrintable(what.join(u'\n')));
    QCOMPARE(same.graphs.first().graph.matched, graph->nodes.size());
    QCOMPARE(same.graphs.first().graphA->nodes.size(), graph->nodes.size());

    const ModelDiff other = diff(QStringLiteral("ts_a.pt"), QStringLiteral("ts_control.pt"));
    QCOMPARE(other.graphs.size(), 1);
    const ModelGraphDiff &g = other.graphs.first();
    QVERIFY(!g.graph.identical());
    QVERIFY(g.graphA && g.graphB);
    QCOMPARE(g.graphA->nodes.size(), graph->nodes.size());
    QVERIFY(g.graphB->nodes.size() < g.graphA->nodes.size());
    QCOMPARE(g.graph.matched + g.graph.removed.size(), g.graphA->nodes.size());
}

void TestModelDiff::cancelled()
{
    Progress progress;
    progress.cancel();
    const ModelSet x = models(QStringLiteral("r18.pt")), y = models(QStringLiteral("r18ft.pt"));
    Result<ModelDiff> d = diffModels(x, y, {}, &progress);
    QVERIFY(!d);
    QCOMPARE(d.error().code, ErrorCode::Cancelled);
}

QTEST_GUILESS_MAIN(TestModelDiff)
#include "tst_modeldiff.moc"
