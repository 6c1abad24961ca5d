// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// PyTorch files against Debian's python3-torch: TorchScript (scripted, traced),
// torch.save zip and legacy checkpoints, strided views and every dtype, made by
// torch and read back value by value against what torch reads (.npy); inside a
// carton (zstd and Stored entries); hostile pickles and archives built in code.
#include "fixturepolicy.h"
#include "model/modelfile.h"
#include "model/modelset.h"
#include "model/sourcecursor.h"
#include "model/stridedsource.h"
#include "model/torchpickle.h"
#include "package/cartonsource.h"
#include "tensor/npyfile.h"
#include "testpaths.h"
#include "testutil.h"
#include "torchtestmodels.h"
#include "ziptestutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace carton;

namespace {

// A small pickle writer for hostile files.
QByteArray le32(qint32 v)
{
    QByteArray b(4, 0);
    qToLittleEndian(v, b.data());
    return b;
}
QByteArray str(const QByteArray &s)
{
    return 'X' + le32(qint32(s.size())) + s;
}
QByteArray num(qint64 v)
{
    if (v >= INT32_MIN && v <= INT32_MAX)
        return 'J' + le32(qint32(v));
    QByteArray b(8, 0);
    qToLittleEndian(v, b.data());
    return QByteArray("\x8a\x08", 2) + b;
}
QByteArray global(const QByteArray &module, const QByteArray &name)
{
    return 'c' + module + '\n' + name + '\n';
}
QByteArray ints(const QList<qint64> &values)
{
    QByteArray out = "(";
    for (qint64 v : values)
        out += num(v);
    return out + 't';
}
// _rebuild_tensor_v2(storage('FloatStorage', key, numel), offset, shape, strides, False, OrderedDict())
QByteArray tensor(const QByteArray &key, qint64 numel, qint64 offset, const QList<qint64> &shape,
                  const QList<qint64> &strides, const QByteArray &type = "FloatStorage")
{
    return global("torch._utils", "_rebuild_tensor_v2") + "((" + str("storage") + global("torch", type) + str(key) +
           str("cpu") + num(numel) + "tQ" + num(offset) + ints(shape) + ints(strides) + "\x89" +
           global("collections", "OrderedDict") + ")Rt" + "R";
}
QByteArray dict(const QList<std::pair<QByteArray, QByteArray>> &items)
{
    QByteArray out = "}(";
    for (const auto &[k, v] : items)
        out += str(k) + v;
    return out + 'u';
}
QByteArray pickle(const QByteArray &body)
{
    return QByteArray("\x80\x02", 2) + body + '.';
}

QByteArray floats(const QList<float> &values)
{
    QByteArray b;
    for (float f : values) {
        char le[4];
        qToLittleEndian(f, le);
        b.append(le, 4);
    }
    return b;
}

// A torch.save zip: archive/data.pkl, archive/data/KEY..., archive/version.
QByteArray torchZip(const QByteArray &dataPkl, const QList<std::pair<QByteArray, QByteArray>> &storages)
{
    std::vector<ziptest::RawEntry> entries;
    ziptest::RawEntry pkl;
    pkl.name = "archive/data.pkl";
    pkl.stored = dataPkl;
    entries.push_back(pkl);
    for (const auto &[key, bytes] : storages) {
        ziptest::RawEntry e;
        e.name = "archive/data/" + key;
        e.stored = bytes;
        entries.push_back(e);
    }
    ziptest::RawEntry version;
    version.name = "archive/version";
    version.stored = "3\n";
    entries.push_back(version);
    return ziptest::buildZip(entries);
}

Result<ModelFilePtr> readBytes(const QByteArray &bytes)
{
    return ModelFile::read(std::make_shared<MemorySource>(bytes, QStringLiteral("hostile.pt")));
}

// The weight's values read through our reader, as the bytes of its dtype in C order.
QByteArray weightBytes(const ModelFile &model, const QString &name, QString *error)
{
    Result<TensorReaderPtr> reader = model.openWeight(name);
    if (!reader) {
        *error = reader.error().toString();
        return {};
    }
    QByteArray bytes((*reader)->byteSize(), Qt::Uninitialized);
    if (Status s = (*reader)->readFlat(0, (*reader)->elementCount(), bytes.data(), bytes.size()); !s) {
        *error = s.error().toString();
        return {};
    }
    return bytes;
}

QList<double> asDoubles(DType dtype, qint64 count, const QByteArray &bytes)
{
    const Tensor t = Tensor::numeric(QStringLiteral("t"), dtype, {count}, bytes);
    QList<double> values;
    for (qint64 i = 0; i < count; ++i)
        values.append(t.valueAsDouble(i));
    return values;
}

} // namespace

class TestTorchModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesTorch_data();
    void matchesTorch();
    void stridedViews();
    void stridedSourceScattered();
    void insideCarton();
    void hostile_data();
    void hostile();
    void neverExecutes();
    void compressedStorageListed();
    void recursivePickleTerminates();
    void otherRebuilders();
    void pickleLimits_data();
    void pickleLimits();
    void truncatedEverywhere();

private:
    QTemporaryDir m_dir;
};

void TestTorchModel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    CARTON_MAKE_TORCH_MODELS(m_dir.path());
}

void TestTorchModel::matchesTorch_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<ModelFormat>("format");
    // TorchScript archives: a code file torch 1.13 writes (the traced module's class
    // is mangled); empty for pickled files.
    QTest::addColumn<QString>("codeFile");
    QTest::newRow("scripted") << QStringLiteral("scripted") << ModelFormat::TorchZip
                              << QStringLiteral("code/__torch__.py");
    QTest::newRow("traced") << QStringLiteral("traced") << ModelFormat::TorchZip
                            << QStringLiteral("code/__torch__/___torch_mangle_2.py");
    QTest::newRow("state_dict zip") << QStringLiteral("state") << ModelFormat::TorchZip << QString();
    QTest::newRow("state_dict legacy") << QStringLiteral("legacy") << ModelFormat::TorchLegacy << QString();
    QTest::newRow("whole module") << QStringLiteral("module") << ModelFormat::TorchZip << QString();
    QTest::newRow("TorchScript constants")
        << QStringLiteral("constants") << ModelFormat::TorchZip << QStringLiteral("code/__torch__.py");
    for (int protocol : {1, 4, 5}) {
        const QString zip = QStringLiteral("protocol%1").arg(protocol);
        const QString legacy = zip + QStringLiteral("_legacy");
        QTest::newRow(qPrintable(zip)) << zip << ModelFormat::TorchZip << QString();
        QTest::newRow(qPrintable(legacy)) << legacy << ModelFormat::TorchLegacy << QString();
    }
    QTest::newRow("views and dtypes zip") << QStringLiteral("views") << ModelFormat::TorchZip << QString();
    QTest::newRow("views and dtypes legacy") << QStringLiteral("views_legacy") << ModelFormat::TorchLegacy << QString();
}

