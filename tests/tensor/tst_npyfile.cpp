// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// .npy read/write: files built in code (every dtype, byte order, C/Fortran order,
// versions 1-3), malformed files rejected, and a cross-check with Debian's numpy in
// both directions (numpy writes, we read; we write, numpy reads).
#include "tensor/npyfile.h"
#include "testutil.h"

#include <QBuffer>
#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QByteArray npy(const QByteArray &dict, const QByteArray &data, int major = 1)
{
    QByteArray header = dict;
    const int prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY", 6);
    out += char(major);
    out += '\0';
    if (major == 1) {
        out += char(header.size() & 0xff);
        out += char(header.size() >> 8);
    } else {
        uchar len[4];
        qToLittleEndian<quint32>(quint32(header.size()), len);
        out.append(reinterpret_cast<const char *>(len), 4);
    }
    return out + header + data;
}

Result<NpyFile> parse(const QByteArray &file)
{
    return NpyFile::read(std::make_shared<MemorySource>(file, u"a.npy"_s));
}

QString python()
{
    // Debian's interpreter, where python3-numpy lives (not a pyenv shim).
    const QString debian = QStandardPaths::findExecutable(u"python3"_s, {u"/usr/bin"_s});
    return debian.isEmpty() ? QStandardPaths::findExecutable(u"python3"_s) : debian;
}

const char *kNumpyWrites = R"PY(
import numpy as np, sys, os
out = sys.argv[1]
cases = {
  'f4_c': np.arange(24, dtype='<f4').reshape(2, 3, 4) / 4,
  'f8_be': np.arange(6, dtype='>f8').reshape(3, 2) - 2.5,
  'i2_f': np.asfortranarray(np.arange(12, dtype='<i2').reshape(3, 4) * -3),
  'i8_be_f': np.asfortranarray(np.arange(30, dtype='>i8').reshape(2, 3, 5) * 1000000007),
  'u2': np.arange(5, dtype='<u2') * 1000,
  'u8': np.array([0, 2**64 - 1, 2**63], dtype='<u8'),
  'i1': np.array([-128, 0, 127], dtype='i1'),
  'u1_f': np.asfortranarray(np.arange(60, dtype='u1').reshape(3, 4, 5)),
  'b1': np.array([[True, False], [False, True]]),
  'f2': np.array([1.5, -2, 65504], dtype='<f2'),
  'i4_scalar': np.array(7, dtype='>i4'),
  'u4_empty': np.zeros((0, 3), dtype='<u4'),
  'f4_5d': np.arange(2*3*2*2*3, dtype='<f4').reshape(2, 3, 2, 2, 3),
}
for name, a in cases.items():
    for v in (1, 2, 3):
        with open(os.path.join(out, f'{name}_v{v}.npy'), 'wb') as f:
            np.lib.format.write_array(f, a, version=(v, 0))
    le = a.astype(a.dtype.newbyteorder('<'))
    with open(os.path.join(out, f'{name}.bin'), 'wb') as f:
        f.write(le.tobytes(order='C'))
    with open(os.path.join(out, f'{name}.shape'), 'w') as f:
        f.write(','.join(str(d) for d in a.shape))
)PY";

const char *kNumpyReads = R"PY(
import numpy as np, sys, os
d = sys.argv[1]
bad = 0
for name in sorted(os.listdir(d)):
    if not name.endswith('_ours.npy'):
        continue
    base = name[:-len('_ours.npy')]
    ours = np.load(os.path.join(d, name), allow_pickle=False)
    theirs = np.load(os.path.join(d, base + '_v1.npy'), allow_pickle=False)
    same = ours.dtype == theirs.dtype.newbyteorder('<') and ours.shape == theirs.shape and \
        ours.tobytes() == theirs.astype(ours.dtype).tobytes() and ours.flags['C_CONTIGUOUS']
    print(base, 'ok' if same else 'DIFFERENT')
    bad += not same
sys.exit(1 if bad else 0)
)PY";

} // namespace

