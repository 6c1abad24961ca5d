// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// 8-bit and 4-bit element types: every code of every type against a table computed
// apart from this code (data/make_narrow_reference.py: exact rational arithmetic from
// each format's definition, E5M2 checked against numpy's float16), NaN/inf included;
// then packed 4-bit reads at odd offsets, and F8/F4 safetensors tensors through
// TensorReader and statistics.
#include "tensor/narrowfloat.h"
#include "tensor/safetensors.h"
#include "tensor/tensorstats.h"
#include "testpaths.h"
#include "testutil.h"

#include <QHash>
#include <QTest>
#include <QtEndian>
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

using namespace carton;

namespace {

const std::pair<const char *, NarrowType> kTypes[] = {
    {"F8E4M3FN", NarrowType::F8E4M3FN}, {"F8E4M3FNUZ", NarrowType::F8E4M3FNUZ},
    {"F8E5M2", NarrowType::F8E5M2},     {"F8E5M2FNUZ", NarrowType::F8E5M2FNUZ},
    {"F8E8M0", NarrowType::F8E8M0},     {"F4E2M1", NarrowType::F4E2M1},
    {"Int4", NarrowType::Int4},         {"UInt4", NarrowType::UInt4},
};

QByteArray stFile(const QByteArray &header, const QByteArray &buffer)
{
    uchar length[8];
    qToLittleEndian<quint64>(quint64(header.size()), length);
    return QByteArray(reinterpret_cast<const char *>(length), 8) + header + buffer;
}

} // namespace

class TestNarrowFloat : public QObject {
    Q_OBJECT

private slots:
    void everyCode();
    void packedNibbles();
    void safetensorsValuesAndStats();
};

void TestNarrowFloat::everyCode()
{
    const QByteArray table = testutil::readFile(testutil::sourcePath(u"/tests/tensor/data/narrowfloat_reference.txt"));
    QVERIFY(!table.isEmpty());
    QHash<QByteArray, int> seen;
    for (const QByteArray &line : table.split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> f = line.split(' ');
        QCOMPARE(f.size(), 3);
        const auto *type =
            std::find_if(std::begin(kTypes), std::end(kTypes), [&](const auto &t) { return f[0] == t.first; });
        QVERIFY2(type != std::end(kTypes), line.constData());
        const unsigned code = f[1].toUInt();
        const float got = narrowValue(type->second, code);
        ++seen[f[0]];
        if (f[2] == "nan") {
            QVERIFY2(std::isnan(got), line.constData());
            continue;
        }
        bool ok = false;
        const quint32 expected = f[2].toUInt(&ok, 16);
        QVERIFY(ok);
        QVERIFY2(std::bit_cast<quint32>(got) == expected,
                 qPrintable(QStringLiteral("%1: got %2 (%3)")
                                .arg(QString::fromLatin1(line))
                                .arg(std::bit_cast<quint32>(got), 8, 16, QLatin1Char('0'))
                                .arg(double(got))));
    }
    for (const auto &[name, type] : kTypes)
        QCOMPARE(seen.value(name), 1 << narrowBits(type));
}

void TestNarrowFloat::packedNibbles()
{
    // INT4 0..15 as codes, two per byte (low nibble first), 15 elements: the last byte half used.
    QByteArray packed;
    for (int c = 0; c < 16; c += 2)
        packed += char(c | (c + 1) << 4);
    auto base = std::make_shared<MemorySource>(QByteArray("xx") + packed, QStringLiteral("int4"));
    NarrowFloatSource source(base, 2, 15, NarrowType::Int4);
    QCOMPARE(source.size(), qint64(60));
    QCOMPARE(NarrowFloatSource::storedBytes(NarrowType::Int4, 15), qint64(8));
    for (qint64 first = 0; first < 15; ++first) {
        float values[15];
        QVERIFY(source.read(first * 4, (15 - first) * 4, reinterpret_cast<char *>(values)));
        for (qint64 i = first; i < 15; ++i)
            QCOMPARE(values[i - first], float(i < 8 ? i : i - 16));
    }
    // A read starting inside a float.
    char bytes[6];
    QVERIFY(source.read(5, 6, bytes));
    float one = 1.0f, two = 2.0f;
    QCOMPARE(QByteArray(bytes, 6), QByteArray(reinterpret_cast<const char *>(&one), 4).mid(1) +
                                       QByteArray(reinterpret_cast<const char *>(&two), 4).left(3));
}

void TestNarrowFloat::safetensorsValuesAndStats()
{
    // Every E4M3 code in a [16, 16] tensor, every E5M2 code in [256], F4's sixteen codes in [16].
    QByteArray buffer;
    for (int c = 0; c < 512; ++c)
        buffer += char(c & 0xff);
    for (int c = 0; c < 16; c += 2)
        buffer += char(c | (c + 1) << 4);
    const QByteArray header = R"({"e4m3":{"dtype":"F8_E4M3","shape":[16,16],"data_offsets":[0,256]},)"
                              R"("e5m2":{"dtype":"F8_E5M2","shape":[256],"data_offsets":[256,512]},)"
                              R"("f4":{"dtype":"F4","shape":[16],"data_offsets":[512,520]}})";
    Result<SafetensorsFile> st = SafetensorsFile::read(
        std::make_shared<MemorySource>(stFile(header, buffer), QStringLiteral("fp8.safetensors")));
    QVERIFY2(st, st ? "" : qPrintable(st.error().toString()));

    Result<TensorReaderPtr> e4m3 = st->openTensor(QStringLiteral("e4m3"));
    QVERIFY(e4m3);
    QCOMPARE((*e4m3)->dtype(), DType::Float32);
    QCOMPARE((*e4m3)->shape(), (QList<qint64>{16, 16}));
    // Row 7 (codes 0x70..0x7f): 2^7 · (1 + m/8), the last NaN.
    const Tensor row = (*e4m3)->readTensor(TensorRegion{{7, 0}, {1, 16}}).value();
    QCOMPARE(row.valueAsDouble(0), 128.0);
    QCOMPARE(row.valueAsDouble(14), 448.0);
    QVERIFY(std::isnan(row.valueAsDouble(15)));
    Result<TensorStats> stats = computeStats(**e4m3, TensorRegion::whole({16, 16}));
    QVERIFY(stats);
    QCOMPARE(stats->nans, qint64(2));
    QCOMPARE(stats->finite, qint64(254));
    QCOMPARE(stats->zeros, qint64(2)); // +0 and -0
    QCOMPARE(stats->max, 448.0);
    QCOMPARE(stats->min, -448.0);

    Result<TensorStats> e5 = computeStats(**st->openTensor(QStringLiteral("e5m2")), TensorRegion::whole({256}));
    QVERIFY(e5);
    QCOMPARE(e5->nans, qint64(6));
    QCOMPARE(e5->positiveInfinities, qint64(1));
    QCOMPARE(e5->negativeInfinities, qint64(1));
    QCOMPARE(e5->max, 57344.0);

    const Tensor f4 = (*st->openTensor(QStringLiteral("f4")))->readTensor(TensorRegion::whole({16})).value();
    const double expected[16] = {0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6};
    for (int i = 0; i < 16; ++i)
        QCOMPARE(f4.valueAsDouble(i), expected[i]);
}

QTEST_GUILESS_MAIN(TestNarrowFloat)
#include "tst_narrowfloat.moc"