void TestTorchModel::matchesTorch()
{
    QFETCH(QString, name);
    QFETCH(ModelFormat, format);
    QFETCH(QString, codeFile);
    const bool torchScript = !codeFile.isEmpty();
    Result<ModelSet> set = ModelSet::fromFile(m_dir.filePath(name + QStringLiteral(".pt")));
    QVERIFY2(set, set ? "" : qPrintable(set.error().toString()));
    const ModelFile &model = *set->entries().first().model;
    QCOMPARE(model.format(), format);
    QVERIFY(model.torch());
    QCOMPARE(model.torch()->torchScript, torchScript);
    if (torchScript)
        QVERIFY2(model.torch()->codeFiles.contains(codeFile), qPrintable(model.torch()->codeFiles.join(u' ')));
    const QDir expected(m_dir.filePath(QStringLiteral("expected/") + name));
    const QStringList npys = expected.entryList({QStringLiteral("*.npy")}, QDir::Files, QDir::Name);
    QVERIFY(npys.size() >= (name == u"constants" ? 2 : 7));
    QCOMPARE(model.weights().size(), npys.size());
    for (const QString &file : npys) {
        const QString key = file.chopped(4);
        const ModelWeight *w = model.findWeight(key);
        QVERIFY2(w, qPrintable(key));
        auto source = FileRegionSource::open(expected.filePath(file));
        QVERIFY(source);
        Result<NpyFile> npy = NpyFile::read(*source);
        QVERIFY2(npy, npy ? "" : qPrintable(npy.error().toString()));
        Result<TensorReaderPtr> ref = npy->openTensor(key);
        QVERIFY(ref);
        if (w->shape.isEmpty()) // a 0-d tensor; the .npy reader shows it as [1]
            QCOMPARE((*ref)->elementCount(), 1);
        else
            QCOMPARE(w->shape, (*ref)->shape());
        QString error;
        const QByteArray ours = weightBytes(model, key, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QByteArray theirs((*ref)->byteSize(), Qt::Uninitialized);
        QVERIFY((*ref)->readFlat(0, (*ref)->elementCount(), theirs.data(), theirs.size()));
        if ((*ref)->dtype() == *w->dtype) {
            QVERIFY2(ours == theirs, qPrintable(key)); // bit for bit
        } else {                                       // bfloat16: torch's values as float32
            QCOMPARE(*w->dtype, DType::BFloat16);
            QCOMPARE(asDoubles(*w->dtype, w->elementCount, ours),
                     asDoubles((*ref)->dtype(), (*ref)->elementCount(), theirs));
        }
    }
    if (name == u"module") // its class is the test script's, never imported: named as not allowed
        QVERIFY2(model.torch()->opaque.contains(QStringLiteral("__main__.Net (not on the allow-list)")),
                 qPrintable(model.torch()->opaque.join(u", ")));
    if (name.startsWith(u"views") || name.startsWith(u"protocol")) { // every dtype listed
        for (const char *dtype : {"float64", "float16", "bfloat16", "int8", "uint8", "int16", "int32", "int64", "bool"})
            QCOMPARE(dtypeName(*model.findWeight(QLatin1String(dtype))->dtype), QLatin1String(dtype));
    } else if (name != u"constants") {
        QCOMPARE(model.findWeight(QStringLiteral("bn1.running_var"))->shape, QList<qint64>{4});
        QCOMPARE(model.findWeight(QStringLiteral("conv1.weight"))->shape, (QList<qint64>{4, 3, 3, 3}));
        QCOMPARE(model.parameterCount(), 4 * 27 + 4 + 4 * 4 + 1);
    }
}

void TestTorchModel::stridedViews()
{
    for (const char *file : {"views.pt", "views_legacy.pt"}) {
        Result<ModelSet> set = ModelSet::fromFile(m_dir.filePath(QLatin1String(file)));
        QVERIFY(set);
        const ModelFile &model = *set->entries().first().model;
        const ModelWeight *t = model.findWeight(QStringLiteral("transposed"));
        const ModelWeight *base = model.findWeight(QStringLiteral("base"));
        const ModelWeight *offset = model.findWeight(QStringLiteral("offset"));
        QVERIFY(t && base && offset);
        QCOMPARE(t->encoding, WeightEncoding::Strided);
        QCOMPARE(t->strides, (QList<qint64>{1, 10}));
        QCOMPARE(base->encoding, WeightEncoding::Plain); // contiguous: zero copy, one range
        QCOMPARE(t->offset, base->offset);               // one storage
        QCOMPARE(offset->offset, base->offset + 23 * 4); // base[2:5, 3:7]
        // A region of the transposed view: rows 2..4, columns 1..3 of base.t().
        Result<TensorReaderPtr> reader = model.openWeight(QStringLiteral("transposed"));
        QVERIFY(reader);
        QList<float> values(6);
        QVERIFY((*reader)->read(TensorRegion{{2, 1}, {3, 2}}, reinterpret_cast<char *>(values.data()), 24));
        QCOMPARE(values, (QList<float>{12, 22, 13, 23, 14, 24})); // base.t()[r][c] = base[c][r] = 10c + r
    }
}

void TestTorchModel::stridedSourceScattered()
{
    // The transpose of a 2048 x 2048 int32 matrix: a run of 256k logical elements spans
    // the whole storage, so it is gathered stretch by stretch, not as one span.
    constexpr qint64 n = 2048;
    QByteArray storage(n * n * 4, Qt::Uninitialized);
    for (qint64 i = 0; i < n * n; ++i)
        qToLittleEndian<qint32>(qint32(i), storage.data() + i * 4);
    auto base = std::make_shared<MemorySource>(storage, QStringLiteral("storage"));
    StridedSource t(base, 0, {n, n}, {1, n}, 4);
    QCOMPARE(t.size(), n * n * 4);
    QByteArray out(t.size(), Qt::Uninitialized);
    QVERIFY(t.read(0, out.size(), out.data()));
    for (qint64 r = 0; r < n; r += 7)
        for (qint64 c = 0; c < n; c += 5)
            QCOMPARE(qFromLittleEndian<qint32>(out.constData() + (r * n + c) * 4), qint32(c * n + r));
    // A read that starts and ends inside elements.
    char part[6];
    QVERIFY(t.read(4 * n + 2, 6, part)); // bytes 2..7 of logical (1, 0) = 1 and (1, 1) = 2049
    QCOMPARE(QByteArray(part, 6), out.mid(4 * n + 2, 6));
    QVERIFY(!t.read(t.size() - 2, 4, part)); // past the end
}

void TestTorchModel::insideCarton()
{
    const QByteArray scripted = testutil::readFile(m_dir.filePath(QStringLiteral("scripted.pt")));
    const QByteArray legacy = testutil::readFile(m_dir.filePath(QStringLiteral("legacy.pt")));
    QVERIFY(!scripted.isEmpty() && !legacy.isEmpty());
    ziptest::RawEntry toml;
    toml.name = "carton.toml";
    toml.stored = "spec_version = 1\nmodel_name = \"m\"\n";
    ziptest::RawEntry pt;
    pt.name = "model/model.pt";
    pt.plain = scripted;
    pt.stored = ziptest::zstdFrame(scripted);
    pt.method = 93;
    ziptest::RawEntry old;
    old.name = "model/weights.bin"; // the name says nothing: the content does
    old.stored = legacy;
    const QString path = m_dir.filePath(QStringLiteral("torch.carton"));
    QVERIFY(testutil::writeFile(path, ziptest::buildZip({toml, pt, old})));
    Result<std::unique_ptr<CartonSource>> source = CartonSource::load(path);
    QVERIFY2(source, source ? "" : qPrintable(source.error().toString()));
    const ModelSet set = ModelSet::fromCarton(**source);
    QCOMPARE(set.entries().size(), 2);
    QCOMPARE(set.entries().at(0).format, ModelFormat::TorchZip);
    QCOMPARE(set.entries().at(1).format, ModelFormat::TorchLegacy);
    for (const char *name : {"model/model.pt:bn1.running_var", "model/weights.bin:bn1.running_var"}) {
        Result<TensorReaderPtr> reader = set.openWeight(QLatin1String(name));
        QVERIFY2(reader, reader ? "" : qPrintable(reader.error().toString()));
        QByteArray bytes(16, 0);
        QVERIFY((*reader)->readFlat(0, 4, bytes.data(), bytes.size()));
        auto npy = FileRegionSource::open(m_dir.filePath(QStringLiteral("expected/state/bn1.running_var.npy")));
        QVERIFY(npy);
        Result<NpyFile> ref = NpyFile::read(*npy);
        QVERIFY(ref);
        QByteArray theirs(16, 0);
        QVERIFY((*ref->openTensor(QStringLiteral("v")))->readFlat(0, 4, theirs.data(), 16));
        QCOMPARE(bytes, theirs);
    }
}

void TestTorchModel::hostile_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");
    const QByteArray fourFloats = floats({1, 2, 3, 4});
    const QByteArray good = pickle(dict({{"w", tensor("0", 4, 0, {2, 2}, {2, 1})}}));
    QTest::newRow("truncated pickle") << torchZip(good.left(good.size() - 9), {{"0", fourFloats}}) << ErrorCode::Format
                                      << QStringLiteral("truncated pickle");
    QTest::newRow("storage key missing") << torchZip(good, {{"1", fourFloats}}) << ErrorCode::Format
                                         << QStringLiteral("storage \"0\" has no entry archive/data/0");
    QTest::newRow("view past its storage")
        << torchZip(pickle(dict({{"w", tensor("0", 4, 1, {2, 2}, {2, 1})}})), {{"0", fourFloats}}) << ErrorCode::Format
        << QStringLiteral("weight \"w\": the view (offset 1, shape [2, 2], strides [2, 1])");
    QTest::newRow("storage shorter than declared")
        << torchZip(pickle(dict({{"w", tensor("0", 8, 0, {2, 2}, {2, 1})}})), {{"0", fourFloats}}) << ErrorCode::Format
        << QStringLiteral("declares 8 elements (32 bytes) but holds 16 bytes");
    QTest::newRow("huge declared numel") << torchZip(
                                                pickle(dict({{"w", tensor("0", qint64(1) << 60, 0, {2, 2}, {2, 1})}})),
                                                {{"0", fourFloats}})
                                         << ErrorCode::Limit << QStringLiteral("declares 1152921504606846976 elements");
    QTest::newRow("huge shape")
        << torchZip(pickle(dict({{"w", tensor("0", 4, 0, {qint64(1) << 40, qint64(1) << 40}, {0, 0})}})),
                    {{"0", fourFloats}})
        << ErrorCode::Limit << QStringLiteral("more elements than the limit");
    QTest::newRow("os.system") << torchZip(pickle(global("os", "system") + "(" + str("true") + "tR"),
                                           {{"0", fourFloats}})
                               << ErrorCode::Unsafe << QStringLiteral("imports os.system");
    QTest::newRow("builtins.eval via STACK_GLOBAL")
        << torchZip(pickle(str("builtins") + str("eval") + "\x93(" + str("1") + "tR"), {}) << ErrorCode::Unsafe
        << QStringLiteral("imports builtins.eval");
    QTest::newRow("protocol 0 text persistent id")
        << torchZip(pickle(global("torch._utils", "_rebuild_tensor_v2") + "(P('storage', 'x')\n" + num(0) + ints({1}) +
                           ints({1}) + "tR"),
                    {})
        << ErrorCode::Format << QStringLiteral("text persistent id (pickle protocol 0)");
    QTest::newRow("memo never stored") << torchZip(pickle("h\x07"), {}) << ErrorCode::Format
                                       << QStringLiteral("memo 7 was never stored");
    QTest::newRow("not a pickle opcode") << torchZip(QByteArray("\x80\x02\xff", 3), {}) << ErrorCode::Format
                                         << QStringLiteral("0xff is not a pickle opcode");
    // Legacy: the magic number, 1001, sys info, the object, the keys, then a count that lies.
    const QByteArray magic = QByteArray::fromHex("80028a0a6cfc9c46f9206aa850192e");
    const QByteArray header = magic + pickle(num(1001)) + pickle(dict({{"little_endian", "\x88"}}));
    QByteArray count(8, 0);
    qToLittleEndian<quint64>(1000, count.data());
    QTest::newRow("legacy storage count lies")
        << header + good + pickle("(" + str("0") + "l") + count + fourFloats << ErrorCode::Format
        << QStringLiteral("storage \"0\" declares 1000 elements (4 bytes each) but the file has 16 bytes left");
    QTest::newRow("legacy wrong protocol version")
        << magic + pickle(num(1002)) << ErrorCode::Format << QStringLiteral("protocol version is not 1001");
}

