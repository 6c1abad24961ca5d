// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Compare tab's Outputs (issue 41): two python-runner cartons (y = 2x against
// y = 2.001x) run through the sandboxed runner host after the consent dialog, on
// both sides' self-test inputs; the figures are those `carton diff --run --json`
// prints for the same pair, the error map shows |B − A|, a looser tolerance judges
// the kept outputs again, and Cancel kills a model that would run for a minute.
#include "clirunner.h"
#include "compare/compareoutputspane.h"
#include "compare/comparepage.h"
#include "jobs/jobpools.h"
#include "runnertestutil.h"
#include "scalecartons.h"
#include "selftests/backendcomparisonview.h"
#include "selftests/errormappane.h"
#include "selftests/runconsentdialog.h"
#include "selftests/tolerancebar.h"
#include "tensorviewer/tensorviewer.h"
#include "testpaths.h"
#include "testsession.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace carton;
using namespace Qt::StringLiterals;
using studio::BackendComparisonView;
using studio::CompareOutputsPane;
using studio::ComparePage;

class TestCompareOutputs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void outputsMatchTheCli();
    void cancelKillsTheRun();

private:
    // A Compare tab of a and b, compared, with this build's runner host and plugins.
    ComparePage *comparedPage(QTabWidget &tabs, const QString &a, const QString &b);
    // Clicks Run in every consent dialog while the timer runs; counts them.
    void acceptConsent(QTimer &timer, int *asked);
    QTemporaryDir m_dir;
    QString m_a, m_b, m_slow;
};

void TestCompareOutputs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_DATA_HOME", m_dir.filePath(u"data"_s).toLocal8Bit());
    m_a = difftest::writeScaleCarton(m_dir.filePath(u"a"_s), u"a"_s, "2.0");
    m_b = difftest::writeScaleCarton(m_dir.filePath(u"b"_s), u"b"_s, "2.001");
    m_slow = difftest::writeScaleCarton(m_dir.filePath(u"slow"_s), u"slow"_s, "2.0", "        time.sleep(60)\n");
    QVERIFY(!m_a.isEmpty() && !m_b.isEmpty() && !m_slow.isEmpty());
}

void TestCompareOutputs::cleanupTestCase()
{
    studio::JobPools::waitForAll();
}

void TestCompareOutputs::acceptConsent(QTimer &timer, int *asked)
{
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [asked] {
        if (auto *dialog = qobject_cast<studio::RunConsentDialog *>(QApplication::activeModalWidget())) {
            ++*asked;
            dialog->runButton()->click();
        }
    });
    timer.start();
}

