// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Self-tests panel ▸ Compare Backends… and History…: the real runner host, the
// noop plugin as backend A and the test KServe server (its model adds 0.5 to y)
// as backend B; the run history written by the panel and shown with what changed.
#include "jobs/jobpools.h"
#include "kservetestserver.h"
#include "package/carton.h"
#include "preferences/translations.h"
#include "runnertestutil.h"
#include "selftest/runhistory.h"
#include "selftests/comparebackendsdialog.h"
#include "selftests/errormappane.h"
#include "selftests/runhistorydialog.h"
#include "selftests/selftestrunner.h"
#include "selftests/selftestspage.h"
#include "selftesttestutil.h"
#include "tensorviewer/heatmapview.h"
#include "tensorviewer/tensorviewer.h"
#include "testpaths.h"
#include "testsession.h"
#include "testshot.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace carton;
using namespace selftesttest;
using studio::CompareBackendsDialog;
using studio::SelfTestsPage;

namespace {

TensorSpec f3(const char *name)
{
    return spec(QString::fromLatin1(name), DType::Float32, Shape::dims({Dim::value(3)}));
}

} // namespace

class TestCompareBackends final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void compareWithServer();
    void compareRunnerAgrees();
    void dialogFitsInEveryLanguage_data();
    void dialogFitsInEveryLanguage();
    void historyShowsChanges();

private:
    // Inputs x and y echoed back by noop; t_x expects x as `expectedX`.
    std::shared_ptr<const Carton> writeCarton(const QString &name, const QList<double> &expectedX);
    bool compareAndWait(CompareBackendsDialog *dialog);
    QTemporaryDir m_dir;
};

void TestCompareBackends::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the run history goes to a test folder
    QDir(RunHistory::defaultFolder()).removeRecursively();
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(runnertest::runOptions().hostExecutable), "carton-runner-host was not built");
}

void TestCompareBackends::cleanupTestCase()
{
    studio::JobPools::waitForAll();
}

std::shared_ptr<const Carton> TestCompareBackends::writeCarton(const QString &name, const QList<double> &expectedX)
{
    CartonFolder folder;
    folder.info.inputs = {f3("x"), f3("y")};
    folder.info.outputs = {f3("x"), f3("y")};
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    folder.add(f32({3}, {1.0, 2.0, 4.0}, u"y"_s));
    folder.add(f32({3}, expectedX, u"x_expected"_s));
    SelfTest t;
    t.name = u"t_x"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}, {"y", "@tensor_data/y"}});
    t.expectedOut = refs({{"x", "@tensor_data/x_expected"}});
    folder.info.selfTests = {t};
    const QString dir = m_dir.filePath(name);
    if (!folder.write(dir))
        return nullptr;
    auto opened = Carton::open(dir);
    return opened ? std::shared_ptr<const Carton>(std::move(*opened)) : nullptr;
}

bool TestCompareBackends::compareAndWait(CompareBackendsDialog *dialog)
{
    QSignalSpy compared(dialog, &CompareBackendsDialog::compared);
    dialog->compareButton()->click();
    return compared.wait(60000);
}

