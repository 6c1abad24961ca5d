// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The ONNX reader against Debian's python3-onnx: models made by onnx, read by both,
// compared signature by signature and value by value; then inside a carton (zstd
// entries, external data beside the model) and hostile variants built in code.
#include "fixturepolicy.h"
#include "model/modelfile.h"
#include "model/modelset.h"
#include "onnxtestmodels.h"
#include "package/cartonsource.h"
#include "testpaths.h"
#include "testutil.h"
#include "ziptestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <optional>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

// A protobuf writer for hostile models.
QByteArray varint(quint64 v)
{
    QByteArray out;
    do {
        out += char((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    return out;
}
QByteArray tag(int field, int wire)
{
    return varint(quint64(field) << 3 | quint64(wire));
}
QByteArray len(int field, const QByteArray &payload)
{
    return tag(field, 2) + varint(quint64(payload.size())) + payload;
}
QByteArray num(int field, quint64 v)
{
    return tag(field, 0) + varint(v);
}

// ModelProto{ir_version 8, graph{initializer}} around one TensorProto.
QByteArray modelWithTensor(const QByteArray &tensor)
{
    return num(1, 8) + len(7, len(5, tensor) + len(2, "g"));
}

QByteArray floatTensor(const QByteArray &name, QList<quint64> dims, const QByteArray &raw)
{
    QByteArray t;
    for (quint64 d : dims)
        t += num(1, d);
    return t + num(2, 1) + len(8, name) + len(9, raw);
}

Result<ModelFilePtr> readBytes(const QByteArray &bytes, SiblingFiles siblings = {})
{
    return ModelFile::read(std::make_shared<MemorySource>(bytes, QStringLiteral("hostile.onnx")), siblings);
}

QList<double> readValues(const ModelFile &model, const QString &name)
{
    Result<TensorReaderPtr> reader = model.openWeight(name);
    if (!reader) {
        qWarning() << reader.error().toString();
        return {};
    }
    QByteArray bytes((*reader)->byteSize(), Qt::Uninitialized);
    if (!(*reader)->readFlat(0, (*reader)->elementCount(), bytes.data(), bytes.size()))
        return {};
    const Tensor t = Tensor::numeric(name, (*reader)->dtype(), {(*reader)->elementCount()}, bytes);
    QList<double> values;
    for (qint64 i = 0; i < (*reader)->elementCount(); ++i)
        values.append(t.valueAsDouble(i));
    return values;
}

QStringList readTexts(const ModelFile &model, const QString &name)
{
    Result<TensorReaderPtr> reader = model.openWeight(name);
    if (!reader)
        return {};
    Result<Tensor> t = (*reader)->readTensor(TensorRegion::whole((*reader)->shape()));
    QStringList texts;
    for (qint64 i = 0; t && i < (*reader)->elementCount(); ++i)
        texts.append(t->valueAsText(i));
    return texts;
}

} // namespace

class TestOnnxModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesOnnx_data();
    void matchesOnnx();
    void detectsByContentNotName();
    void cartonZstdEntriesAndExternalData();
    void externalDataPathsAreSafe_data();
    void externalDataPathsAreSafe();
    void hostile_data();
    void hostile();
    void truncatedEverywhere();
    void narrowTypesInRawData();
    void narrowTypesInInt32Data();
    void smallConstantsShowTheirValues();
    void mutatedEverywhere();

private:
    QTemporaryDir m_dir;
    QJsonObject m_reference;
};

// A Constant's tensor of up to 8 values (rank 0 or 1) reads with them, as Netron shows
// "B = 0"; bigger or 2-D ones with their type and shape only.
void TestOnnxModel::smallConstantsShowTheirValues()
{
    Result<ModelSet> set = ModelSet::fromFile(m_dir.filePath(QStringLiteral("constants.onnx")));
    QVERIFY2(set, set ? "" : qPrintable(set.error().toString()));
    const OnnxInfo &info = *set->entries().first().model->onnx();
    QStringList texts;
    for (const OnnxNode &n : info.nodes)
        if (n.opType == u"Constant")
            texts.append(n.attributes.value(0).text);
    QCOMPARE(texts, (QStringList{QStringLiteral("tensor float32[] = 0.5"), QStringLiteral("tensor int64[2] = [1, -1]"),
                                 QStringLiteral("tensor float32[2, 2]"), QStringLiteral("tensor int64[9]")}));
}

void TestOnnxModel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    CARTON_MAKE_ONNX_MODELS(m_dir.path());
    m_reference =
        QJsonDocument::fromJson(testutil::readFile(m_dir.filePath(QStringLiteral("reference.json")))).object();
    QCOMPARE(m_reference.size(), 2);
}

