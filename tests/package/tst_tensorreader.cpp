// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The one tensor-reading path: every region of 0- to 5-D tensors of every numeric
// dtype, from memory, a folder, Stored/Deflate/zstd zip entries (spilled into memory
// and into a temporary file), compared with values computed element by element.
#include "package/carton.h"
#include "packagetestutil.h"
#include "tensor/spillsource.h"
#include "tensor/tensorreader.h"

#include <QBuffer>
#include <QFile>
#include <QRegularExpression>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <thread>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QList<DType> kNumeric = {DType::Float32, DType::Float64,  DType::Int8,   DType::Int16,  DType::Int32,
                               DType::Int64,   DType::Uint8,    DType::Uint16, DType::Uint32, DType::Uint64,
                               DType::Float16, DType::BFloat16, DType::Bool};
const QList<qint64> kDims = {3, 4, 2, 5, 3};

QList<qint64> shapeOfRank(int rank)
{
    return kDims.mid(0, rank);
}

// Element `flat` of a test tensor: distinct little-endian bytes per element.
QByteArray elementBytes(DType dtype, qint64 flat)
{
    const int size = dtypeSize(dtype);
    quint64 pattern = quint64(flat) * 0x9E3779B97F4A7C15ull + 0x0102030405060708ull;
    if (dtype == DType::Bool)
        pattern = quint64(flat % 3 == 0);
    QByteArray out(size, '\0');
    for (int i = 0; i < size; ++i)
        out[i] = char((pattern >> (8 * i)) & 0xff);
    return out;
}

qint64 elementCount(const QList<qint64> &shape)
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

// C-order file bytes; or Fortran order and/or big-endian element bytes.
QByteArray storageBytes(DType dtype, const QList<qint64> &shape, bool fortran = false, bool bigEndian = false)
{
    const qint64 n = elementCount(shape);
    const int size = dtypeSize(dtype);
    QByteArray out(n * size, '\0');
    for (qint64 flat = 0; flat < n; ++flat) {
        // multi-index of C-order element `flat`
        QList<qint64> index(shape.size(), 0);
        qint64 rest = flat;
        for (qsizetype d = shape.size() - 1; d >= 0; --d) {
            index[d] = rest % shape[d];
            rest /= shape[d];
        }
        qint64 position = flat;
        if (fortran) {
            position = 0;
            qint64 stride = 1;
            for (qsizetype d = 0; d < shape.size(); ++d) {
                position += index[d] * stride;
                stride *= shape[d];
            }
        }
        QByteArray e = elementBytes(dtype, flat);
        if (bigEndian)
            std::reverse(e.begin(), e.end());
        out.replace(position * size, size, e);
    }
    return out;
}

// The region's elements in C order, computed one element at a time.
QByteArray expectedRegion(DType dtype, const QList<qint64> &shape, const TensorRegion &region)
{
    QByteArray out;
    const qint64 n = elementCount(region.count);
    for (qint64 i = 0; i < n; ++i) {
        qint64 rest = i;
        qint64 flat = 0;
        qint64 stride = 1;
        for (qsizetype d = shape.size() - 1; d >= 0; --d) {
            const qint64 index = region.start[d] + rest % region.count[d];
            rest /= region.count[d];
            flat += index * stride;
            stride *= shape[d];
        }
        out.append(elementBytes(dtype, flat));
    }
    return out;
}

QList<TensorRegion> regionsFor(const QList<qint64> &shape)
{
    QList<TensorRegion> regions{TensorRegion::whole(shape)};
    if (shape.isEmpty())
        return regions;
    TensorRegion first{QList<qint64>(shape.size(), 0), QList<qint64>(shape.size(), 1)};
    TensorRegion last = first;
    TensorRegion box = first;
    TensorRegion outer = TensorRegion::whole(shape);
    TensorRegion column = TensorRegion::whole(shape);
    TensorRegion empty = TensorRegion::whole(shape);
    for (qsizetype d = 0; d < shape.size(); ++d) {
        last.start[d] = shape[d] - 1;
        box.start[d] = std::min<qint64>(1, shape[d] - 1);
        box.count[d] = std::max<qint64>(shape[d] - 2, 1);
    }
    outer.start[0] = shape[0] - 1;
    outer.count[0] = 1;
    column.start.last() = shape.last() - 1;
    column.count.last() = 1;
    empty.count.last() = 0;
    regions << first << last << box << outer << column << empty;
    return regions;
}

