// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton tensors | tensor --slice | export-tensor | import-tensor` end to end on
// cartons, folders, .safetensors and .npy files built in code.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace {

bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

template <typename T>
QByteArray le(std::initializer_list<T> values)
{
    QByteArray out;
    for (T v : values) {
        uchar b[sizeof(T)];
        qToLittleEndian<T>(v, b);
        out.append(reinterpret_cast<const char *>(b), sizeof(T));
    }
    return out;
}

QByteArray iota32(int n)
{
    QByteArray out;
    for (qint32 i = 0; i < n; ++i)
        out += le<qint32>({i});
    return out;
}

QByteArray safetensors(const QByteArray &header, const QByteArray &buffer)
{
    return le<quint64>({quint64(header.size())}) + header + buffer;
}

// A carton folder: c (int32 [2,3,4] = 0..23), big (uint64 [3]), neg (int64 [2]), s (string [1]).
QString makeFolder(const QString &root)
{
    const QString dir = root + u"/carton"_s;
    writeFile(dir + u"/carton.toml"_s, "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"noop\"\n"
                                       "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n");
    writeFile(dir + u"/model/model.txt"_s, "a model\n");
    writeFile(dir + u"/tensor_data/c.bin"_s, iota32(24));
    writeFile(dir + u"/tensor_data/big.bin"_s, le<quint64>({18446744073709551615ull, 9223372036854775808ull, 1}));
    writeFile(dir + u"/tensor_data/neg.bin"_s,
              le<qint64>({std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max()}));
    writeFile(dir + u"/tensor_data/s.toml"_s, "data = [\"héllo\"]\n");
    writeFile(dir + u"/tensor_data/index.toml"_s,
              "[[tensor]]\nname = \"c\"\ndtype = \"int32\"\nshape = [2, 3, 4]\nfile = \"c.bin\"\ninner = []\n\n"
              "[[tensor]]\nname = \"big\"\ndtype = \"uint64\"\nshape = [3]\nfile = \"big.bin\"\ninner = []\n\n"
              "[[tensor]]\nname = \"neg\"\ndtype = \"int64\"\nshape = [2]\nfile = \"neg.bin\"\ninner = []\n\n"
              "[[tensor]]\nname = \"s\"\ndtype = \"string\"\nshape = [1]\nfile = \"s.toml\"\ninner = []\n");
    return dir;
}

QList<qint64> ints(const QJsonValue &v)
{
    QList<qint64> out;
    for (const QJsonValue &x : v.toArray())
        out << x.toInteger();
    return out;
}

} // namespace

class TestCliTensors final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void listCarton();
    void listSafetensors();
    void malformedSafetensors();
    void sliceAndLimit_data();
    void sliceAndLimit();
    void sixtyFourBitIntegersAreNumbers();
    void npyAndSafetensorsInputs();
    void zstdCarton();
    void exportAndImport();
    void usage_data();
    void usage();

private:
    QTemporaryDir m_dir;
    QString m_folder;
    QString m_st;
};

void TestCliTensors::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_folder = makeFolder(m_dir.path());
    m_st = m_dir.filePath(u"w.safetensors"_s);
    QVERIFY(writeFile(m_st, safetensors(R"({"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                                        R"("b":{"dtype":"BF16","shape":[2],"data_offsets":[16,20]},)"
                                        R"("__metadata__":{"format":"pt"}})",
                                        le<float>({1, 2, 3, 4}) + QByteArray("\x80\x3f\x00\xc0", 4))));
}

void TestCliTensors::listCarton()
{
    RunResult r = runCarton({u"tensors"_s, u"--json"_s, m_folder});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray tensors = r.json().value(u"tensors").toArray();
    QCOMPARE(tensors.size(), 4);
    QCOMPARE(tensors[0].toObject().value(u"name").toString(), u"c"_s);
    QCOMPARE(tensors[0].toObject().value(u"dtype").toString(), u"int32"_s);
    QCOMPARE(ints(tensors[0].toObject().value(u"shape")), (QList<qint64>{2, 3, 4}));
    QCOMPARE(tensors[0].toObject().value(u"nbytes").toInteger(), 96);
    QCOMPARE(tensors[3].toObject().value(u"dtype").toString(), u"string"_s);
    QCOMPARE(tensors[3].toObject().value(u"nbytes").toInteger(), 18); // the TOML file's size
    QVERIFY(r.json().value(u"metadata").toObject().isEmpty());
    r = runCarton({u"tensors"_s, m_folder});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("NAME  DTYPE   SHAPE      BYTES\nc     int32   [2, 3, 4]  96\n"), r.out.constData());
}