class TestNpyFile final : public QObject {
    Q_OBJECT

private slots:
    void hostile_data();
    void hostile();
    void builtInCode();
    void writeHeader();
    void dataAlignedWithItsSource_data();
    void dataAlignedWithItsSource();
    void numpyCrossCheck();
};

void TestNpyFile::hostile_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const int F = int(ErrorCode::Format);
    const int U = int(ErrorCode::Unsupported);
    const QByteArray ok4 = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
    QTest::addRow("too short") << QByteArray("\x93NUMPY", 6) << F << u"too short for a .npy"_s;
    QTest::addRow("bad magic") << "\x93NUMPX" + npy(ok4, QByteArray(8, '\0')).mid(6) << F << u"no \\x93NUMPY magic"_s;
    QByteArray v4 = npy(ok4, QByteArray(8, '\0'));
    v4[6] = 4;
    QTest::addRow("version 4.0") << v4 << U << u"format version 4.0 (expected 1.0, 2.0 or 3.0)"_s;
    QByteArray longHeader = npy(ok4, {});
    longHeader[8] = char(0xff);
    longHeader[9] = char(0x7f);
    QTest::addRow("header past end") << longHeader << F << u"the header length 32767 goes past the end of the file"_s;
    QByteArray hugeHeader = npy(ok4, {}, 2);
    hugeHeader[11] = 0x7f;
    QTest::addRow("header over limit") << hugeHeader << int(ErrorCode::Limit) << u"more than the limit of 1048576"_s;
    QTest::addRow("object array") << npy("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", QByteArray(16, 0))
                                  << U << u"object arrays ('O') are stored with pickle, which is never loaded"_s;
    QTest::addRow("structured") << npy("{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }", "abcd")
                                << U << u"structured dtypes"_s;
    QTest::addRow("complex") << npy("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", QByteArray(8, 0)) << U
                             << u"dtype '<c8' (complex, string, void or datetime)"_s;
    QTest::addRow("unknown dtype") << npy("{'descr': '<f3', 'fortran_order': False, 'shape': (1,), }", "abc") << U
                                   << u"unsupported dtype '<f3'"_s;
    QTest::addRow("missing shape") << npy("{'descr': '<f4', 'fortran_order': False}", "abcd") << F
                                   << u"the header lacks \"shape\""_s;
    QTest::addRow("unexpected key") << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", "abcd")
                                    << F << u"unexpected key 'x'"_s;
    QTest::addRow("negative dim") << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", "abcd") << F
                                  << u"\"shape\" has a negative dimension -1"_s;
    QTest::addRow("fortran not bool") << npy("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }", "abcd") << F
                                      << u"\"fortran_order\" must be True or False"_s;
    QTest::addRow("not a dict") << npy("['descr']", "") << F << u"the header must be a dict"_s;
    QTest::addRow("short data") << npy(ok4, QByteArray(7, 0)) << F
                                << u"tensor \"array\" needs 8 bytes at offset 128, but the file has 135 bytes"_s;
    QTest::addRow("trailing data") << npy(ok4, QByteArray(9, 0)) << F << u"the file has 1 bytes after the 8 bytes"_s;
    QTest::addRow("overflowing shape")
        << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", "")
        << int(ErrorCode::Limit) << u"overflows"_s;
}

void TestNpyFile::hostile()
{
    QFETCH(QByteArray, file);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Result<NpyFile> f = parse(file);
    QVERIFY(!f.ok());
    QCOMPARE(int(f.error().code), code);
    QCOMPARE(f.error().location, u"a.npy"_s);
    QVERIFY2(f.error().message.contains(message), qPrintable(f.error().toString()));
}

