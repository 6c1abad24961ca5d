// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The hostile-input suite through the `carton` tool: every case gives its exit
// code and a clear message, no crash, in bounded time and memory, and nothing is
// written outside the folder the command was told to write to.
#include "../links/testhttpserver.h"
#include "hostilecases.h"
#include "testpaths.h"
#include "testutil.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <sys/resource.h>

using namespace Qt::StringLiterals;

namespace {

#ifdef CARTON_SANITIZED
// ASan and UBSan make the tool slower and its memory larger (shadow memory and
// the allocator's quarantine); the bounds stay, scaled.
constexpr qint64 kTimeLimitMs = 20'000;
constexpr qint64 kMemoryLimitKiB = 1536 << 10;
#else
constexpr qint64 kTimeLimitMs = 5'000;
constexpr qint64 kMemoryLimitKiB = 512 << 10;
#endif

// The largest resident set of any child this process has waited for, in KiB.
qint64 childrenMaxRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss;
}

// Every file under `dir`, relative, sorted.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

} // namespace

class TestHostileCli final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void suiteIsLarge();
    void hostile_data();
    void hostile();

private:
    TestHttpServer m_server;
    QTemporaryDir m_dir;
    QList<hostile::Case> m_cases;
};

void TestHostileCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (qEnvironmentVariableIsSet("CARTON_HOSTILE_KEEP")) { // to look at the files (or seed a fuzzer)
        m_dir.setAutoRemove(false);
        qInfo().noquote() << "hostile files kept in" << m_dir.filePath(u"cases"_s);
    }
    QVERIFY(m_server.start());
    for (const hostile::LinkRoute &r : hostile::linkRoutes()) {
        TestRoute route;
        route.status = r.status;
        route.body = r.body;
        route.delayMs = r.delayMs;
        if (!r.contentEncoding.isEmpty())
            route.headers.append({"Content-Encoding", r.contentEncoding});
        if (r.endless)
            route.mode = TestRoute::Mode::Endless;
        m_server.setRoute(r.path, route);
    }
    m_cases = hostile::cases(m_server.url(""));
    QDir().mkpath(m_dir.filePath(u"cases"_s));
    for (const hostile::Case &c : std::as_const(m_cases))
        QVERIFY(testutil::writeFile(m_dir.filePath(u"cases/"_s + c.fileName), c.bytes));
}

void TestHostileCli::suiteIsLarge()
{
    QMap<QString, int> perCategory;
    for (const hostile::Case &c : std::as_const(m_cases))
        ++perCategory[c.category];
    qInfo().noquote() << m_cases.size() << "hostile cases:" << perCategory;
    QVERIFY2(m_cases.size() >= 100, qPrintable(QString::number(m_cases.size())));
    for (const QString &category :
         {u"zip"_s, u"toml"_s, u"manifest"_s, u"tensor"_s, u"links"_s, u"safetensors"_s, u"npy"_s})
        QVERIFY2(perCategory.value(category) >= 5, qPrintable(category));
}

void TestHostileCli::hostile_data()
{
    QTest::addColumn<int>("index");
    // initTestCase has not run yet when the data function is called: count rows
    // from a throwaway list (the link base only changes the LINKS text).
    const QList<hostile::Case> rows = hostile::cases(u"http://127.0.0.1:9"_s);
    for (int i = 0; i < rows.size(); ++i)
        QTest::newRow(qPrintable(rows.at(i).name)) << i;
}

void TestHostileCli::hostile()
{
    QFETCH(int, index);
    QVERIFY(index < m_cases.size());
    const hostile::Case &c = m_cases.at(index);
    const QString file = m_dir.filePath(u"cases/"_s + c.fileName);
    const QByteArray before = QCryptographicHash::hash(c.bytes, QCryptographicHash::Sha256);

    // A scratch folder per run: the working folder, TMPDIR and HOME are empty
    // folders of their own, and unpack writes under out/.
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString root = scratch.path();
    for (const char *sub : {"cwd", "tmp", "home", "out"})
        QVERIFY(QDir(root).mkpath(QString::fromLatin1(sub)));
    QStringList args = c.command;
    for (QString &a : args) {
        a.replace(u"%f"_s, file);
        a.replace(u"%o"_s, root + u"/out/unpacked"_s);
    }

    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"TMPDIR"_s, root + u"/tmp"_s);
    env.insert(u"HOME"_s, root + u"/home"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, root + u"/home/.config"_s);
    env.insert(u"XDG_CACHE_HOME"_s, root + u"/home/.cache"_s);
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(root + u"/cwd"_s);
    QElapsedTimer timer;
    timer.start();
    p.start(testutil::binaryPath(u"/bin/carton"), args);
    QVERIFY(p.waitForStarted());
    const qint64 timeLimitMs = std::max(kTimeLimitMs, c.timeLimitMs);
    const bool finished = p.waitForFinished(int(timeLimitMs));
    const qint64 elapsed = timer.elapsed();
    if (!finished) {
        p.kill();
        p.waitForFinished();
    }
    const QString output = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    if (qEnvironmentVariableIsSet("CARTON_HOSTILE_VERBOSE"))
        qInfo().noquote() << elapsed << "ms, exit" << p.exitCode() << output.left(600);
    QVERIFY2(finished, qPrintable(u"still running after %1 ms: %2"_s.arg(timeLimitMs).arg(args.join(u' '))));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit, qPrintable(u"crashed: "_s + output.right(2000)));
    QVERIFY2(elapsed < timeLimitMs, qPrintable(QString::number(elapsed)));
    const qint64 rss = childrenMaxRssKiB();
    QVERIFY2(rss < kMemoryLimitKiB, qPrintable(u"peak RSS %1 KiB"_s.arg(rss)));

    // The verdict and a message that says what is wrong.
    QVERIFY2(p.exitCode() == c.exitCode,
             qPrintable(u"exit %1 (expected %2): %3"_s.arg(p.exitCode()).arg(c.exitCode).arg(output.left(2000))));
    QVERIFY2(output.contains(c.expect), qPrintable(u"no \"%1\" in: %2"_s.arg(c.expect, output.left(2000))));
    for (const QString &bad : {u"bad_alloc"_s, u"AddressSanitizer"_s, u"runtime error:"_s, u"terminate called"_s})
        QVERIFY2(!output.contains(bad), qPrintable(output.left(2000)));
    QVERIFY2(output.size() < 64 * 1024, qPrintable(u"%1 characters of output"_s.arg(output.size())));

    // Nothing written anywhere else; the case's file is untouched.
    QCOMPARE(filesUnder(root + u"/cwd"_s), QStringList());
    QCOMPARE(filesUnder(root + u"/tmp"_s), QStringList());
    QCOMPARE(filesUnder(root + u"/home"_s), QStringList());
    const QStringList out = filesUnder(root + u"/out"_s);
    for (const QString &path : out)
        QVERIFY2(path.startsWith(u"unpacked"_s), qPrintable(path));
    QVERIFY(!QFileInfo::exists(root + u"/evil.txt"_s) && !QFileInfo::exists(u"/etc/evil"_s));
    QCOMPARE(QCryptographicHash::hash(testutil::readFile(file), QCryptographicHash::Sha256), before);
    QVERIFY(QFileInfo(m_dir.filePath(u"cases"_s)).isDir());
}

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostilecli.moc"
