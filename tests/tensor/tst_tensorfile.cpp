// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton::TensorFile: a .npy or .safetensors file on its own, recognised by its
// first bytes whatever its name; the one way the CLI and the app open them.

#include "tensor/npyfile.h"
#include "tensor/safetensors.h"
#include "tensor/tensorfile.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace carton;

namespace {

// A version 1.0 .npy of a little-endian int32 [3] array: [7, 8, 9].
QByteArray npyFile()
{
    const qint32 values[3] = {7, 8, 9};
    return testutil::npyFile("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }",
                             QByteArray(reinterpret_cast<const char *>(values), sizeof values));
}

QByteArray twoTensors()
{
    QByteArray buffer(16, '\0');
    return testutil::safetensorsFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                     R"("b":{"dtype":"I32","shape":[2],"data_offsets":[8,16]}})",
                                     buffer);
}

QByteArray oneTensor()
{
    QByteArray buffer(8, '\0');
    return testutil::safetensorsFile(R"({"only":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", buffer);
}

} // namespace

class TestTensorFile : public QObject {
    Q_OBJECT

private slots:
    void detect_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("kind"); // -1: neither
        QTest::addRow("npy") << npyFile() << int(TensorFile::Kind::Npy);
        QTest::addRow("safetensors") << twoTensors() << int(TensorFile::Kind::Safetensors);
        QTest::addRow("zip") << QByteArray("PK\x03\x04 then a zip's local header") << -1;
        QTest::addRow("text") << QByteArray("{\"a\": 1}\nnot a tensor file at all\n") << -1;
        QTest::addRow("empty") << QByteArray() << -1;
        // A header length past the end of the file is not a safetensors.
        QByteArray tooLong = oneTensor();
        qToLittleEndian<quint64>(quint64(tooLong.size()), tooLong.data());
        QTest::addRow("header past the end") << tooLong << -1;
        QTest::addRow("npy magic cut") << QByteArray("\x93NUMP", 5) << -1;
    }
    void detect()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, kind);
        const std::optional<TensorFile::Kind> got = TensorFile::detect(bytes.left(64), bytes.size());
        QCOMPARE(got ? int(*got) : -1, kind);
    }

    void opensByContentWhateverTheName()
    {
        QTemporaryDir dir;
        const QString npy = dir.filePath(QStringLiteral("weights.bin"));
        const QString st = dir.filePath(QStringLiteral("tensors.npy")); // a safetensors, misnamed
        QVERIFY(testutil::writeFile(npy, npyFile()));
        QVERIFY(testutil::writeFile(st, twoTensors()));

        Result<TensorFile> a = TensorFile::open(npy);
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        QCOMPARE(a->kind(), TensorFile::Kind::Npy);
        QVERIFY(a->npy());
        QVERIFY(!a->safetensors());
        QCOMPARE(a->tensorNames(), QStringList{QStringLiteral("weights")});
        Result<TensorReaderPtr> values = a->openTensor();
        QVERIFY(values);
        QCOMPARE((*values)->shape(), QList<qint64>{3});

        Result<TensorFile> b = TensorFile::open(st);
        QVERIFY2(b, qPrintable(b ? QString() : b.error().toString()));
        QCOMPARE(b->kind(), TensorFile::Kind::Safetensors);
        QCOMPARE(b->tensorNames(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY(b->openTensor(QStringLiteral("b")));
        // Two tensors and no name: an error naming the count and the file.
        Result<TensorReaderPtr> which = b->openTensor();
        QVERIFY(!which);
        QCOMPARE(which.error().code, ErrorCode::Usage);
        QVERIFY2(which.error().toString().contains(QStringLiteral("holds 2 tensors")),
                 qPrintable(which.error().toString()));
        QVERIFY2(which.error().toString().contains(st), qPrintable(which.error().toString()));
    }

    void neitherIsAClearError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.bin"));
        QVERIFY(testutil::writeFile(path, "not a tensor file\n"));
        Result<TensorFile> file = TensorFile::open(path);
        QVERIFY(!file);
        QCOMPARE(file.error().code, ErrorCode::Unsupported);
        QVERIFY2(file.error().toString().contains(path), qPrintable(file.error().toString()));
        QVERIFY(file.error().toString().contains(QStringLiteral("neither a NumPy .npy nor a .safetensors")));
        Result<TensorFile> missing = TensorFile::open(dir.filePath(QStringLiteral("missing.npy")));
        QVERIFY(!missing);
        // A truncated .npy (magic, then nothing) fails in NpyFile's own words.
        QVERIFY(testutil::writeFile(path, npyFile().left(12)));
        Result<TensorFile> cut = TensorFile::open(path);
        QVERIFY(!cut);
        QCOMPARE(cut.error().code, ErrorCode::Format);
        // Text named x.safetensors: safetensors' own error (the name picks whose
        // error to give, it does not make the bytes a tensor file).
        const QString named = dir.filePath(QStringLiteral("x.safetensors"));
        QVERIFY(testutil::writeFile(named, "not a tensor file\n"));
        Result<TensorFile> claimed = TensorFile::open(named);
        QVERIFY(!claimed);
        QCOMPARE(claimed.error().code, ErrorCode::Limit); // "not a te" read as the header's length
        QVERIFY2(!claimed.error().toString().contains(QStringLiteral("neither")),
                 qPrintable(claimed.error().toString()));
        QCOMPARE(TensorFile::claimedByName(QStringLiteral("A.NPY")), TensorFile::Kind::Npy);
        QCOMPARE(TensorFile::claimedByName(QStringLiteral("w.SafeTensors")), TensorFile::Kind::Safetensors);
        QVERIFY(!TensorFile::claimedByName(QStringLiteral("npy.txt")));
    }
};

QTEST_MAIN(TestTensorFile)
#include "tst_tensorfile.moc"
