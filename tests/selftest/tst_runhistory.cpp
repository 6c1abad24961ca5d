// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The self-test run history: a run's record written and read back, the change
// between two runs with different tolerances, the newest 50 kept, and files
// that are corrupt, oversized or of the wrong shape refused with their reason.
#include "base/sha256.h"
#include "package/carton.h"
#include "selftest/runhistory.h"
#include "selftest/selftestengine.h"
#include "selftesttestutil.h"
#include "testsession.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

namespace {

QString key(const SelfTestRun &run)
{
    return historyKey(run.modelHash, run.cartonPath);
}

} // namespace

class TestRunHistory : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void aRunWritesARecord();
    void toleranceChangeIsShown();
    void newestFiftyKept();
    void leastRecentModelsGo();
    void corruptHistoryRefused();
    void oversizedHistoryRefused();
    void badFieldNamed();

private:
    // Runs self-test t (y expected {1, 2, 3}; the model returns y off by 0.005 at
    // index 1) with `options`.
    SelfTestRun run(const SelfTestOptions &options);
    QTemporaryDir m_dir;
    QString m_history;
};

void TestRunHistory::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_history = m_dir.filePath(u"history"_s);
    CartonFolder folder;
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"y"_s));
    SelfTest t;
    t.name = u"t"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}});
    t.expectedOut = refs({{"y", "@tensor_data/y"}});
    folder.info.selfTests = {t};
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::symbol(u"n"_s)}))}; // x binds n
    QVERIFY(folder.write(m_dir.filePath(u"carton"_s)));
}

SelfTestRun TestRunHistory::run(const SelfTestOptions &options)
{
    auto carton = Carton::open(m_dir.filePath(u"carton"_s));
    if (!carton)
        return {};
    FunctionSession session([](const TensorMap &) -> Result<TensorMap> {
        return TensorMap{{u"y"_s, f32({3}, {1.0, 2.005, 3.0}, u"y"_s)}};
    });
    session.setRunner(u"function 1.0"_s);
    Result<SelfTestRun> r = runSelfTests(**carton, session, options);
    return r ? *r : SelfTestRun();
}

void TestRunHistory::aRunWritesARecord()
{
    const QString folder = m_dir.filePath(u"one"_s);
    const SelfTestRun r = run({});
    QVERIFY(r.modelHash.isEmpty()); // a folder without a MANIFEST: its history goes by its path
    const QDateTime when = QDateTime::fromString(u"2026-11-28T10:00:00.000Z"_s, Qt::ISODateWithMs);
    const Status kept = RunHistory::append(folder, runRecordOf(r, when));
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().toString()));
    QVERIFY(QFile::exists(RunHistory::filePath(folder, key(r))));
    const Result<QList<RunRecord>> runs = RunHistory::load(folder, key(r));
    QVERIFY2(runs, qPrintable(runs ? QString() : runs.error().toString()));
    QCOMPARE(runs->size(), 1);
    const RunRecord &rec = runs->first();
    QCOMPARE(rec.date, when);
    QCOMPARE(rec.runner, u"function 1.0"_s);
    QCOMPARE(rec.modelHash, u"path-"_s + QString::fromLatin1(Sha256::hashHex(r.cartonPath.toUtf8())));
    QCOMPARE(rec.sandbox, r.sandbox.summary());
    QCOMPARE(rec.tolerances[u"preset"_s].toString(), u"close"_s);
    QCOMPARE(rec.loadMs, 5.0); // FunctionSession's load time
    QCOMPARE(rec.tests.size(), 1);
    QCOMPARE(rec.tests[0].status, u"failed"_s);
    QCOMPARE(rec.tests[0].outputs.size(), 1);
    const HistoryOutput &y = rec.tests[0].outputs[0];
    QCOMPARE(y.name, u"y"_s);
    QCOMPARE(y.verdict, u"failed"_s);
    QCOMPARE(y.mismatches, 1);
    QCOMPARE(*y.maxAbs, r.tests[0].outputs[0].comparison->absError.max);
    QCOMPARE(*y.atol, 1e-8);
    // The shape symbols the inputs bound are kept, and a change of them is shown.
    QCOMPARE(rec.tests[0].bindings, u"n=3"_s);
    RunRecord other = rec;
    other.tests[0].bindings = u"n=4"_s;
    QCOMPARE(runRecordChanges(rec, other), QStringList{u"t / bindings: n=3 → n=4"_s});
    const Result<RunRecord> back = runRecordFromJson(runRecordToJson(other), u"test"_s);
    QVERIFY(back);
    QCOMPARE(back->tests[0].bindings, u"n=4"_s);
}

void TestRunHistory::toleranceChangeIsShown()
{
    const QString folder = m_dir.filePath(u"two"_s);
    const SelfTestRun strict = run({});
    SelfTestOptions loose;
    QVERIFY(loose.tolerances.applyOption(u"atol", u"0.01"));
    const SelfTestRun relaxed = run(loose);
    QCOMPARE(relaxed.tests[0].status, SelfTestStatus::Passed);
    QVERIFY(RunHistory::append(folder, runRecordOf(strict, QDateTime::currentDateTimeUtc())));
    QVERIFY(RunHistory::append(folder, runRecordOf(relaxed, QDateTime::currentDateTimeUtc())));
    const Result<QList<RunRecord>> runs = RunHistory::load(folder, key(strict));
    QVERIFY(runs);
    QCOMPARE(runs->size(), 2);
    const QStringList changes = runRecordChanges(runs->at(0), runs->at(1));
    QVERIFY2(changes.size() == 3, qPrintable(changes.join(u'\n')));
    QCOMPARE(changes[0], u"tolerances: preset close → preset close, atol 0.01"_s);
    QCOMPARE(changes[1], u"t: failed → passed"_s);
    QVERIFY2(changes[2].startsWith(u"t / y: failed, max abs "_s) && changes[2].contains(u"atol 1e-08 → passed"_s) &&
                 changes[2].endsWith(u"atol 0.01"_s),
             qPrintable(changes[2]));
    // The same run twice: nothing changed.
    QVERIFY(runRecordChanges(runs->at(1), runs->at(1)).isEmpty());
}

