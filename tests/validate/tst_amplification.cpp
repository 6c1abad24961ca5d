// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// Regression cases for the resource-amplification classes found by review: small
// files that cost gigabytes or minutes. Every archive is built here.
#include "../package/packagetestutil.h"
#include "../zip/ziptestutil.h"
#include "base/progress.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "tensor/tensorio.h"
#include "validate/validator.h"

#include <QTemporaryDir>
#include <QTest>
#include <sys/resource.h>
#include <toml++/toml.h>

using namespace carton;
using namespace testutil;
using namespace Qt::StringLiterals;

namespace {

QString errorText(const Error &e)
{
    return e.toString();
}

// Peak resident set of this process so far, in bytes.
qint64 peakRss()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return qint64(usage.ru_maxrss) * 1024;
}

} // namespace

class TestAmplification : public QObject {
    Q_OBJECT

private slots:
    void symlinksAreHashedOnce();
    void symlinksCountAgainstTheTotalCap();
    void nestedRepeatsAreRefused();
    void nestedTotalIsCapped();
    void stringElementCountIsCapped();
    void manyEmptyStringsStayInBoundedMemory();
    void scannerMatchesTheTomlParser_data();
    void scannerMatchesTheTomlParser();
    void largeFileInAnotherLayoutIsRefused_data();
    void largeFileInAnotherLayoutIsRefused();
    void tooManyStringsStopEarly();
    void oversizedMetadataIsNotDecodedByVerify();

private:
    QTemporaryDir m_dir;
};

// 300 symlinks to one 4 MiB entry: verification reads and hashes the entry once,
// and every link is judged by that digest.
void TestAmplification::symlinksAreHashedOnce()
{
    const QByteArray big = mixedData(4 << 20, 7);
    const QString path = m_dir.filePath(u"links.carton"_s);
    {
        QMap<QString, QByteArray> files{{u"carton.toml"_s, minimalToml()}, {u"model/big.bin"_s, big}};
        for (int i = 0; i < 300; ++i)
            files.insert(u"model/link_%1.bin"_s.arg(i), big); // MANIFEST lists each link with its target's hash
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        ZipWriter writer(&out);
        ZipWriteOptions options;
        options.method = ZipMethod::Stored;
        QVERIFY(writer.addEntry(u"MANIFEST"_s, manifestFor(files), options));
        QVERIFY(writer.addEntry(u"carton.toml"_s, minimalToml(), options));
        QVERIFY(writer.addEntry(u"model/big.bin"_s, big, options));
        for (int i = 0; i < 300; ++i)
            QVERIFY(writer.addSymlink(u"model/link_%1.bin"_s.arg(i), u"big.bin"_s));
        QVERIFY(writer.close().ok());
    }
    auto carton = Carton::open(path);
    QVERIFY2(carton.ok(), qPrintable(carton.ok() ? QString() : errorText(carton.error())));
    Progress progress;
    int seen = 0;
    const VerifyReport report = verifyCarton(**carton, {}, &progress, [&](const FileCheck &) { ++seen; });
    QVERIFY(report.ok());
    QCOMPARE(report.files.size(), 302);
    QCOMPARE(seen, 302);
    // The work counted is the bytes actually read: the big entry once, not 301 times.
    QCOMPARE(progress.total(), qint64(big.size() + minimalToml().size()));
    const QByteArray sha = Sha256::hashHex(big);
    for (const FileCheck &f : report.files) {
        if (f.path.startsWith(u"model/"_s)) {
            QCOMPARE(f.state, FileState::Ok);
            QCOMPARE(f.actualSha256, sha);
        }
    }
}