void TestTorchModel::hostile()
{
    QFETCH(QByteArray, file);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    Result<ModelFilePtr> model = readBytes(file);
    QVERIFY(!model);
    QVERIFY2(model.error().message.contains(message), qPrintable(model.error().toString()));
    QCOMPARE(model.error().code, code);
    QVERIFY2(model.error().toString().contains(u"hostile.pt"), qPrintable(model.error().toString()));
}

void TestTorchModel::neverExecutes()
{
    // A checkpoint whose pickle would create a file if it were unpickled.
    const QString marker = m_dir.filePath(QStringLiteral("ran"));
    const QByteArray evil =
        torchZip(pickle(global("posix", "system") + "(" + str("touch " + marker.toUtf8()) + "tR"), {});
    const QString path = m_dir.filePath(QStringLiteral("evil.pt"));
    QVERIFY(testutil::writeFile(path, evil));
    Result<ModelSet> set = ModelSet::fromFile(path);
    QVERIFY(!set);
    QCOMPARE(set.error().code, ErrorCode::Unsafe);
    QVERIFY2(set.error().message.contains(u"posix.system"), qPrintable(set.error().toString()));
    QVERIFY(!QFile::exists(marker));
}

void TestTorchModel::compressedStorageListed()
{
    // torch writes its storages Stored; a re-zipped archive may deflate them: listed, with a note.
    std::vector<ziptest::RawEntry> entries(3);
    entries[0].name = "archive/data.pkl";
    entries[0].stored = pickle(dict({{"w", tensor("0", 4, 0, {4}, {1})}, {"v", tensor("1", 2, 0, {2}, {1})}}));
    entries[1].name = "archive/data/0";
    entries[1].plain = floats({1, 2, 3, 4});
    entries[1].stored = ziptest::deflateRaw(entries[1].plain);
    entries[1].method = 8;
    entries[2].name = "archive/data/1";
    entries[2].stored = floats({5, 6});
    Result<ModelFilePtr> model = readBytes(ziptest::buildZip(entries));
    QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
    const ModelWeight *w = (*model)->findWeight(QStringLiteral("w"));
    QVERIFY(w);
    QCOMPARE(w->shape, QList<qint64>{4});
    QVERIFY2(w->note.contains(u"archive/data/0 is compressed (deflate)"), qPrintable(w->note));
    Result<TensorReaderPtr> reader = (*model)->openWeight(QStringLiteral("w"));
    QVERIFY(!reader);
    QCOMPARE(reader.error().code, ErrorCode::Unsupported);
    QString error;
    QCOMPARE(weightBytes(**model, QStringLiteral("v"), &error), floats({5, 6})); // the Stored one reads
}