void TestOnnxModel::matchesOnnx_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("raw_data and typed fields") << QStringLiteral("tiny.onnx");
    QTest::newRow("external data") << QStringLiteral("ext/ext.onnx");
}

void TestOnnxModel::matchesOnnx()
{
    QFETCH(QString, file);
    const QJsonObject ref = m_reference.value(file).toObject();
    const QString path = m_dir.filePath(file);
    Result<ModelSet> set = ModelSet::fromFile(path);
    QVERIFY2(set, set ? "" : qPrintable(set.error().toString()));
    QCOMPARE(set->entries().size(), 1);
    const ModelFile &model = *set->entries().first().model;
    QCOMPARE(model.format(), ModelFormat::Onnx);
    const OnnxInfo &info = *model.onnx();
    QCOMPARE(info.irVersion, ref.value(u"ir_version").toInteger());
    QCOMPARE(info.producerName, ref.value(u"producer_name").toString());
    QCOMPARE(info.producerVersion, ref.value(u"producer_version").toString());
    QCOMPARE(info.modelVersion, ref.value(u"model_version").toInteger());
    const QJsonArray opsets = ref.value(u"opsets").toArray();
    QCOMPARE(info.opsets.size(), opsets.size());
    for (qsizetype i = 0; i < opsets.size(); ++i) {
        QCOMPARE(info.opsets[i].first, opsets[i].toArray()[0].toString());
        QCOMPARE(info.opsets[i].second, opsets[i].toArray()[1].toInteger());
    }
    const QJsonObject metadata = ref.value(u"metadata").toObject();
    QCOMPARE(info.metadata.size(), metadata.size());
    for (const auto &[key, value] : info.metadata)
        QCOMPARE(value, metadata.value(key).toString());

    // The signature: inputs that are not initializers, outputs; dims as onnx reads them.
    for (const auto &[list, refList] : {std::pair(&info.inputs, ref.value(u"inputs").toArray()),
                                        std::pair(&info.outputs, ref.value(u"outputs").toArray())}) {
        QCOMPARE(list->size(), refList.size());
        for (qsizetype i = 0; i < refList.size(); ++i) {
            const QJsonObject r = refList[i].toObject();
            const OnnxValueInfo &v = list->at(i);
            QCOMPARE(v.name, r.value(u"name").toString());
            QCOMPARE(v.elemType, r.value(u"elem_type").toInt());
            const QJsonValue dims = r.value(u"dims");
            QCOMPARE(v.shape.has_value(), !dims.isNull());
            if (!v.shape)
                continue;
            QCOMPARE(v.shape->size(), dims.toArray().size());
            for (qsizetype d = 0; d < v.shape->size(); ++d) {
                const QJsonValue rd = dims.toArray()[d];
                const OnnxDim &dim = v.shape->at(d);
                if (rd.isString())
                    QCOMPARE(dim.param, rd.toString());
                else if (rd.isNull())
                    QVERIFY(!dim.value && dim.param.isEmpty());
                else
                    QCOMPARE(dim.value, std::optional<qint64>(rd.toInteger()));
            }
        }
    }
    QCOMPARE(info.inputs.first().dtype, QStringLiteral("float32"));

    // Nodes: op, name, domain, inputs, outputs, attribute names and types.
    const QJsonArray nodes = ref.value(u"nodes").toArray();
    QCOMPARE(info.nodes.size(), nodes.size());
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QJsonObject r = nodes[i].toObject();
        const OnnxNode &n = info.nodes[i];
        QCOMPARE(n.opType, r.value(u"op_type").toString());
        QCOMPARE(n.name, r.value(u"name").toString());
        QCOMPARE(n.domain, r.value(u"domain").toString());
        QCOMPARE(QJsonArray::fromStringList(n.inputs), r.value(u"inputs").toArray());
        QCOMPARE(QJsonArray::fromStringList(n.outputs), r.value(u"outputs").toArray());
        const QJsonArray attrs = r.value(u"attributes").toArray();
        QCOMPARE(n.attributes.size(), attrs.size());
        for (qsizetype a = 0; a < attrs.size(); ++a) {
            QCOMPARE(n.attributes[a].name, attrs[a].toArray()[0].toString());
            QCOMPARE(n.attributes[a].type, attrs[a].toArray()[1].toString());
        }
    }
    QCOMPARE(info.opCounts.value(QStringLiteral("com.example:Mul")), 1);
    const OnnxNode &conv = info.nodes.first();
    QCOMPARE(conv.attributes.first().ints, (QList<qint64>{3, 3}));
    QCOMPARE(conv.attributes.first().text, QStringLiteral("[3, 3]"));
    const OnnxNode &ifNode = info.nodes[7];
    QCOMPARE(ifNode.attributes[0].text, QStringLiteral("graph (2 nodes)")); // else_branch

    // Weights: names, types, dims and every value as onnx reads them.
    const QJsonArray inits = ref.value(u"initializers").toArray();
    QCOMPARE(model.weights().size(), inits.size());
    qint64 elements = 0;
    int externals = 0;
    for (qsizetype i = 0; i < inits.size(); ++i) {
        const QJsonObject r = inits[i].toObject();
        const ModelWeight &w = model.weights()[i];
        QCOMPARE(w.name, r.value(u"name").toString());
        QCOMPARE(w.typeName, r.value(u"data_type").toString());
        QList<qint64> dims;
        for (const QJsonValue &d : r.value(u"dims").toArray())
            dims.append(d.toInteger());
        QCOMPARE(w.shape, dims);
        elements += w.elementCount;
        if (r.value(u"values").isNull()) {
            QVERIFY(!w.note.isEmpty());
            Result<TensorReaderPtr> reader = model.openWeight(w.name);
            QVERIFY(!reader);
            QCOMPARE(reader.error().code, ErrorCode::Unsupported);
            QVERIFY2(reader.error().message.contains(u"cannot show values"), qPrintable(reader.error().message));
            continue;
        }
        const QJsonArray values = r.value(u"values").toArray();
        if (!values.isEmpty() && values.first().isString()) { // integers and bools, exact
            QStringList expected;
            for (const QJsonValue &v : values)
                expected.append(v.toString());
            QStringList got = readTexts(model, w.name);
            for (QString &t : got)
                t = t == u"true" ? QStringLiteral("1") : t == u"false" ? QStringLiteral("0") : t;
            QCOMPARE(got, expected);
        } else {
            QList<double> expected;
            for (const QJsonValue &v : values)
                expected.append(v.toDouble());
            QCOMPARE(readValues(model, w.name), expected);
        }
        QCOMPARE(w.file, r.value(u"external").toBool() ? QStringLiteral("weights.bin") : QString());
        externals += !w.file.isEmpty();
    }
    QCOMPARE(model.parameterCount(), elements);
    // onnx moves the raw_data tensors out, and leaves typed fields where they are.
    QCOMPARE(externals > 10, file.startsWith(u"ext/"));
}