void TestAmplification::symlinksCountAgainstTheTotalCap()
{
    const QString path = m_dir.filePath(u"links-cap.carton"_s);
    {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        ZipWriter writer(&out);
        QVERIFY(writer.addEntry(u"model/big.bin"_s, QByteArray(1 << 20, 'x'), {}));
        for (int i = 0; i < 5; ++i)
            QVERIFY(writer.addSymlink(u"model/l%1"_s.arg(i), u"big.bin"_s));
        QVERIFY(writer.close().ok());
    }
    Limits limits;
    limits.maxTotalSize = 4 << 20; // the entries alone (1 MiB) are within it; with the links (6 MiB) not
    auto carton = Carton::open(path, limits);
    QVERIFY(!carton.ok());
    QCOMPARE(carton.error().code, ErrorCode::Limit);
    QVERIFY2(carton.error().toString().contains(u"counting each symlink as a copy of its target"_s),
             qPrintable(carton.error().toString()));
    limits.maxTotalSize = 8 << 20;
    QVERIFY(Carton::open(path, limits).ok());
}

namespace {

// A carton folder with tensor_data files and this index.
std::unique_ptr<Carton> tensorCarton(const QString &dir, const QByteArray &index,
                                     const QMap<QString, QByteArray> &dataFiles, const Limits &limits = {})
{
    QDir().mkpath(dir + u"/tensor_data"_s);
    writeFile(dir + u"/carton.toml"_s, minimalToml());
    writeFile(dir + u"/tensor_data/index.toml"_s, index);
    for (auto it = dataFiles.cbegin(); it != dataFiles.cend(); ++it)
        writeFile(dir + u"/tensor_data/"_s + it.key(), it.value());
    auto carton = Carton::open(dir, limits);
    return carton ? std::move(carton).value() : nullptr;
}

} // namespace

void TestAmplification::nestedRepeatsAreRefused()
{
    const QByteArray index = "[[tensor]]\nname = \"a\"\ndtype = \"float32\"\nshape = [4]\nfile = \"a.bin\"\n"
                             "[[tensor]]\nname = \"n\"\ndtype = \"nested\"\ninner = [\"a\", \"a\", \"a\"]\n";
    auto carton = tensorCarton(m_dir.filePath(u"nested-repeat"_s), index, {{u"a.bin"_s, QByteArray(16, '\0')}});
    QVERIFY(carton);
    const Result<Tensor> loaded = carton->loadTensor(u"n"_s);
    QVERIFY(!loaded.ok());
    QCOMPARE(loaded.error().code, ErrorCode::Format);
    QCOMPARE(loaded.error().message, u"nested tensor \"n\" lists inner tensor \"a\" more than once"_s);

    const Diagnostics diagnostics = validateCarton(*carton);
    int repeats = 0;
    for (const Diagnostic &d : diagnostics) {
        if (d.message.contains(u"lists inner tensor \"a\" again"_s)) {
            ++repeats;
            QCOMPARE(d.severity, Severity::Error);
        }
    }
    QCOMPARE(repeats, 2); // inner[1] and inner[2]
}

void TestAmplification::nestedTotalIsCapped()
{
    const QByteArray index = "[[tensor]]\nname = \"a\"\ndtype = \"float32\"\nshape = [200]\nfile = \"a.bin\"\n"
                             "[[tensor]]\nname = \"b\"\ndtype = \"float64\"\nshape = [100]\nfile = \"b.bin\"\n"
                             "[[tensor]]\nname = \"n\"\ndtype = \"nested\"\ninner = [\"a\", \"b\"]\n";
    const QMap<QString, QByteArray> data{{u"a.bin"_s, QByteArray(800, '\0')}, {u"b.bin"_s, QByteArray(800, '\0')}};
    Limits limits;
    limits.maxNestedTensorBytes = 1500; // 800 + 800 declared
    auto capped = tensorCarton(m_dir.filePath(u"nested-cap"_s), index, data, limits);
    QVERIFY(capped);
    const Result<Tensor> refused = capped->loadTensor(u"n"_s);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Limit);
    QVERIFY2(refused.error().message.contains(u"more than the limit of 1500 bytes"_s),
             qPrintable(refused.error().message));

    limits.maxNestedTensorBytes = 1600;
    auto fits = tensorCarton(m_dir.filePath(u"nested-fits"_s), index, data, limits);
    QVERIFY(fits);
    const Result<Tensor> loaded = fits->loadTensor(u"n"_s);
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : errorText(loaded.error())));
    QCOMPARE(loaded->inner().size(), 2);
}

