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
};

QTEST_GUILESS_MAIN(TestProgress)
#include "tst_progress.moc"
