// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton edit` and `carton pack` of a folder without carton.toml, end to end: the
// real binary on real files, results read back by `carton info`, by bsdtar and
// sha256sum, and by our zip reader for the raw bytes of unchanged entries; a save
// killed with SIGKILL at several points leaves the original intact.
#include "clirunner.h"
#include "testpaths.h"
#include "testutil.h"
#include "zip/zipreader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <optional>

using carton::ZipEntry;
using carton::ZipReader;

namespace {

const QString kFixture = testutil::sharedPath(u"/fixtures/upstream/test.carton");
const QString kSampleDir = testutil::sourcePath(u"/resources/sample");

using testutil::readFile;
using testutil::writeFile;

// name -> (method, crc, compressed data) of every entry.
QMap<QString, QByteArray> rawEntries(const QString &zip)
{
    QMap<QString, QByteArray> out;
    auto reader = ZipReader::open(zip);
    if (!reader)
        return out;
    QFile f(zip);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const ZipEntry &e : (*reader)->entries()) {
        auto offset = (*reader)->dataOffset(e);
        if (!offset || !f.seek(*offset))
            return {};
        out.insert(e.name,
                   QByteArray::number(e.method) + ' ' + QByteArray::number(e.crc32) + ' ' +
                       QCryptographicHash::hash(f.read(qint64(e.compressedSize)), QCryptographicHash::Sha256).toHex());
    }
    return out;
}

// The size of the file `pid` has open in `dir` other than `exclude`, or nullopt.
std::optional<qint64> openOutputSize(qint64 pid, const QString &dir, const QString &exclude)
{
    const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
    for (const QString &fd : QDir(fdDir).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        const QString link = QFile::symLinkTarget(fdDir + u'/' + fd);
        if (!link.startsWith(dir + u'/') || link == exclude)
            continue;
        const QFileInfo target(fdDir + u'/' + fd); // follows the link, even to an unnamed file
        if (target.exists())
            return target.size();
    }
    return std::nullopt;
}

} // namespace

class tst_CliEdit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void editEveryField_data();
    void editEveryField();
    void editInPlaceCopiesUnchangedEntries_data();
    void editInPlaceCopiesUnchangedEntries();
    void editIsReproducible();
    void editRefusesInvalidValues_data();
    void editRefusesInvalidValues();
    void editUsageErrors_data();
    void editUsageErrors();
    void killedSaveLeavesOriginalIntact_data();
    void killedSaveLeavesOriginalIntact();
    void packFolderWithoutToml();
    void packFolderWithoutTomlNamesMissingFields_data();
    void packFolderWithoutTomlNamesMissingFields();

private:
    QTemporaryDir m_tmp;
    QString m_sample; // the sample carton, packed by us
};

void tst_CliEdit::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    QVERIFY2(haveProgram(QStringLiteral("bsdtar")) && haveProgram(QStringLiteral("sha256sum")),
             "bsdtar and sha256sum are needed (scripts/install-deps.sh)");
    m_sample = m_tmp.filePath(QStringLiteral("sample.carton"));
    const RunResult r = runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), m_sample});
    QVERIFY2(r.exitCode == 0, r.err.constData());
}

void tst_CliEdit::editEveryField_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("jsonPath"); // "runner/x" for runner fields
    QTest::addColumn<QJsonValue>("expected");
    auto row = [](const char *key, const QString &value, const QJsonValue &expected) {
        QString path = QString::fromLatin1(key);
        path.replace(u'.', u'/');
        QTest::newRow(key) << QString::fromLatin1(key) << value << path << expected;
    };
    row("model_name", QStringLiteral("New name ✓"), QStringLiteral("New name ✓"));
    row("short_description", QStringLiteral("Doubles its input"), QStringLiteral("Doubles its input"));
    row("model_description", QStringLiteral("# Title\n\nText with \"quotes\"\n"),
        QStringLiteral("# Title\n\nText with \"quotes\"\n"));
    row("license", QStringLiteral("MIT"), QStringLiteral("MIT"));
    row("repository", QStringLiteral("https://example.org/repo"), QStringLiteral("https://example.org/repo"));
    row("homepage", QStringLiteral("https://example.org/"), QStringLiteral("https://example.org/"));
    row("runner.runner_name", QStringLiteral("python"), QStringLiteral("python"));
    row("runner.required_framework_version", QStringLiteral(">=3.8, <3.12"), QStringLiteral(">=3.8, <3.12"));
    row("runner.runner_compat_version", QStringLiteral("3"), 3);
    QTest::newRow("license removed") << QStringLiteral("license") << QString() << QStringLiteral("license")
                                     << QJsonValue(QJsonValue::Null);
}

