// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton model`, and model weights in `carton tensors` / `carton tensor`, on ONNX
// models made by python3-onnx: a bare file, a carton folder and a zstd carton; and
// PyTorch files made by python3-torch, converted to safetensors by export-tensor --all.
#include "clirunner.h"
#include "fixturepolicy.h"
#include "ggufwriter.h"
#include "onnxtestmodels.h"
#include "testpaths.h"
#include "testutil.h"
#include "torchtestmodels.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

namespace {

QJsonObject findByName(const QJsonArray &list, const QString &name)
{
    for (const QJsonValue &v : list)
        if (v.toObject().value(u"name").toString() == name)
            return v.toObject();
    return {};
}

QByteArray jsonOf(const QJsonValue &v)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("v"), v}}).toJson(QJsonDocument::Compact);
}

} // namespace

class TestCliModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void modelOfBareFile();
    void graphListsNodes();
    void namesOnlyPickTheError();
    void cartonFolderAndZstdCarton_data();
    void cartonFolderAndZstdCarton();
    void safetensorsCannotShowValues();
    void ggufInZstdCarton();
    void hfModelFolder();
    void torchFiles();
    void exportAllMatchesTorch_data();
    void exportAllMatchesTorch();

private:
    QTemporaryDir m_dir;
    QString m_onnx;
    QString m_folder;
};

void TestCliModel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    CARTON_MAKE_ONNX_MODELS(m_dir.filePath(QStringLiteral("gen")));
    // A name that says nothing: the model is recognised by its content.
    m_onnx = m_dir.filePath(QStringLiteral("network.bin"));
    QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("gen/tiny.onnx")), m_onnx));
    // A carton folder: the sample's carton.toml, the model under model/.
    m_folder = m_dir.filePath(QStringLiteral("carton"));
    const QString sample = testutil::sourcePath(u"/resources/sample");
    QDirIterator it(sample, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        QVERIFY(testutil::writeFile(m_folder + from.mid(sample.size()), testutil::readFile(from)));
    }
    QVERIFY(testutil::writeFile(m_folder + QStringLiteral("/model/net/model.onnx"), testutil::readFile(m_onnx)));
    QVERIFY(testutil::writeFile(m_folder + QStringLiteral("/model/main.py"), "print('not a model')\n"));
}