QString tensorName(DType dtype, int rank)
{
    return u"t_%1_%2"_s.arg(dtypeName(dtype)).arg(rank);
}

QString errorText(const Error &e)
{
    return e.toString();
}

// A stream of `data` that delivers the first `gateAt` bytes, then blocks until released.
class GatedDevice final : public QIODevice {
public:
    GatedDevice(QByteArray data, qint64 gateAt, QSemaphore *gate)
        : m_data(std::move(data)), m_gateAt(gateAt), m_gate(gate)
    {
        open(QIODevice::ReadOnly);
    }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *out, qint64 max) override
    {
        if (m_pos == m_gateAt)
            m_gate->acquire();
        qint64 limit = m_pos < m_gateAt ? m_gateAt : m_data.size();
        const qint64 n = std::min(max, limit - m_pos);
        std::memcpy(out, m_data.constData() + m_pos, std::size_t(n));
        m_pos += n;
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_data;
    qint64 m_gateAt;
    QSemaphore *m_gate;
    qint64 m_pos = 0;
};

} // namespace

class TestTensorReader final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void regions_data();
    void regions();
    void fortranAndBigEndian_data();
    void fortranAndBigEndian();
    void previewValues();
    void readFlat();
    void badRegions();
    void sizeMismatch();
    void slices_data();
    void slices();
    void spillServesBeforeDecoded();
    void spillTruncated();
    void spillWithoutAFileIsLogged();
    void spillSharedAndConcurrent();
    void cancelWhileWaiting();
    void readerOutlivesCarton();
    void loadTensorUsesReader();

private:
    QTemporaryDir m_dir;
    QMap<QString, QByteArray> m_files;
    QMap<QString, QString> m_cartons; // kind -> path
};

void TestTensorReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QByteArray index;
    for (DType dtype : kNumeric) {
        if (!isSpecDType(dtype))
            continue; // tensor_data holds Carton's dtypes only; f16/bf16/bool come from safetensors
        for (int rank = 0; rank <= 5; ++rank) {
            const QString name = tensorName(dtype, rank);
            index += "[[tensor]]\nname = \"" + name.toUtf8() + "\"\ndtype = \"" + dtypeName(dtype).toUtf8() +
                     "\"\nshape = [";
            QStringList dims;
            for (qint64 d : shapeOfRank(rank))
                dims << QString::number(d);
            index += dims.join(u", "_s).toUtf8() + "]\nfile = \"" + name.toUtf8() + ".bin\"\ninner = []\n\n";
            m_files.insert(u"tensor_data/"_s + name + u".bin"_s, storageBytes(dtype, shapeOfRank(rank)));
        }
    }
    m_files.insert(u"tensor_data/index.toml"_s, index);
    m_files.insert(u"carton.toml"_s, testutil::minimalToml());
    const QString folder = m_dir.filePath(u"folder"_s);
    for (auto it = m_files.cbegin(); it != m_files.cend(); ++it)
        QVERIFY(testutil::writeFile(folder + u'/' + it.key(), it.value()));
    m_cartons.insert(u"folder"_s, folder);
    const QList<std::pair<QString, ZipMethod>> zips = {
        {u"stored"_s, ZipMethod::Stored}, {u"deflate"_s, ZipMethod::Deflate}, {u"zstd"_s, ZipMethod::Zstd}};
    for (const auto &[kind, method] : zips) {
        const QString path = m_dir.filePath(kind + u".carton"_s);
        QVERIFY(testutil::writeCarton(path, m_files, method));
        m_cartons.insert(kind, path);
    }
}