void TestAmplification::stringElementCountIsCapped()
{
    const Result<QStringList> r = decodeStringTensorFile("data = []\n", 5'000'000, u"s.toml"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Limit);
    QCOMPARE(r.error().message, u"the tensor's shape needs 5000000 strings, more than the limit of 4194304"_s);
}

// 4 Mi empty strings (12 MiB of text; the TOML DOM of it is ~550 MB): the scanner
// keeps the peak well below that.
void TestAmplification::manyEmptyStringsStayInBoundedMemory()
{
    const qint64 count = 4 << 20;
    QByteArray text = "data = [";
    text.reserve(count * 3 + 16);
    for (qint64 i = 0; i < count; ++i)
        text.append("\"\",");
    text.append("]\n");
    const qint64 before = peakRss();
    const Result<QStringList> r = decodeStringTensorFile(text, count, u"s.toml"_s);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : errorText(r.error())));
    QCOMPARE(r->size(), count);
    QVERIFY(r->constFirst().isEmpty() && r->constLast().isEmpty());
    const qint64 grown = peakRss() - before;
#ifdef CARTON_SANITIZED
    // ASan's redzones and quarantine around 4 Mi small allocations: 217 MiB measured.
    constexpr qint64 kBound = 400ll << 20;
#else
    constexpr qint64 kBound = 200ll << 20;
#endif
    QVERIFY2(grown < kBound, qPrintable(u"peak grew by %1 MiB"_s.arg(grown >> 20)));
}

void TestAmplification::scannerMatchesTheTomlParser_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addRow("basic escapes") << QByteArray("data = [\"a\\tb\\n\\\"q\\\" \\\\ \\u00e9 \\U0001F600\", \"\"]\n");
    QTest::addRow("literal") << QByteArray("data = ['C:\\path\\no escape', 'x']\n");
    QTest::addRow("multi-line basic") << QByteArray(
        "data = [\"\"\"\nline 1\nline \\\n     2 \"\" \"quoted\"\"\"\"\", 'y']");
    QTest::addRow("multi-line literal") << QByteArray("data = ['''\nit's ''quoted''\n\\n stays''', '''b''''']\n");
    QTest::addRow("comments and CRLF") << QByteArray(
        "# header\r\ndata = [ # first\r\n  'a', # one\r\n\r\n  \"b\",\r\n]\r\n");
    QTest::addRow("quoted key, tabs") << QByteArray("\"data\"\t=\t[\t'a'\t,\t'b'\t]");
    QTest::addRow("unicode") << QByteArray("data = ['Hello 💖 Unicode', \"Telugu: గ ఘ ఙ\"]\n");
}

// Every form the scanner reads gives exactly what toml++ gives.
void TestAmplification::scannerMatchesTheTomlParser()
{
    QFETCH(QByteArray, text);
    toml::table parsed;
    try {
        parsed = toml::parse(std::string_view(text.constData(), size_t(text.size())));
    } catch (const toml::parse_error &e) {
        QFAIL(e.what());
    }
    QStringList expected;
    for (const toml::node &n : *parsed["data"].as_array())
        expected.append(QString::fromStdString(n.as_string()->get()));
    QCOMPARE(expected.size(), 2);
    // Padded past the general parser's 1 MiB cap with a trailing comment, so only the scanner can read it.
    const QByteArray big = text + "\n#" + QByteArray(2 << 20, 'c') + "\n";
    const Result<QStringList> r = decodeStringTensorFile(big, 2, u"s.toml"_s);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : errorText(r.error())));
    QCOMPARE(*r, expected);
}