void TestNpyFile::builtInCode()
{
    // Big-endian int16, Fortran order, shape (2, 3): column-major values 1..6.
    QByteArray data;
    for (int v = 1; v <= 6; ++v) {
        data += char(0);
        data += char(v);
    }
    for (int major : {1, 2, 3}) {
        const Result<NpyFile> f = parse(npy("{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }", data, major));
        QVERIFY2(f.ok(), qPrintable(f.ok() ? QString() : f.error().toString()));
        QCOMPARE(f->majorVersion(), major);
        QCOMPARE(f->dtype(), DType::Int16);
        QVERIFY(f->isBigEndian());
        QVERIFY(f->isFortranOrder());
        const Tensor t = (*f->openTensor(u"x"_s))->readTensor(TensorRegion::whole({2, 3})).value();
        QStringList values;
        for (int i = 0; i < 6; ++i)
            values << t.valueAsText(i);
        QCOMPARE(values, (QStringList{u"1"_s, u"3"_s, u"5"_s, u"2"_s, u"4"_s, u"6"_s}));
    }
    // A scalar.
    const Result<NpyFile> scalar =
        parse(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }", QByteArray::fromHex("000000000000f83f")));
    QVERIFY(scalar.ok());
    QCOMPARE((*scalar->openTensor(u"s"_s))->readTensor(TensorRegion::whole({})).value().valueAsText(0), u"1.5"_s);
}

void TestNpyFile::writeHeader()
{
    auto reader = TensorReader::create(u"w"_s, TensorLayout{DType::Uint16, {3}},
                                       std::make_shared<MemorySource>(QByteArray("\1\0\2\0\3\0", 6), u"w"_s), true);
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY(writeNpy(out, **reader).ok());
    // 10 + 58 + 1 bytes do not fit in 64: the header is padded to 128, like numpy's.
    QCOMPARE(out.data().size(), 128 + 6);
    QCOMPARE(out.data().left(10), QByteArray("\x93NUMPY\x01\x00\x76\x00", 10));
    QCOMPARE(out.data().mid(10, 118).trimmed(),
             QByteArray("{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }"));
    QCOMPARE(out.data().at(127), '\n');
    QCOMPARE(out.data().mid(128), QByteArray("\1\0\2\0\3\0", 6));
    auto bf16 = TensorReader::create(u"b"_s, TensorLayout{DType::BFloat16, {1}},
                                     std::make_shared<MemorySource>(QByteArray(2, 0), u"b"_s), true);
    QBuffer none;
    none.open(QIODevice::WriteOnly);
    const Status refused = writeNpy(none, **bf16);
    QCOMPARE(refused.error().code, ErrorCode::Unsupported);
    QVERIFY(refused.error().message.contains(u"bfloat16, which .npy cannot hold"_s));
}

void TestNpyFile::dataAlignedWithItsSource_data()
{
    QTest::addColumn<qint64>("sourceOffset");
    QTest::addColumn<qint64>("elements");
    QTest::addColumn<qint64>("dataOffset"); // in the written .npy
    // 1 MiB or more, 64-aligned in its file: data at the same offset modulo 4096.
    QTest::newRow("page-aligned") << qint64(3 * 4096) << qint64(1 << 18) << qint64(4096);
    QTest::newRow("192 mod 4096") << qint64(5 * 4096 + 192) << qint64((1 << 18) + 5) << qint64(192);
    QTest::newRow("4032 mod 4096") << qint64(4032) << qint64(1 << 18) << qint64(4032);
    // Not 64-aligned (the spec's multiple of 64 cannot match), or small: numpy's 128.
    QTest::newRow("odd offset") << qint64(4096 + 100) << qint64(1 << 18) << qint64(128);
    QTest::newRow("small") << qint64(4096 + 192) << qint64(1000) << qint64(128);
}