void TestTorchModel::recursivePickleTerminates()
{
    // {'w': tensor, 'self': <the dict itself>, 'loop': [<the list itself>]} through the memo.
    const QByteArray body = "}q\x01(" + str("w") + tensor("0", 4, 0, {4}, {1}) + str("self") + "h\x01" + str("loop") +
                            "]q\x02h\x02"
                            "a" +
                            "u";
    Result<ModelFilePtr> model = readBytes(torchZip(pickle(body), {{"0", floats({1, 2, 3, 4})}}));
    QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
    QCOMPARE((*model)->weights().size(), 1);
    QCOMPARE((*model)->weights().first().name, QStringLiteral("w"));
    // Shared values are listed under each name (tied weights), but a DAG that doubles at
    // every level is cut by the visit limit, not walked 2^40 times.
    QByteArray dag = "]q\x01" + tensor("0", 4, 0, {4}, {1}) + "a";
    for (int i = 2; i <= 41; ++i)
        dag += "(h" + QByteArray(1, char(i - 1)) + "h" + QByteArray(1, char(i - 1)) + "lq" + QByteArray(1, char(i));
    Result<ModelFilePtr> wide = readBytes(torchZip(pickle(dag), {{"0", floats({1, 2, 3, 4})}}));
    QVERIFY(!wide);
    QCOMPARE(wide.error().code, ErrorCode::Limit);
    QVERIFY2(wide.error().message.contains(u"values visited"), qPrintable(wide.error().toString()));
}