void TestTensorReader::regions_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<int>("rank");
    QTest::addColumn<qint64>("spillInMemory");
    const QList<std::pair<QString, qint64>> kinds = {{u"memory"_s, 0},         {u"folder"_s, 0},      {u"stored"_s, 0},
                                                     {u"deflate"_s, 64 << 20}, {u"zstd"_s, 64 << 20}, {u"zstd"_s, 0}};
    for (const auto &[kind, spill] : kinds)
        for (DType dtype : kNumeric)
            if (kind == u"memory" || isSpecDType(dtype))
                for (int rank = 0; rank <= 5; ++rank)
                    QTest::addRow("%s%s %s %dD", qPrintable(kind),
                                  spill ? "" : (kind.startsWith(u"z") ? " file-spill" : ""),
                                  qPrintable(dtypeName(dtype)), rank)
                        << kind << int(dtype) << rank << spill;
}

void TestTensorReader::regions()
{
    QFETCH(QString, kind);
    QFETCH(int, dtype);
    QFETCH(int, rank);
    QFETCH(qint64, spillInMemory);
    const DType type = DType(dtype);
    const QList<qint64> shape = shapeOfRank(rank);
    const QString name = tensorName(type, rank);
    TensorReaderPtr reader;
    std::unique_ptr<Carton> carton;
    if (kind == u"memory") {
        TensorLayout layout{type, shape};
        auto bytes = std::make_shared<MemorySource>(storageBytes(type, shape), name);
        auto created = TensorReader::create(name, layout, bytes, true);
        QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : errorText(created.error())));
        reader = *created;
    } else {
        Limits limits;
        limits.maxSpillInMemory = spillInMemory;
        auto opened = Carton::open(m_cartons.value(kind), limits);
        QVERIFY(opened.ok());
        carton = std::move(opened).value();
        QVERIFY2(
            carton->loadDiagnostics().isEmpty(),
            qPrintable(carton->loadDiagnostics().isEmpty() ? QString() : carton->loadDiagnostics().first().message));
        auto created = carton->openTensor(name);
        QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : errorText(created.error())));
        reader = *created;
        if (kind == u"zstd" || kind == u"deflate") {
            auto spill = std::dynamic_pointer_cast<const SpillSource>(
                carton->source().byteSource(u"tensor_data/"_s + name + u".bin"_s).value());
            QVERIFY(spill);
            QCOMPARE(spill->inMemory(), spillInMemory > 0);
        }
    }
    QCOMPARE(reader->dtype(), type);
    QCOMPARE(reader->shape(), shape);
    QCOMPARE(reader->elementCount(), elementCount(shape));
    for (const TensorRegion &region : regionsFor(shape)) {
        const QByteArray expected = expectedRegion(type, shape, region);
        QByteArray got(expected.size() + 3, '\x7f'); // guard bytes after the region
        const Status s = reader->read(region, got.data(), expected.size());
        QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : errorText(s.error())));
        QCOMPARE(got.left(expected.size()), expected);
        QCOMPARE(got.mid(expected.size()), QByteArray(3, '\x7f'));
        auto tensor = reader->readTensor(region);
        QVERIFY(tensor.ok());
        QCOMPARE(tensor->shape(), region.count);
        QCOMPARE(tensor->data(), expected);
    }
}

void TestTensorReader::fortranAndBigEndian_data()
{
    QTest::addColumn<int>("dtype");
    QTest::addColumn<int>("rank");
    QTest::addColumn<bool>("fortran");
    QTest::addColumn<bool>("bigEndian");
    for (DType dtype : kNumeric)
        for (int rank = 0; rank <= 5; ++rank)
            for (int variant = 1; variant < 4; ++variant)
                QTest::addRow("%s %dD%s%s", qPrintable(dtypeName(dtype)), rank, variant & 1 ? " fortran" : "",
                              variant & 2 ? " big-endian" : "")
                    << int(dtype) << rank << bool(variant & 1) << bool(variant & 2);
}

