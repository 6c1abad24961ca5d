// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"

#include <QRegularExpression>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>

using studio::JobPools;
using studio::LatestJob;
using namespace Qt::StringLiterals;

namespace {

// Work that runs until cancelled (or `maxMs`), then says whether it was cancelled.
auto spinUntilCancelled(std::shared_ptr<std::atomic<bool>> sawCancel, int maxMs = 5000)
{
    return [sawCancel, maxMs](carton::Progress &progress) {
        for (int i = 0; i < maxMs / 2 && !progress.isCancelled(); ++i)
            QThread::msleep(2);
        sawCancel->store(progress.isCancelled());
        return progress.isCancelled() ? -1 : 1;
    };
}

} // namespace

class TestLatestJob final : public QObject {
    Q_OBJECT

private slots:
    void deliversResultOnGuiThread()
    {
        LatestJob jobs;
        QThread *gui = QThread::currentThread();
        QThread *ranOn = nullptr;
        QThread *deliveredOn = nullptr;
        int result = 0;
        jobs.start(
            QStringLiteral("a"),
            [&ranOn](carton::Progress &) {
                ranOn = QThread::currentThread();
                return 42;
            },
            [&](int value) {
                deliveredOn = QThread::currentThread();
                result = value;
            });
        QVERIFY(jobs.isRunning(QStringLiteral("a")));
        QTRY_COMPARE(result, 42);
        QVERIFY(ranOn != gui);
        QCOMPARE(deliveredOn, gui);
        QVERIFY(!jobs.isRunning(QStringLiteral("a")));
    }

    void newerJobOfSameKeyWinsAndCancelsOlder()
    {
        LatestJob jobs;
        auto firstCancelled = std::make_shared<std::atomic<bool>>(false);
        QList<int> delivered;
        jobs.start(QStringLiteral("k"), spinUntilCancelled(firstCancelled),
                   [&delivered](int v) { delivered.append(v); });
        jobs.start(
            QStringLiteral("k"), [](carton::Progress &) { return 2; }, [&delivered](int v) { delivered.append(v); });
        QTRY_COMPARE(delivered, QList<int>{2});
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QVERIFY(firstCancelled->load());
        QCOMPARE(delivered, QList<int>{2}); // the older result (-1) was dropped
    }

    void staleResultDroppedEvenWhenOlderFinishesLast()
    {
        LatestJob jobs;
        QList<int> delivered;
        // The older job ignores cancellation and finishes after the newer one: it
        // waits until the newer one has returned (the pool runs two at once).
        auto newerDone = std::make_shared<QSemaphore>();
        auto olderSawNewer = std::make_shared<std::atomic<bool>>(false);
        jobs.start(
            QStringLiteral("k"),
            [newerDone, olderSawNewer](carton::Progress &) {
                olderSawNewer->store(newerDone->tryAcquire(1, 10000));
                return 1;
            },
            [&delivered](int v) { delivered.append(v); });
        jobs.start(
            QStringLiteral("k"),
            [newerDone](carton::Progress &) {
                newerDone->release();
                return 2;
            },
            [&delivered](int v) { delivered.append(v); });
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY(olderSawNewer->load());
        QCOMPARE(delivered, QList<int>{2});
    }

    void differentKeysRunIndependently()
    {
        LatestJob jobs;
        int a = 0, b = 0;
        jobs.start(
            QStringLiteral("a"), [](carton::Progress &) { return 1; }, [&a](int v) { a = v; });
        jobs.start(
            QStringLiteral("b"), [](carton::Progress &) { return 2; }, [&b](int v) { b = v; });
        QCOMPARE(jobs.runningCount(), 2);
        QTRY_COMPARE(a, 1);
        QTRY_COMPARE(b, 2);
        QCOMPARE(jobs.runningCount(), 0);
    }

