// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Every quantised ggml type, read through a GGUF file and ModelFile::openWeight (the one
// tensor-reading path), against float32 values the gguf Python package's numpy
// dequantisers produced for the same blocks (tests/model/data/ggml, see make_reference.py
// there): random blocks with finite scales, and for i-quants blocks that use every row
// of the type's grid. Compared bit for bit.
#include "ggufwriter.h"
#include "model/modelfile.h"
#include "testpaths.h"
#include "testutil.h"

#include <QTest>
#include <QtEndian>
#include <cstring>

using namespace carton;
using testutil::GgufWriter;

namespace {

struct Reference {
    int blocks = 0;
    QByteArray raw;    // the blocks' bytes
    QByteArray values; // float32 LE
};

Reference loadReference(const QString &type, int blockBytes, int blockElements)
{
    const QByteArray payload = qUncompress(
        testutil::readFile(testutil::sourcePath(u"/tests/model/data/ggml/") + type + QStringLiteral(".ref")));
    Reference r;
    if (payload.size() < 4)
        return r;
    r.blocks = int(qFromLittleEndian<quint32>(payload.constData()));
    r.raw = payload.mid(4, qsizetype(r.blocks) * blockBytes);
    r.values = payload.mid(4 + r.raw.size());
    if (r.values.size() != qsizetype(r.blocks) * blockElements * 4)
        r.blocks = 0;
    return r;
}

QByteArray readAll(const ModelFile &model, const QString &name, qint64 first, qint64 count)
{
    Result<TensorReaderPtr> reader = model.openWeight(name);
    if (!reader) {
        qWarning() << reader.error().toString();
        return {};
    }
    QByteArray bytes(count * 4, Qt::Uninitialized);
    if (Status s = (*reader)->readFlat(first, count, bytes.data(), bytes.size()); !s) {
        qWarning() << s.error().toString();
        return {};
    }
    return bytes;
}

// The index of the first float that differs (bit for bit), or -1.
qint64 firstDifference(const QByteArray &a, const QByteArray &b)
{
    for (qint64 i = 0; i < qMin(a.size(), b.size()) / 4; ++i)
        if (std::memcmp(a.constData() + 4 * i, b.constData() + 4 * i, 4) != 0)
            return i;
    return a.size() == b.size() ? -1 : qMin(a.size(), b.size()) / 4;
}

float floatAt(const QByteArray &a, qint64 i)
{
    return i * 4 + 4 <= a.size() ? qFromLittleEndian<float>(a.constData() + 4 * i) : 0.0f;
}

} // namespace

class TestGgmlQuants : public QObject {
    Q_OBJECT

private slots:
    void matchesReference_data();
    void matchesReference();
};

void TestGgmlQuants::matchesReference_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("id");
    QTest::addColumn<int>("blockElements");
    QTest::addColumn<int>("blockBytes");
    // ggml's type ids and block sizes (ggml.h, ggml-common.h).
    const struct {
        const char *name;
        int id, elements, bytes;
    } types[] = {
        {"Q4_0", 2, 32, 18},      {"Q4_1", 3, 32, 20},     {"Q5_0", 6, 32, 22},      {"Q5_1", 7, 32, 24},
        {"Q8_0", 8, 32, 34},      {"Q8_1", 9, 32, 36},     {"Q2_K", 10, 256, 84},    {"Q3_K", 11, 256, 110},
        {"Q4_K", 12, 256, 144},   {"Q5_K", 13, 256, 176},  {"Q6_K", 14, 256, 210},   {"Q8_K", 15, 256, 292},
        {"IQ2_XXS", 16, 256, 66}, {"IQ2_XS", 17, 256, 74}, {"IQ3_XXS", 18, 256, 98}, {"IQ1_S", 19, 256, 50},
        {"IQ4_NL", 20, 32, 18},   {"IQ3_S", 21, 256, 110}, {"IQ2_S", 22, 256, 82},   {"IQ4_XS", 23, 256, 136},
        {"IQ1_M", 29, 256, 56},   {"TQ1_0", 34, 256, 54},  {"TQ2_0", 35, 256, 66},
    };
    for (const auto &t : types)
        QTest::newRow(t.name) << QString::fromLatin1(t.name) << t.id << t.elements << t.bytes;
}

void TestGgmlQuants::matchesReference()
{
    QFETCH(QString, type);
    QFETCH(int, id);
    QFETCH(int, blockElements);
    QFETCH(int, blockBytes);
    const Reference ref = loadReference(type, blockBytes, blockElements);
    QVERIFY2(ref.blocks > 0, "reference data missing or malformed");

    // One tensor of all blocks, rows of one block each (a 2-D tensor, as weights are).
    GgufWriter w;
    w.kv("general.architecture", GgufWriter::String, GgufWriter::str("test"));
    w.tensor({"w", {quint64(blockElements), quint64(ref.blocks)}, quint32(id), ref.raw, {}});
    Result<ModelFilePtr> model =
        ModelFile::read(std::make_shared<MemorySource>(w.build(), QStringLiteral("quants.gguf")));
    QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
    const ModelWeight *weight = (*model)->findWeight(QStringLiteral("w"));
    QVERIFY(weight);
    QCOMPARE(weight->typeName, type);
    QVERIFY(weight->dtype);
    QCOMPARE(*weight->dtype, DType::Float32);
    QCOMPARE(weight->shape, (QList<qint64>{ref.blocks, blockElements}));
    QCOMPARE(weight->byteSize, qint64(ref.blocks) * blockBytes);

    const qint64 count = qint64(ref.blocks) * blockElements;
    const QByteArray all = readAll(**model, weight->name, 0, count);
    const qint64 diff = firstDifference(all, ref.values);
    QVERIFY2(diff < 0, qPrintable(QStringLiteral("value %1 (block %2): %3, expected %4")
                                      .arg(diff)
                                      .arg(diff / blockElements)
                                      .arg(double(floatAt(all, diff)), 0, 'g', 9)
                                      .arg(double(floatAt(ref.values, diff)), 0, 'g', 9)));

    // A region starting and ending inside blocks decodes only those blocks, the same values.
    const qint64 first = blockElements / 2 + 3, n = count - blockElements;
    QCOMPARE(firstDifference(readAll(**model, weight->name, first, n), ref.values.mid(first * 4, n * 4)), qint64(-1));
}

QTEST_GUILESS_MAIN(TestGgmlQuants)
#include "tst_ggmlquants.moc"