void TestTensorReader::fortranAndBigEndian()
{
    QFETCH(int, dtype);
    QFETCH(int, rank);
    QFETCH(bool, fortran);
    QFETCH(bool, bigEndian);
    const DType type = DType(dtype);
    const QList<qint64> shape = shapeOfRank(rank);
    // 5 header bytes before the data, as in a .npy.
    const QByteArray file = "HEADR" + storageBytes(type, shape, fortran, bigEndian);
    TensorLayout layout{type, shape, 5, bigEndian, fortran};
    auto reader = TensorReader::create(u"t"_s, layout, std::make_shared<MemorySource>(file, u"t.npy"_s), false);
    QVERIFY(reader.ok());
    for (const TensorRegion &region : regionsFor(shape)) {
        const QByteArray expected = expectedRegion(type, shape, region);
        QByteArray got(expected.size(), '\0');
        QVERIFY((*reader)->read(region, got.data(), got.size()).ok());
        QCOMPARE(got, expected);
    }
    const qint64 n = elementCount(shape);
    QByteArray flat(n * dtypeSize(type), '\0');
    QVERIFY((*reader)->readFlat(0, n, flat.data(), flat.size()).ok());
    QCOMPARE(flat, storageBytes(type, shape));
}

void TestTensorReader::previewValues()
{
    // f16 1.5, -2; bf16 3.0 (0x4040), -0.5 (0xBF00); bool true/false.
    auto read = [](DType dtype, QByteArray bytes, QList<qint64> shape) {
        auto reader = TensorReader::create(u"v"_s, TensorLayout{dtype, shape},
                                           std::make_shared<MemorySource>(bytes, u"v"_s), true);
        return reader.value()->readTensor(TensorRegion::whole(shape)).value();
    };
    const Tensor f16 = read(DType::Float16, QByteArray("\x00\x3e\x00\xc0", 4), {2});
    QCOMPARE(f16.valueAsText(0), u"1.5"_s);
    QCOMPARE(f16.valueAsText(1), u"-2"_s);
    const Tensor bf16 = read(DType::BFloat16, QByteArray("\x40\x40\x00\xbf", 4), {1, 2});
    QCOMPARE(bf16.valueAsText(0), u"3"_s);
    QCOMPARE(bf16.valueAsText(1), u"-0.5"_s);
    const Tensor flags = read(DType::Bool, QByteArray("\x01\x00", 2), {2, 1});
    QCOMPARE(flags.valueAsText(0), u"true"_s);
    QCOMPARE(flags.valueAsText(1), u"false"_s);
}

void TestTensorReader::readFlat()
{
    const QList<qint64> shape{3, 4, 2};
    auto reader = TensorReader::create(u"f"_s, TensorLayout{DType::Int16, shape},
                                       std::make_shared<MemorySource>(storageBytes(DType::Int16, shape), u"f"_s), true);
    QVERIFY(reader.ok());
    QByteArray out(10 * 2, '\0');
    QVERIFY((*reader)->readFlat(7, 10, out.data(), out.size()).ok());
    QCOMPARE(out, storageBytes(DType::Int16, shape).mid(7 * 2, 10 * 2));
    const Status past = (*reader)->readFlat(20, 5, out.data(), out.size());
    QVERIFY(!past.ok());
    QCOMPARE(past.error().code, ErrorCode::Usage);
    QVERIFY2(past.error().message.contains(u"elements 20..25 are outside 0..24"_s), qPrintable(past.error().message));
}

void TestTensorReader::badRegions()
{
    const QList<qint64> shape{3, 4};
    auto reader =
        TensorReader::create(u"b"_s, TensorLayout{DType::Float32, shape},
                             std::make_shared<MemorySource>(storageBytes(DType::Float32, shape), u"b"_s), true);
    QVERIFY(reader.ok());
    QByteArray out(48, '\0');
    const Status rank = (*reader)->read(TensorRegion{{0}, {1}}, out.data(), out.size());
    QCOMPARE(rank.error().code, ErrorCode::Usage);
    QVERIFY2(rank.error().message.contains(u"tensor \"b\" [3, 4]: the region has 1 start and 1 count values for a "
                                           u"tensor of 2 dimensions"_s),
             qPrintable(rank.error().message));
    const Status outside = (*reader)->read(TensorRegion{{1, 2}, {2, 3}}, out.data(), out.size());
    QCOMPARE(outside.error().code, ErrorCode::Usage);
    QVERIFY2(outside.error().message.contains(u"dimension 1: indices 2..5 are outside 0..4"_s),
             qPrintable(outside.error().message));
    const Status negative = (*reader)->read(TensorRegion{{-1, 0}, {1, 1}}, out.data(), out.size());
    QCOMPARE(negative.error().code, ErrorCode::Usage);
    const Status small = (*reader)->read(TensorRegion::whole(shape), out.data(), 47);
    QCOMPARE(small.error().code, ErrorCode::Usage);
    QVERIFY2(small.error().message.contains(u"the buffer holds 47 bytes, 12 elements of 4 bytes are asked"_s),
             qPrintable(small.error().message));
}

