// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Carton ▸ Run Self-tests and Help ▸ Runners in the main window, with the real
// runner host and plugins of this build (found through CARTON_RUNNER_HOST and
// CARTON_RUNNER_PATH, as a user would point an installed app at other plugins).
#include "carton/cartonview.h"
#include "carton/documentselftests.h"
#include "common/summaryline.h"
#include "diagnostics/diagnosticsdock.h"
#include "document/cartondocument.h"
#include "format/cartontolerance.h"
#include "pack/packer.h"
#include "package/carton.h"
#include "runner/runnerregistry.h"
#include "runner/runnersdialog.h"
#include "selftests/benchmarkdialog.h"
#include "selftests/keeptolerance.h"
#include "selftests/keeptolerancebutton.h"
#include "selftests/latencyhistogram.h"
#include "selftests/newselftest.h"
#include "selftests/recordoutputsdialog.h"
#include "selftests/runconsentdialog.h"
#include "selftests/selftestrunner.h"
#include "selftests/selftestseditor.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "selftesttestutil.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"
#include "testpaths.h"
#include "testsession.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace carton;
using namespace selftesttest;
using studio::MainWindow;

namespace {

// What the consent dialog showed when it was answered.
struct ConsentSeen {
    bool seen = false;
    QString body;
    QString bodyWithoutSandbox; // the body once "Run without the sandbox" was ticked (noSandbox)
    bool cancelIsDefault = false;
    bool runEnabled = false;
    bool dontAskOffered = false;
};

// Answers the next "Run this carton's code?" dialog: Run (ticking "Don't ask
// again" when asked) or Cancel; *seen records what it showed. Waits for the
// safety scan to show in it first.
void answerConsent(ConsentSeen *seen, bool run, bool dontAsk = false, bool noSandbox = false)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [=] {
        auto *dialog = qobject_cast<studio::RunConsentDialog *>(QApplication::activeModalWidget());
        if (!dialog || dialog->body()->text().contains(u"still running"_s))
            return;
        timer->stop();
        timer->deleteLater();
        seen->seen = true;
        seen->body = dialog->body()->text();
        seen->cancelIsDefault = dialog->cancelIsDefault();
        seen->runEnabled = dialog->runButton()->isEnabled();
        seen->dontAskOffered = !dialog->dontAskBox()->isHidden();
        if (!run) {
            dialog->reject();
            return;
        }
        dialog->dontAskBox()->setChecked(dontAsk);
        dialog->noSandboxBox()->setChecked(noSandbox);
        seen->bodyWithoutSandbox = noSandbox ? dialog->body()->text() : QString();
        dialog->runButton()->click();
    });
    timer->start();
}

// Shows `window` with the folder carton `dir` open in it and its document made.
bool openInWindow(MainWindow &window, const QString &dir)
{
    if (dir.isEmpty())
        return false;
    window.show();
    window.openPath(dir);
    return QTest::qWaitFor(
        [&window] { return window.currentPage() && window.currentPage()->view() && window.currentPage()->document(); },
        shelltest::jobTimeoutMs);
}

// Closes any message box that opens while it lives, keeping its text: a test
// that would block on one fails on the text instead of hanging.
class BoxCloser {
public:
    BoxCloser()
    {
        m_timer.setInterval(20);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                m_texts.append(box->text());
                box->reject();
            }
        });
        m_timer.start();
    }
    QString texts() const { return m_texts.join(u'\n'); }

private:
    QTimer m_timer;
    QStringList m_texts;
};

} // namespace

class TestSelfTestActions final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void runSelfTestsFromTheMenu();
    void dangerousCartonDefaultsToCancel();
    void runWithoutSandboxIsForOneRun();
    void runnersDialogListsPluginsAndProblems();
    void mismatchAsksNothingAndOffersAForcedRun();
    void keepAsToleranceIsOneUndoStep();
    void benchmarkShowsFiguresAndHistogram();
    void runsTheEditedStateInItsTab();
    void recordOutputsIsOneUndoStep();
    void newSelfTestFromInputs();

private:
    QString writeEcho(const QString &name, const QString &framework = u"=1.0.0"_s);
    // The echo model with self-test "off": it expects x with 0.00994 added to one element.
    static SelfTest offByOneStep();
    QString writeOff(const QString &name);
    QTemporaryDir m_dir;
};

