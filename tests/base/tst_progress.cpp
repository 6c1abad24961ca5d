// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/progress.h"

#include <QTest>
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
    void cancel()
    {
        Progress p;
        QVERIFY(!p.isCancelled());
        p.cancel();
        QVERIFY(p.isCancelled());
    }
};

QTEST_GUILESS_MAIN(TestProgress)
#include "tst_progress.moc"