void TestAmplification::largeFileInAnotherLayoutIsRefused_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<QString>("message");
    QTest::addRow("other key") << QByteArray("values = ['a']\n")
                               << u"s.toml:1:1: a string tensor file over 1048576 bytes must hold only data = [ "
                                  u"strings ]; found something other than the key \"data\""_s;
    QTest::addRow("number") << QByteArray("data = ['a',\n 2]\n")
                            << u"s.toml:2:2: a string tensor file over 1048576 bytes must hold only data = [ strings "
                               u"]; found an array element that is not a string"_s;
    QTest::addRow("bad escape") << QByteArray("data = ['a', \"b\\q\"]\n")
                                << u"s.toml:1:16: a string tensor file over 1048576 bytes must hold only data = [ "
                                   u"strings ]; found an unknown escape sequence"_s;
    QTest::addRow("not closed") << QByteArray("data = ['a', 'b\n]\n")
                                << u"s.toml:1:14: a string tensor file over 1048576 bytes must hold only data = [ "
                                   u"strings ]; found a string that is not closed on its line"_s;
    QTest::addRow("second key") << QByteArray("data = ['a', 'b']\nmore = 1\n")
                                << u"s.toml:2:1: a string tensor file over 1048576 bytes must hold only data = [ "
                                   u"strings ]; found more after the array"_s;
}

void TestAmplification::largeFileInAnotherLayoutIsRefused()
{
    QFETCH(QByteArray, head);
    QFETCH(QString, message);
    const QByteArray text = head + "#" + QByteArray(2 << 20, 'c') + "\n";
    const Result<QStringList> r = decodeStringTensorFile(text, 2, u"s.toml"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Format);
    QCOMPARE(r.error().toString(), message);
}

void TestAmplification::tooManyStringsStopEarly()
{
    const Result<QStringList> r = decodeStringTensorFile("data = ['a', 'b', 'c', this is never read", 2, u"s.toml"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().toString(),
             u"s.toml:1:8: field \"data\" has more strings than the 2 the tensor's shape needs"_s);
}

// A carton.toml declaring 4 GiB (a deflate bomb within the ratio cap): verify fails
// it without decoding it, and still hashes the other files.
void TestAmplification::oversizedMetadataIsNotDecodedByVerify()
{
    const QByteArray zeros(48 << 20, '\0');
    ziptest::RawEntry toml{"carton.toml", ziptest::deflateRaw(zeros, 9), {}, 8};
    toml.plain = zeros; // CRC over the real bytes; sizes patched to 4 GiB below
    const quint64 declared = quint64(4) << 30;
    toml.cdExtra.clear();
    ziptest::put16(toml.cdExtra, 0x0001);
    ziptest::put16(toml.cdExtra, 16);
    ziptest::put64(toml.cdExtra, declared);
    ziptest::put64(toml.cdExtra, quint64(toml.stored.size()));
    toml.localExtra = toml.cdExtra;
    ziptest::RawEntry model{"model/x.bin", "model bytes", {}, 0};
    ziptest::RawLayout layout;
    QByteArray zip = ziptest::buildZip({toml, model}, &layout);
    for (qsizetype at : {layout.local[0] + 18, layout.central[0] + 20}) { // sizes -> 0xFFFFFFFF: in the zip64 extra
        ziptest::patch32(zip, at, 0xFFFFFFFF);
        ziptest::patch32(zip, at + 4, 0xFFFFFFFF);
    }
    const QString path = m_dir.filePath(u"toml-bomb.carton"_s);
    QVERIFY(writeFile(path, zip));
    auto carton = Carton::open(path);
    QVERIFY2(carton.ok(), qPrintable(carton.ok() ? QString() : errorText(carton.error())));
    const SourceFile *f = (*carton)->source().find(u"carton.toml"_s);
    QVERIFY(f);
    QCOMPARE(f->size, qint64(declared));
    Progress progress;
    const VerifyReport report = verifyCarton(**carton, {}, &progress);
    QVERIFY(!report.ok());
    QCOMPARE(progress.total(), qint64(11)); // only model/x.bin is read
    bool sawToml = false;
    for (const FileCheck &c : report.files) {
        if (c.path == u"carton.toml") {
            sawToml = true;
            QCOMPARE(c.state, FileState::Failed);
            QCOMPARE(c.message, u"not read: 4.0 GiB uncompressed, more than the 16.0 MiB a metadata file may have (a "
                                u"zip bomb, or not a carton)"_s);
        } else {
            QCOMPARE(c.path, u"model/x.bin"_s);
            QCOMPARE(c.state, FileState::Unlisted);
        }
    }
    QVERIFY(sawToml);
}

QTEST_GUILESS_MAIN(TestAmplification)
#include "tst_amplification.moc"