void TestSelfTestActions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("CARTON_RUNNER_HOST", testutil::binaryPath(u"/bin/carton-runner-host").toLocal8Bit());
    qputenv("CARTON_RUNNER_PATH", testutil::binaryPath(u"/lib/carton-studio/runners").toLocal8Bit());
}

QString TestSelfTestActions::writeEcho(const QString &name, const QString &framework)
{
    CartonFolder folder;
    folder.info.runner.requiredFrameworkVersion = framework;
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(2)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(2)}))};
    folder.add(f32({2}, {1.0, 2.0}, u"x"_s));
    SelfTest echo;
    echo.name = u"echo"_s;
    echo.inputs = refs({{"x", "@tensor_data/x"}});
    echo.expectedOut = refs({{"x", "@tensor_data/x"}});
    folder.info.selfTests = {echo};
    const QString dir = m_dir.filePath(name);
    return folder.write(dir) ? dir : QString();
}

SelfTest TestSelfTestActions::offByOneStep()
{
    SelfTest off;
    off.name = u"off"_s;
    off.inputs = refs({{"x", "@tensor_data/x"}});
    off.expectedOut = refs({{"x", "@tensor_data/x_off"}});
    return off;
}

QString TestSelfTestActions::writeOff(const QString &name)
{
    CartonFolder folder;
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(2)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(2)}))};
    folder.add(f32({2}, {1.0, 2.0}, u"x"_s));
    folder.add(f32({2}, {1.0, 2.00994}, u"x_off"_s));
    folder.info.selfTests = {offByOneStep()};
    const QString dir = m_dir.filePath(name);
    return folder.write(dir) ? dir : QString();
}

void TestSelfTestActions::runSelfTestsFromTheMenu()
{
    const QString dir = writeEcho(u"menu"_s);
    QVERIFY(!dir.isEmpty());
    QSettings settings(m_dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    QAction *run = window.findChild<QAction *>(u"actionRunSelfTests"_s);
    QVERIFY(run);
    QVERIFY(!run->isEnabled()); // nothing open
    QCOMPARE(run->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));
    window.openPath(dir);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view(), shelltest::jobTimeoutMs);
    QTRY_VERIFY(run->isEnabled());
    studio::CartonView *view = window.currentPage()->view();
    QCOMPARE(view->currentTab(), studio::CartonView::OverviewTab);

    QSignalSpy finished(view->selfTestsPage(), &studio::SelfTestsPage::runFinished);
    // The first run of the session asks, showing what will run.
    ConsentSeen seen;
    answerConsent(&seen, true);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(view->currentTab(), studio::CartonView::SelfTestsTab);
    // (the run may end while the dialog's event loop still runs: count, don't wait for a new signal)
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(seen.seen);
    QVERIFY2(seen.body.contains(u"noop 1.0.0"_s), qPrintable(seen.body));
    QVERIFY2(seen.body.contains(u"yes (bubblewrap"_s), qPrintable(seen.body));
    QVERIFY2(seen.body.contains(u"no high or critical findings"_s), qPrintable(seen.body));
    QVERIFY(!seen.cancelIsDefault);
    const studio::SelfTestsModel *model = view->selfTestsPage()->model();
    QCOMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"passed"_s);
    // The report says the run was sandboxed.
    QVERIFY2(view->selfTestsPage()->summary()->text().contains(u"sandboxed (bubblewrap"_s),
             qPrintable(view->selfTestsPage()->summary()->text()));
    // Asked once per session: the second run goes straight ahead.
    QTRY_VERIFY(run->isEnabled());
    run->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    QVERIFY(!qobject_cast<studio::RunConsentDialog *>(QApplication::activeModalWidget()));
}

