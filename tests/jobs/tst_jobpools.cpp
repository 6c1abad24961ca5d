// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The one registry of the widgets' thread pools: shutdown (waitForAll) drains
// every pool, also of jobs that a job started on another pool.
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <array>
#include <atomic>

using studio::JobPools;
using studio::LatestJob;
using namespace Qt::StringLiterals;

class TestJobPools final : public QObject {
    Q_OBJECT

private slots:
    void kindsHaveTheirOwnPools()
    {
        QList<QThreadPool *> pools;
        for (int k = 0; k < JobPools::kindCount; ++k) {
            QThreadPool *pool = JobPools::pool(JobPools::Kind(k));
            QVERIFY(pool);
            QVERIFY(!pools.contains(pool));
            QVERIFY(pool != QThreadPool::globalInstance());
            pools.append(pool);
        }
        // Blocking work cannot take every thread of the shared pool.
        QCOMPARE(JobPools::pool(JobPools::Kind::Verify)->maxThreadCount(), 4);
        QCOMPARE(JobPools::pool(JobPools::Kind::Run)->maxThreadCount(), 2);
    }

    // Shutdown with a job running in every pool, and one that a job starts on
    // another pool while being drained, leaves none running and none unfinished.
    void waitForAllDrainsEveryPool()
    {
        LatestJob jobs;
        QSemaphore running;
        QSemaphore release;
        std::array<std::atomic<bool>, JobPools::kindCount> finished{};
        std::atomic<bool> chainedFinished = false;
        for (int k = 0; k < JobPools::kindCount; ++k) {
            const auto kind = JobPools::Kind(k);
            jobs.start(
                u"job%1"_s.arg(k),
                [&, k, kind](carton::Progress &) {
                    running.release();
                    release.acquire();
                    QThread::msleep(100);            // still working when the drain starts
                    if (kind == JobPools::Kind::Run) // the last pool drained starts work on the first
                        JobPools::pool(JobPools::Kind::Shared)->start([&] {
                            QThread::msleep(100);
                            chainedFinished = true;
                        });
                    finished[size_t(k)] = true;
                    return k;
                },
                [](int) {}, {}, kind);
        }
        QVERIFY(running.tryAcquire(JobPools::kindCount, 10000)); // one running in each pool at once
        QCOMPARE(JobPools::activeThreadCount(), JobPools::kindCount);
        release.release(JobPools::kindCount);
        JobPools::waitForAll();
        for (int k = 0; k < JobPools::kindCount; ++k)
            QVERIFY2(finished[size_t(k)], qPrintable(u"pool %1 was not drained"_s.arg(k)));
        QVERIFY(chainedFinished);
        QCOMPARE(JobPools::activeThreadCount(), 0);
        for (int k = 0; k < JobPools::kindCount; ++k)
            QCOMPARE(JobPools::pool(JobPools::Kind(k))->activeThreadCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestJobPools)
#include "tst_jobpools.moc"
