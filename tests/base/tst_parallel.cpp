// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/parallel.h"
#include "base/progress.h"
#include "base/workerthreads.h"

#include <QSet>
#include <QTest>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

using namespace carton;

class TestParallel final : public QObject {
    Q_OBJECT
private slots:
    void threadCounts()
    {
        QVERIFY(defaultThreadCount() >= 1);
        QCOMPARE(threadCount(3), 3);
        QCOMPARE(threadCount(0), defaultThreadCount());
        QCOMPARE(threadCountFor(8, 3), 3); // never more than the items
        QCOMPARE(threadCountFor(8, 0), 1); // at least one
        QCOMPARE(threadCountFor(-1, 1000), std::min(1000, defaultThreadCount()));
    }

    void everyIndexOnceOnSeveralThreads()
    {
        constexpr int kThreads = 4;
        constexpr qint64 kCount = 1000;
        std::vector<std::atomic<int>> calls(kCount);
        std::mutex mutex;
        std::condition_variable allHere;
        QSet<int> workersSeen;
        QSet<std::thread::id> threadsSeen;
        const Status s = parallelFor(kCount, kThreads, [&](qint64 i, int worker) -> Status {
            calls[size_t(i)].fetch_add(1);
            std::unique_lock lock(mutex);
            workersSeen.insert(worker);
            threadsSeen.insert(std::this_thread::get_id());
            // The first indices wait until all four workers run at once (bounded, so a
            // serial implementation fails the comparison below instead of hanging).
            allHere.notify_all();
            if (i < kThreads)
                allHere.wait_for(lock, std::chrono::seconds(5), [&] { return workersSeen.size() == kThreads; });
            return {};
        });
        QVERIFY(s.ok());
        for (qint64 i = 0; i < kCount; ++i)
            QCOMPARE(calls[size_t(i)].load(), 1);
        QCOMPARE(workersSeen, (QSet<int>{0, 1, 2, 3}));
        QCOMPARE(threadsSeen.size(), kThreads);
        QVERIFY(threadsSeen.contains(std::this_thread::get_id())); // the caller is worker 0
    }

    void theLowestFailureWins()
    {
        // Indices start in order, so 7 is taken before 9 and runs even when 9 fails first.
        std::atomic<qint64> started{0};
        const Status s = parallelFor(100000, 3, [&](qint64 i, int) -> Status {
            started.fetch_add(1);
            if (i == 7 || i == 9)
                return makeError(ErrorCode::Io, QStringLiteral("failed at %1").arg(i), QStringLiteral("item"));
            return {};
        });
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::Io);
        QCOMPARE(s.error().message, QStringLiteral("failed at 7"));
        QCOMPARE(s.error().location, QStringLiteral("item"));
        QVERIFY(started.load() < 100000);
    }

    void nothingStartsAfterAFailure()
    {
        qint64 started = 0;
        const Status s = parallelFor(1000, 1, [&](qint64 i, int) -> Status {
            ++started;
            return i == 7 ? Status(makeError(ErrorCode::Io, QStringLiteral("failed"))) : Status();
        });
        QVERIFY(!s.ok());
        QCOMPARE(started, qint64(8));
    }

    void cancelledProgressStopsTheLoop()
    {
        Progress progress;
        std::atomic<int> afterCancel{0};
        const Status s = parallelFor(100000, 2, [&](qint64 i, int) -> Status {
            if (progress.isCancelled()) {
                afterCancel.fetch_add(1);
                return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
            }
            if (i == 10)
                progress.cancel();
            return {};
        });
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::Cancelled);
        // Each worker sees the cancel in the next body it starts and stops there.
        QVERIFY(afterCancel.load() >= 1);
        QVERIFY(afterCancel.load() <= 2);
    }

    void emptyAndSingle()
    {
        int calls = 0;
        QVERIFY(parallelFor(0, 4, [&](qint64, int) -> Status {
                    ++calls;
                    return {};
                }).ok());
        QCOMPARE(calls, 0);
        const std::thread::id caller = std::this_thread::get_id();
        QVERIFY(parallelFor(3, 1, [&](qint64, int worker) -> Status {
                    ++calls;
                    return worker == 0 && std::this_thread::get_id() == caller
                               ? Status()
                               : Status(makeError(ErrorCode::Format, QStringLiteral("not on the caller")));
                }).ok());
        QCOMPARE(calls, 3);
    }

    void workerThreadsRunEachWorkerOnceAndJoinTwice()
    {
        std::vector<std::atomic<int>> ran(3);
        WorkerThreads threads(3, [&](int worker) { ran[size_t(worker)].fetch_add(1); });
        threads.join();
        threads.join(); // idempotent; the destructor joins a third time
        for (const auto &r : ran)
            QCOMPARE(r.load(), 1);
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
