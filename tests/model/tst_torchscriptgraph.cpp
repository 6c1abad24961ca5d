// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A TorchScript archive's graph read statically from its code/ (torchscriptgraph.h)
// against torch's own graph of the same modules (data/torchscript/make_reference.py:
// torchvision's resnet18 scripted and traced, a module with a branch and a loop on
// run-time values), and hostile code built in the test.
#include "base/bytesource.h"
#include "model/modelfile.h"
#include "model/modelgraph.h"
#include "model/torchpickle.h"
#include "model/torchscriptgraph.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QtEndian>

using namespace carton;

namespace {

QString dataPath(const QString &name)
{
    return testutil::sourcePath(u"/tests/model/data/torchscript/") + name;
}

ModelFilePtr readModel(const QString &name)
{
    Result<std::shared_ptr<FileRegionSource>> bytes = FileRegionSource::open(dataPath(name));
    if (!bytes)
        return nullptr;
    Result<ModelFilePtr> model = ModelFile::read(*bytes);
    return model ? *model : nullptr;
}

// Node counts by kind and edges "producer->consumer" between nodes, bodies included.
void census(const OnnxInfo &graph, QMap<QString, int> &ops, QMap<QString, int> &edges,
            QHash<QString, QString> &producer)
{
    for (const OnnxNode &n : graph.nodes)
        for (const QString &out : n.outputs)
            producer.insert(out, n.opType);
    for (const OnnxNode &n : graph.nodes) {
        ++ops[n.opType];
        for (const QString &in : n.inputs) {
            const QString from = producer.value(in);
            if (!from.isEmpty() && from != u"prim::Constant" && from != u"prim::ListConstruct")
                ++edges[from + QStringLiteral("->") + n.opType];
        }
        for (const OnnxAttribute &a : n.attributes)
            for (const auto &body : a.graphs)
                census(*body, ops, edges, producer);
    }
}

QMap<QString, int> counts(const QJsonObject &o, bool edges)
{
    QMap<QString, int> out;
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!edges || !it.key().endsWith(u"->prim::TupleConstruct")) // our outputs are the tuple's items
            out.insert(it.key(), it.value().toInt());
    return out;
}

// A module made in the test: `code` as code/__torch__.py, class M; its state `attributes`.
struct FakeArchive {
    std::vector<std::unique_ptr<TorchValue>> values;
    QByteArray code;
    TorchValue *root = nullptr;
    FakeArchive(QByteArray source) : code(std::move(source))
    {
        root = make(TorchValue::Kind::Object);
        root->text = QStringLiteral("__torch__.M");
        TorchValue *state = make(TorchValue::Kind::Dict);
        TorchValue *key = make(TorchValue::Kind::String);
        key->text = QStringLiteral("training");
        TorchValue *value = make(TorchValue::Kind::Bool);
        state->items = {key, value};
        root->items = {state};
    }
    TorchValue *make(TorchValue::Kind kind)
    {
        values.push_back(std::make_unique<TorchValue>());
        values.back()->kind = kind;
        return values.back().get();
    }
    Result<OnnxInfo> build(const TorchScriptLimits &limits = {}) const
    {
        TorchScriptArchive archive;
        archive.location = QStringLiteral("fake.pt");
        archive.root = root;
        archive.readCode = [this](const QString &path, qint64 maxBytes) -> Result<QByteArray> {
            if (path != u"code/__torch__.py")
                return makeError(ErrorCode::NotFound, QStringLiteral("no ") + path, QStringLiteral("fake.pt"));
            if (code.size() > maxBytes)
                return makeError(ErrorCode::Limit, QStringLiteral("too big"), path);
            return code;
        };
        return buildTorchScriptGraph(archive, limits);
    }
};

} // namespace

class TestTorchScriptGraph : public QObject {
    Q_OBJECT

private slots:
    void matchesTorch_data();
    void matchesTorch();
    void namesScopesAndArguments();
    void branchesAndLoopsAreBodies();
    void valuesHaveReadableNames();
    void hostileCode_data();
    void hostileCode();
    void notTorchScript();
    void oneChoiceOfGraph();
};