// Data the kernel copies (a file region) starts at the same offset modulo 4096 as
// its source, so that the copy runs page to page; numpy still reads the file.
void TestNpyFile::dataAlignedWithItsSource()
{
    QFETCH(qint64, sourceOffset);
    QFETCH(qint64, elements);
    QFETCH(qint64, dataOffset);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray values(elements * 4, Qt::Uninitialized);
    for (qint64 i = 0; i < elements; ++i)
        qToLittleEndian<float>(float(i % 1000) - 0.5f, values.data() + 4 * i);
    const QString container = dir.filePath(u"container.bin"_s);
    {
        QFile f(container);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(sourceOffset, 'x') + values + QByteArray(77, 'y'));
    }
    auto region = FileRegionSource::open(container, sourceOffset, values.size(), u"region"_s);
    QVERIFY(region.ok());
    auto reader = TensorReader::create(u"t"_s, TensorLayout{DType::Float32, {elements}}, *region, true);
    QVERIFY(reader.ok());
    const QString path = dir.filePath(u"t.npy"_s);
    {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        QVERIFY(writeNpy(out, **reader).ok());
    }
    const QByteArray written = testutil::readFile(path);
    QCOMPARE(written.size(), dataOffset + values.size());
    QCOMPARE(written.mid(6, 2), QByteArray("\x01\x00", 2)); // version 1.0
    QCOMPARE(qint64(10 + qFromLittleEndian<quint16>(written.constData() + 8)), dataOffset);
    QCOMPARE(written.at(dataOffset - 1), '\n');
    QVERIFY(written.mid(dataOffset) == values);
    const QString py = python();
    QVERIFY2(!py.isEmpty(), "python3 is required (scripts/install-deps.sh installs python3-numpy)");
    QProcess check;
    check.start(py, {u"-c"_s,
                     u"import numpy as np, sys; a = np.load(sys.argv[1]); "
                     "print(a.dtype, a.shape, float(a[1]), float(a[-1]))"_s,
                     path});
    QVERIFY(check.waitForFinished(60'000));
    QVERIFY2(check.exitCode() == 0, check.readAllStandardError().constData());
    QCOMPARE(check.readAllStandardOutput().trimmed(), QStringLiteral("float32 (%1,) 0.5 %2")
                                                          .arg(elements)
                                                          .arg(double(float((elements - 1) % 1000) - 0.5f))
                                                          .toLatin1());
}

void TestNpyFile::numpyCrossCheck()
{
    const QString py = python();
    QVERIFY2(!py.isEmpty(), "python3 is required (scripts/install-deps.sh installs python3-numpy)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess write;
    write.start(py, {u"-c"_s, QString::fromLatin1(kNumpyWrites), dir.path()});
    QVERIFY(write.waitForFinished(60'000));
    QVERIFY2(write.exitCode() == 0, write.readAllStandardError().constData());

    int checked = 0;
    const QStringList bins = QDir(dir.path()).entryList({u"*.bin"_s});
    QCOMPARE(bins.size(), 13);
    for (const QString &bin : bins) {
        const QString base = bin.chopped(4);
        const QByteArray expected = testutil::readFile(dir.filePath(bin));
        QList<qint64> shape;
        const QString shapeText = QString::fromLatin1(testutil::readFile(dir.filePath(base + u".shape"_s)));
        for (const QString &d : shapeText.split(u',', Qt::SkipEmptyParts))
            shape << d.toLongLong();
        for (int v = 1; v <= 3; ++v) {
            const QString path = dir.filePath(u"%1_v%2.npy"_s.arg(base).arg(v));
            auto source = FileRegionSource::open(path);
            QVERIFY(source.ok());
            const Result<NpyFile> f = NpyFile::read(*source);
            QVERIFY2(f.ok(), qPrintable(f.ok() ? QString() : f.error().toString()));
            QCOMPARE(f->majorVersion(), v);
            QCOMPARE(f->shape(), shape);
            auto reader = f->openTensor(base);
            QVERIFY(reader.ok());
            const Result<Tensor> t = (*reader)->readTensor(TensorRegion::whole(shape));
            QVERIFY(t.ok());
            QVERIFY2(t->data() == expected, qPrintable(path));
            ++checked;
            if (v == 1) {
                QFile out(dir.filePath(base + u"_ours.npy"_s));
                QVERIFY(out.open(QIODevice::WriteOnly));
                QVERIFY(writeNpy(out, **reader).ok());
            }
        }
    }
    QCOMPARE(checked, 39);
    QProcess read;
    read.start(py, {u"-c"_s, QString::fromLatin1(kNumpyReads), dir.path()});
    QVERIFY(read.waitForFinished(60'000));
    const QByteArray report = read.readAllStandardOutput();
    QVERIFY2(read.exitCode() == 0, QByteArray(report + read.readAllStandardError()).constData());
    QCOMPARE(report.count("ok\n"), 13);
}

QTEST_GUILESS_MAIN(TestNpyFile)
#include "tst_npyfile.moc"