void TestTensorReader::sizeMismatch()
{
    auto source = std::make_shared<MemorySource>(QByteArray(10, '\0'), u"x.bin"_s);
    auto exact = TensorReader::create(u"x"_s, TensorLayout{DType::Int32, {3}}, source, true);
    QVERIFY(!exact.ok());
    QCOMPARE(exact.error().code, ErrorCode::Format);
    QCOMPARE(exact.error().toString(),
             u"x.bin: size mismatch for tensor \"x\": expected 12 bytes (3 elements × 4 bytes "
             u"of int32), the file has 10 bytes"_s);
    auto past = TensorReader::create(u"x"_s, TensorLayout{DType::Int32, {2}, 4}, source, false);
    QVERIFY(!past.ok());
    QCOMPARE(past.error().toString(), u"x.bin: tensor \"x\" needs 8 bytes at offset 4, but the file has 10 bytes"_s);
    auto overflow =
        TensorReader::create(u"x"_s, TensorLayout{DType::Float64, {qint64(1) << 40, 1 << 30}}, source, false);
    QCOMPARE(overflow.error().code, ErrorCode::Limit);
    auto strings = TensorReader::create(u"x"_s, TensorLayout{DType::String, {1}}, source, false);
    QCOMPARE(strings.error().code, ErrorCode::Format);
    QVERIFY(strings.error().message.contains(u"not numeric"_s));
}

void TestTensorReader::slices_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<QList<qint64>>("start");
    QTest::addColumn<QList<qint64>>("count");
    QTest::addColumn<QList<qint64>>("outShape");
    QTest::addColumn<QString>("error");
    using L = QList<qint64>;
    QTest::addRow("empty spec") << u""_s << L{3, 4} << L{0, 0} << L{3, 4} << L{3, 4} << QString();
    QTest::addRow("index and range") << u"0,:,10:20"_s << L{2, 3, 30} << L{0, 0, 10} << L{1, 3, 10} << L{3, 10}
                                     << QString();
    QTest::addRow("negative index") << u"-1"_s << L{5, 2} << L{4, 0} << L{1, 2} << L{2} << QString();
    QTest::addRow("open ranges") << u"2:, :-1"_s << L{5, 4} << L{2, 0} << L{3, 3} << L{3, 3} << QString();
    QTest::addRow("clipped like numpy") << u"3:100"_s << L{5} << L{3} << L{2} << L{2} << QString();
    QTest::addRow("empty range") << u"4:2"_s << L{5} << L{4} << L{0} << L{0} << QString();
    QTest::addRow("scalar") << u""_s << L{} << L{} << L{} << L{} << QString();
    QTest::addRow("index out of bounds") << u"5"_s << L{5} << L{} << L{} << L{}
                                         << u"slice item 0: index 5 is out of bounds for a dimension of size 5"_s;
    QTest::addRow("too many items") << u"0,0"_s << L{5} << L{} << L{} << L{}
                                    << u"the slice \"0,0\" has 2 items for a tensor of 1 dimensions"_s;
    QTest::addRow("step") << u"::2"_s << L{5} << L{} << L{} << L{} << u"steps are not supported"_s;
    QTest::addRow("not a number") << u"a:3"_s << L{5} << L{} << L{} << L{} << u"\"a\" is not an integer"_s;
    QTest::addRow("ellipsis") << u"..."_s << L{5} << L{} << L{} << L{} << u"expected an index or start:stop"_s;
}