// Noop (A) against the server whose model adds 0.5 to y (B): both pass against
// expected_out (which has only x), A vs B names y with its figures and shows its
// error map (0.5 everywhere).
void TestCompareBackends::compareWithServer()
{
    KserveTestServer server({{u"test model"_s,
                              KserveTestModel::Kind::EchoLastOff,
                              {{u"x"_s, u"FP32"_s, {3}}, {u"y"_s, u"FP32"_s, {3}}},
                              {{u"x"_s, u"FP32"_s, {-1}}, {u"y"_s, u"FP32"_s, {-1}}}}});
    QVERIFY(server.start());
    auto carton = writeCarton(u"server"_s, {1.0, 2.0, 3.0});
    QVERIFY(carton);
    SelfTestsPage page(carton, nullptr);
    page.setRunOptions(runnertest::runOptions());
    page.resize(1100, 700);
    page.show();
    QVERIFY(page.compareBackendsAction()->isEnabled());
    page.compareBackendsAction()->trigger();
    CompareBackendsDialog *dialog = page.compareDialog();
    QVERIFY(dialog && dialog->isVisible());
    const int serverItem = dialog->backendBox()->findText(u"Triton / KServe server"_s);
    QVERIFY2(serverItem >= 0, "the kserve plugin was not found");
    QVERIFY(dialog->backendBox()->findText(u"noop 1.0.0"_s) >= 0);
    dialog->backendBox()->setCurrentIndex(serverItem);
    QVERIFY(dialog->urlEdit()->isEnabled());
    dialog->urlEdit()->setText(server.url());
    QSignalSpy shown(dialog->errorMap(), &studio::ErrorMapPane::mapShown);
    QVERIFY(compareAndWait(dialog));
    QVERIFY2(dialog->comparison().has_value(), qPrintable(dialog->summary()->text()));
    QVERIFY2(
        dialog->summary()->text().startsWith(u"A and B disagree on 1 of 1 self-tests. A: noop 1.0.0. B: kserve "_s),
        qPrintable(dialog->summary()->text()));

    QTableWidget *table = dialog->table();
    QCOMPARE(table->rowCount(), 2);
    const auto cell = [table](int row, int column) { return table->item(row, column)->text(); };
    QCOMPARE(cell(0, 1), u"x"_s);
    QCOMPARE(cell(0, 2), u"passed"_s);
    QCOMPARE(cell(0, 3), u"passed"_s);
    QCOMPARE(cell(0, 4), u"passed"_s);
    QCOMPARE(cell(0, 5), u"0"_s);
    QCOMPARE(cell(1, 1), u"y"_s);
    QCOMPARE(cell(1, 2), u"not expected"_s);
    QCOMPARE(cell(1, 3), u"not expected"_s);
    QVERIFY2(cell(1, 4).startsWith(u"3 of 3 elements (100%) outside"_s), qPrintable(cell(1, 4)));
    QCOMPARE(cell(1, 5), u"0.5"_s);
    QCOMPARE(cell(1, 6), u"0.5"_s);
    QCOMPARE(cell(1, 7), u"3 of 3"_s);

    // The first disagreeing output is shown: y's error map, B against A.
    QCOMPARE(table->currentRow(), 1);
    if (shown.isEmpty())
        QVERIFY(shown.wait(10000));
    const TensorReaderPtr reader = dialog->errorMap()->mapViewer()->reader();
    QVERIFY(reader);
    QList<float> errors(3);
    QVERIFY(reader->readFlat(0, 3, reinterpret_cast<char *>(errors.data()), 12));
    QCOMPARE(errors, QList<float>({0.5f, 0.5f, 0.5f}));

    // The heatmap's legend at the dialog's size (it opens at 1000×640, inside a
    // 1366×768 screen): every swatch (NaN, +Inf, -Inf) lies inside the heatmap and
    // in the part of it that is not clipped by the panes around it.
    studio::HeatmapView *heatmap = dialog->errorMap()->mapViewer()->heatmapView();
    if (!heatmap->data()) {
        QSignalSpy ready(dialog->errorMap()->mapViewer(), &studio::TensorViewer::heatmapReady);
        QVERIFY(ready.wait(10000));
    }
    dialog->resize(1000, 640);
    QCoreApplication::processEvents(); // the layouts
    const QList<studio::HeatmapView::LegendLabel> swatches = heatmap->legendSwatches();
    QCOMPARE(swatches.size(), 3);
    const QRegion visible = heatmap->visibleRegion();
    for (const studio::HeatmapView::LegendLabel &swatch : swatches) {
        const QString where = u"%1 at %2,%3 %4×%5; heatmap %6×%7, visible %8"_s.arg(swatch.text)
                                  .arg(swatch.rect.x())
                                  .arg(swatch.rect.y())
                                  .arg(swatch.rect.width())
                                  .arg(swatch.rect.height())
                                  .arg(heatmap->width())
                                  .arg(heatmap->height())
                                  .arg(visible.boundingRect().height());
        QVERIFY2(heatmap->rect().contains(swatch.rect), qPrintable(where));
        QVERIFY2(visible.intersected(swatch.rect) == QRegion(swatch.rect), qPrintable(where));
    }
    testutil::shot(dialog, u"compare-backends"_s);

    // Copy as Command: the panel's command with backend B; the CLI makes the same comparison.
    dialog->copyCommandButton()->click();
    const QString command = QGuiApplication::clipboard()->text();
    QVERIFY2(command.endsWith(u" selftest "_s + carton->path() + u" --compare-with kserve:"_s + server.url()),
             qPrintable(command));

    // A URL that is not one is refused before anything runs.
    dialog->urlEdit()->setText(u"localhost"_s);
    dialog->compareButton()->click();
    QVERIFY2(dialog->summary()->text().contains(u"enter the server's URL"_s), qPrintable(dialog->summary()->text()));
}