void TestTorchModel::otherRebuilders()
{
    // _rebuild_tensor (v1) and _rebuild_from_type_v2(_rebuild_tensor_v2, cls, args, state),
    // as torch writes tensor subclasses; the class is named, never imported.
    QByteArray v1 = tensor("0", 4, 0, {4}, {1});
    v1.replace("_rebuild_tensor_v2\n", "_rebuild_tensor\n");
    v1.replace(QByteArray("\x89" + global("collections", "OrderedDict") + ")Rt"),
               "t"); // (storage, offset, size, stride)
    const QByteArray inner = tensor("0", 4, 0, {2}, {2});
    const QByteArray argsStart = "((" + str("storage");
    const QByteArray fromType = global("torch._tensor", "_rebuild_from_type_v2") + "(" +
                                global("torch._utils", "_rebuild_tensor_v2") + global("mylib", "MyTensor") +
                                inner.mid(inner.indexOf(argsStart), inner.size() - inner.indexOf(argsStart) - 1) +
                                "}t" + "R";
    Result<ModelFilePtr> model =
        readBytes(torchZip(pickle(dict({{"v1", v1}, {"sub", fromType}})), {{"0", floats({1, 2, 3, 4})}}));
    QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
    QString error;
    QCOMPARE(weightBytes(**model, QStringLiteral("v1"), &error), floats({1, 2, 3, 4}));
    QCOMPARE(weightBytes(**model, QStringLiteral("sub"), &error), floats({1, 3})); // stride 2
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestTorchModel::pickleLimits_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("message");
    QByteArray ints, marks, memo, nested = QByteArray(300, ']');
    for (int i = 0; i < 2000; ++i) {
        ints += "K\x05"
                "0"; // BININT1 5, POP: few on the stack, many values made
        marks += '(';
        memo += "Nr" + le32(i) + '0'; // NONE, LONG_BINPUT i, POP
    }
    for (int i = 0; i < 299; ++i)
        nested += 'a'; // each list appended to the one below it
    QTest::newRow("values") << ints + 'N' << QStringLiteral("more than 1000 values");
    QTest::newRow("stack") << marks + 'N' << QStringLiteral("a stack deeper than 1000");
    QTest::newRow("memo") << memo + 'N' << QStringLiteral("more than 1000 memo entries");
    QByteArray many;
    for (int i = 0; i < 2500; ++i)
        many += "N0"; // NONE, POP: nothing kept, only time spent
    QTest::newRow("opcodes") << many << QStringLiteral("more than 4000 opcodes");
    QTest::newRow("nesting") << nested + tensor("0", 1, 0, {1}, {1}) + 'a' << QStringLiteral("nested deeper than 100");
}