void TestTorchScriptGraph::matchesTorch_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("resnet18 scripted") << QStringLiteral("resnet18_script.pt");
    QTest::newRow("resnet18 traced") << QStringLiteral("resnet18_trace.pt");
    QTest::newRow("branch and loop") << QStringLiteral("control.pt");
}

void TestTorchScriptGraph::matchesTorch()
{
    QFETCH(QString, file);
    QFile json(dataPath(QStringLiteral("reference.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject reference = QJsonDocument::fromJson(json.readAll()).object().value(file).toObject();
    QVERIFY(!reference.isEmpty());
    const ModelFilePtr model = readModel(file);
    QVERIFY(model);
    Result<OnnxInfo> graph = model->torchScriptGraph();
    QVERIFY2(graph, qPrintable(graph ? QString() : graph.error().toString()));
    QMap<QString, int> ops, edges;
    QHash<QString, QString> producer;
    census(*graph, ops, edges, producer);
    ops.remove(QStringLiteral("prim::Constant"));
    ops.remove(QStringLiteral("prim::ListConstruct"));
    QCOMPARE(ops, counts(reference.value(u"ops").toObject(), false));
    QCOMPARE(edges, counts(reference.value(u"edges").toObject(), true));
    QCOMPARE(graph->inputs.size(), reference.value(u"inputs").toInt());
    // Every value a node takes is a graph input, another node's output or a weight of the file.
    QSet<QString> known;
    for (const OnnxValueInfo &v : graph->inputs)
        known.insert(v.name);
    for (const QString &value : producer.keys())
        known.insert(value);
    int weights = 0;
    const auto check = [&](const OnnxInfo &g, const auto &self) -> void {
        for (const OnnxValueInfo &v : g.inputs)
            known.insert(v.name);
        for (const OnnxNode &n : g.nodes) {
            for (const QString &in : n.inputs) {
                const bool weight = model->findWeight(in) != nullptr;
                weights += weight ? 1 : 0;
                QVERIFY2(weight || known.contains(in), qPrintable(n.name + u" takes " + in));
            }
            for (const OnnxAttribute &a : n.attributes)
                for (const auto &body : a.graphs)
                    self(*body, self);
        }
    };
    check(*graph, check);
    QVERIFY(weights > 0);
    for (const OnnxValueInfo &v : graph->outputs)
        QVERIFY2(known.contains(v.name), qPrintable(v.name));
}

void TestTorchScriptGraph::namesScopesAndArguments()
{
    const ModelFilePtr model = readModel(QStringLiteral("resnet18_script.pt"));
    QVERIFY(model);
    Result<OnnxInfo> graph = model->torchScriptGraph();
    QVERIFY(graph);
    QCOMPARE(graph->inputs.size(), 1);
    QCOMPARE(graph->inputs[0].name, QStringLiteral("x"));
    QCOMPARE(graph->inputs[0].kind, QStringLiteral("Tensor"));
    const OnnxNode &first = graph->nodes.first();
    QCOMPARE(first.opType, QStringLiteral("aten::conv2d"));
    QCOMPARE(first.name, QStringLiteral("/conv1/aten::conv2d"));
    QCOMPARE(first.inputs, (QStringList{QStringLiteral("x"), QStringLiteral("conv1.weight")}));
    QCOMPARE(first.inputNames, (QStringList{QStringLiteral("input"), QStringLiteral("weight")}));
    QHash<QString, QString> attributes;
    for (const OnnxAttribute &a : first.attributes)
        attributes.insert(a.name, a.text);
    QCOMPARE(attributes.value(QStringLiteral("stride")), QStringLiteral("[2, 2]"));
    QCOMPARE(attributes.value(QStringLiteral("padding")), QStringLiteral("[3, 3]"));
    QCOMPARE(attributes.value(QStringLiteral("bias")), QStringLiteral("None"));
    QCOMPARE(attributes.value(QStringLiteral("dilation")), QStringLiteral("[1, 1]"));
    // Batch norm through torch.nn.functional.batch_norm, inlined: the module's buffers, training False.
    const OnnxNode &bn = graph->nodes[1];
    QCOMPARE(bn.opType, QStringLiteral("aten::batch_norm"));
    QCOMPARE(bn.name, QStringLiteral("/bn1/aten::batch_norm"));
    QCOMPARE(bn.inputs.mid(1), (QStringList{QStringLiteral("bn1.weight"), QStringLiteral("bn1.bias"),
                                            QStringLiteral("bn1.running_mean"), QStringLiteral("bn1.running_var")}));
    bool training = true;
    for (const OnnxAttribute &a : bn.attributes)
        if (a.name == u"training")
            training = a.text != u"False";
    QVERIFY(!training);
    // Modules as scopes: layer2.0's downsample is a scope of its own.
    QStringList downsample;
    for (const OnnxNode &n : graph->nodes)
        if (n.name.startsWith(u"/layer2/0/downsample/"))
            downsample.append(n.name);
    QCOMPARE(downsample, (QStringList{QStringLiteral("/layer2/0/downsample/0/aten::conv2d"),
                                      QStringLiteral("/layer2/0/downsample/1/aten::batch_norm")}));
    // The 20 batch norms' input-rank checks and adaptive_avg_pool2d's are left out, and counted.
    QString checks;
    for (const auto &[key, value] : graph->metadata)
        if (key == u"checks_left_out")
            checks = value;
    QCOMPARE(checks, QStringLiteral("21"));
    QCOMPARE(graph->outputs.size(), 1);
    QCOMPARE(graph->nodes.last().opType, QStringLiteral("aten::linear"));
    QCOMPARE(graph->nodes.last().outputs, QStringList{graph->outputs[0].name});
}

void TestTorchScriptGraph::branchesAndLoopsAreBodies()
{
    const ModelFilePtr model = readModel(QStringLiteral("control.pt"));
    QVERIFY(model);
    Result<OnnxInfo> graph = model->torchScriptGraph();
    QVERIFY(graph);
    QCOMPARE(graph->inputs.size(), 2);
    QCOMPARE(graph->inputs[1].name, QStringLiteral("steps"));
    QCOMPARE(graph->inputs[1].kind, QStringLiteral("int"));
    QCOMPARE(graph->outputs.size(), 2); // Tuple[Tensor, Tensor]
    const auto find = [&](const QString &kind) -> const OnnxNode * {
        for (const OnnxNode &n : graph->nodes)
            if (n.opType == kind)
                return &n;
        return nullptr;
    };
    const OnnxNode *ifNode = find(QStringLiteral("prim::If"));
    QVERIFY(ifNode);
    QCOMPARE(ifNode->attributes.size(), 2);
    QCOMPARE(ifNode->attributes[0].name, QStringLiteral("then_branch"));
    QCOMPARE(ifNode->attributes[0].graphs.at(0)->nodes.at(0).opType, QStringLiteral("aten::mul"));
    QCOMPARE(ifNode->attributes[1].graphs.at(0)->nodes.at(0).opType, QStringLiteral("aten::sub"));
    QCOMPARE(ifNode->outputs.size(), 1);
    QCOMPARE(ifNode->attributes[0].graphs.at(0)->outputs.size(), 1);
    const OnnxNode *loop = find(QStringLiteral("prim::Loop"));
    QVERIFY(loop);
    QCOMPARE(loop->inputs.first(), QStringLiteral("steps")); // the trip count is the run-time input
    QCOMPARE(loop->inputs.at(1), ifNode->outputs.first());   // y, carried
    const OnnxInfo &body = *loop->attributes.at(0).graphs.at(0);
    QCOMPARE(body.nodes.size(), 1);
    QCOMPARE(body.nodes[0].opType, QStringLiteral("aten::add"));
    QCOMPARE(body.nodes[0].inputs, QStringList{body.inputs.at(1).name});
    QCOMPARE(graph->outputs[1].name, loop->outputs.first());
    // `scale` is None: its branch is decided now and leaves nothing.
    QVERIFY(!find(QStringLiteral("aten::mul")));
}

// What a call returns is named as the code names it, or after its module ("head.output") or
// its operator ("sum"): never a bare number nor the serializer's temporaries ("_1").
void TestTorchScriptGraph::valuesHaveReadableNames()
{
    for (const char *file : {"control.pt", "resnet18_script.pt"}) {
        const ModelFilePtr model = readModel(QString::fromLatin1(file));
        QVERIFY(model);
        Result<OnnxInfo> graph = model->torchScriptGraph();
        QVERIFY(graph);
        int outputs = 0;
        const auto check = [&](const OnnxInfo &g, const auto &self) -> void {
            for (const OnnxNode &n : g.nodes) {
                for (const QString &out : n.outputs) {
                    ++outputs;
                    const QString stem = out.section(u'.', 0, 0);
                    bool number = false;
                    (void)stem.toInt(&number);
                    QVERIFY2(!number && !(stem.startsWith(u'_') && stem.size() > 1 && stem[1].isDigit()),
                             qPrintable(QStringLiteral("%1: %2 -> %3").arg(QString::fromLatin1(file), n.name, out)));
                }
                for (const OnnxAttribute &a : n.attributes)
                    for (const auto &body : a.graphs)
                        self(*body, self);
            }
        };
        check(*graph, check);
        QVERIFY(outputs > 10);
    }
    const ModelFilePtr model = readModel(QStringLiteral("control.pt"));
    QVERIFY(model);
    Result<OnnxInfo> graph = model->torchScriptGraph();
    QVERIFY(graph);
    QHash<QString, QString> byNode; // node name -> its first output
    for (const OnnxNode &n : graph->nodes)
        byNode.insert(n.name, n.outputs.value(0));
    // A module's result (Linear.forward returns `_0`), a module inlined in an argument
    // (`torch.relu(self.conv(x))`), an operator nested in an expression (`bool(y.sum() > 0)`),
    // the code's own name (`z = torch.flatten(...)`).
    QCOMPARE(byNode.value(QStringLiteral("/head/aten::linear")), QStringLiteral("head.output"));
    QCOMPARE(graph->outputs.at(0).name, QStringLiteral("head.output"));
    QCOMPARE(byNode.value(QStringLiteral("/blocks/0/conv/aten::conv2d")), QStringLiteral("blocks.0.conv.output"));
    QCOMPARE(byNode.value(QStringLiteral("aten::sum")), QStringLiteral("sum"));
    QCOMPARE(byNode.value(QStringLiteral("aten::gt")), QStringLiteral("gt"));
    QCOMPARE(byNode.value(QStringLiteral("aten::flatten")), QStringLiteral("z"));
}

void TestTorchScriptGraph::hostileCode_data()
{
    QTest::addColumn<QByteArray>("code");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    const QByteArray head = "class M(Module):\n  training : bool\n  def forward(self, x: Tensor) -> Tensor:\n";
    QTest::newRow("bad syntax") << head + "    y = torch.relu(x, ) x\n    return y\n"
                                << QStringLiteral("code/__torch__.py:4")
                                << QStringLiteral("expected the end of the statement, found 'x'");
    QTest::newRow("unclosed bracket") << head + "    y = torch.relu(x, \n    return y\n"
                                      << QStringLiteral("code/__torch__.py:4")
                                      << QStringLiteral("the file ends inside a bracket opened here");
    QTest::newRow("bad indentation") << head + "    y = x\n  return y\n   z = 1\n"
                                     << QStringLiteral("code/__torch__.py:6")
                                     << QStringLiteral("found an indented block");
    QTest::newRow("unclosed string") << head + "    return \"abc\n"
                                     << QStringLiteral("code/__torch__.py:4") << QStringLiteral("never closed");
    QTest::newRow("nested brackets") << head + "    return " + QByteArray(500, '(') + "x" + QByteArray(500, ')') + "\n"
                                     << QStringLiteral("code/__torch__.py:4") << QStringLiteral("deeper than");
    QTest::newRow("unknown name") << head + "    return torch.relu(nope)\n"
                                  << QStringLiteral("code/__torch__.py:4") << QStringLiteral("\"nope\" is not defined");
    QTest::newRow("endless recursion") << head + "    return (self).forward(x, )\n"
                                       << QStringLiteral("code/__torch__.py")
                                       << QStringLiteral("nested deeper than 64");
    QTest::newRow("no such attribute") << head + "    return (self.missing).forward(x, )\n"
                                       << QStringLiteral("code/__torch__.py:4") << QStringLiteral("no attribute");
    QTest::newRow("unknown function") << head + "    return os.system(\"rm\")\n"
                                      << QStringLiteral("code/__torch__.py:4")
                                      << QStringLiteral("\"os\" is not defined");
    QByteArray big = head;
    for (int i = 0; i < 2000; ++i)
        big += "    x = torch.relu(x)\n";
    big += "    return x\n";
    QTest::newRow("too many nodes") << big << QStringLiteral("code/__torch__.py")
                                    << QStringLiteral("more than 1000 graph nodes");
    QTest::newRow("no forward") << QByteArray("class M(Module):\n  training : bool\n")
                                << QStringLiteral("code/__torch__.py") << QStringLiteral("no forward");
}

void TestTorchScriptGraph::hostileCode()
{
    QFETCH(QByteArray, code);
    QFETCH(QString, where);
    QFETCH(QString, message);
    FakeArchive archive(code);
    TorchScriptLimits limits;
    limits.maxNodes = 1000;
    const Result<OnnxInfo> graph = archive.build(limits);
    QVERIFY(!graph);
    QVERIFY2(graph.error().location.startsWith(where), qPrintable(graph.error().toString()));
    QVERIFY2(graph.error().message.contains(message), qPrintable(graph.error().toString()));
}

void TestTorchScriptGraph::notTorchScript()
{
    FakeArchive fine("class M(Module):\n  training : bool\n  def forward(self, x: Tensor) -> Tensor:\n"
                     "    if self.training:\n      x = torch.dropout(x, 0.5, True)\n    else:\n      pass\n"
                     "    return torch.relu(x)\n");
    const Result<OnnxInfo> graph = fine.build();
    QVERIFY2(graph, qPrintable(graph ? QString() : graph.error().toString()));
    QCOMPARE(graph->nodes.size(), 1); // training is False: no dropout
    QCOMPARE(graph->nodes[0].opType, QStringLiteral("aten::relu"));
    // A file that is no TorchScript archive has no such graph.
    FakeArchive empty("");
    empty.root->text = QStringLiteral("builtins.dict");
    QVERIFY(!empty.build());
}

// modelGraph(): the graph view and the model review take a model's graph from here.
void TestTorchScriptGraph::oneChoiceOfGraph()
{
    const ModelFilePtr archive = readModel(QStringLiteral("resnet18_trace.pt"));
    QVERIFY(archive);
    QCOMPARE(graphSource(*archive), GraphSource::TorchScriptCode);
    const Result<std::shared_ptr<const OnnxInfo>> graph = modelGraph(archive);
    QVERIFY2(graph, qPrintable(graph ? QString() : graph.error().toString()));
    QCOMPARE((*graph)->nodes.size(), archive->torchScriptGraph()->nodes.size());
    // A safetensors file has weights and no graph: an error naming the file, not an empty graph.
    QByteArray header = R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})";
    header += QByteArray(8 - header.size() % 8, ' ');
    QByteArray bytes(8, '\0');
    qToLittleEndian<quint64>(quint64(header.size()), bytes.data());
    bytes += header + QByteArray(4, '\0');
    const Result<ModelFilePtr> weights =
        ModelFile::read(std::make_shared<MemorySource>(bytes, QStringLiteral("w.safetensors")));
    QVERIFY2(weights, qPrintable(weights ? QString() : weights.error().toString()));
    QCOMPARE(graphSource(**weights), GraphSource::None);
    const Result<std::shared_ptr<const OnnxInfo>> none = modelGraph(*weights);
    QVERIFY(!none);
    QCOMPARE(none.error().code, ErrorCode::Unsupported);
    QVERIFY2(none.error().toString().contains(u"w.safetensors"), qPrintable(none.error().toString()));
    QVERIFY(!modelGraph(nullptr));
}

QTEST_GUILESS_MAIN(TestTorchScriptGraph)
#include "tst_torchscriptgraph.moc"