void TestOnnxModel::detectsByContentNotName()
{
    const QByteArray onnx = testutil::readFile(m_dir.filePath(QStringLiteral("tiny.onnx")));
    const QString renamed = m_dir.filePath(QStringLiteral("weights.dat"));
    QVERIFY(testutil::writeFile(renamed, onnx));
    Result<ModelSet> set = ModelSet::fromFile(renamed);
    QVERIFY(set);
    QCOMPARE(set->entries().first().format, ModelFormat::Onnx);
    // Text, a zip and a truncated model are not ONNX, whatever their names.
    for (const QByteArray &bytes : {QByteArray("# a python file\nimport torch\n"), QByteArray("PK\x03\x04rest", 8),
                                    QByteArray("\x08\x00\x12", 3), QByteArray(100, '\0')}) {
        const QString fake = m_dir.filePath(QStringLiteral("fake.onnx"));
        QVERIFY(testutil::writeFile(fake, bytes));
        Result<ModelSet> no = ModelSet::fromFile(fake);
        QVERIFY(!no);
        QCOMPARE(no.error().code, ErrorCode::Unsupported);
    }
    // A file that starts as ONNX does (ir_version) but is cut: a format error, not "unknown".
    const QString cut = m_dir.filePath(QStringLiteral("cut.bin"));
    QVERIFY(testutil::writeFile(cut, onnx.left(onnx.size() / 2)));
    Result<ModelSet> broken = ModelSet::fromFile(cut);
    QVERIFY(!broken);
    QCOMPARE(broken.error().code, ErrorCode::Format);
    QVERIFY2(broken.error().message.startsWith(u"ModelProto: field 7 at byte 20: its length") &&
                 broken.error().message.contains(u"goes past the end"),
             qPrintable(broken.error().message));
}

