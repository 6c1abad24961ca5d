// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The GGUF reader on files written here from the GGUF spec (docs/gguf.md in ggml):
// metadata, tensor infos, F32/F16/BF16/I8 values and Q8_0/Q4_0 blocks dequantised
// as ggml defines them (expected values computed here, independently), and hostile
// variants of the header.
#include "ggufwriter.h"
#include "model/modelfile.h"
#include "model/modelset.h"
#include "testutil.h"

#include <QFloat16>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <cstring>

using namespace carton;

using testutil::GgufWriter;

namespace {

QByteArray floats(const QList<float> &values)
{
    QByteArray b(values.size() * 4, Qt::Uninitialized);
    std::memcpy(b.data(), values.constData(), std::size_t(b.size()));
    return b;
}

quint16 halfBits(float v)
{
    const qfloat16 h(v);
    quint16 bits;
    std::memcpy(&bits, &h, 2);
    return bits;
}

// Q8_0 blocks: scale d (fp16), then 32 int8; element j of block b is q * d.
QByteArray q8Blocks(const QList<float> &scales, const QList<qint8> &qs, QList<double> *expected)
{
    QByteArray out;
    for (qsizetype b = 0; b < scales.size(); ++b) {
        QByteArray d(2, '\0');
        qToLittleEndian(halfBits(scales[b]), d.data());
        out += d;
        for (int j = 0; j < 32; ++j) {
            const qint8 q = qs[b * 32 + j];
            out += char(q);
            expected->append(double(float(q) * scales[b]));
        }
    }
    return out;
}

// Q4_0 blocks: scale d, 16 bytes; byte j holds element j (low nibble) and element
// j + 16 (high nibble), each (nibble - 8) * d.
QByteArray q4Blocks(const QList<float> &scales, const QList<quint8> &nibbles, QList<double> *expected)
{
    QByteArray out;
    for (qsizetype b = 0; b < scales.size(); ++b) {
        QByteArray d(2, '\0');
        qToLittleEndian(halfBits(scales[b]), d.data());
        out += d;
        QList<double> values(32);
        for (int j = 0; j < 16; ++j) {
            const quint8 lo = nibbles[b * 32 + j] & 15, hi = nibbles[b * 32 + j + 16] & 15;
            out += char(lo | hi << 4);
            values[j] = double(float(int(lo) - 8) * scales[b]);
            values[j + 16] = double(float(int(hi) - 8) * scales[b]);
        }
        *expected += values;
    }
    return out;
}

QList<double> readValues(const ModelFile &model, const QString &name, qint64 first = 0, qint64 count = -1)
{
    Result<TensorReaderPtr> reader = model.openWeight(name);
    if (!reader) {
        qWarning() << reader.error().toString();
        return {};
    }
    if (count < 0)
        count = (*reader)->elementCount() - first;
    QByteArray bytes(count * (*reader)->elementSize(), Qt::Uninitialized);
    if (Status s = (*reader)->readFlat(first, count, bytes.data(), bytes.size()); !s) {
        qWarning() << s.error().toString();
        return {};
    }
    const Tensor t = Tensor::numeric(name, (*reader)->dtype(), {count}, bytes);
    QList<double> values;
    for (qint64 i = 0; i < count; ++i)
        values.append(t.valueAsDouble(i));
    return values;
}

Result<ModelFilePtr> readBytes(const QByteArray &bytes)
{
    return ModelFile::read(std::make_shared<MemorySource>(bytes, QStringLiteral("hostile.gguf")));
}

} // namespace

class TestGgufModel : public QObject {
    Q_OBJECT

private slots:
    void readsMetadataAndTensors();
    void dequantisesQ8AndQ4();
    void hostile_data();
    void hostile();
    void mutatedEverywhere();

private:
    QList<double> m_q8, m_q4;
    QByteArray validFile();
};