void TestCliModel::modelOfBareFile()
{
    const RunResult r = runCarton({QStringLiteral("model"), m_onnx, QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray models = r.json().value(u"models").toArray();
    QCOMPARE(models.size(), 1);
    const QJsonObject m = models.first().toObject();
    QCOMPARE(m.value(u"format").toString(), QStringLiteral("onnx"));
    QCOMPARE(m.value(u"producer").toObject().value(u"name").toString(), QStringLiteral("pytorch"));
    QCOMPARE(m.value(u"producer").toObject().value(u"version").toString(), QStringLiteral("2.1.0"));
    QCOMPARE(jsonOf(m.value(u"opset")), QByteArray(R"({"v":[{"domain":"","version":17},{"domain":"com.example",)"
                                                   R"("version":1}]})"));
    QCOMPARE(jsonOf(m.value(u"inputs").toArray().first()),
             QByteArray(R"({"v":{"dtype":"float32","kind":"tensor","name":"image","shape":["batch",3,32,32]}})"));
    QCOMPARE(jsonOf(findByName(m.value(u"inputs").toArray(), QStringLiteral("mask"))),
             QByteArray(R"({"v":{"dtype":"uint8","kind":"tensor","name":"mask","shape":["batch",null]}})"));
    QCOMPARE(jsonOf(m.value(u"outputs").toArray()),
             QByteArray(R"({"v":[{"dtype":"float32","kind":"tensor","name":"logits","shape":["batch",10]},)"
                        R"({"dtype":"float32","kind":"tensor","name":"big","shape":null}]})"));
    QCOMPARE(m.value(u"op_counts").toObject().value(u"Conv").toInt(), 1);
    QCOMPARE(m.value(u"op_counts").toObject().value(u"com.example:Mul").toInt(), 1);
    QCOMPARE(m.value(u"weights").toInt(), 28);
    QVERIFY(!m.contains(u"nodes"));
    // 108 + 4 + 40 + 4 + 3 + 3 + 3 + 2 + 2 + 2 + 2 + 3 + 2 + 3 + 1 + 0 + 2 (raw) + 10 + 3 + 4 + 3 + 2 + 3 + 3 + 2 + 2 +
    // 2 + 2
    QCOMPARE(m.value(u"parameters").toInteger(), 220);

    const QString other = m_dir.filePath(QStringLiteral("notes.txt"));
    QVERIFY(testutil::writeFile(other, "just some text, no model\n"));
    const RunResult neither = runCarton({QStringLiteral("model"), other});
    QCOMPARE(neither.exitCode, 2);
    QVERIFY2(neither.err.contains(
                 "is neither a carton nor a model file this reader knows (ONNX, GGUF, safetensors, PyTorch)"),
             neither.err.constData());
    const QString cut = m_dir.filePath(QStringLiteral("cut.onnx"));
    QVERIFY(testutil::writeFile(cut, testutil::readFile(m_onnx).left(1000)));
    const RunResult broken = runCarton({QStringLiteral("model"), cut});
    QCOMPARE(broken.exitCode, 1);
    QVERIFY2(broken.err.contains("cut.onnx: ModelProto: field 7 at byte"), broken.err.constData());

    const RunResult text = runCarton({QStringLiteral("model"), m_onnx});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("    image  float32  [batch, 3, 32, 32]\n"), text.out.constData());
    QVERIFY2(text.out.contains("  opset: ai.onnx 17, com.example 1\n"), text.out.constData());

    // Weights of a bare model file: plain names, values as onnx wrote them.
    const RunResult tensors = runCarton({QStringLiteral("tensors"), m_onnx, QStringLiteral("--json")});
    QCOMPARE(tensors.exitCode, 0);
    const QJsonObject fc = findByName(tensors.json().value(u"tensors").toArray(), QStringLiteral("fc.bias"));
    QCOMPARE(fc.value(u"dtype").toString(), QStringLiteral("float32"));
    QCOMPARE(fc.value(u"nbytes").toInt(), 40);
    const RunResult one =
        runCarton({QStringLiteral("tensor"), m_onnx, QStringLiteral("steps"), QStringLiteral("--json")});
    QCOMPARE(one.exitCode, 0);
    QVERIFY2(one.out.contains(R"("data":[1, -2, 1125899906842624]})"), one.out.constData());
}

// What the window opens too (carton::classifyPath; tst_modelfiletab, tst_classifypath):
// an ONNX model named .npy is the model; a text file named .npy gets NumPy's error.
void TestCliModel::namesOnlyPickTheError()
{
    const QString misnamed = m_dir.filePath(QStringLiteral("classifier.npy"));
    QVERIFY(testutil::writeFile(misnamed, testutil::readFile(m_onnx)));
    const RunResult model = runCarton({QStringLiteral("model"), misnamed, QStringLiteral("--json")});
    QVERIFY2(model.exitCode == 0, model.err.constData());
    QCOMPARE(model.json().value(u"models").toArray().first().toObject().value(u"format").toString(),
             QStringLiteral("onnx"));
    const RunResult tensors = runCarton({QStringLiteral("tensors"), misnamed, QStringLiteral("--json")});
    QVERIFY2(tensors.exitCode == 0, tensors.err.constData());
    QCOMPARE(findByName(tensors.json().value(u"tensors").toArray(), QStringLiteral("fc.bias")).value(u"nbytes").toInt(),
             40);
    const QString text = m_dir.filePath(QStringLiteral("notes.npy"));
    QVERIFY(testutil::writeFile(text, "just some text, no array\n"));
    const RunResult broken = runCarton({QStringLiteral("tensors"), text});
    QCOMPARE(broken.exitCode, 1);
    QVERIFY2(broken.err.contains("NUMPY magic"), broken.err.constData());
}

void TestCliModel::graphListsNodes()
{
    const RunResult r =
        runCarton({QStringLiteral("model"), m_onnx, QStringLiteral("--json"), QStringLiteral("--graph")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray nodes = r.json().value(u"models").toArray().first().toObject().value(u"nodes").toArray();
    QCOMPARE(nodes.size(), 9);
    const QJsonObject conv = nodes.first().toObject();
    QCOMPARE(conv.value(u"op_type").toString(), QStringLiteral("Conv"));
    QCOMPARE(conv.value(u"name").toString(), QStringLiteral("conv1"));
    QCOMPARE(jsonOf(conv.value(u"inputs")), QByteArray(R"({"v":["image","conv1.weight","conv1.bias"]})"));
    QCOMPARE(jsonOf(findByName(conv.value(u"attributes").toArray(), QStringLiteral("kernel_shape"))),
             QByteArray(R"({"v":{"name":"kernel_shape","text":"[3, 3]","type":"INTS","value":[3,3]}})"));
    const QJsonObject gemm = nodes[4].toObject();
    QCOMPARE(findByName(gemm.value(u"attributes").toArray(), QStringLiteral("alpha")).value(u"value").toDouble(), 0.5);
    QCOMPARE(conv.value(u"path").toString(), QStringLiteral("conv1"));
    // Issue 40: the If's bodies, nested under it, each node with its path from the main graph.
    const QJsonObject ifNode = nodes[7].toObject();
    QCOMPARE(ifNode.value(u"op_type").toString(), QStringLiteral("If"));
    const QJsonArray elseGraphs =
        findByName(ifNode.value(u"attributes").toArray(), QStringLiteral("else_branch")).value(u"graphs").toArray();
    QCOMPARE(elseGraphs.size(), 1);
    const QJsonObject body = elseGraphs.first().toObject();
    QCOMPARE(body.value(u"path").toString(), QStringLiteral("if/else_branch"));
    QCOMPARE(body.value(u"node_count").toInt(), 2);
    QStringList bodyNodes;
    for (const QJsonValue &n : body.value(u"nodes").toArray())
        bodyNodes << n.toObject().value(u"op_type").toString() + u' ' + n.toObject().value(u"path").toString() + u' ' +
                         n.toObject().value(u"inputs").toArray().first().toString();
    QCOMPARE(bodyNodes, (QStringList{QStringLiteral("Neg if/else_branch/Neg#0 a"),
                                     QStringLiteral("Identity if/else_branch/Identity#1 y0")}));
    QCOMPARE(body.value(u"outputs").toArray().first().toObject().value(u"name").toString(), QStringLiteral("y"));
    const RunResult text = runCarton({QStringLiteral("model"), m_onnx, QStringLiteral("--graph")});
    QVERIFY2(
        text.out.contains("    If \"if\"(cond) -> (branch)  else_branch=graph (2 nodes)  then_branch=graph (1 nodes)\n"
                          "      else_branch:\n        Neg(a) -> (y0)\n        Identity(y0) -> (y)\n"
                          "      then_branch:\n        Identity(a) -> (y)\n"),
        text.out.constData());
}

void TestCliModel::cartonFolderAndZstdCarton_data()
{
    QTest::addColumn<QString>("compression"); // empty: the folder itself
    QTest::newRow("folder") << QString();
    QTest::newRow("zstd carton") << QStringLiteral("zstd");
    QTest::newRow("stored carton") << QStringLiteral("stored");
}

void TestCliModel::cartonFolderAndZstdCarton()
{
    QFETCH(QString, compression);
    QString file = m_folder;
    if (!compression.isEmpty()) {
        file = m_dir.filePath(compression + QStringLiteral(".carton"));
        const RunResult pack = runCarton({QStringLiteral("pack"), m_folder, QStringLiteral("-o"), file,
                                          QStringLiteral("--compression"), compression, QStringLiteral("--force")});
        QVERIFY2(pack.exitCode == 0, pack.err.constData());
    }
    const RunResult model = runCarton({QStringLiteral("model"), file, QStringLiteral("--json")});
    QVERIFY2(model.exitCode == 0, model.err.constData());
    const QJsonArray models = model.json().value(u"models").toArray();
    QCOMPARE(models.size(), 1); // main.py and the sample's README are not model files
    QCOMPARE(models.first().toObject().value(u"entry").toString(), QStringLiteral("model/net/model.onnx"));

    const RunResult tensors = runCarton({QStringLiteral("tensors"), file, QStringLiteral("--json")});
    QVERIFY2(tensors.exitCode == 0, tensors.err.constData());
    const QJsonArray list = tensors.json().value(u"tensors").toArray();
    QVERIFY(!findByName(list, QStringLiteral("x")).isEmpty()); // tensor_data still listed
    const QJsonObject w = findByName(list, QStringLiteral("model/net/model.onnx:conv1.weight"));
    QCOMPARE(jsonOf(w.value(u"shape")), QByteArray(R"({"v":[4,3,3,3]})"));
    QCOMPARE(w.value(u"model").toString(), QStringLiteral("model/net/model.onnx"));
    const QJsonObject complex = findByName(list, QStringLiteral("model/net/model.onnx:complex"));
    QCOMPARE(complex.value(u"values").toBool(true), false);

    const RunResult bias = runCarton(
        {QStringLiteral("tensor"), file, QStringLiteral("model/net/model.onnx:fc.bias"), QStringLiteral("--json")});
    QVERIFY2(bias.exitCode == 0, bias.err.constData());
    QVERIFY2(bias.out.contains(R"("data":[-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25]})"),
             bias.out.constData());
    const RunResult sliced = runCarton({QStringLiteral("tensor"), file, QStringLiteral("model/net/model.onnx:half"),
                                        QStringLiteral("--slice"), QStringLiteral("1,:")});
    QCOMPARE(sliced.exitCode, 0);
    QVERIFY2(sliced.out.contains("data: [65504, 6.097555e-05]"), sliced.out.constData());
    const RunResult missing = runCarton({QStringLiteral("tensor"), file, QStringLiteral("model/net/model.onnx:nope")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("no weight named \"nope\""), missing.err.constData());
}

void TestCliModel::safetensorsCannotShowValues()
{
    // F4 (two per byte, the first in the low nibble) reads as float32; F6 is listed only.
    const QByteArray header = R"({"f4":{"dtype":"F4","shape":[4],"data_offsets":[0,2]},)"
                              R"("f6":{"dtype":"F6_E3M2","shape":[4],"data_offsets":[2,5]},)"
                              R"("x":{"dtype":"F32","shape":[1],"data_offsets":[5,9]}})";
    const QString path = m_dir.filePath(QStringLiteral("mixed.safetensors"));
    QVERIFY(testutil::writeFile(path,
                                testutil::safetensorsFile(header, QByteArray("\x12\x34\x01\x02\x03\0\0\x80\x3f", 9))));
    const RunResult r = runCarton({QStringLiteral("tensors"), path});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("f6    F6_E3M2  [4]    3  (cannot show values)\n"), r.out.constData());
    const RunResult f4 = runCarton({QStringLiteral("tensor"), path, QStringLiteral("f4")});
    QCOMPARE(f4.exitCode, 0);
    QVERIFY2(f4.out.contains("data: [1, 0.5, 2, 1.5]"), f4.out.constData());
    const RunResult f6 = runCarton({QStringLiteral("tensor"), path, QStringLiteral("f6")});
    QCOMPARE(f6.exitCode, 1);
    QVERIFY2(f6.err.contains("tensor \"f6\" has dtype F6_E3M2: cannot show values"), f6.err.constData());
    const RunResult x = runCarton({QStringLiteral("tensor"), path, QStringLiteral("x")});
    QCOMPARE(x.exitCode, 0);
    QVERIFY2(x.out.contains("data: [1]"), x.out.constData());
}

void TestCliModel::ggufInZstdCarton()
{
    // A GGUF under model/ of a zstd carton: metadata, a Q8_0 weight dequantised, a Q6_K too.
    testutil::GgufWriter w;
    w.kv("general.architecture", testutil::GgufWriter::String, testutil::GgufWriter::str("llama"));
    QByteArray q8 = QByteArray("\x00\x38", 2); // fp16 0.5
    for (int j = 0; j < 32; ++j)
        q8 += char(j - 16);
    w.tensor({"blk.0.attn_q.weight", {32, 1}, 8, q8, {}});
    w.tensor({"blk.0.ffn.weight", {256}, 14, QByteArray(210, '\0'), {}});
    const QString folder = m_dir.filePath(QStringLiteral("gguf"));
    const QString sample = testutil::sourcePath(u"/resources/sample");
    QDirIterator it(sample, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        QVERIFY(testutil::writeFile(folder + from.mid(sample.size()), testutil::readFile(from)));
    }
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/model/weights"), w.build()));
    const QString file = m_dir.filePath(QStringLiteral("gguf.carton"));
    const RunResult pack =
        runCarton({QStringLiteral("pack"), folder, QStringLiteral("-o"), file, QStringLiteral("--compression"),
                   QStringLiteral("zstd"), QStringLiteral("--force")});
    QVERIFY2(pack.exitCode == 0, pack.err.constData());

    const RunResult model = runCarton({QStringLiteral("model"), file, QStringLiteral("--json")});
    QVERIFY2(model.exitCode == 0, model.err.constData());
    const QJsonObject m = model.json().value(u"models").toArray().first().toObject();
    QCOMPARE(m.value(u"entry").toString(), QStringLiteral("model/weights"));
    QCOMPARE(m.value(u"format").toString(), QStringLiteral("gguf"));
    QCOMPARE(m.value(u"version").toInt(), 3);
    QCOMPARE(jsonOf(m.value(u"metadata").toArray().first()),
             QByteArray(R"({"v":{"key":"general.architecture","type":"string","value":"llama"}})"));
    QCOMPARE(m.value(u"parameters").toInteger(), 32 + 256);

    const RunResult tensors = runCarton({QStringLiteral("tensors"), file});
    QCOMPARE(tensors.exitCode, 0);
    QVERIFY2(tensors.out.contains("model/weights:blk.0.ffn.weight     float32  [256]    210\n"),
             tensors.out.constData());
    QVERIFY2(tensors.out.contains("model/weights:blk.0.attn_q.weight  float32  [1, 32]  34\n"),
             tensors.out.constData());
    const RunResult q = runCarton({QStringLiteral("tensor"), file, QStringLiteral("model/weights:blk.0.attn_q.weight"),
                                   QStringLiteral("--limit"), QStringLiteral("4")});
    QCOMPARE(q.exitCode, 0);
    QVERIFY2(q.out.contains("data: [-8, -7.5, -7, -6.5, ...]"), q.out.constData());
}

void TestCliModel::hfModelFolder()
{
    // A Hugging Face folder: two shards listed as one model, the config, tokenizer and card summarised.
    const QString dir = m_dir.filePath(QStringLiteral("hf"));
    for (int k = 1; k <= 2; ++k)
        QVERIFY(testutil::writeFile(
            dir + QStringLiteral("/model-0000%1-of-00002.safetensors").arg(k),
            testutil::safetensorsFile("{\"w" + QByteArray::number(k) +
                                          R"(":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                                      k == 1 ? QByteArray("\0\0\x80\x3f", 4) : QByteArray("\0\0\0\x40", 4))));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/model.safetensors.index.json"),
                                R"({"weight_map": {"w1": "model-00001-of-00002.safetensors",
                                                   "w2": "model-00002-of-00002.safetensors"}})"));
    QVERIFY(
        testutil::writeFile(dir + QStringLiteral("/config.json"),
                            R"({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2,
                                    "hidden_size": 1, "num_attention_heads": 1, "vocab_size": 3,
                                    "max_position_embeddings": 128, "torch_dtype": "float32"})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/tokenizer.json"),
                                R"({"added_tokens": [{"content": "<s>", "special": true}],
                                    "model": {"vocab": {"<s>": 0, "a": 1, "b": 2}}})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/README.md"), "---\nlicense: mit\n---\nTwo weights.\n"));

    const RunResult model = runCarton({QStringLiteral("model"), dir});
    QVERIFY2(model.exitCode == 0, model.err.constData());
    QVERIFY2(
        model.out.contains("  model type: llama (LlamaForCausalLM)\n"
                           "  layers 2, hidden size 1, attention heads 1, vocabulary 3, context 128, dtype float32\n"
                           "  tokenizer: 3 tokens, special: <s>\n"
                           "  model card:\n"
                           "    license: mit\n"
                           "  summary: Two weights.\n"),
        model.out.constData());
    const RunResult json = runCarton({QStringLiteral("model"), dir, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    QCOMPARE(json.json()
                 .value(u"hf")
                 .toObject()
                 .value(u"card")
                 .toObject()
                 .value(u"front_matter")
                 .toObject()
                 .value(u"license"),
             QJsonValue(QStringLiteral("mit")));
    const RunResult tensors = runCarton({QStringLiteral("tensors"), dir});
    QCOMPARE(tensors.exitCode, 0);
    QVERIFY2(tensors.out.contains("w1    float32  [1]    4\n") && tensors.out.contains("w2    float32  [1]    4\n"),
             tensors.out.constData());
    const RunResult w2 = runCarton({QStringLiteral("tensor"), dir, QStringLiteral("w2")});
    QCOMPARE(w2.exitCode, 0);
    QVERIFY2(w2.out.contains("data: [2]"), w2.out.constData());

    QVERIFY(QFile::remove(dir + QStringLiteral("/model-00002-of-00002.safetensors")));
    const RunResult missing = runCarton({QStringLiteral("tensors"), dir});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("shard \"model-00002-of-00002.safetensors\" listed in weight_map is missing"),
             missing.err.constData());
}