void tst_CliEdit::editEveryField()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, jsonPath);
    QFETCH(QJsonValue, expected);
    QTemporaryDir tmp;
    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    const QByteArray before = readFile(m_sample);
    const RunResult r = runCarton(
        {QStringLiteral("edit"), m_sample, QStringLiteral("--set"), key + u'=' + value, QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(readFile(m_sample), before);
    const RunResult info = runCarton({QStringLiteral("info"), QStringLiteral("--json"), out});
    QCOMPARE(info.exitCode, 0);
    const QJsonObject json = info.json();
    const QStringList parts = jsonPath.split(u'/');
    const QJsonValue got = parts.size() == 2 ? json.value(parts[0]).toObject().value(parts[1]) : json.value(parts[0]);
    QCOMPARE(got, expected);
    // Everything else is unchanged.
    const QJsonObject original = runCarton({QStringLiteral("info"), QStringLiteral("--json"), m_sample}).json();
    for (const QString &field : {QStringLiteral("model_name"), QStringLiteral("license"), QStringLiteral("inputs"),
                                 QStringLiteral("outputs"), QStringLiteral("self_tests")})
        if (field != parts[0])
            QCOMPARE(json.value(field), original.value(field));
    QCOMPARE(runCarton({QStringLiteral("verify"), out}).exitCode, 0);
}

void tst_CliEdit::editInPlaceCopiesUnchangedEntries_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("sample packed by us") << QString();
    if (QFileInfo::exists(kFixture))
        QTest::newRow("upstream fixture") << kFixture;
}

void tst_CliEdit::editInPlaceCopiesUnchangedEntries()
{
    QFETCH(QString, source);
    QTemporaryDir tmp;
    const QString file = tmp.filePath(QStringLiteral("edit.carton"));
    QVERIFY(QFile::copy(source.isEmpty() ? m_sample : source, file));
    const QMap<QString, QByteArray> before = rawEntries(file);
    QVERIFY(before.size() >= 5);
    const RunResult r = runCarton({QStringLiteral("edit"), file, QStringLiteral("--set"),
                                   QStringLiteral("model_name=in place"), QStringLiteral("--set"),
                                   QStringLiteral("license=BSD-2-Clause"), QStringLiteral("--verify-original")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("edit.carton")});
    const QMap<QString, QByteArray> after = rawEntries(file);
    QCOMPARE(after.keys(), before.keys());
    int same = 0;
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (it.key() == u"carton.toml" || it.key() == u"MANIFEST") {
            QVERIFY(after.value(it.key()) != it.value());
            continue;
        }
        QCOMPARE(after.value(it.key()), it.value());
        ++same;
    }
    QCOMPARE(same, before.size() - 2);
    const QJsonObject info = runCarton({QStringLiteral("info"), QStringLiteral("--json"), file}).json();
    QCOMPARE(info.value(QStringLiteral("model_name")).toString(), QStringLiteral("in place"));
    QCOMPARE(info.value(QStringLiteral("license")).toString(), QStringLiteral("BSD-2-Clause"));
    const RunResult verify = runCarton({QStringLiteral("verify"), file});
    QVERIFY2(verify.exitCode == 0, verify.err.constData());
    QCOMPARE(testutil::checkWithBsdtarAndSha256sum(file, tmp.filePath(QStringLiteral("x"))), before.size() - 1);
}