void TestOnnxModel::cartonZstdEntriesAndExternalData()
{
    // A carton whose model/ holds the external-data model (zstd) and its weights.bin
    // (Stored), plus a .pt-like zip and code that are not model files.
    const QByteArray model = testutil::readFile(m_dir.filePath(QStringLiteral("ext/ext.onnx")));
    const QByteArray weights = testutil::readFile(m_dir.filePath(QStringLiteral("ext/weights.bin")));
    QVERIFY(!model.isEmpty() && !weights.isEmpty());
    const QByteArray zip = ziptest::buildZip({
        [] {
            ziptest::RawEntry e;
            e.name = "carton.toml";
            e.stored = "spec_version = 1\nmodel_name = \"m\"\n";
            return e;
        }(),
        [&] {
            ziptest::RawEntry e;
            e.name = "model/sub/model.onnx";
            e.plain = model;
            e.stored = ziptest::zstdFrame(model);
            e.method = 93;
            return e;
        }(),
        [&] {
            ziptest::RawEntry e;
            e.name = "model/sub/weights.bin";
            e.stored = weights;
            return e;
        }(),
        [] {
            ziptest::RawEntry e;
            e.name = "model/main.py";
            e.stored = "import numpy\n";
            return e;
        }(),
        [&] {
            ziptest::RawEntry e; // starts as ONNX does, then is cut: listed with its error
            e.name = "model/broken.onnx";
            e.stored = model.left(model.size() / 2);
            return e;
        }(),
    });
    const QString path = m_dir.filePath(QStringLiteral("ext.carton"));
    QVERIFY(testutil::writeFile(path, zip));
    Result<std::unique_ptr<CartonSource>> source = CartonSource::load(path);
    QVERIFY2(source, source ? "" : qPrintable(source.error().toString()));
    const ModelSet set = ModelSet::fromCarton(**source);
    QCOMPARE(set.entries().size(), 2);
    const ModelEntry &broken = set.entries().first();
    QCOMPARE(broken.path, QStringLiteral("model/broken.onnx"));
    QVERIFY(!broken.model);
    QVERIFY2(broken.error && broken.error->message.contains(u"goes past the end"),
             broken.error ? qPrintable(broken.error->toString()) : "no error");
    QCOMPARE(broken.error->location, QStringLiteral("ext.carton: model/broken.onnx"));
    const ModelEntry &entry = set.entries().last();
    QVERIFY2(entry.model, entry.error ? qPrintable(entry.error->toString()) : "");
    QCOMPARE(entry.path, QStringLiteral("model/sub/model.onnx"));
    const ModelWeight *fc = entry.model->findWeight(QStringLiteral("fc.weight"));
    QVERIFY(fc);
    QCOMPARE(set.weightName(entry, *fc), QStringLiteral("model/sub/model.onnx:fc.weight"));
    Result<TensorReaderPtr> reader = set.openWeight(QStringLiteral("model/sub/model.onnx:fc.weight"));
    QVERIFY2(reader, reader ? "" : qPrintable(reader.error().toString()));
    QCOMPARE((*reader)->name(), QStringLiteral("model/sub/model.onnx:fc.weight"));
    QCOMPARE((*reader)->shape(), (QList<qint64>{10, 4}));
    // The values: the same as onnx reads from the bare file.
    const QJsonArray inits = m_reference.value(u"ext/ext.onnx").toObject().value(u"initializers").toArray();
    QList<double> expected;
    for (const QJsonValue &i : inits)
        if (i.toObject().value(u"name").toString() == u"fc.weight")
            for (const QJsonValue &v : i.toObject().value(u"values").toArray())
                expected.append(v.toDouble());
    QCOMPARE(expected.size(), 40);
    QCOMPARE(readValues(*entry.model, QStringLiteral("fc.weight")), expected);
    QVERIFY(!set.resolve(QStringLiteral("model/other.onnx:x")));
}