void TestCliTensors::listSafetensors()
{
    RunResult r = runCarton({u"tensors"_s, u"--json"_s, m_st});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray tensors = r.json().value(u"tensors").toArray();
    QCOMPARE(tensors.size(), 2);
    QCOMPARE(tensors[0].toObject().value(u"name").toString(), u"b"_s); // sorted by name
    QCOMPARE(tensors[0].toObject().value(u"dtype").toString(), u"BF16"_s);
    QCOMPARE(tensors[1].toObject().value(u"dtype").toString(), u"F32"_s);
    QCOMPARE(tensors[1].toObject().value(u"nbytes").toInteger(), 16);
    QCOMPARE(ints(tensors[1].toObject().value(u"data_offsets")), (QList<qint64>{0, 16}));
    QCOMPARE(r.json().value(u"metadata").toObject().value(u"format").toString(), u"pt"_s);
}

void TestCliTensors::malformedSafetensors()
{
    const QString bad = m_dir.filePath(u"bad.safetensors"_s);
    QVERIFY(writeFile(bad, safetensors(R"({"w":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", QByteArray(8, 0))));
    const RunResult r = runCarton({u"tensors"_s, bad});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("bad.safetensors: tensor \"w\": data_offsets [0, 8] hold 8 bytes, but F32 [3] needs 12 "
                            "bytes"),
             r.err.constData());
}

void TestCliTensors::sliceAndLimit_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QList<qint64>>("data");
    QTest::addColumn<QList<qint64>>("sliceShape");
    using L = QList<qint64>;
    QTest::newRow("index, all, range") << QStringList{u"--slice"_s, u"1,:,1:3"_s} << L{13, 14, 17, 18, 21, 22}
                                       << L{3, 2};
    QTest::newRow("column with limit") << QStringList{u"--slice"_s, u":,:,2"_s, u"--limit"_s, u"4"_s} << L{2, 6, 10, 14}
                                       << L{2, 3};
    QTest::newRow("negative index") << QStringList{u"--slice"_s, u"-1,-1"_s} << L{20, 21, 22, 23} << L{4};
    QTest::newRow("limit alone") << QStringList{u"--limit"_s, u"5"_s} << L{0, 1, 2, 3, 4} << L{};
    QTest::newRow("single element") << QStringList{u"--slice"_s, u"0,2,3"_s} << L{11} << L{};
}

void TestCliTensors::sliceAndLimit()
{
    QFETCH(QStringList, options);
    QFETCH(QList<qint64>, data);
    QFETCH(QList<qint64>, sliceShape);
    for (const QString &file : {m_folder}) {
        const RunResult r = runCarton(QStringList{u"tensor"_s, u"--json"_s, file, u"c"_s} + options);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        QCOMPARE(ints(o.value(u"data")), data);
        QCOMPARE(ints(o.value(u"shape")), (QList<qint64>{2, 3, 4}));
        if (options.contains(u"--slice"_s))
            QCOMPARE(ints(o.value(u"slice").toObject().value(u"shape")), sliceShape);
    }
}