void tst_CliEdit::editIsReproducible()
{
    QTemporaryDir tmp;
    QByteArray first;
    for (const QString &name : {QStringLiteral("a.carton"), QStringLiteral("b.carton")}) {
        const RunResult r =
            runCarton({QStringLiteral("edit"), m_sample, QStringLiteral("--set"),
                       QStringLiteral("homepage=https://example.org/"), QStringLiteral("-o"), tmp.filePath(name)});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        if (first.isEmpty())
            first = readFile(tmp.filePath(name));
        else
            QCOMPARE(readFile(tmp.filePath(name)), first);
    }
    QVERIFY(first.size() > 1000);
}

void tst_CliEdit::editRefusesInvalidValues_data()
{
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<QString>("field");
    QTest::newRow("short_description over 100")
        << QStringLiteral("short_description=") + QString(101, u'x') << QStringLiteral("short_description");
    QTest::newRow("bad semver") << QStringLiteral("runner.required_framework_version=>=>1.0")
                                << QStringLiteral("runner.required_framework_version");
    QTest::newRow("empty runner") << QStringLiteral("runner.runner_name=") << QStringLiteral("runner.runner_name");
    QTest::newRow("negative compat") << QStringLiteral("runner.runner_compat_version=-1")
                                     << QStringLiteral("runner.runner_compat_version");
}

void tst_CliEdit::editRefusesInvalidValues()
{
    QFETCH(QString, assignment);
    QFETCH(QString, field);
    QTemporaryDir tmp;
    const QString file = tmp.filePath(QStringLiteral("c.carton"));
    QVERIFY(QFile::copy(m_sample, file));
    const QByteArray before = readFile(file);
    const RunResult r = runCarton({QStringLiteral("edit"), file, QStringLiteral("--set"), assignment});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("error: carton.toml") && r.err.contains(field.toUtf8()), r.err.constData());
    QCOMPARE(readFile(file), before);
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("c.carton")});
}

void tst_CliEdit::editUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("no --set") << QStringList{} << QByteArray("nothing to do");
    QTest::newRow("unknown key") << QStringList{QStringLiteral("--set"), QStringLiteral("spec_version=2")}
                                 << QByteArray("unknown key \"spec_version\"");
    QTest::newRow("no equals") << QStringList{QStringLiteral("--set"), QStringLiteral("license")}
                               << QByteArray("expected KEY=VALUE");
    QTest::newRow("folder without -o") << QStringList{QStringLiteral("--set"), QStringLiteral("license=MIT")}
                                       << QByteArray("is a folder: give -o OUT.carton");
    QTest::newRow("compat not an integer")
        << QStringList{QStringLiteral("--set"), QStringLiteral("runner.runner_compat_version=one")}
        << QByteArray("expected an integer");
}

void tst_CliEdit::editUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, message);
    const QByteArray before = readFile(m_sample);
    const QString file = QString::fromLatin1(QTest::currentDataTag()).startsWith(u"folder") ? kSampleDir : m_sample;
    const RunResult r = runCarton(QStringList{QStringLiteral("edit"), file} + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), r.err.constData());
    QCOMPARE(readFile(m_sample), before);
}

void tst_CliEdit::killedSaveLeavesOriginalIntact_data()
{
    QTest::addColumn<bool>("inPlace");
    QTest::addColumn<double>("fraction"); // kill once the new file holds this share of the original's size
    for (bool inPlace : {false, true})
        for (double fraction : {0.0, 0.3, 0.6, 0.95})
            QTest::addRow("%s, %d%% written", inPlace ? "in place" : "-o OUT", int(fraction * 100))
                << inPlace << fraction;
}