void TestOnnxModel::externalDataPathsAreSafe_data()
{
    QTest::addColumn<QByteArray>("location");
    QTest::addColumn<int>("code");
    QTest::newRow("parent") << QByteArray("../secret.bin") << int(ErrorCode::Unsafe);
    QTest::newRow("absolute") << QByteArray("/etc/passwd") << int(ErrorCode::Unsafe);
    QTest::newRow("backslash") << QByteArray("..\\x.bin") << int(ErrorCode::Unsafe);
    QTest::newRow("inner parent") << QByteArray("a/../../x.bin") << int(ErrorCode::Unsafe);
    QTest::newRow("missing") << QByteArray("nowhere.bin") << int(ErrorCode::NotFound);
    QTest::newRow("symlink out") << QByteArray("link.bin") << int(ErrorCode::NotFound);
}

void TestOnnxModel::externalDataPathsAreSafe()
{
    QFETCH(QByteArray, location);
    QFETCH(int, code);
    QTemporaryDir dir;
    QVERIFY(testutil::writeFile(dir.filePath(QStringLiteral("secret.bin")), QByteArray(16, 'x')));
    const QString folder = dir.filePath(QStringLiteral("m"));
    QDir().mkpath(folder);
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("secret.bin")), folder + QStringLiteral("/link.bin")));
    const QByteArray tensor =
        num(1, 4) + num(2, 1) + len(8, "w") + len(13, len(1, "location") + len(2, location)) + num(14, 1);
    const QString path = folder + QStringLiteral("/m.onnx");
    QVERIFY(testutil::writeFile(path, modelWithTensor(tensor)));
    Result<ModelSet> set = ModelSet::fromFile(path);
    QVERIFY(!set);
    QCOMPARE(int(set.error().code), code);
    QVERIFY2(set.error().message.contains(u"graph.initializer[0] (\"w\").external_data"),
             qPrintable(set.error().message));
    QCOMPARE(set.error().location, path);
}