void TestRunHistory::newestFiftyKept()
{
    const QString folder = m_dir.filePath(u"fifty"_s);
    const SelfTestRun r = run({});
    const QDateTime start = QDateTime::fromString(u"2026-01-01T00:00:00.000Z"_s, Qt::ISODateWithMs);
    for (int i = 0; i < kHistoryRuns + 5; ++i)
        QVERIFY(RunHistory::append(folder, runRecordOf(r, start.addSecs(i))));
    const Result<QList<RunRecord>> runs = RunHistory::load(folder, key(r));
    QVERIFY(runs);
    QCOMPARE(runs->size(), kHistoryRuns);
    QCOMPARE(runs->first().date, start.addSecs(5));
    QCOMPARE(runs->last().date, start.addSecs(kHistoryRuns + 4));
}

// At most maxFiles models keep a history: the one written least recently goes.
void TestRunHistory::leastRecentModelsGo()
{
    const QString folder = m_dir.filePath(u"models"_s);
    RunRecord r = runRecordOf(run({}), QDateTime::currentDateTimeUtc());
    const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-1);
    for (const QString &key : {u"aaa"_s, u"bbb"_s}) {
        r.modelHash = key;
        QVERIFY(RunHistory::append(folder, r, 2));
    }
    QFile a(RunHistory::filePath(folder, u"aaa"_s));
    QVERIFY(a.open(QIODevice::ReadWrite) && a.setFileTime(old, QFileDevice::FileModificationTime));
    a.close();
    r.modelHash = u"ccc"_s;
    QVERIFY(RunHistory::append(folder, r, 2));
    QVERIFY(!QFile::exists(RunHistory::filePath(folder, u"aaa"_s)));
    QVERIFY(QFile::exists(RunHistory::filePath(folder, u"bbb"_s)));
    QVERIFY(QFile::exists(RunHistory::filePath(folder, u"ccc"_s)));
}

void TestRunHistory::corruptHistoryRefused()
{
    const QString folder = m_dir.filePath(u"corrupt"_s);
    const SelfTestRun r = run({});
    const QString path = RunHistory::filePath(folder, key(r));
    QVERIFY(testutil::writeFile(path, "{\"format\": \"carton-selftest-history\", \"runs\": [tru"));
    const Result<QList<RunRecord>> runs = RunHistory::load(folder, key(r));
    QVERIFY(!runs);
    QCOMPARE(runs.error().code, ErrorCode::Format);
    QVERIFY2(runs.error().message.startsWith(path + u": not a run history: "_s), qPrintable(runs.error().message));
    // Not trusted, not overwritten: appending fails and leaves the file as it was.
    QVERIFY(!RunHistory::append(folder, runRecordOf(r, QDateTime::currentDateTimeUtc())));
    QCOMPARE(testutil::readFile(path), QByteArray("{\"format\": \"carton-selftest-history\", \"runs\": [tru"));
}

void TestRunHistory::oversizedHistoryRefused()
{
    const QString folder = m_dir.filePath(u"big"_s);
    const SelfTestRun r = run({});
    const QString path = RunHistory::filePath(folder, key(r));
    QVERIFY(testutil::writeFile(path, QByteArray(kHistoryMaxBytes + 1, ' ')));
    const Result<QList<RunRecord>> runs = RunHistory::load(folder, key(r));
    QVERIFY(!runs);
    QCOMPARE(runs.error().code, ErrorCode::Limit);
    QVERIFY2(runs.error().message.contains(path) && runs.error().message.contains(u"not read"_s),
             qPrintable(runs.error().message));
}

void TestRunHistory::badFieldNamed()
{
    const QString folder = m_dir.filePath(u"field"_s);
    const SelfTestRun r = run({});
    QVERIFY(RunHistory::append(folder, runRecordOf(r, QDateTime::currentDateTimeUtc())));
    const QString path = RunHistory::filePath(folder, key(r));
    QByteArray text = testutil::readFile(path);
    const qsizetype at = text.indexOf("\"load_ms\": ");
    QVERIFY(at > 0);
    text.insert(at + 11, "\"five\", \"was\": ");
    QVERIFY(testutil::writeFile(path, text));
    const Result<QList<RunRecord>> runs = RunHistory::load(folder, key(r));
    QVERIFY(!runs);
    QCOMPARE(runs.error().message, path + u": runs[0]: field \"load_ms\" should be a number"_s);
    // A history of another model (the file renamed) is not trusted either.
    QVERIFY(RunHistory::append(m_dir.filePath(u"other"_s), runRecordOf(r, QDateTime::currentDateTimeUtc())));
    QVERIFY(QFile::rename(RunHistory::filePath(m_dir.filePath(u"other"_s), key(r)),
                          RunHistory::filePath(m_dir.filePath(u"other"_s), u"abc"_s)));
    const Result<QList<RunRecord>> other = RunHistory::load(m_dir.filePath(u"other"_s), u"abc"_s);
    QVERIFY(!other);
    QVERIFY2(other.error().message.contains(u"field \"model_hash\" should be \"abc\""_s),
             qPrintable(other.error().message));
}

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
