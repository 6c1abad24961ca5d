// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/progress.h"
#include "base/progresssteps.h"

#include <QTest>
#include <limits>
#include <thread>
#include <vector>

using namespace carton;

class TestProgress final : public QObject {
    Q_OBJECT
private slots:
    void countsFromManyThreadsAndReportsTheEnd()
    {
        std::atomic<int> calls{0};
        qint64 lastDone = -1, lastTotal = -1;
        Progress p([&](qint64 done, qint64 total, const QString &) {
            ++calls;
            lastDone = done;
            lastTotal = total;
        });
        p.setTotal(4 * 10000);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&] {
                for (int i = 0; i < 10000; ++i)
                    p.advance(1);
            });
        for (auto &t : threads)
            t.join();
        QCOMPARE(p.done(), qint64(40000));
        QCOMPARE(lastDone, qint64(40000)); // the final step is always reported
        QCOMPARE(lastTotal, qint64(40000));
        QVERIFY(calls < 1000); // throttled, not one call per advance
    }
    // A carton of 100,000 empty files: the total (0 bytes) is reached at once and
    // every later step is throttled, not reported one by one (the window redrew
    // its status 100,000 times: 25 s to open such a carton).
    void stepsAfterTheTotalAreThrottled()
    {
        int calls = 0;
        Progress p([&](qint64, qint64, const QString &) { ++calls; });
        p.setTotal(0);
        const int afterSetTotal = calls;
        for (int i = 0; i < 100000; ++i)
            p.advance(0, QStringLiteral("empty"));
        QVERIFY2(calls - afterSetTotal < 100, qPrintable(QString::number(calls - afterSetTotal)));
        // Reaching a total that grew is reported again, whatever the throttle.
        p.addTotal(10);
        const int before = calls;
        p.advance(10);
        QCOMPARE(calls, before + 1);
    }
    void stepsScaleClampAndNeverOverflow_data()
    {
        QTest::addColumn<qint64>("done");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<int>("steps");
        QTest::newRow("unknown total") << qint64(5) << qint64(0) << 0;
        QTest::newRow("negative total") << qint64(5) << qint64(-1) << 0;
        QTest::newRow("nothing done") << qint64(0) << qint64(100) << 0;
        QTest::newRow("negative done") << qint64(-3) << qint64(100) << 0;
        QTest::newRow("half") << qint64(50) << qint64(100) << 500;
        QTest::newRow("truncated") << qint64(2) << qint64(3) << 666;
        QTest::newRow("just short of the end") << qint64(999'999) << qint64(1'000'000) << 999;
        QTest::newRow("done") << qint64(100) << qint64(100) << 1000;
        QTest::newRow("overshoot") << qint64(150) << qint64(100) << 1000;
        // done * 1000 would overflow qint64.
        QTest::newRow("huge") << std::numeric_limits<qint64>::max() / 2 << std::numeric_limits<qint64>::max() << 500;
    }

    void stepsScaleClampAndNeverOverflow()
    {
        QFETCH(qint64, done);
        QFETCH(qint64, total);
        QFETCH(int, steps);
        QCOMPARE(carton::progressSteps(done, total), steps);
    }

    void cancel()
    {
        Progress p;
        QVERIFY(!p.isCancelled());
        p.cancel();
        QVERIFY(p.isCancelled());
    }

    void partOfAParent()
    {
        QString lastWhat;
        qint64 lastTotal = -1;
        Progress parent([&](qint64, qint64 total, const QString &what) {
            lastTotal = total;
            if (!what.isEmpty())
                lastWhat = what;
        });
        parent.setTotal(1000);
        parent.advance(400, QStringLiteral("local.bin"));
        {
            Progress part(&parent, QStringLiteral("model/linked.bin"));
            part.setTotal(300); // the download's size, once known
            QCOMPARE(parent.total(), 1300);
            QCOMPARE(lastTotal, 1300);
            QCOMPARE(lastWhat, QStringLiteral("model/linked.bin"));
            part.advance(100, QStringLiteral("https://example.invalid/x"));
            part.setTotal(350); // a later, larger size replaces the first
            QCOMPARE(parent.total(), 1350);
            QCOMPARE(parent.done(), 500);
            QCOMPARE(part.done(), 100);
            QVERIFY(!part.isCancelled());
            parent.cancel();
            QVERIFY(part.isCancelled());
            QVERIFY(!Progress(nullptr, QString()).isCancelled());
        }
        QCOMPARE(parent.done(), 500);
    }

    // A step the throttle held back is delivered by flush() (a stalled download
    // calls it), once the 50 ms have passed; with nothing held, flush() is silent.
    void flushDeliversAHeldStep()
    {
        int calls = 0;
        qint64 lastDone = -1;
        QString lastWhat;
        Progress parent([&](qint64 done, qint64, const QString &what) {
            ++calls;
            lastDone = done;
            lastWhat = what;
        });
        parent.setTotal(1000);
        QCOMPARE(calls, 1);
        parent.advance(10, QStringLiteral("a.bin")); // right after setTotal: held back
        QCOMPARE(calls, 1);
        Progress part(&parent, QStringLiteral("model/linked.bin"));
        part.flush(); // too early: held still
        QCOMPARE(calls, 1);
        QTest::qWait(60);
        parent.flush(); // from the parent itself: the held step, with its own name
        QCOMPARE(calls, 2);
        QCOMPARE(lastDone, 10);
        QCOMPARE(lastWhat, QStringLiteral("a.bin"));
        QTest::qWait(60);
        parent.flush(); // nothing held
        QCOMPARE(calls, 2);
        part.flush(); // the part still works: the parent names it
        QCOMPARE(calls, 3);
        QCOMPARE(lastDone, 10);
        QCOMPARE(lastWhat, QStringLiteral("model/linked.bin"));
        QTest::qWait(60);
        part.flush(); // named already, nothing held
        QCOMPARE(calls, 3);
    }
};

QTEST_GUILESS_MAIN(TestProgress)
#include "tst_progress.moc"