void TestOnnxModel::hostile_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QByteArray ok = floatTensor("w", {2}, QByteArray(8, '\0'));
    QTest::newRow("valid") << modelWithTensor(ok) << -1 << QString();
    QTest::newRow("raw_data lies") << modelWithTensor(floatTensor("w", {3}, QByteArray(8, '\0')))
                                   << int(ErrorCode::Format)
                                   << QStringLiteral("graph.initializer[0] (\"w\").raw_data: holds 8 bytes, but FLOAT "
                                                     "[3] needs 12 bytes");
    QTest::newRow("dims overflow") << modelWithTensor(floatTensor("w", {1ull << 40, 1ull << 40}, {}))
                                   << int(ErrorCode::Limit) << QStringLiteral("graph.initializer[0] (\"w\").dims");
    QTest::newRow("negative dim") << modelWithTensor(floatTensor("w", {~0ull}, {})) << int(ErrorCode::Format)
                                  << QStringLiteral("negative dimension -1");
    QTest::newRow("unknown data type") << modelWithTensor(num(1, 1) + num(2, 99) + len(8, "w") + len(9, "x"))
                                       << int(ErrorCode::Format)
                                       << QStringLiteral("graph.initializer[0] (\"w\").data_type: 99");
    QTest::newRow("no data") << modelWithTensor(num(1, 4) + num(2, 1) + len(8, "w")) << int(ErrorCode::Format)
                             << QStringLiteral("has no data");
    QTest::newRow("wrong typed field") << modelWithTensor(num(1, 1) + num(2, 1) + len(8, "w") + len(7, varint(5)))
                                       << int(ErrorCode::Format) << QStringLiteral("int64_data: does not hold FLOAT");
    QTest::newRow("length past message") << num(1, 8) + tag(7, 2) + varint(1000) + QByteArray(10, '\0')
                                         << int(ErrorCode::Format)
                                         << QStringLiteral("ModelProto: field 7 at byte 2: its length 1000 goes past");
    QTest::newRow("no graph") << num(1, 8) + len(2, "producer") << int(ErrorCode::Format)
                              << QStringLiteral("ModelProto: has no graph");
    QTest::newRow("inner length past graph")
        << num(1, 8) + len(7, tag(5, 2) + varint(50) + QByteArray(4, '\0')) << int(ErrorCode::Format)
        << QStringLiteral("goes past the end of the enclosing message");
    QTest::newRow("group wire type") << num(1, 8) + len(7, tag(5, 3)) << int(ErrorCode::Format)
                                     << QStringLiteral("a group, not supported");
    QTest::newRow("varint overflow") << num(1, 8) + len(7, tag(9, 0) + QByteArray(10, '\xff') + '\x01')
                                     << int(ErrorCode::Format) << QStringLiteral("varint");
    QTest::newRow("two graphs") << num(1, 8) + len(7, len(2, "a")) + len(7, len(2, "b")) << int(ErrorCode::Format)
                                << QStringLiteral("more than one graph");
    QTest::newRow("external without location flag")
        << modelWithTensor(num(1, 1) + num(2, 1) + len(8, "w") + len(13, len(1, "location") + len(2, "x.bin")))
        << int(ErrorCode::Format) << QStringLiteral("data_location is not EXTERNAL");
    QTest::newRow("segment") << modelWithTensor(ok + len(3, num(1, 0))) << int(ErrorCode::Unsupported)
                             << QStringLiteral("segmented");
    QTest::newRow("huge name") << num(1, 8) + len(7, len(2, QByteArray((64 << 10) + 1, 'n'))) << int(ErrorCode::Limit)
                               << QStringLiteral("graph.name: is 65537 bytes long");
}

void TestOnnxModel::hostile()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, message);
    Result<ModelFilePtr> model = readBytes(bytes);
    if (code < 0) {
        QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
        QCOMPARE(readValues(**model, QStringLiteral("w")), (QList<double>{0, 0}));
        return;
    }
    QVERIFY(!model);
    QCOMPARE(int(model.error().code), code);
    QVERIFY2(model.error().message.contains(message), qPrintable(model.error().message));
    QCOMPARE(model.error().location, QStringLiteral("hostile.onnx"));
}

void TestOnnxModel::narrowTypesInRawData()
{
    // FLOAT8E4M3FN (17) [4] and INT4 (22) [3], packed low nibble first, in raw_data: float32 values.
    Result<ModelFilePtr> f8 =
        readBytes(modelWithTensor(num(1, 4) + num(2, 17) + len(8, "f8") + len(9, QByteArray("\x38\x40\xb8\x7e", 4))));
    QVERIFY2(f8, f8 ? "" : qPrintable(f8.error().toString()));
    QCOMPARE((*f8)->weights().first().typeName, QStringLiteral("FLOAT8E4M3FN"));
    QCOMPARE(readValues(**f8, QStringLiteral("f8")), (QList<double>{1, 2, -1, 448}));
    Result<ModelFilePtr> i4 =
        readBytes(modelWithTensor(num(1, 3) + num(2, 22) + len(8, "i4") + len(9, QByteArray("\x7f\x08", 2))));
    QVERIFY2(i4, i4 ? "" : qPrintable(i4.error().toString()));
    QCOMPARE(readValues(**i4, QStringLiteral("i4")), (QList<double>{-1, 7, -8}));
    // In int32_data: one code per value (56 is 1.0); a value that is no byte is refused when read.
    Result<ModelFilePtr> typed = readBytes(modelWithTensor(num(1, 1) + num(2, 17) + len(8, "t") + len(5, varint(56))));
    QVERIFY2(typed, typed ? "" : qPrintable(typed.error().toString()));
    QCOMPARE(readValues(**typed, QStringLiteral("t")), (QList<double>{1}));
    Result<ModelFilePtr> wide = readBytes(modelWithTensor(num(1, 1) + num(2, 17) + len(8, "t") + len(5, varint(256))));
    QVERIFY(wide);
    Result<TensorReaderPtr> refused = (*wide)->openWeight(QStringLiteral("t"));
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(u"value 256 is not a byte of FLOAT8E4M3FN codes"),
             qPrintable(refused.error().message));
}