void tst_CliEdit::killedSaveLeavesOriginalIntact()
{
#ifndef Q_OS_LINUX
    QFAIL("watches the save through /proc: Linux only");
#else
    QFETCH(bool, inPlace);
    QFETCH(double, fraction);
    // A 320 MiB carton (Stored), made once per run in a folder of its own; every row
    // uses it (each row checks that it is left intact).
    static QString dir;
    static QString original;
    static QByteArray originalSha;
    if (original.isEmpty()) {
        const QString folder = m_tmp.filePath(QStringLiteral("bigsrc"));
        QVERIFY(writeFile(folder + QStringLiteral("/model/small.txt"), "small\n"));
        QFile weights(folder + QStringLiteral("/model/weights.bin"));
        QVERIFY(weights.open(QIODevice::WriteOnly));
        QByteArray block(1 << 20, Qt::Uninitialized);
        for (int i = 0; i < 320; ++i) {
            for (qsizetype j = 0; j < block.size(); ++j)
                block[j] = char((j * 31 + i) & 0xff);
            QCOMPARE(weights.write(block), block.size());
        }
        weights.close();
        QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("big"))));
        dir = QFileInfo(m_tmp.filePath(QStringLiteral("big"))).canonicalFilePath();
        const QString packed = dir + QStringLiteral("/orig.carton");
        const RunResult r =
            runCarton({QStringLiteral("pack"), folder, QStringLiteral("-o"), packed, QStringLiteral("--compression"),
                       QStringLiteral("stored"), QStringLiteral("--runner"), QStringLiteral("noop"),
                       QStringLiteral("--framework-version"), QStringLiteral("=1.0.0")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFile::remove(weights.fileName()));
        const RunResult verify = runCarton({QStringLiteral("verify"), packed});
        QVERIFY2(verify.exitCode == 0, verify.err.constData());
        originalSha = sha256File(packed);
        original = packed;
    }
    const QString out = inPlace ? original : dir + QStringLiteral("/out.carton");
    const qint64 threshold = qint64(fraction * double(QFileInfo(original).size()));

    QProcess child;
    QStringList args{QStringLiteral("edit"), original, QStringLiteral("--set"), QStringLiteral("model_name=killed")};
    if (!inPlace)
        args << QStringLiteral("-o") << out;
    child.start(testutil::binaryPath(u"/bin/carton"), args);
    QVERIFY(child.waitForStarted());
    std::optional<qint64> seen;
    QElapsedTimer timer;
    timer.start();
    while (child.state() == QProcess::Running && timer.elapsed() < 60000) {
        seen = openOutputSize(child.processId(), dir, original);
        if (seen && *seen >= threshold)
            break;
        QThread::usleep(200);
    }
    child.kill(); // SIGKILL
    QVERIFY(child.waitForFinished(10000));
    QVERIFY2(seen.has_value() && *seen >= threshold,
             qPrintable(QStringLiteral("the save finished before %1 bytes were seen (%2)")
                            .arg(threshold)
                            .arg(seen ? QString::number(*seen) : QStringLiteral("nothing"))));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    QCOMPARE(sha256File(original), originalSha); // byte for byte what was verified
    if (!inPlace)
        QVERIFY(!QFileInfo::exists(out));
    // Nothing else under a carton's name.
    QCOMPARE(QDir(dir).entryList({QStringLiteral("*.carton")}, QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("orig.carton")});
#endif
}