QByteArray TestGgufModel::validFile()
{
    GgufWriter w;
    w.kv("general.architecture", GgufWriter::String, GgufWriter::str("llama"));
    w.kv("general.name", GgufWriter::String, GgufWriter::str("tiny test"));
    w.kv("general.alignment", GgufWriter::U32, GgufWriter::u32(64));
    w.kv("llama.context_length", GgufWriter::U32, GgufWriter::u32(2048));
    w.kv("general.flag", GgufWriter::Bool, QByteArray(1, '\1'));
    QByteArray tokens = GgufWriter::u32(GgufWriter::String) + GgufWriter::u64(100);
    for (int i = 0; i < 100; ++i)
        tokens += GgufWriter::str("tok" + QByteArray::number(i));
    w.kv("tokenizer.ggml.tokens", GgufWriter::Array, tokens);
    QByteArray nested = GgufWriter::u32(GgufWriter::Array) + GgufWriter::u64(1) + GgufWriter::u32(GgufWriter::I32) +
                        GgufWriter::u64(2) + GgufWriter::u32(quint32(-5)) + GgufWriter::u32(6);
    w.kv("test.nested", GgufWriter::Array, nested);
    w.tensor({"token_embd.weight", {3, 2}, 0, floats({1.5f, -2.f, 3.f, 0.25f, 1e-30f, -7.f}), {}});
    QByteArray f16;
    for (float v : {1.5f, -2.f, 65504.f, 0.099975586f}) {
        QByteArray b(2, '\0');
        qToLittleEndian(halfBits(v), b.data());
        f16 += b;
    }
    w.tensor({"norm.weight", {4}, 1, f16, {}});
    QByteArray bf16; // the upper halves of float32 values
    for (float v : {1.5f, -2.f, 3.140625f}) {
        quint32 bits;
        std::memcpy(&bits, &v, 4);
        QByteArray b(2, '\0');
        qToLittleEndian(quint16(bits >> 16), b.data());
        bf16 += b;
    }
    w.tensor({"bf.weight", {3}, 30, bf16, {}});
    w.tensor({"i8.weight", {2}, 24, QByteArray("\x80\x7f", 2), {}});
    QList<qint8> qs;
    for (int i = 0; i < 64; ++i)
        qs.append(qint8(i * 4 - 128));
    m_q8.clear();
    w.tensor({"blk.0.attn_q.weight", {32, 2}, 8, q8Blocks({0.5f, -0.125f}, qs, &m_q8), {}});
    QList<quint8> nibbles;
    for (int i = 0; i < 96; ++i)
        nibbles.append(quint8((i * 7) % 16));
    m_q4.clear();
    w.tensor({"blk.0.ffn.weight", {32, 3}, 2, q4Blocks({0.25f, 2.f, -1.f}, nibbles, &m_q4), {}});
    w.tensor({"blk.0.k.weight", {256}, 12, QByteArray(144, '\x11'), {}}); // Q4_K (tst_ggmlquants checks its values)
    return w.build(64);
}

void TestGgufModel::readsMetadataAndTensors()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("model.bin")); // a name that says nothing
    QVERIFY(testutil::writeFile(path, validFile()));
    Result<ModelSet> set = ModelSet::fromFile(path);
    QVERIFY2(set, set ? "" : qPrintable(set.error().toString()));
    const ModelFile &model = *set->entries().first().model;
    QCOMPARE(model.format(), ModelFormat::Gguf);
    const GgufInfo &info = *model.gguf();
    QCOMPARE(info.version, 3u);
    QCOMPARE(info.alignment, 64);
    QCOMPARE(info.dataOffset % 64, 0);
    QCOMPARE(info.value(QStringLiteral("general.architecture")), QStringLiteral("llama"));
    QCOMPARE(info.value(QStringLiteral("llama.context_length")), QStringLiteral("2048"));
    QCOMPARE(info.value(QStringLiteral("general.flag")), QStringLiteral("true"));
    const GgufValue &tokens = info.metadata[5];
    QCOMPARE(tokens.type, QStringLiteral("array[string]"));
    QCOMPARE(tokens.count, 100);
    QVERIFY2(tokens.text.startsWith(u"\"tok0\", \"tok1\"") && tokens.text.endsWith(u", … (100 values)"),
             qPrintable(tokens.text));
    QCOMPARE(info.value(QStringLiteral("test.nested")), QStringLiteral("[-5, 6]"));

    QCOMPARE(model.weights().size(), 7);
    const ModelWeight &embd = model.weights()[0];
    QCOMPARE(embd.shape, (QList<qint64>{2, 3})); // ne [3, 2] in C order
    QCOMPARE(embd.typeName, QStringLiteral("F32"));
    QCOMPARE(embd.offset % 64, 0);
    QCOMPARE(readValues(model, embd.name), (QList<double>{1.5, -2, 3, 0.25, double(1e-30f), -7}));
    QCOMPARE(readValues(model, QStringLiteral("norm.weight")), (QList<double>{1.5, -2, 65504, 0.0999755859375}));
    QCOMPARE(readValues(model, QStringLiteral("bf.weight")), (QList<double>{1.5, -2, 3.140625}));
    QCOMPARE(readValues(model, QStringLiteral("i8.weight")), (QList<double>{-128, 127}));
    const ModelWeight *k = model.findWeight(QStringLiteral("blk.0.k.weight"));
    QVERIFY(k);
    QCOMPARE(k->typeName, QStringLiteral("Q4_K"));
    QCOMPARE(k->byteSize, 144);
    QVERIFY(k->dtype);
    QCOMPARE(*k->dtype, DType::Float32);
    // Every byte 0x11: sub-blocks 0-3 have scale = min = 17, 4-7 scale = min = 1, every
    // nibble 1 and d = dmin, so each value is d · s · 1 - d · s = 0.
    QCOMPARE(readValues(model, k->name), QList<double>(256, 0.0));
    QCOMPARE(model.parameterCount(), 6 + 4 + 3 + 2 + 64 + 96 + 256);
}