void TestCliTensors::sixtyFourBitIntegersAreNumbers()
{
    RunResult r = runCarton({u"tensor"_s, u"--json"_s, m_folder, u"big"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("\"data\":[18446744073709551615, 9223372036854775808, 1]"), r.out.constData());
    r = runCarton({u"tensor"_s, u"--json"_s, m_folder, u"neg"_s});
    QVERIFY2(r.out.contains("\"data\":[-9223372036854775808, 9223372036854775807]"), r.out.constData());
    r = runCarton({u"tensor"_s, m_folder, u"big"_s, u"--limit"_s, u"1"_s});
    QVERIFY2(r.out.contains("data: [18446744073709551615, ...]"), r.out.constData());
}

void TestCliTensors::npyAndSafetensorsInputs()
{
    RunResult r = runCarton({u"tensor"_s, u"--json"_s, m_st, u"w"_s, u"--slice"_s, u":,1"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.json().value(u"dtype").toString(), u"float32"_s);
    QCOMPARE(ints(r.json().value(u"data")), (QList<qint64>{2, 4}));
    r = runCarton({u"tensor"_s, m_st, u"b"_s});
    QVERIFY2(r.out.contains("data: [1, -2]"), r.out.constData());
    // .npy: big-endian int16, Fortran order, 2x3; NAME is optional.
    QByteArray header = "{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }";
    while ((10 + header.size() + 1) % 64)
        header += ' ';
    header += '\n';
    const QString npy = m_dir.filePath(u"a.npy"_s);
    QVERIFY(writeFile(npy, QByteArray("\x93NUMPY\x01\x00", 8) + le<quint16>({quint16(header.size())}) + header +
                               QByteArray("\0\1\0\2\0\3\0\4\0\5\0\6", 12)));
    r = runCarton({u"tensor"_s, u"--json"_s, npy});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(ints(r.json().value(u"data")), (QList<qint64>{1, 3, 5, 2, 4, 6}));
    r = runCarton({u"tensor"_s, u"--json"_s, npy, u"ignored"_s, u"--slice"_s, u"1"_s});
    QCOMPARE(ints(r.json().value(u"data")), (QList<qint64>{2, 4, 6}));
    // Recognised by content, not by name: the same .npy as "a.data", the
    // safetensors as "weights" (no suffix).
    const QString renamed = m_dir.filePath(u"a.data"_s);
    QVERIFY(QFile::copy(npy, renamed));
    r = runCarton({u"tensor"_s, u"--json"_s, renamed});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(ints(r.json().value(u"data")), (QList<qint64>{1, 3, 5, 2, 4, 6}));
    const QString bare = m_dir.filePath(u"weights"_s);
    QVERIFY(QFile::copy(m_st, bare));
    r = runCarton({u"tensor"_s, u"--json"_s, bare, u"w"_s, u"--slice"_s, u":,1"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(ints(r.json().value(u"data")), (QList<qint64>{2, 4}));
}

void TestCliTensors::zstdCarton()
{
    const QString packed = m_dir.filePath(u"z.carton"_s);
    RunResult r = runCarton({u"pack"_s, m_folder, u"-o"_s, packed, u"--compression"_s, u"zstd"_s, u"--force"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCarton({u"tensor"_s, u"--json"_s, packed, u"c"_s, u"--slice"_s, u"1,2"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(ints(r.json().value(u"data")), (QList<qint64>{20, 21, 22, 23}));
    r = runCarton({u"tensors"_s, u"--json"_s, packed});
    QCOMPARE(r.json().value(u"tensors").toArray().size(), 4);
}

void TestCliTensors::exportAndImport()
{
    const QString npy = m_dir.filePath(u"c.npy"_s);
    RunResult r = runCarton({u"export-tensor"_s, m_folder, u"c"_s, u"-o"_s, npy});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QByteArray npyBytes = readAll(npy);
    QVERIFY(npyBytes.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
    QVERIFY(npyBytes.contains("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, 4), }"));
    QCOMPARE(npyBytes.right(96), iota32(24));

    const QString st = m_dir.filePath(u"two.safetensors"_s);
    r = runCarton({u"export-tensor"_s, m_folder, u"c"_s, u"neg"_s, u"-o"_s, st});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCarton({u"tensors"_s, u"--json"_s, st});
    QCOMPARE(r.json().value(u"tensors").toArray().size(), 2);
    QCOMPARE(r.json().value(u"tensors").toArray()[1].toObject().value(u"dtype").toString(), u"I64"_s);

    // An existing file is replaced whole; no temporary stays behind.
    QFile junk(m_dir.filePath(u"replaced.npy"_s));
    QVERIFY(junk.open(QIODevice::WriteOnly) && junk.write(QByteArray(5000, 'j')) == 5000);
    junk.close();
    r = runCarton({u"export-tensor"_s, m_folder, u"c"_s, u"-o"_s, junk.fileName()});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(readAll(junk.fileName()), npyBytes);
    QVERIFY2(QDir(m_dir.path()).entryList({u"*.part"_s}, QDir::Files | QDir::Hidden).isEmpty(),
             qPrintable(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).join(u' ')));
    r = runCarton({u"export-tensor"_s, m_folder, u"c"_s, u"-o"_s, m_dir.filePath(u"no/such/folder/c.npy"_s)});
    QCOMPARE(r.exitCode, 2); // an I/O error, like unreadable input
    QVERIFY2(r.err.contains("cannot create"), r.err.constData());

    // A .npy cannot hold two tensors; a failed export leaves no file behind.
    r = runCarton({u"export-tensor"_s, m_folder, u"c"_s, u"neg"_s, u"-o"_s, m_dir.filePath(u"x.npy"_s)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("a .npy holds exactly one tensor"));
    QVERIFY(!QFile::exists(m_dir.filePath(u"x.npy"_s)));

    // Import into a copy of the folder.
    const QString target = makeFolder(m_dir.filePath(u"copy"_s));
    r = runCarton({u"import-tensor"_s, target, u"from npy"_s, npy});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCarton({u"import-tensor"_s, target, u"from_st"_s, st + u":neg"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QByteArray index = readAll(target + u"/tensor_data/index.toml"_s);
    QVERIFY2(index.contains(
                 "name = \"from npy\"\ndtype = \"int32\"\nshape = [2, 3, 4]\nfile = \"tensor_0.bin\"\ninner = []"),
             index.constData());
    QVERIFY(index.contains("name = \"from_st\"\ndtype = \"int64\"\nshape = [2]\nfile = \"tensor_1.bin\"\ninner = []"));
    QCOMPARE(readAll(target + u"/tensor_data/tensor_0.bin"_s), iota32(24));
    r = runCarton({u"tensor"_s, u"--json"_s, target, u"from_st"_s});
    QVERIFY2(r.out.contains("\"data\":[-9223372036854775808, 9223372036854775807]"), r.out.constData());
    r = runCarton({u"info"_s, target});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!r.err.contains("error"), r.err.constData());
    r = runCarton({u"tensors"_s, u"--json"_s, target});
    QCOMPARE(r.json().value(u"tensors").toArray().size(), 6);

    r = runCarton({u"import-tensor"_s, target, u"c"_s, npy});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("a tensor named \"c\" already exists"), r.err.constData());
    r = runCarton({u"import-tensor"_s, target, u" padded"_s, npy});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("starts or ends with white space"));
    r = runCarton({u"import-tensor"_s, target, u"x"_s, st});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("holds 2 tensors; name one as SOURCE:TENSOR"));
    r = runCarton({u"import-tensor"_s, target, u"bf"_s, m_st + u":b"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("bfloat16, which Carton v1 tensor_data cannot hold"));
}

void TestCliTensors::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("bad slice") << QStringList{u"tensor"_s, u"FOLDER"_s, u"c"_s, u"--slice"_s, u"0,9"_s}
                               << QByteArray("index 9 is out of bounds for a dimension of size 3");
    QTest::newRow("slice of strings") << QStringList{u"tensor"_s, u"FOLDER"_s, u"s"_s, u"--slice"_s, u"0"_s}
                                      << QByteArray("--slice applies to numeric tensors");
    QTest::newRow("no name") << QStringList{u"tensor"_s, u"FOLDER"_s} << QByteArray("expected FILE NAME");
    QTest::newRow("unknown tensor") << QStringList{u"tensor"_s, u"FOLDER"_s, u"zz"_s}
                                    << QByteArray("no tensor named \"zz\"");
    QTest::newRow("export without -o") << QStringList{u"export-tensor"_s, u"FOLDER"_s, u"c"_s}
                                       << QByteArray("expected FILE NAME -o OUT");
    QTest::newRow("export bad suffix") << QStringList{u"export-tensor"_s, u"FOLDER"_s, u"c"_s, u"-o"_s, u"x.bin"_s}
                                       << QByteArray("must end in .npy or .safetensors");
}

void TestCliTensors::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, message);
    args.replaceInStrings(u"FOLDER"_s, m_folder);
    const RunResult r = runCarton(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliTensors)
#include "tst_clitensors.moc"