    void cancelDropsResultAndSignals()
    {
        LatestJob jobs;
        QSignalSpy running(&jobs, &LatestJob::runningChanged);
        auto cancelled = std::make_shared<std::atomic<bool>>(false);
        bool delivered = false;
        jobs.start(QStringLiteral("k"), spinUntilCancelled(cancelled), [&delivered](int) { delivered = true; });
        jobs.cancel(QStringLiteral("k"));
        QVERIFY(!jobs.isRunning(QStringLiteral("k")));
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QVERIFY(cancelled->load());
        QVERIFY(!delivered);
        QCOMPARE(running.size(), 2);
        QCOMPARE(running.at(0).at(1).toBool(), true);
        QCOMPARE(running.at(1).at(1).toBool(), false);
    }

    void destroyingOwnerWhileRunningCancelsAndDropsResult()
    {
        auto cancelled = std::make_shared<std::atomic<bool>>(false);
        auto delivered = std::make_shared<bool>(false);
        auto progressSeen = std::make_shared<bool>(false);
        auto started = std::make_shared<QSemaphore>();
        {
            LatestJob jobs;
            jobs.start(
                QStringLiteral("k"),
                [cancelled, started](carton::Progress &progress) {
                    started->release();
                    progress.setTotal(100);
                    for (int i = 0; i < 2500 && !progress.isCancelled(); ++i) {
                        progress.advance(0);
                        QThread::msleep(2);
                    }
                    cancelled->store(progress.isCancelled());
                    return 0;
                },
                [delivered](int) { *delivered = true; }, [progressSeen](qint64, qint64) { *progressSeen = true; });
            QVERIFY(started->tryAcquire(1, 10000));
        } // destroyed while the work runs
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY(cancelled->load());
        QVERIFY(!*delivered);
        QVERIFY(!*progressSeen); // posted progress of a destroyed owner is dropped too
    }

    void progressReachesReceiver()
    {
        LatestJob jobs;
        qint64 lastDone = -1, lastTotal = -1;
        bool finished = false;
        jobs.start(
            QStringLiteral("p"),
            [](carton::Progress &progress) {
                progress.setTotal(10);
                for (int i = 0; i < 10; ++i)
                    progress.advance(1);
                return 0;
            },
            [&finished](int) { finished = true; },
            [&](qint64 done, qint64 total) {
                lastDone = done;
                lastTotal = total;
            });
        QTRY_VERIFY(finished);
        QCOMPARE(lastTotal, 10);
        QCOMPARE(lastDone, 10); // the final step is always reported, before the result
    }

    void progressNamesWhatIsWorkedOn()
    {
        LatestJob jobs;
        QStringList names;
        bool finished = false;
        jobs.start(
            QStringLiteral("w"),
            [](carton::Progress &progress) {
                progress.setTotal(2);
                progress.advance(1, QStringLiteral("model/a.bin"));
                progress.advance(1, QStringLiteral("model/b.bin"));
                return 0;
            },
            [&finished](int) { finished = true; },
            [&names](qint64, qint64, const QString &what) {
                if (!what.isEmpty() && !names.contains(what))
                    names.append(what);
            });
        QTRY_VERIFY(finished);
        QVERIFY2(names.contains(QStringLiteral("model/b.bin")), qPrintable(names.join(u',')));
    }

    void postedReportsArriveInOrderBeforeTheResult()
    {
        LatestJob jobs;
        QStringList events;
        QThread *gui = QThread::currentThread();
        bool allOnGui = true;
        jobs.start(
            QStringLiteral("r"),
            [&events, &allOnGui, gui](carton::Progress &, const LatestJob::Post &post) {
                for (int i = 0; i < 50; ++i)
                    post([i, &events, &allOnGui, gui] {
                        allOnGui = allOnGui && QThread::currentThread() == gui;
                        events.append(QString::number(i));
                    });
                return 7;
            },
            [&events](int value) { events.append(u"result "_s + QString::number(value)); });
        QTRY_COMPARE(events.size(), 51);
        QVERIFY(allOnGui);
        for (int i = 0; i < 50; ++i)
            QCOMPARE(events.at(i), QString::number(i));
        QCOMPARE(events.last(), u"result 7"_s);
    }