// No installed runner matches: nothing of the carton's runs, so nothing is asked;
// the panel offers a forced run, which asks first and names the runner it forces.
void TestSelfTestActions::mismatchAsksNothingAndOffersAForcedRun()
{
    const QString dir = writeEcho(u"mismatch"_s, u">=99"_s);
    QVERIFY(!dir.isEmpty());
    QSettings settings(m_dir.filePath(u"mismatch.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(dir);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view(), shelltest::jobTimeoutMs);
    studio::SelfTestsPage *page = window.currentPage()->view()->selfTestsPage();
    QSignalSpy finished(page, &studio::SelfTestsPage::runFinished);
    ConsentSeen unexpected;
    answerConsent(&unexpected, false); // would cancel, were it asked
    page->runAllAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(!unexpected.seen);
    QVERIFY(!page->lastRun().has_value());
    QVERIFY(!page->nextStepButton()->isHidden());
    QCOMPARE(page->nextStepButton()->text(), u"Run with noop 1.0.0 Anyway"_s);

    // The timer of the unused answer still waits: it answers this dialog (Cancel), a second one runs.
    page->nextStepButton()->click();
    QTRY_VERIFY(unexpected.seen);
    QVERIFY2(unexpected.body.contains(u"noop 1.0.0"_s), qPrintable(unexpected.body));
    QVERIFY(!page->cancelAction()->isEnabled()); // cancelled at the dialog: no run
    QCOMPARE(finished.size(), 1);
    ConsentSeen seen;
    answerConsent(&seen, true);
    page->nextStepButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    QVERIFY(seen.seen);
    QVERIFY(page->lastRun().has_value());
    QVERIFY2(page->summary()->text().startsWith(u"FORCED: run with noop 1.0.0"_s), qPrintable(page->summary()->text()));
}

void TestSelfTestActions::dangerousCartonDefaultsToCancel()
{
    const QString dir = writeEcho(u"dangerous"_s);
    QVERIFY(!dir.isEmpty());
    // A pickle that calls os.system when loaded: a critical finding.
    QFile pickle(dir + u"/model/weights.pkl"_s);
    QVERIFY(QDir().mkpath(dir + u"/model"_s));
    QVERIFY(pickle.open(QIODevice::WriteOnly));
    pickle.write(QByteArray("\x80\x02"
                            "cos\nsystem\n"
                            "X\x02\x00\x00\x00id"
                            "\x85R.",
                            23));
    pickle.close();
    // Packed: a .carton has a model hash to remember the answer by.
    const QString packed = m_dir.filePath(u"dangerous.carton"_s);
    const Result<PackResult> pack = packFolder(dir, packed);
    QVERIFY2(pack.ok(), pack.ok() ? "" : qPrintable(pack.error().toString()));
    QSettings settings(m_dir.filePath(u"dangerous.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(packed);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view(), shelltest::jobTimeoutMs);
    studio::CartonView *view = window.currentPage()->view();
    QSignalSpy finished(view->selfTestsPage(), &studio::SelfTestsPage::runFinished);
    ConsentSeen seen;
    answerConsent(&seen, false);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(seen.seen, 30000);
    QVERIFY2(seen.body.contains(u"model/weights.pkl"_s), qPrintable(seen.body));
    QVERIFY2(seen.body.contains(u"critical"_s), qPrintable(seen.body));
    QVERIFY(seen.cancelIsDefault);
    // Cancelled: nothing ran. The consent dialog is modal and asked before a run
    // starts (SelfTestsPage::run), so once it is gone a run would be running now.
    QTRY_VERIFY(!QApplication::activeModalWidget());
    QVERIFY(!view->selfTestsPage()->runner()->isRunning());
    QVERIFY(!view->selfTestsPage()->cancelAction()->isEnabled());
    QCOMPARE(finished.size(), 0);
    // Run: with a critical finding "Don't ask again" is not offered, nothing is
    // remembered, and the next run asks again (and again).
    ConsentSeen first;
    answerConsent(&first, true, true);
    // (after a modal dialog the offscreen window is not active again: trigger the action itself)
    QAction *run = window.findChild<QAction *>(u"actionRunSelfTests"_s);
    run->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(first.seen);
    QVERIFY(!first.dontAskOffered);
    QVERIFY2(first.body.contains(u"Asked before every run"_s), qPrintable(first.body));
    QVERIFY(!settings.value(u"consent/modelHashes"_s)
                 .toStringList()
                 .contains(QString::fromLatin1(view->carton()->modelHash())));
    // Diagnostics never says "No problems found." beside a critical finding.
    auto *dock = window.findChild<studio::DiagnosticsDock *>();
    QVERIFY(dock);
    QTRY_VERIFY2(dock->emptyText().startsWith(u"No format problems, but: Safety findings: 1 critical"_s),
                 qPrintable(dock->emptyText()));
    ConsentSeen second;
    answerConsent(&second, true);
    QTRY_VERIFY(run->isEnabled());
    run->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    QVERIFY(second.seen);
    QVERIFY(second.cancelIsDefault);
}

// "Run without the sandbox" changes the dialog's Sandbox line and applies to the
// one run it was ticked for: the next run asks again and runs sandboxed.
void TestSelfTestActions::runWithoutSandboxIsForOneRun()
{
    const QString dir = writeEcho(u"once"_s);
    QVERIFY(!dir.isEmpty());
    QSettings settings(m_dir.filePath(u"once.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    QVERIFY(openInWindow(window, dir));
    studio::SelfTestsPage *page = window.currentPage()->view()->selfTestsPage();
    QSignalSpy finished(page, &studio::SelfTestsPage::runFinished);
    ConsentSeen seen;
    answerConsent(&seen, true, false, true);
    page->runAllAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY2(seen.body.contains(u"yes (bubblewrap"_s), qPrintable(seen.body));
    QVERIFY2(!seen.bodyWithoutSandbox.contains(u"yes (bubblewrap"_s), qPrintable(seen.bodyWithoutSandbox));
    QVERIFY2(seen.bodyWithoutSandbox.contains(u"NO, for this run"_s), qPrintable(seen.bodyWithoutSandbox));
    QVERIFY2(page->summary()->text().startsWith(u"NOT sandboxed"_s), qPrintable(page->summary()->text()));
    // The next run asks again; answered plainly, it runs in the sandbox.
    ConsentSeen again;
    answerConsent(&again, true);
    QTRY_VERIFY(page->runAllAction()->isEnabled());
    page->runAllAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    QVERIFY(again.seen);
    QVERIFY2(page->summary()->text().contains(u"sandboxed (bubblewrap"_s), qPrintable(page->summary()->text()));
    QVERIFY2(!page->summary()->text().startsWith(u"NOT"_s), qPrintable(page->summary()->text()));
    // Then a yes stands for the session (no finding, nothing untrusted).
    bool asked = false;
    QTimer refuse; // a dialog now would be a failure: refused, noted, and the timer ends with this test
    refuse.setInterval(20);
    connect(&refuse, &QTimer::timeout, [&asked] {
        if (auto *dialog = qobject_cast<studio::RunConsentDialog *>(QApplication::activeModalWidget())) {
            asked = true;
            dialog->reject();
        }
    });
    refuse.start();
    QTRY_VERIFY(page->runAllAction()->isEnabled());
    page->runAllAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 60000);
    QVERIFY(!asked);
}

void TestSelfTestActions::runnersDialogListsPluginsAndProblems()
{
    const QString bad = m_dir.filePath(u"plugins"_s);
    QVERIFY(QDir().mkpath(bad));
    QVERIFY(shelltest::writeFile(bad + u"/libcarton_runner_broken.so"_s, "not a shared object"));
    const RunnerRegistry registry = RunnerRegistry::scan({bad, testutil::binaryPath(u"/lib/carton-studio/runners")});
    studio::RunnersDialog dialog(registry);
    QTreeWidget *tree = dialog.tree();
    QStringList names;
    QTreeWidgetItem *noop = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        names.append(tree->topLevelItem(i)->text(0));
        if (tree->topLevelItem(i)->text(0) == u"noop"_s)
            noop = tree->topLevelItem(i);
    }
    QVERIFY2(noop, qPrintable(names.join(u", "_s)));
    QCOMPARE(noop->text(1), u"1.0.0"_s);
    QVERIFY(noop->text(3).contains(u"carton-studio/runners"_s));
    QVERIFY2(names.contains(u"(not usable)"_s), qPrintable(names.join(u", "_s)));
    const int problems = int(registry.problems().size());
    QVERIFY(problems >= 1);
    QVERIFY(dialog.findChild<QLabel *>(u"runnerSearchPaths"_s)->text().contains(bad));
}

// The echo model returns x; the self-test expects x with 0.00994 added to one
// element: it fails, "Keep as Tolerance" for the output writes atol 0.01 into the
// document as one undo step and the run, re-judged, passes; undo takes it back.
void TestSelfTestActions::keepAsToleranceIsOneUndoStep()
{
    const SelfTest off = offByOneStep();
    const QString dir = writeOff(u"keep"_s);
    QSettings settings(m_dir.filePath(u"keep.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    QVERIFY(openInWindow(window, dir));
    studio::CartonDocument *document = window.currentPage()->document();
    studio::SelfTestsPage *page = window.currentPage()->view()->selfTestsPage();
    studio::KeepToleranceButton *keep = page->keepToleranceButton();
    QVERIFY(!keep->isEnabled()); // no run yet
    QSignalSpy finished(page, &studio::SelfTestsPage::runFinished);
    ConsentSeen seen;
    answerConsent(&seen, true);
    page->runAllAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    const studio::SelfTestsModel *model = page->model();
    const QModelIndex item = model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0);
    QCOMPARE(model->resultText(item), u"failed"_s);
    QVERIFY(page->revealItem(false, 0));
    QTRY_VERIFY(keep->isEnabled());
    QVERIFY(keep->forOutputAction()->isEnabled());
    QVERIFY2(keep->forOutputAction()->text().contains(u"atol 0.01, rtol 1e-05"_s),
             qPrintable(keep->forOutputAction()->text()));

    // A self-test added before it after the run: "off" is self_test[1] now, and
    // the tolerance goes there, not into the one at its old position.
    CartonInfo moved = document->state().info;
    SelfTest first = off;
    first.name = u"first"_s;
    first.expectedOut = refs({{"x", "@tensor_data/x"}});
    moved.selfTests.prepend(first);
    document->setInfo(moved, u"add a self-test"_s);
    const int steps = document->undoStack()->count();
    {
        const BoxCloser boxes; // a refusal is a message box: it fails here instead of blocking
        keep->forOutputAction()->trigger();
        QVERIFY2(boxes.texts().isEmpty(), qPrintable(boxes.texts()));
    }
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QCOMPARE(document->state().info.selfTests.at(1).name, std::optional<QString>(u"off"_s));
    QVERIFY(document->state().info.selfTests.at(0).unknownToml.isEmpty());
    const Result<CartonTolerance> kept =
        parseCartonTolerance(document->state().info.selfTests.at(1).unknownToml, u"test"_s);
    QVERIFY(kept);
    QCOMPARE(kept->perOutput.value(u"x"_s).atol, std::optional<double>(0.01));
    QTRY_COMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"passed"_s);

    document->undoStack()->undo();
    QVERIFY(document->state().info.selfTests.at(1).unknownToml.isEmpty());
    QCOMPARE(document->undoStack()->count(), steps + 1); // one step, undone
    QCOMPARE(document->undoStack()->index(), steps);
}

// Benchmark: the self-tests run, then 100 timed inferences on the same host; the
// dialog shows each figure and a histogram holding the 100 samples.
void TestSelfTestActions::benchmarkShowsFiguresAndHistogram()
{
    const QString dir = writeEcho(u"benchmark"_s);
    QVERIFY(!dir.isEmpty());
    QSettings settings(m_dir.filePath(u"benchmark.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(dir);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view(), shelltest::jobTimeoutMs);
    studio::SelfTestsPage *page = window.currentPage()->view()->selfTestsPage();
    QTRY_VERIFY(page->benchmarkAction()->isEnabled());
    QVERIFY(!page->benchmarkDialog());
    QVERIFY2(!page->commandLine().contains(u"--benchmark"_s), qPrintable(page->commandLine()));
    ConsentSeen seen;
    answerConsent(&seen, true);
    page->benchmarkAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(page->benchmarkDialog() && page->benchmarkDialog()->isVisible(), 60000);
    studio::BenchmarkDialog *dialog = page->benchmarkDialog();
    QCOMPARE(dialog->table()->rowCount(), 1);
    QCOMPARE(dialog->table()->item(0, 0)->text(), u"echo"_s);
    // Each figure with its unit: the noop model's are far under a millisecond.
    const QString p50 = dialog->table()->item(0, 1)->text();
    QVERIFY2(QRegularExpression(u"^[0-9.]+ (ns|µs|ms)$"_s).match(p50).hasMatch(), qPrintable(p50));
    QVERIFY2(dialog->summary()->text().contains(u"10 warm-up and 100 timed"_s), qPrintable(dialog->summary()->text()));
    QVERIFY2(dialog->summary()->text().contains(u"peak memory"_s), qPrintable(dialog->summary()->text()));
    qsizetype binned = dialog->histogram()->outliers(); // every sample: in a bin or the outlier bar
    for (qsizetype n : dialog->histogram()->bins())
        binned += n;
    QCOMPARE(binned, 100);
    const studio::SelfTestsModel *model = page->model();
    QCOMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"passed"_s);
    // Copy as Command reproduces the benchmark too.
    page->copyCommandAction()->trigger();
    const QString command = QGuiApplication::clipboard()->text();
    QVERIFY2(command.endsWith(u" --benchmark 100 --warmup 10"_s), qPrintable(command));

    // Tiny latencies in µs, not "3e-05 ms"; a second and more in s.
    BenchmarkResult tiny;
    tiny.loadTime = std::chrono::milliseconds(12500);
    TestBenchmark t;
    t.name = u"tiny"_s;
    t.model = {100, 0.02e6, 2.5e6, 0.5e6, 0.03e6, 0.4e6, 1.0e6}; // count, min, max, mean, p50, p95, p99 in ns
    tiny.tests = {t};
    dialog->setResult(tiny);
    QCOMPARE(dialog->table()->item(0, 1)->text(), u"30 µs"_s);  // p50
    QCOMPARE(dialog->table()->item(0, 2)->text(), u"400 µs"_s); // p95
    QCOMPARE(dialog->table()->item(0, 3)->text(), u"1 ms"_s);   // p99
    QCOMPARE(dialog->table()->item(0, 5)->text(), u"20 µs"_s);  // min
    QCOMPARE(dialog->table()->item(0, 6)->text(), u"2.5 ms"_s); // max
    // One formatter with the CLI and the report (core's latencyText): under a µs in ns, and
    // 999.7 µs rounds to the next unit instead of printing "1e+03 µs".
    t.model = {100, 800, 2.5e6, 0.5e6, 999.7e3, 0.4e6, 1.0e6};
    tiny.tests = {t};
    dialog->setResult(tiny);
    QCOMPARE(dialog->table()->item(0, 1)->text(), u"1 ms"_s);   // p50
    QCOMPARE(dialog->table()->item(0, 5)->text(), u"800 ns"_s); // min
    QVERIFY2(dialog->summary()->text().contains(u"Model load 12.5 s"_s), qPrintable(dialog->summary()->text()));
}

// Run Self-tests in edit mode, with an edit not saved: the self-test that fails
// on disk passes with the tolerance just given to it, in the carton's own
// Self-tests tab (edit mode stays, no other window); the file on disk is not
// touched.
void TestSelfTestActions::runsTheEditedStateInItsTab()
{
    const QString dir = writeOff(u"edited"_s);
    QVERIFY(!dir.isEmpty());
    const QByteArray tomlOnDisk = testutil::readFile(QDir(dir).filePath(u"carton.toml"_s));
    QSettings settings(m_dir.filePath(u"edited.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(dir);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view() && window.currentPage()->document(),
                             shelltest::jobTimeoutMs);
    studio::CartonPage *page = window.currentPage();
    page->setEditing(true);
    CartonTolerance tolerance;
    tolerance.perOutput[u"x"_s].atol = 0.01;
    QVERIFY(studio::keepTolerance(*page->document(), 0, tolerance, u"Edit Tolerance"_s));
    QVERIFY(page->isModified());

    QAction *run = window.findChild<QAction *>(u"actionRunSelfTests"_s);
    QTRY_VERIFY(run->isEnabled());
    studio::DocumentSelfTests *runs = page->view()->selfTestRuns();
    QSignalSpy made(runs, &studio::DocumentSelfTests::pageChanged);
    ConsentSeen seen;
    answerConsent(&seen, true);
    run->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(made.size(), 1, 60000); // the panel, made anew over the state as edited
    QTRY_VERIFY_WITH_TIMEOUT(runs->page()->lastRun(), 60000);
    QVERIFY(seen.seen); // the same consent dialog, for the copy
    QVERIFY2(seen.body.contains(u"noop 1.0.0"_s), qPrintable(seen.body));
    const studio::SelfTestsModel *model = runs->page()->model();
    QCOMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"passed"_s);
    QCOMPARE(page->view()->currentTab(), studio::CartonView::SelfTestsTab);
    QCOMPARE(runs->page()->window(), &window); // in the tab, not a window of its own
    QVERIFY(page->isEditing());                // the fields stay editable
    QVERIFY(runs->page()->carton()->path() != dir);
    QCOMPARE(testutil::readFile(QDir(dir).filePath(u"carton.toml"_s)), tomlOnDisk);
    QVERIFY(page->isModified());

    // Undone, run again: the document is the file again, so the run is the
    // file's, and fails. The opened carton is another carton than the copy: its
    // run is asked for again (a yes stands for one carton, issue 43).
    page->document()->undoStack()->undo();
    QVERIFY(!page->isModified());
    QTRY_VERIFY(run->isEnabled());
    ConsentSeen again;
    answerConsent(&again, true);
    run->trigger(); // still edit mode: the state (the same as the file now)
    QTRY_COMPARE_WITH_TIMEOUT(made.size(), 2, 60000);
    QCOMPARE(runs->page()->carton(), page->carton());
    QTRY_VERIFY_WITH_TIMEOUT(runs->page()->lastRun(), 60000);
    QVERIFY(again.seen);
    model = runs->page()->model();
    QCOMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"failed"_s);
}

// Record Outputs in the self-tests editor: the echo model runs on "off"'s input,
// the review shows what it returned; Keep rewrites the expected tensor as one
// undo step, after which the self-test passes; undo restores the state.
void TestSelfTestActions::recordOutputsIsOneUndoStep()
{
    const QString dir = writeOff(u"record"_s);
    QSettings settings(m_dir.filePath(u"record.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    QVERIFY(openInWindow(window, dir));
    studio::CartonPage *page = window.currentPage();
    studio::CartonDocument *document = page->document();
    page->setEditing(true);
    studio::SelfTestsEditor *editor = page->view()->selfTestsEditor();
    editor->selectItem({studio::SelfTestItem::Kind::SelfTest, 0});
    auto *menu = editor->findChild<QMenu *>(u"recordMenu"_s);
    QVERIFY(menu);
    QMetaObject::invokeMethod(menu, "aboutToShow");
    QAction *record = menu->findChild<QAction *>(u"recordOutputs"_s);
    QVERIFY(record);
    QCOMPARE(record->text(), u"Record Outputs of off…"_s);
    QVERIFY(record->isEnabled());
    const studio::DocumentState before = document->state();
    const int steps = document->undoStack()->count();
    ConsentSeen seen;
    answerConsent(&seen, true);
    record->trigger();
    studio::RecordOutputsDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<studio::RecordOutputsDialog *>()) && dialog->recording(),
                             60000);
    QVERIFY(seen.seen); // asked as before any run
    QCOMPARE(dialog->table()->rowCount(), 1);
    QCOMPARE(dialog->table()->item(0, 0)->text(), u"x"_s);
    QCOMPARE(dialog->table()->item(0, 1)->text(), u"float32"_s);
    QCOMPARE(dialog->table()->item(0, 3)->text(), u"1, 2"_s);
    QCOMPARE(dialog->table()->item(0, 4)->text(), u"@tensor_data/x_off"_s); // what Keep replaces
    QCOMPARE(document->undoStack()->count(), steps);                        // nothing kept before Keep
    QVERIFY(document->state() == before);

    dialog->keepButton()->click();
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QVERIFY(!(document->state() == before));
    QCOMPARE(document->undoStack()->undoText(), u"Record Outputs of off"_s);
    // The expected output is now what the model returns: the edited state passes.
    studio::DocumentSelfTests *runs = page->view()->selfTestRuns();
    QSignalSpy made(runs, &studio::DocumentSelfTests::pageChanged);
    answerConsent(&seen, true);
    runs->run();
    QTRY_COMPARE_WITH_TIMEOUT(made.size(), 1, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(runs->page()->lastRun(), 60000);
    const studio::SelfTestsModel *model = runs->page()->model();
    QCOMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"passed"_s);

    document->undoStack()->undo();
    QVERIFY(document->state() == before);
}

namespace {

// A .npy (format 1.0) of float32 `values`, 1-D.
QByteArray npyF32(const QList<float> &values)
{
    QByteArray header =
        "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(values.size()) + ",), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    out += header;
    for (float v : values)
        out += QByteArray(reinterpret_cast<const char *>(&v), sizeof v);
    return out;
}

} // namespace

// New Self-test from Inputs: from tensor files (named like the declared inputs;
// another name is refused, naming the file) and, through the editor's menu, with
// another self-test's inputs: created as one undo step, its outputs recorded and
// kept as a second one; both undo.
void TestSelfTestActions::newSelfTestFromInputs()
{
    const QString dir = writeOff(u"newtest"_s);
    QSettings settings(m_dir.filePath(u"newtest.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    QVERIFY(openInWindow(window, dir));
    studio::CartonPage *page = window.currentPage();
    studio::CartonDocument *document = page->document();
    const studio::DocumentState before = document->state();

    // From files.
    const QString x = m_dir.filePath(u"x.npy"_s);
    const QString y = m_dir.filePath(u"y.npy"_s);
    QVERIFY(testutil::writeFile(x, npyF32({3.0f, 4.0f})));
    QVERIFY(testutil::writeFile(y, npyF32({3.0f, 4.0f})));
    int index = -1;
    const Result<studio::DocumentState> refused = studio::newselftest::fromFiles(before, {y}, &index);
    QVERIFY(!refused);
    QVERIFY2(refused.error().toString().contains(u"\"y\" names no declared [[input]]"_s) &&
                 refused.error().toString().contains(y),
             qPrintable(refused.error().toString()));
    const Result<studio::DocumentState> fromFiles = studio::newselftest::fromFiles(before, {x}, &index);
    QVERIFY2(fromFiles, qPrintable(fromFiles ? QString() : fromFiles.error().toString()));
    QCOMPARE(index, 1);
    QCOMPARE(fromFiles->info.selfTests.at(1).name, std::optional<QString>(u"from_inputs"_s));
    QCOMPARE(fromFiles->info.selfTests.at(1).inputs, refs({{"x", "@tensor_data/from_inputs_x"}}));
    QVERIFY(fromFiles->files.find(u"tensor_data/index.toml"_s));
    QVERIFY(fromFiles->files.tensorIndex()->find(u"from_inputs_x"_s));

    // With the inputs of "off", through the editor's menu.
    page->setEditing(true);
    studio::SelfTestsEditor *editor = page->view()->selfTestsEditor();
    auto *menu = editor->findChild<QMenu *>(u"recordMenu"_s);
    QVERIFY(menu);
    QMetaObject::invokeMethod(menu, "aboutToShow");
    QAction *withOff = nullptr;
    for (QAction *a : menu->actions())
        if (a->text() == u"New Self-test with the Inputs of off"_s)
            withOff = a;
    QVERIFY(withOff);
    const int steps = document->undoStack()->count();
    ConsentSeen seen;
    answerConsent(&seen, true);
    withOff->trigger();
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QCOMPARE(document->info().selfTests.size(), 2);
    QCOMPARE(document->info().selfTests.at(1).inputs, offByOneStep().inputs);
    QVERIFY(!document->info().selfTests.at(1).expectedOut);
    QCOMPARE(editor->currentItem(), (studio::SelfTestItem{studio::SelfTestItem::Kind::SelfTest, 1}));
    studio::RecordOutputsDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<studio::RecordOutputsDialog *>()) && dialog->recording(),
                             60000);
    QCOMPARE(dialog->table()->item(0, 4)->text(), u"— (new)"_s);
    dialog->keepButton()->click();
    QCOMPARE(document->undoStack()->count(), steps + 2);
    const SelfTest made = document->info().selfTests.at(1);
    QVERIFY(made.expectedOut && made.expectedOut->size() == 1 && made.expectedOut->at(0).first == u"x"_s);
    QVERIFY2(made.expectedOut->at(0).second == u"@tensor_data/from_inputs_x"_s,
             qPrintable(made.expectedOut->at(0).second));

    document->undoStack()->undo();
    document->undoStack()->undo();
    QVERIFY(document->state() == before);
}

QTEST_MAIN(TestSelfTestActions)
#include "tst_selftestactions.moc"