void TestTorchModel::pickleLimits()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, message);
    TorchPickleLimits limits;
    limits.maxValues = 1000;
    limits.maxStackDepth = 1000;
    limits.maxMemoEntries = 1000;
    limits.maxOpcodes = 4000;
    limits.maxNesting = 100;
    MemorySource bytes(pickle(body), QStringLiteral("data.pkl"));
    SourceCursor cursor(bytes);
    Result<TorchPickle> p = TorchPickle::evaluate(cursor, QStringLiteral("data.pkl"), limits);
    Status s;
    if (!p) {
        s = p.error();
    } else {
        Result<QList<TorchPickle::NamedTensor>> named = p->tensors(QStringLiteral("data.pkl"), limits);
        QVERIFY(!named);
        s = named.error();
    }
    QVERIFY(!s);
    QCOMPARE(s.error().code, ErrorCode::Limit);
    QVERIFY2(s.error().message.contains(message), qPrintable(s.error().toString()));
}

void TestTorchModel::truncatedEverywhere()
{
    // Every prefix of a real legacy file and of a real data.pkl fails cleanly (or,
    // for the legacy file, reads only once every storage is whole).
    const QByteArray legacy = testutil::readFile(m_dir.filePath(QStringLiteral("legacy.pt")));
    QVERIFY(legacy.size() > 1000);
    int failures = 0;
    for (qsizetype n = 0; n < legacy.size(); ++n) {
        Result<ModelFilePtr> model = readBytes(legacy.left(n));
        if (!model)
            ++failures;
    }
    QCOMPARE(failures, int(legacy.size())); // nothing short of the whole file reads
    QVERIFY(readBytes(legacy));
}

QTEST_GUILESS_MAIN(TestTorchModel)
#include "tst_torchmodel.moc"