void TestGgufModel::dequantisesQ8AndQ4()
{
    Result<ModelFilePtr> model = readBytes(validFile());
    QVERIFY2(model, model ? "" : qPrintable(model.error().toString()));
    const ModelWeight *q8 = (*model)->findWeight(QStringLiteral("blk.0.attn_q.weight"));
    QVERIFY(q8);
    QCOMPARE(q8->typeName, QStringLiteral("Q8_0"));
    QCOMPARE(q8->dtype, std::optional<DType>(DType::Float32));
    QCOMPARE(q8->shape, (QList<qint64>{2, 32}));
    QCOMPARE(q8->byteSize, 68);
    QCOMPARE(readValues(**model, q8->name), m_q8);
    QCOMPARE(m_q8[1], -62.0); // (4 - 128) * 0.5
    // A region across the block boundary decodes only what it needs, correctly.
    QCOMPARE(readValues(**model, q8->name, 29, 6), m_q8.mid(29, 6));
    QCOMPARE(readValues(**model, QStringLiteral("blk.0.ffn.weight")), m_q4);
    QCOMPARE(readValues(**model, QStringLiteral("blk.0.ffn.weight"), 47, 40), m_q4.mid(47, 40));
    // A 2-D slice through the TensorReader: row 1, columns 30..31.
    Result<TensorReaderPtr> reader = (*model)->openWeight(q8->name);
    QVERIFY(reader);
    TensorRegion region;
    region.start = {1, 30};
    region.count = {1, 2};
    Result<Tensor> slice = (*reader)->readTensor(region);
    QVERIFY(slice);
    QCOMPARE(slice->valueAsDouble(0), m_q8[62]);
    QCOMPARE(slice->valueAsDouble(1), m_q8[63]);
}