ComparePage *TestCompareOutputs::comparedPage(QTabWidget &tabs, const QString &a, const QString &b)
{
    ComparePage *page = ComparePage::openTab(&tabs, a, b);
    QSignalSpy compared(page, &ComparePage::compared);
    if (!compared.wait(20'000))
        return nullptr;
    page->outputsPane()->setRunOptions(runnertest::runOptions());
    return page;
}

void TestCompareOutputs::outputsMatchTheCli()
{
    QTabWidget tabs;
    ComparePage *page = comparedPage(tabs, m_a, m_b);
    QVERIFY(page);
    CompareOutputsPane *pane = page->outputsPane();
    QVERIFY(pane->runButton()->isEnabled());
    pane->toleranceBar()->rtolEdit()->setText(u"1e-4"_s);
    pane->toleranceBar()->atolEdit()->setText(u"0"_s);
    pane->inputsBox()->setCurrentIndex(pane->inputsBox()->findData(int(CompareOutputsPane::Inputs::Both)));
    QTimer consent;
    int asked = 0;
    acceptConsent(consent, &asked);
    QSignalSpy finished(pane, &CompareOutputsPane::finished);
    pane->runButton()->click();
    QVERIFY(finished.wait(60'000));
    consent.stop();
    QCOMPARE(asked, 2); // each carton's code is asked about
    QCOMPARE(pane->outputs().size(), 2);

    const RunResult cli =
        runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--json"_s, u"--rtol"_s, u"1e-4"_s, u"--atol"_s, u"0"_s});
    QVERIFY2(cli.exitCode == 1, cli.err.constData());
    const QJsonObject y = cli.json()[u"outputs"_s].toArray().at(0).toObject();
    QCOMPARE(y[u"elements_off"_s].toInt(), 3);
    // Both cartons hold the same x: on A's and on B's inputs the figures are the CLI's.
    const QStringList tests{u"t_a"_s, u"t_b"_s};
    for (int side = 0; side < 2; ++side) {
        const OutputsDiff &d = pane->outputs().at(side);
        QCOMPARE(d.inputsFrom, side == 0 ? u"a"_s : u"b"_s);
        QCOMPARE(d.comparison.tests.size(), 1);
        QCOMPARE(d.comparison.tests.at(0).name, tests.at(side));
        const auto &c = d.comparison.tests.at(0).outputs.at(0).comparison;
        QVERIFY(c);
        QCOMPARE(c->absError.max, y[u"max_abs_diff"_s].toDouble());
        QCOMPARE(c->relError.max, y[u"max_rel_diff"_s].toDouble());
        QCOMPARE(c->mismatchCount, y[u"elements_off"_s].toInteger());
        QVERIFY(d.runA.sandbox.summary().contains(u"sandboxed"_s));
    }
    // The table: one row per side's self-test, the Inputs column shown, the first disagreement selected.
    QTableWidget *table = pane->view()->table();
    QCOMPARE(table->rowCount(), 2);
    QVERIFY(!table->isColumnHidden(BackendComparisonView::InputsColumn));
    QCOMPARE(table->item(0, BackendComparisonView::InputsColumn)->text(), u"A's"_s);
    QCOMPARE(table->item(1, BackendComparisonView::TestColumn)->text(), u"t_b"_s);
    QCOMPARE(table->item(0, BackendComparisonView::OffColumn)->text(), u"3 of 4"_s);
    QCOMPARE(table->currentRow(), 0);
    // The error map is |B − A| of that output: 0.001 · |x| at x = -4 is the largest.
    studio::ErrorMapPane *map = pane->view()->errorMap();
    if (map->isComputing())
        QVERIFY(QSignalSpy(map, &studio::ErrorMapPane::mapShown).wait(10'000));
    QVERIFY(map->mapViewer()->reader());
    QVERIFY(pane->summaryLabel()->text().contains(
        u"differ from A's on 2 of 2 self-tests. Run on: Both sides' self-test inputs."_s));

    // A looser tolerance judges the kept outputs again: nothing runs.
    pane->toleranceBar()->rtolEdit()->setText(u"1e-3"_s);
    emit pane->toleranceBar()->rtolEdit()->editingFinished();
    QTRY_COMPARE_WITH_TIMEOUT(table->item(0, BackendComparisonView::OffColumn)->text(), u"0 of 4"_s, 5000);
    QVERIFY(pane->summaryLabel()->text().contains(u"agree with A's on all 2"_s));
    QVERIFY(pane->summaryLabel()->text().contains(u"(sandboxed ("_s));
    QVERIFY(pane->summaryLabel()->toolTip().contains(u"no network"_s));
}

void TestCompareOutputs::cancelKillsTheRun()
{
    QTabWidget tabs;
    ComparePage *page = comparedPage(tabs, m_slow, m_b);
    QVERIFY(page);
    CompareOutputsPane *pane = page->outputsPane();
    QTimer consent;
    int asked = 0;
    acceptConsent(consent, &asked);
    pane->runButton()->click();
    consent.stop();
    QVERIFY(pane->isRunning());
    QVERIFY(!pane->cancelButton()->isHidden());
    // The slow model is loaded and inferring once the self-tests are counted.
    QTRY_VERIFY_WITH_TIMEOUT(pane->progressBar()->maximum() > 0, 30'000);
    QSignalSpy finished(pane, &CompareOutputsPane::finished);
    QElapsedTimer clock;
    clock.start();
    pane->cancelButton()->click();
    QCOMPARE(finished.size(), 1);
    QVERIFY(!pane->isRunning());
    QVERIFY(pane->outputs().isEmpty());
    QVERIFY(pane->summaryLabel()->text().contains(u"cancelled"_s));
    // The host was killed: the run pool is free long before the model's minute is up.
    studio::JobPools::waitForAll();
    QVERIFY2(clock.elapsed() < 15'000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(pane->runButton()->isEnabled());
}

QTEST_MAIN(TestCompareOutputs)
#include "tst_compareoutputs.moc"