// narrow.onnx (python3-onnx): every code of the seven narrow types in raw_data and
// in int32_data (4-bit types two to a value); both read as the same numbers, NaNs alike.
void TestOnnxModel::narrowTypesInInt32Data()
{
    Result<ModelFilePtr> model = ModelFile::read(std::make_shared<MemorySource>(
        testutil::readFile(m_dir.filePath(QStringLiteral("narrow.onnx"))), QStringLiteral("narrow.onnx")));
    QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
    for (int code : {17, 18, 19, 20, 21, 22, 23}) {
        const QString raw = QStringLiteral("n%1_raw").arg(code), typed = QStringLiteral("n%1_typed").arg(code);
        const ModelWeight *w = (*model)->findWeight(typed);
        QVERIFY(w);
        QCOMPARE(w->encoding, WeightEncoding::OnnxFields);
        QVERIFY(w->narrow);
        const QList<double> fromRaw = readValues(**model, raw);
        const QList<double> fromTyped = readValues(**model, typed);
        QCOMPARE(fromRaw.size(), qsizetype(code >= 21 ? 15 : 256));
        QCOMPARE(fromTyped.size(), fromRaw.size());
        for (qsizetype i = 0; i < fromRaw.size(); ++i) {
            if (std::isnan(fromRaw[i])) {
                QVERIFY2(std::isnan(fromTyped[i]), qPrintable(QStringLiteral("%1[%2]").arg(typed).arg(i)));
                continue;
            }
            QVERIFY2(
                fromTyped[i] == fromRaw[i] && std::signbit(fromTyped[i]) == std::signbit(fromRaw[i]),
                qPrintable(
                    QStringLiteral("%1[%2]: %3, raw_data %4").arg(typed).arg(i).arg(fromTyped[i]).arg(fromRaw[i])));
        }
    }
    // Spot values: INT4 code 0b1110 is -2, FLOAT4E2M1 code 0b0111 is 6, UINT4 code 14 is 14, FLOAT8E4M3FN 0x38 is 1.
    QCOMPARE(readValues(**model, QStringLiteral("n22_typed"))[14], -2.0);
    QCOMPARE(readValues(**model, QStringLiteral("n23_typed"))[7], 6.0);
    QCOMPARE(readValues(**model, QStringLiteral("n21_typed"))[14], 14.0);
    QCOMPARE(readValues(**model, QStringLiteral("n17_typed"))[0x38], 1.0);
}