void TestTensorReader::slices()
{
    QFETCH(QString, spec);
    QFETCH(QList<qint64>, shape);
    QFETCH(QList<qint64>, start);
    QFETCH(QList<qint64>, count);
    QFETCH(QList<qint64>, outShape);
    QFETCH(QString, error);
    const Result<TensorSlice> slice = TensorSlice::parse(spec, shape);
    if (!error.isEmpty()) {
        QVERIFY(!slice.ok());
        QCOMPARE(slice.error().code, ErrorCode::Usage);
        QVERIFY2(slice.error().message.contains(error), qPrintable(slice.error().message));
        return;
    }
    QVERIFY2(slice.ok(), qPrintable(slice.ok() ? QString() : slice.error().toString()));
    QCOMPARE(slice->region.start, start);
    QCOMPARE(slice->region.count, count);
    QCOMPARE(slice->shape, outShape);
}

void TestTensorReader::spillServesBeforeDecoded()
{
    const QByteArray data = testutil::mixedData(4 << 20, 7);
    QSemaphore gate;
    auto spill = SpillSource::start(
        [&]() -> Result<std::unique_ptr<QIODevice>> {
            return std::unique_ptr<QIODevice>(new GatedDevice(data, 1 << 20, &gate));
        },
        data.size(), u"gated"_s);
    QByteArray head(1000, '\0');
    QVERIFY(spill->read(5000, head.size(), head.data()).ok());
    QCOMPARE(head, data.mid(5000, 1000));
    QCOMPARE(spill->decodedBytes(), qint64(1 << 20)); // the rest is held back by the gate
    // A read past the gate waits; cancelling it returns Cancelled.
    Progress progress;
    progress.cancel();
    QByteArray tail(100, '\0');
    const Status cancelled = spill->read(data.size() - 100, 100, tail.data(), &progress);
    QCOMPARE(cancelled.error().code, ErrorCode::Cancelled);
    gate.release();
    QVERIFY(spill->read(data.size() - 100, 100, tail.data()).ok());
    QCOMPARE(tail, data.right(100));
    QVERIFY(spill->waitUntilDecoded().ok());
    QCOMPARE(spill->decodedBytes(), qint64(data.size()));
}

void TestTensorReader::spillTruncated()
{
    const QByteArray data = testutil::mixedData(3 << 20, 9);
    for (qint64 memory : {qint64(64) << 20, qint64(0)}) {
        Limits limits;
        limits.maxSpillInMemory = memory;
        auto spill = SpillSource::start(
            [&]() -> Result<std::unique_ptr<QIODevice>> {
                auto buffer = std::make_unique<QBuffer>();
                buffer->setData(data.left(2 << 20));
                buffer->open(QIODevice::ReadOnly);
                return std::unique_ptr<QIODevice>(std::move(buffer));
            },
            data.size(), u"short.bin"_s, limits);
        QByteArray head(100, '\0');
        QVERIFY(spill->read(0, 100, head.data()).ok());
        QCOMPARE(head, data.left(100));
        const Status past = spill->read((2 << 20) - 10, 100, head.data());
        QVERIFY(!past.ok());
        QCOMPARE(past.error().code, ErrorCode::Format);
        QCOMPARE(past.error().toString(), u"short.bin: the decoded data ends after 2097152 bytes, 3145728 expected"_s);
    }
}

// No spill file can be made (the temporary "folder" is a file, refused even to
// root): reads still work, each decoding for itself, and the slow path is logged
// (carton.tensor), not silent.
void TestTensorReader::spillWithoutAFileIsLogged()
{
    const QByteArray data = testutil::mixedData(2 << 20, 11);
    const QByteArray oldTmp = qgetenv("TMPDIR");
    QTemporaryDir dir;
    const QString notAFolder = dir.filePath(u"not-a-folder"_s);
    QVERIFY(testutil::writeFile(notAFolder, "x"));
    qputenv("TMPDIR", QFile::encodeName(notAFolder));
    Limits limits;
    limits.maxSpillInMemory = 0;
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(u"^lost.bin: no spill file \\(cannot create a temporary file: .*\\); "
                                            "each read decodes the data again$"_s));
    auto spill = SpillSource::start(
        [&]() -> Result<std::unique_ptr<QIODevice>> {
            auto buffer = std::make_unique<QBuffer>();
            buffer->setData(data);
            buffer->open(QIODevice::ReadOnly);
            return std::unique_ptr<QIODevice>(std::move(buffer));
        },
        data.size(), u"lost.bin"_s, limits);
    (void)spill->waitUntilDecoded(); // the spill thread has finished (and logged)
    qputenv("TMPDIR", oldTmp);
    if (oldTmp.isEmpty())
        qunsetenv("TMPDIR");
    QByteArray tail(100, '\0');
    QVERIFY(spill->read(data.size() - 100, 100, tail.data()).ok());
    QCOMPARE(tail, data.right(100));
}