    void postedReportsOfAReplacedJobAreDropped()
    {
        LatestJob jobs;
        QStringList events;
        auto release = std::make_shared<std::atomic<bool>>(false);
        jobs.start(
            QStringLiteral("r"),
            [&events, release](carton::Progress &, const LatestJob::Post &post) {
                while (!release->load())
                    QThread::msleep(1);
                post([&events] { events.append(u"old report"_s); });
                return 1;
            },
            [&events](int) { events.append(u"old result"_s); });
        jobs.start(
            QStringLiteral("r"),
            [](carton::Progress &, const LatestJob::Post &post) {
                post([] {});
                return 2;
            },
            [&events](int value) { events.append(u"new result "_s + QString::number(value)); });
        QTRY_COMPARE(events, QStringList{u"new result 2"_s});
        release->store(true); // the replaced job now reports and returns: both dropped
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QCOMPARE(events, QStringList{u"new result 2"_s});
    }

    // Exceptions are caught at the job's boundary, once for all owners: work that
    // returns a Result gets the exception as its error.
    void exceptionBecomesTheResultsError()
    {
        LatestJob jobs;
        QSignalSpy failed(&jobs, &LatestJob::failed);
        std::optional<carton::Result<int>> delivered;
        jobs.start(
            u"a"_s, [](carton::Progress &) -> carton::Result<int> { throw std::bad_alloc(); },
            [&](carton::Result<int> value) { delivered = std::move(value); });
        QTRY_VERIFY(delivered.has_value());
        QVERIFY(!delivered->ok());
        QCOMPARE(delivered->error().code, carton::ErrorCode::Limit);
        QVERIFY2(delivered->error().message.contains(u"bad_alloc"_s), qPrintable(delivered->error().message));
        QCOMPARE(failed.count(), 0);
        QVERIFY(!jobs.isRunning(u"a"_s));
    }

    // Work with a plain value ends with failed() naming the key and what was thrown, not with `done`.
    void exceptionOfPlainWorkIsReportedAsFailed()
    {
        LatestJob jobs;
        QSignalSpy failed(&jobs, &LatestJob::failed);
        QSignalSpy running(&jobs, &LatestJob::runningChanged);
        bool doneCalled = false;
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(uR"(job "b" failed: .*disk on fire)"_s));
        jobs.start(
            u"b"_s, [](carton::Progress &) -> int { throw std::runtime_error("disk on fire"); },
            [&](int) { doneCalled = true; });
        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), u"b"_s);
        QVERIFY2(failed.at(0).at(1).toString().contains(u"disk on fire"_s), qPrintable(failed.at(0).at(1).toString()));
        QVERIFY(!doneCalled);
        QVERIFY(!jobs.isRunning(u"b"_s));
        QCOMPARE(running.count(), 2); // started, then ended
        QCOMPARE(running.at(1).at(1).toBool(), false);
    }

    // A job replaced by a newer one says nothing when it throws.
    void exceptionOfAReplacedJobIsDropped()
    {
        LatestJob jobs;
        QSignalSpy failed(&jobs, &LatestJob::failed);
        auto release = std::make_shared<std::atomic<bool>>(false);
        jobs.start(
            u"c"_s,
            [release](carton::Progress &) -> int {
                while (!release->load())
                    QThread::msleep(1);
                throw std::runtime_error("late");
            },
            [](int) {});
        int second = 0;
        jobs.start(
            u"c"_s, [](carton::Progress &) { return 7; }, [&](int v) { second = v; });
        QTRY_COMPARE(second, 7);
        release->store(true);
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QCOMPARE(failed.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLatestJob)
#include "tst_latestjob.moc"