void TestGgufModel::hostile_data()
{
    using W = GgufWriter;
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    auto header = [](quint32 version, quint64 tensors, quint64 kvs) -> QByteArray {
        return QByteArray("GGUF") + W::u32(version) + W::u64(tensors) + W::u64(kvs);
    };
    QTest::newRow("version 1") << header(1, 0, 0) << int(ErrorCode::Unsupported) << QStringLiteral("version 1");
    QTest::newRow("big-endian") << header(0x03000000, 0, 0) << int(ErrorCode::Unsupported)
                                << QStringLiteral("big-endian");
    QTest::newRow("version 9") << header(9, 0, 0) << int(ErrorCode::Unsupported) << QStringLiteral("version 9");
    QTest::newRow("tensor count lies") << header(3, 1ull << 40, 0) + QByteArray(64, '\0') << int(ErrorCode::Limit)
                                       << QStringLiteral("tensor_count");
    QTest::newRow("kv count lies") << header(3, 0, 1000) + QByteArray(64, '\0') << int(ErrorCode::Limit)
                                   << QStringLiteral("metadata_kv_count");
    QTest::newRow("truncated header") << QByteArray("GGUF\3\0\0\0\0", 9) << int(ErrorCode::Format)
                                      << QStringLiteral("header: truncated");
    QTest::newRow("key length lies") << header(3, 0, 1) + W::u64(1ull << 50) + QByteArray(16, 'k')
                                     << int(ErrorCode::Format) << QStringLiteral("metadata[0].key: string length");
    QTest::newRow("unknown value type") << header(3, 0, 1) + W::str("k") + W::u32(77) << int(ErrorCode::Format)
                                        << QStringLiteral("metadata \"k\": value type 77");
    QTest::newRow("bool is 2") << header(3, 0, 1) + W::str("b") + W::u32(W::Bool) + QByteArray(1, '\2')
                               << int(ErrorCode::Format) << QStringLiteral("neither 0 nor 1");
    QTest::newRow("array count lies") << header(3, 0, 1) + W::str("a") + W::u32(W::Array) + W::u32(W::U32) +
                                             W::u64(1ull << 40)
                                      << int(ErrorCode::Format) << QStringLiteral("do not fit in the rest of the file");
    QByteArray deep = W::u32(W::I32) + W::u64(0);
    for (int i = 0; i < 6; ++i)
        deep = W::u32(W::Array) + W::u64(1) + deep;
    QTest::newRow("arrays too deep") << header(3, 0, 1) + W::str("d") + W::u32(W::Array) + deep << int(ErrorCode::Limit)
                                     << QStringLiteral("nested more than 4 deep");
    QTest::newRow("alignment not a power of two")
        << header(3, 0, 1) + W::str("general.alignment") + W::u32(W::U32) + W::u32(48) << int(ErrorCode::Format)
        << QStringLiteral("power of two");
    QTest::newRow("duplicate key") << header(3, 0, 2) + W::str("k") + W::u32(W::U8) + "\1" + W::str("k") +
                                          W::u32(W::U8) + "\2"
                                   << int(ErrorCode::Format) << QStringLiteral("duplicate key \"k\"");
    auto withTensor = [](GgufWriter::TensorSpec t) {
        GgufWriter w;
        w.tensor(std::move(t));
        return w.build();
    };
    QTest::newRow("five dims") << withTensor({"t", {1, 1, 1, 1, 1}, 0, floats({1}), {}}) << int(ErrorCode::Format)
                               << QStringLiteral("tensor_infos[0] (\"t\").n_dimensions: 5 dimensions");
    QTest::newRow("unknown ggml type") << withTensor({"t", {1}, 99, floats({1}), {}}) << int(ErrorCode::Unsupported)
                                       << QStringLiteral("ggml type 99");
    QTest::newRow("row not whole blocks") << withTensor({"t", {20}, 8, QByteArray(34, '\0'), {}})
                                          << int(ErrorCode::Format) << QStringLiteral("not whole blocks of 32");
    QTest::newRow("dims overflow") << withTensor({"t", {1ull << 40, 1ull << 40}, 0, {}, {}}) << int(ErrorCode::Limit)
                                   << QStringLiteral("overflows");
    QTest::newRow("offset past end") << withTensor({"t", {4}, 0, floats({1, 2, 3}), {}}) << int(ErrorCode::Format)
                                     << QStringLiteral("tensor \"t\".offset: bytes 0..16");
    QTest::newRow("offset misaligned") << withTensor({"t", {1}, 0, floats({1, 2, 3}), 4}) << int(ErrorCode::Format)
                                       << QStringLiteral("not a multiple of the alignment 32");
    GgufWriter overlap;
    overlap.tensor({"a", {8}, 0, floats({1, 2, 3, 4, 5, 6, 7, 8}), {}});
    overlap.tensor({"b", {8}, 0, {}, 0});
    QTest::newRow("overlap") << overlap.build() << int(ErrorCode::Format) << QStringLiteral("overlap tensor \"a\"");
    GgufWriter twice;
    twice.tensor({"a", {1}, 0, floats({1}), {}});
    twice.tensor({"a", {1}, 0, floats({1}), {}});
    QTest::newRow("duplicate tensor") << twice.build() << int(ErrorCode::Format)
                                      << QStringLiteral("duplicate tensor name \"a\"");
}

void TestGgufModel::hostile()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, message);
    Result<ModelFilePtr> model = readBytes(bytes);
    QVERIFY(!model);
    QCOMPARE(int(model.error().code), code);
    QVERIFY2(model.error().message.contains(message), qPrintable(model.error().message));
    QCOMPARE(model.error().location, QStringLiteral("hostile.gguf"));
}

void TestGgufModel::mutatedEverywhere()
{
    // Every byte of the header (and the first tensors) changed three ways: read or
    // refused with an error naming the file, never a crash or a read out of range.
    const QByteArray gguf = validFile();
    int read = 0, failed = 0;
    for (qsizetype at = 0; at < std::min<qsizetype>(gguf.size(), 2048); ++at) {
        for (const quint8 change : {quint8(0xff), quint8(0x00), quint8(gguf[at] ^ 0x80)}) {
            QByteArray bytes = gguf;
            bytes[at] = char(change);
            Result<ModelFilePtr> model = readBytes(bytes);
            if (!model) {
                QCOMPARE(model.error().location, QStringLiteral("hostile.gguf"));
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

QTEST_GUILESS_MAIN(TestGgufModel)
#include "tst_ggufmodel.moc"