void TestTensorReader::spillSharedAndConcurrent()
{
    Limits limits;
    limits.maxSpillInMemory = 0; // temporary file
    auto carton = Carton::open(m_cartons.value(u"zstd"_s), limits);
    QVERIFY(carton.ok());
    const QString path = u"tensor_data/t_float64_5.bin"_s;
    auto a = (*carton)->source().byteSource(path);
    auto b = (*carton)->source().byteSource(path);
    QVERIFY(a.ok() && b.ok());
    QCOMPARE(a->get(), b->get()); // decoded once per source
    auto reader = (*carton)->openTensor(u"t_float64_5"_s);
    QVERIFY(reader.ok());
    const QList<qint64> shape = shapeOfRank(5);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 20; ++round) {
                TensorRegion region = TensorRegion::whole(shape);
                region.start[t % 5] = (round + t) % shape[t % 5];
                region.count[t % 5] = 1;
                const QByteArray expected = expectedRegion(DType::Float64, shape, region);
                QByteArray got(expected.size(), '\0');
                if (!(*reader)->read(region, got.data(), got.size()).ok() || got != expected)
                    failures.fetch_add(1);
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(failures.load(), 0);
    auto spill = std::dynamic_pointer_cast<const SpillSource>(*a);
    QVERIFY(spill);
    QVERIFY(!spill->inMemory());
    QVERIFY(spill->waitUntilDecoded().ok());
    QCOMPARE(spill->decodedBytes(), qint64(m_files.value(path).size()));
}

void TestTensorReader::cancelWhileWaiting()
{
    const QList<qint64> shape{256, 1024};
    QByteArray big = storageBytes(DType::Uint8, shape);
    auto reader = TensorReader::create(u"c"_s, TensorLayout{DType::Uint8, shape},
                                       std::make_shared<MemorySource>(big, u"c"_s), true);
    QVERIFY(reader.ok());
    Progress progress;
    progress.cancel();
    QByteArray out(big.size(), '\0');
    TensorRegion column = TensorRegion::whole(shape);
    column.count[1] = 1;
    const Status s = (*reader)->read(column, out.data(), out.size(), &progress);
    QCOMPARE(s.error().code, ErrorCode::Cancelled);
    // Progress counts the bytes read.
    Progress counting;
    QVERIFY((*reader)->read(TensorRegion::whole(shape), out.data(), out.size(), &counting).ok());
    QCOMPARE(counting.done(), qint64(big.size()));
    QCOMPARE(out, big);
}

void TestTensorReader::readerOutlivesCarton()
{
    for (const QString &kind : {u"stored"_s, u"zstd"_s, u"folder"_s}) {
        TensorReaderPtr reader;
        {
            auto carton = Carton::open(m_cartons.value(kind));
            QVERIFY(carton.ok());
            auto opened = (*carton)->openTensor(u"t_int32_3"_s);
            QVERIFY(opened.ok());
            reader = *opened;
        }
        const QList<qint64> shape = shapeOfRank(3);
        QByteArray out(elementCount(shape) * 4, '\0');
        QVERIFY2(reader->read(TensorRegion::whole(shape), out.data(), out.size()).ok(), qPrintable(kind));
        QCOMPARE(out, storageBytes(DType::Int32, shape));
    }
}

void TestTensorReader::loadTensorUsesReader()
{
    auto carton = Carton::open(m_cartons.value(u"zstd"_s));
    QVERIFY(carton.ok());
    auto t = (*carton)->loadTensor(u"t_uint16_4"_s);
    QVERIFY(t.ok());
    QCOMPARE(t->data(), storageBytes(DType::Uint16, shapeOfRank(4)));
    auto missing = (*carton)->openTensor(u"nope"_s);
    QCOMPARE(missing.error().code, ErrorCode::NotFound);
}

QTEST_GUILESS_MAIN(TestTensorReader)
#include "tst_tensorreader.moc"