void tst_CliEdit::packFolderWithoutToml()
{
    QTemporaryDir tmp;
    const QString folder = tmp.filePath(QStringLiteral("export"));
    QVERIFY(writeFile(folder + QStringLiteral("/model.pt"), QByteArray(70000, 'w')));
    QVERIFY(writeFile(folder + QStringLiteral("/code/__init__.py"), "def infer(x):\n    return x\n"));
    const QString out = tmp.filePath(QStringLiteral("bare.carton"));
    const RunResult r =
        runCarton({QStringLiteral("pack"), folder, QStringLiteral("-o"), out, QStringLiteral("--runner"),
                   QStringLiteral("torchscript"), QStringLiteral("--framework-version"), QStringLiteral("=2.0.1"),
                   QStringLiteral("--name"), QStringLiteral("Bare model")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject info = runCarton({QStringLiteral("info"), QStringLiteral("--json"), out}).json();
    QCOMPARE(info.value(QStringLiteral("model_name")).toString(), QStringLiteral("Bare model"));
    const QJsonObject runner = info.value(QStringLiteral("runner")).toObject();
    QCOMPARE(runner.value(QStringLiteral("runner_name")).toString(), QStringLiteral("torchscript"));
    QCOMPARE(runner.value(QStringLiteral("required_framework_version")).toString(), QStringLiteral("=2.0.1"));
    QCOMPARE(runner.value(QStringLiteral("runner_compat_version")).toInt(), 1);
    QStringList paths;
    for (const QJsonValue &f : info.value(QStringLiteral("files")).toArray())
        paths.append(f.toObject().value(QStringLiteral("path")).toString());
    QCOMPARE(paths, (QStringList{QStringLiteral("MANIFEST"), QStringLiteral("carton.toml"),
                                 QStringLiteral("model/code/__init__.py"), QStringLiteral("model/model.pt"),
                                 QStringLiteral("tensor_data/index.toml")}));
    QCOMPARE(runCarton({QStringLiteral("verify"), out}).exitCode, 0);
    const QString x = tmp.filePath(QStringLiteral("x"));
    QCOMPARE(testutil::checkWithBsdtarAndSha256sum(out, x), 4);
    QCOMPARE(readFile(x + QStringLiteral("/tensor_data/index.toml")), QByteArray("tensor = []\n"));
    QCOMPARE(readFile(x + QStringLiteral("/model/model.pt")), QByteArray(70000, 'w'));

    // Same folder, same flags: same bytes.
    const QString again = tmp.filePath(QStringLiteral("again.carton"));
    QCOMPARE(runCarton({QStringLiteral("pack"), folder, QStringLiteral("-o"), again, QStringLiteral("--runner"),
                        QStringLiteral("torchscript"), QStringLiteral("--framework-version"), QStringLiteral("=2.0.1"),
                        QStringLiteral("--name"), QStringLiteral("Bare model")})
                 .exitCode,
             0);
    QCOMPARE(readFile(again), readFile(out));
}

void tst_CliEdit::packFolderWithoutTomlNamesMissingFields_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QByteArrayList>("missing");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("nothing") << QStringList{}
                             << QByteArrayList{"runner.runner_name", "runner.required_framework_version"} << 1;
    QTest::newRow("no framework version") << QStringList{QStringLiteral("--runner"), QStringLiteral("noop")}
                                          << QByteArrayList{"runner.required_framework_version"} << 1;
    QTest::newRow("no runner") << QStringList{QStringLiteral("--framework-version"), QStringLiteral("=1.0.0")}
                               << QByteArrayList{"runner.runner_name"} << 1;
    QTest::newRow("bad version") << QStringList{QStringLiteral("--runner"), QStringLiteral("noop"),
                                                QStringLiteral("--framework-version"), QStringLiteral("one")}
                                 << QByteArrayList{"runner.required_framework_version"} << 1;
    QTest::newRow("bad compat")
        << QStringList{QStringLiteral("--runner"), QStringLiteral("noop"),     QStringLiteral("--framework-version"),
                       QStringLiteral("=1.0.0"),   QStringLiteral("--compat"), QStringLiteral("x")}
        << QByteArrayList{"--compat"} << 2;
}

void tst_CliEdit::packFolderWithoutTomlNamesMissingFields()
{
    QFETCH(QStringList, flags);
    QFETCH(QByteArrayList, missing);
    QFETCH(int, exitCode);
    QTemporaryDir tmp;
    const QString folder = tmp.filePath(QStringLiteral("export"));
    QVERIFY(writeFile(folder + QStringLiteral("/model.pt"), "weights"));
    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    const RunResult r = runCarton(QStringList{QStringLiteral("pack"), folder, QStringLiteral("-o"), out} + flags);
    QCOMPARE(r.exitCode, exitCode);
    for (const QByteArray &field : missing)
        QVERIFY2(r.err.contains(field), r.err.constData());
    if (missing.size() == 2)
        QCOMPARE(r.err.count("error:"), 2);
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList{});
}

QTEST_GUILESS_MAIN(tst_CliEdit)
#include "tst_cliedit.moc"