void TestCompareBackends::dialogFitsInEveryLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("de") << u"de"_s;
}

// The dialog at the size it opens with (1000×640, inside a 1366×768 screen),
// with an error map shown: in English and in German, no pane asks for more
// width than the dialog has, nothing sticks out of it and the error map's
// viewers are not cut off on the right (no horizontal scroll bar in the pane).
void TestCompareBackends::dialogFitsInEveryLanguage()
{
    QFETCH(QString, language);
    QVERIFY(!studio::Translations::install(language).isEmpty() || language == u"en"_s);
    const auto english = qScopeGuard([] { studio::Translations::install(u"en"_s); });
    KserveTestServer server({{u"test model"_s,
                              KserveTestModel::Kind::EchoLastOff,
                              {{u"x"_s, u"FP32"_s, {3}}, {u"y"_s, u"FP32"_s, {3}}},
                              {{u"x"_s, u"FP32"_s, {-1}}, {u"y"_s, u"FP32"_s, {-1}}}}});
    QVERIFY(server.start());
    auto carton = writeCarton(u"fit-"_s + language, {1.0, 2.0, 3.0});
    QVERIFY(carton);
    SelfTestsPage page(carton, nullptr);
    page.setRunOptions(runnertest::runOptions());
    page.compareBackendsAction()->trigger();
    CompareBackendsDialog *dialog = page.compareDialog();
    QVERIFY(dialog && dialog->isVisible());
    dialog->backendBox()->setCurrentIndex(dialog->backendBox()->count() - 1); // the server
    dialog->urlEdit()->setText(server.url());
    QSignalSpy shown(dialog->errorMap(), &studio::ErrorMapPane::mapShown);
    QVERIFY(compareAndWait(dialog));
    QVERIFY(dialog->comparison().has_value());
    QVERIFY(shown.count() > 0 || shown.wait(10000));

    const QSize opened(1000, 640);
    dialog->resize(opened);
    for (int i = 0; i < 20; ++i) // a size change travels up one parent per posted LayoutRequest
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    testutil::shot(dialog, u"compare-backends-"_s + language);
    const QSize minimum = dialog->minimumSizeHint();
    QVERIFY2(minimum.width() <= opened.width() && minimum.height() <= opened.height(),
             qPrintable(u"%1: the dialog asks for %2×%3"_s.arg(language).arg(minimum.width()).arg(minimum.height())));
    QCOMPARE(dialog->size(), opened);
    for (const QWidget *w : dialog->findChildren<QWidget *>()) {
        bool scrolls = false; // what scrolls inside a scroll area may be larger than it
        for (const QWidget *a = w->parentWidget(); a && a != dialog && !scrolls; a = a->parentWidget())
            scrolls = qobject_cast<const QAbstractScrollArea *>(a) != nullptr;
        if (!w->isVisible() || w->isWindow() || scrolls)
            continue;
        const QRect inDialog(w->mapTo(dialog, QPoint(0, 0)), w->size());
        QVERIFY2(dialog->rect().contains(inDialog),
                 qPrintable(u"%1: %2 %3 at %4,%5 %6×%7 is outside the dialog"_s
                                .arg(language, QString::fromLatin1(w->metaObject()->className()), w->objectName())
                                .arg(inDialog.x())
                                .arg(inDialog.y())
                                .arg(inDialog.width())
                                .arg(inDialog.height())));
    }
    // English leaves room for expected and actual side by side at this size.
    if (language == u"en")
        QCOMPARE(dialog->errorMap()->sidesOrientation(), Qt::Horizontal);
    for (const QScrollArea *scroll : dialog->errorMap()->findChildren<QScrollArea *>()) {
        if (!scroll->isVisible() || !scroll->widget())
            continue;
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                 qPrintable(u"%1: the error map pane's content is %2 px wide in a %3 px viewport"_s.arg(language)
                                .arg(scroll->widget()->width())
                                .arg(scroll->viewport()->width())));
    }
    // Every column of the table is in view: B vs A takes what the others leave.
    QTableWidget *table = dialog->table();
    QVERIFY2(!table->horizontalScrollBar()->isVisible(),
             qPrintable(u"%1: the table is %2 px wide in a %3 px viewport"_s.arg(language)
                            .arg(table->horizontalHeader()->length())
                            .arg(table->viewport()->width())));
}