void TestCliModel::torchFiles()
{
    const QString dir = m_dir.filePath(QStringLiteral("torch"));
    CARTON_MAKE_TORCH_MODELS(dir);
    const RunResult r =
        runCarton({QStringLiteral("model"), dir + QStringLiteral("/scripted.pt"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject m = r.json().value(u"models").toArray().first().toObject();
    QCOMPARE(m.value(u"format").toString(), QStringLiteral("torch-zip"));
    QCOMPARE(m.value(u"torchscript").toBool(), true);
    QCOMPARE(m.value(u"archive").toString(), QStringLiteral("scripted"));
    QCOMPARE(m.value(u"parameters").toInteger(), 129);
    QCOMPARE(m.value(u"weights").toInt(), 7);
    QVERIFY2(m.value(u"code").toArray().contains(QStringLiteral("code/__torch__.py")), jsonOf(m).constData());
    // forward's graph read from code/, nothing run (issue 40): the conv, then the batch norm (training
    // False: F.batch_norm's branches decided), weights by their names in the file, arguments named.
    QCOMPARE(m.value(u"graph_source").toString(), QStringLiteral("code"));
    QCOMPARE(m.value(u"op_counts").toObject(),
             (QJsonObject{{QStringLiteral("aten::conv2d"), 1}, {QStringLiteral("aten::batch_norm"), 1}}));
    const RunResult graph = runCarton({QStringLiteral("model"), dir + QStringLiteral("/scripted.pt"),
                                       QStringLiteral("--graph"), QStringLiteral("--json")});
    QVERIFY2(graph.exitCode == 0, graph.err.constData());
    const QJsonArray nodes = graph.json().value(u"models").toArray().first().toObject().value(u"nodes").toArray();
    QCOMPARE(nodes.size(), 2);
    QCOMPARE(nodes[0].toObject().value(u"name").toString(), QStringLiteral("/conv1/aten::conv2d"));
    QCOMPARE(nodes[0].toObject().value(u"inputs").toArray().at(1).toString(), QStringLiteral("conv1.weight"));
    QCOMPARE(nodes[1].toObject().value(u"name").toString(), QStringLiteral("/bn1/aten::batch_norm"));
    QCOMPARE(nodes[1].toObject().value(u"inputs").toArray().first(),
             nodes[0].toObject().value(u"outputs").toArray().first());

    const RunResult text = runCarton({QStringLiteral("model"), dir + QStringLiteral("/legacy.pt")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("legacy.pt: torch-legacy (torch.save, version 1001)\n  parameters: 129 (520 B) in 7 "
                               "weights\n"),
             text.out.constData());

    const RunResult tensors =
        runCarton({QStringLiteral("tensors"), dir + QStringLiteral("/traced.pt"), QStringLiteral("--json")});
    QCOMPARE(tensors.exitCode, 0);
    const QJsonObject var = findByName(tensors.json().value(u"tensors").toArray(), QStringLiteral("bn1.running_var"));
    QCOMPARE(var.value(u"dtype").toString(), QStringLiteral("float32"));
    QCOMPARE(var.value(u"nbytes").toInt(), 16);
    const RunResult view =
        runCarton({QStringLiteral("tensor"), dir + QStringLiteral("/views.pt"), QStringLiteral("transposed"),
                   QStringLiteral("--slice"), QStringLiteral("1,:"), QStringLiteral("--json")});
    QCOMPARE(view.exitCode, 0);
    QVERIFY2(view.out.contains(R"("data":[1, 11, 21, 31, 41, 51])"), view.out.constData());
}

void TestCliModel::exportAllMatchesTorch_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("zip, views and every dtype") << QStringLiteral("views.pt");
    QTest::newRow("legacy, views and every dtype") << QStringLiteral("views_legacy.pt");
    QTest::newRow("TorchScript") << QStringLiteral("scripted.pt");
}

void TestCliModel::exportAllMatchesTorch()
{
    QFETCH(QString, file);
    const QString dir = m_dir.filePath(QStringLiteral("torch-export"));
    if (!QFile::exists(dir + QStringLiteral("/views.pt")))
        CARTON_MAKE_TORCH_MODELS(dir);
    const QString out = m_dir.filePath(file + QStringLiteral(".safetensors"));
    const RunResult r = runCarton(
        {QStringLiteral("export-tensor"), dir + u'/' + file, QStringLiteral("--all"), QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // torch reads the original; the safetensors file is read by hand (header + numpy):
    // every tensor, its dtype, shape and every value the same.
    const QString script = QStringLiteral(R"(
import json, struct, sys, numpy as np, torch
src, out = sys.argv[1], sys.argv[2]
obj = torch.load(src) if not src.endswith("scripted.pt") else torch.jit.load(src).state_dict()
data = open(out, "rb").read()
n = struct.unpack("<Q", data[:8])[0]
header = json.loads(data[8:8 + n])
header.pop("__metadata__", None)
assert sorted(header) == sorted(obj), (sorted(header), sorted(obj))
names = {"F64": torch.float64, "F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16, "I64": torch.int64,
         "I32": torch.int32, "I16": torch.int16, "I8": torch.int8, "U8": torch.uint8, "BOOL": torch.bool}
for key, t in obj.items():
    h = header[key]
    assert names[h["dtype"]] == t.dtype, (key, h["dtype"], t.dtype)
    assert h["shape"] == list(t.shape), (key, h["shape"], list(t.shape))
    b, e = h["data_offsets"]
    raw = bytearray(data[8 + n + b:8 + n + e])
    ours = torch.frombuffer(raw, dtype=t.dtype).reshape(t.shape) if raw else torch.empty(t.shape, dtype=t.dtype)
    assert torch.equal(ours, t.contiguous()), key
print(len(obj))
)");
    const RunResult check =
        runProgram(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, dir + u'/' + file, out});
    QVERIFY2(check.exitCode == 0, check.err.constData());
    QVERIFY2(check.out.trimmed().toInt() >= 7, check.out.constData());
}

QTEST_GUILESS_MAIN(TestCliModel)
#include "tst_climodel.moc"