namespace {

// The top-level fields of a ModelProto as the test reads them (tag, length,
// payload), independently of the reader under test: what each prefix should say.
struct TopField {
    int number = 0;
    qsizetype start = 0;        // the tag's first byte
    qsizetype payloadStart = 0; // after the tag (and a length-delimited field's length)
    qsizetype end = 0;
    quint64 length = 0; // a length-delimited field's
    bool delimited = false;
};

std::optional<quint64> varintAt(const QByteArray &b, qsizetype *pos)
{
    quint64 v = 0;
    for (int shift = 0; *pos < b.size() && shift < 64; shift += 7) {
        const auto byte = quint8(b[(*pos)++]);
        v |= quint64(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return v;
    }
    return std::nullopt;
}

QList<TopField> topLevelFields(const QByteArray &b)
{
    QList<TopField> fields;
    qsizetype pos = 0;
    while (pos < b.size()) {
        TopField f;
        f.start = pos;
        const std::optional<quint64> tag = varintAt(b, &pos);
        if (!tag)
            return {};
        f.number = int(*tag >> 3);
        switch (*tag & 7) {
        case 0:
            f.payloadStart = pos;
            if (!varintAt(b, &pos))
                return {};
            break;
        case 2: {
            const std::optional<quint64> length = varintAt(b, &pos);
            if (!length)
                return {};
            f.delimited = true;
            f.length = *length;
            f.payloadStart = pos;
            pos += qsizetype(*length);
            break;
        }
        default:
            return {}; // ModelProto's top level has no fixed-size fields
        }
        f.end = pos;
        fields.append(f);
    }
    return fields;
}

} // namespace

void TestOnnxModel::truncatedEverywhere()
{
    // Every prefix of a real model: refused or read, never a crash; each prefix
    // fails with the one error its cut calls for, naming the field being read.
    const QByteArray onnx = testutil::readFile(m_dir.filePath(QStringLiteral("tiny.onnx")));
    Result<ModelFilePtr> full = readBytes(onnx);
    QVERIFY(full);
    const QList<TopField> fields = topLevelFields(onnx);
    QVERIFY(!fields.isEmpty());
    int named = 0;
    for (qsizetype n = 1; n < onnx.size(); ++n) {
        Result<ModelFilePtr> model = readBytes(onnx.left(n));
        const QString at =
            QStringLiteral("prefix of %1 bytes: %2").arg(n).arg(model ? u"read"_s : model.error().message);
        if (n < 2) { // too short to claim ONNX
            QVERIFY2(!model && model.error().code == ErrorCode::Unsupported, qPrintable(at));
            continue;
        }
        const auto cut =
            std::find_if(fields.cbegin(), fields.cend(), [n](const TopField &f) { return f.start < n && n < f.end; });
        if (cut == fields.cend()) { // between two fields
            const bool hasGraph = std::any_of(fields.cbegin(), fields.cend(),
                                              [n](const TopField &f) { return f.number == 7 && f.end <= n; });
            if (hasGraph) { // a valid ModelProto
                QVERIFY2(model, qPrintable(at));
                QCOMPARE((*model)->weights().size(), (*full)->weights().size());
                QCOMPARE((*model)->onnx()->nodes.size(), (*full)->onnx()->nodes.size());
            } else {
                QVERIFY2(!model, qPrintable(at));
                QCOMPARE(model.error().message, u"ModelProto: has no graph (field 7)"_s);
            }
            continue;
        }
        QVERIFY2(!model && model.error().code == ErrorCode::Format, qPrintable(at));
        if (cut->delimited && n >= cut->payloadStart) // the length was read; its bytes are missing
            QVERIFY2(model.error().message.startsWith(
                         u"ModelProto: field %1 at byte %2: its length %3 goes past the end"_s.arg(cut->number)
                             .arg(cut->start)
                             .arg(cut->length)),
                     qPrintable(at));
        else // cut inside a tag, a length or a varint value
            QVERIFY2(model.error().message.startsWith(u"ModelProto: truncated: "_s) &&
                         model.error().message.endsWith(u"the file ends at byte %1"_s.arg(n)),
                     qPrintable(at));
        ++named;
    }
    QVERIFY(named > 0);
}

void TestOnnxModel::mutatedEverywhere()
{
    // Every byte of a real model changed three ways: each result either reads (and
    // then every weight reads or fails cleanly) or fails with an error naming the file.
    const QByteArray onnx = testutil::readFile(m_dir.filePath(QStringLiteral("tiny.onnx")));
    int read = 0, failed = 0;
    for (qsizetype at = 0; at < onnx.size(); ++at) {
        for (const quint8 change : {quint8(0xff), quint8(0x00), quint8(onnx[at] ^ 0x80)}) {
            QByteArray bytes = onnx;
            bytes[at] = char(change);
            Result<ModelFilePtr> model = readBytes(bytes);
            if (!model) {
                QCOMPARE(model.error().location, QStringLiteral("hostile.onnx"));
                QVERIFY(!model.error().message.isEmpty());
                ++failed;
                continue;
            }
            ++read;
            for (const ModelWeight &w : (*model)->weights()) {
                Result<TensorReaderPtr> reader = (*model)->openWeight(w.name);
                if (!reader)
                    continue;
                QByteArray values((*reader)->byteSize(), Qt::Uninitialized);
                QVERIFY((*reader)->readFlat(0, (*reader)->elementCount(), values.data(), values.size()));
            }
        }
    }
    QVERIFY(read > 0 && failed > 0);
}

QTEST_GUILESS_MAIN(TestOnnxModel)
#include "tst_onnxmodel.moc"