// noop 1.0.0 as B too: the same outputs, they agree.
void TestCompareBackends::compareRunnerAgrees()
{
    auto carton = writeCarton(u"runner"_s, {1.0, 2.0, 3.0});
    QVERIFY(carton);
    SelfTestsPage page(carton, nullptr);
    page.setRunOptions(runnertest::runOptions());
    page.compareBackendsAction()->trigger();
    CompareBackendsDialog *dialog = page.compareDialog();
    QVERIFY(dialog);
    dialog->backendBox()->setCurrentIndex(dialog->backendBox()->findText(u"noop 1.0.0"_s));
    QVERIFY(!dialog->urlEdit()->isEnabled());
    QVERIFY(compareAndWait(dialog));
    QVERIFY2(dialog->comparison() && dialog->comparison()->agrees(), qPrintable(dialog->summary()->text()));
    QVERIFY2(dialog->summary()->text().startsWith(u"A and B agree on all 1 self-tests."_s),
             qPrintable(dialog->summary()->text()));
    QCOMPARE(dialog->table()->item(1, 4)->text(), u"passed"_s); // y: not expected, but the same on both
    dialog->copyCommandButton()->click();
    QVERIFY2(QGuiApplication::clipboard()->text().endsWith(u" --compare-runner noop@1.0.0"_s),
             qPrintable(QGuiApplication::clipboard()->text()));
}

// Each run of the panel is kept; History… lists them and what changed (x is
// 0.001 off: fails with the preset, passes with atol 0.01). A corrupt history is
// refused with its reason and not overwritten.
void TestCompareBackends::historyShowsChanges()
{
    auto carton = writeCarton(u"history"_s, {1.0, 2.001, 3.0});
    QVERIFY(carton);
    SelfTestsPage page(carton, nullptr);
    page.setRunOptions(runnertest::runOptions());
    const auto runAndWait = [&page] {
        QSignalSpy finished(&page, &SelfTestsPage::runFinished);
        page.runAllAction()->trigger();
        return finished.wait(60000);
    };
    QVERIFY(runAndWait());
    page.atolEdit()->setText(u"0.01"_s);
    emit page.atolEdit()->editingFinished();
    QVERIFY(runAndWait());
    QCOMPARE(page.lastRun()->tests[0].status, SelfTestStatus::Passed);

    page.historyAction()->trigger();
    auto *dialog = page.findChild<studio::RunHistoryDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->runList()->count(), 2);
    QVERIFY2(dialog->runList()->item(0)->text().endsWith(u"noop 1.0.0 — 1 of 1 passed"_s),
             qPrintable(dialog->runList()->item(0)->text()));
    QVERIFY2(dialog->runList()->item(1)->text().endsWith(u"noop 1.0.0 — 0 of 1 passed"_s),
             qPrintable(dialog->runList()->item(1)->text()));
    const QString changes = dialog->changes()->toPlainText();
    QVERIFY2(changes.contains(u"\nt_x: failed → passed\n"_s), qPrintable(changes));
    QVERIFY2(changes.contains(u"tolerances: "_s) && changes.contains(u"preset close → preset close, atol 0.01"_s),
             qPrintable(changes));
    dialog->close();
    delete dialog;

    const QString file = RunHistory::filePath(RunHistory::defaultFolder(), historyKey({}, carton->path()));
    QVERIFY(testutil::writeFile(file, "{\"format\": 3"));
    QVERIFY(runAndWait());
    QVERIFY2(page.log()->toPlainText().contains(u"warning: the run was not kept in the history: "_s),
             qPrintable(page.log()->toPlainText()));
    QCOMPARE(testutil::readFile(file), QByteArray("{\"format\": 3"));
    page.historyAction()->trigger();
    dialog = page.findChild<studio::RunHistoryDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->runList()->count(), 0);
    QVERIFY2(dialog->status()->text().startsWith(u"The history cannot be read: "_s) &&
                 dialog->status()->text().contains(u"not a run history"_s),
             qPrintable(dialog->status()->text()));
}

QTEST_MAIN(TestCompareBackends)
#include "tst_comparebackends.moc"
