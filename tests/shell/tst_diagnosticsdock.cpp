// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Diagnostics dock in the main window: one click jumps to the exact row,
// copy, severity filter, counts, when it shows itself.
#include "carton/cartonview.h"
#include "diagnostics/diagnosticsdock.h"
#include "diagnostics/diagnosticsmodel.h"
#include "document/verificationrunner.h"
#include "jobs/jobpools.h"
#include "selftests/selftestspage.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"

#include <QAction>
#include <QClipboard>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonPage;
using studio::MainWindow;

namespace {
const QByteArray selfTestToml = "spec_version = 1\n"
                                "model_name = \"with_tests\"\n"
                                "[runner]\n"
                                "runner_name = \"noop\"\n"
                                "required_framework_version = \"=1.0.0\"\n"
                                "runner_compat_version = 1\n"
                                "[[self_test]]\n"
                                "name = \"first\"\n"
                                "inputs = { a = \"@tensor_data/a\", b = \"@tensor_data/b\" }\n";
} // namespace

class TestDiagnosticsDock : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void clickJumpsToTheRow();
    void copyFilterAndCount();
    void showsItselfWhenThereIsSomething();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestDiagnosticsDock::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestDiagnosticsDock::cleanup()
{
    studio::JobPools::waitForAll();
    m_settings.reset();
    m_dir.reset();
}

void TestDiagnosticsDock::clickJumpsToTheRow()
{
    const QString folder = makeFolderCarton(*m_dir, u"tests"_s, false, selfTestToml);
    MainWindow window(m_settings.get());
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = window.openPath(folder);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    QVERIFY(page->view());

    studio::DiagnosticsDock *dock = window.diagnosticsDock();
    dock->setDiagnostics(
        {{carton::Severity::Error, carton::DiagnosticLocation{u"carton.toml"_s, 0, u"self_test[0].inputs.b"_s},
          u"b is wrong"_s}});
    dock->show();
    QTreeView *view = dock->view();
    QTRY_VERIFY(view->isVisible());
    const QModelIndex row = view->model()->index(0, studio::DiagnosticsModel::MessageColumn);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(row).center());
    QCOMPARE(page->view()->currentTab(), studio::CartonView::SelfTestsTab);
    const QModelIndex current = page->view()->selfTestsPage()->tree()->currentIndex();
    QVERIFY(current.parent().isValid()); // the input's row, not the whole self-test
    QCOMPARE(current.siblingAtColumn(0).data().toString(), u"b"_s);
    QCOMPARE(current.parent().row(), 0);
}

void TestDiagnosticsDock::copyFilterAndCount()
{
    studio::DiagnosticsDock dock;
    const QString longMessage = u"the start "_s + QString(400, u'x') + u" the end"_s;
    dock.setDiagnostics(
        {{carton::Severity::Error, carton::DiagnosticLocation{u"carton.toml"_s, 0, u"input[0]"_s}, longMessage},
         {carton::Severity::Warning, carton::DiagnosticLocation{u"model/model.txt"_s}, u"w"_s},
         {carton::Severity::Info, carton::DiagnosticLocation{u"model/big.bin"_s}, u"i"_s}});
    dock.resize(500, 200);
    dock.show();
    QVERIFY(QTest::qWaitForWindowActive(&dock));
    // Infos are counted too.
    QCOMPARE(dock.windowTitle(), u"Diagnostics (1 error, 1 warning, 1 info)"_s);

    // The long message: elided at the end, whole in the tooltip.
    QTreeView *view = dock.view();
    QCOMPARE(view->textElideMode(), Qt::ElideRight);
    const QModelIndex message = view->model()->index(0, studio::DiagnosticsModel::MessageColumn);
    QVERIFY(message.data(Qt::ToolTipRole).toString().contains(longMessage));

    // Ctrl+C copies the selected rows; the context menu has the same action.
    view->setFocus();
    view->selectionModel()->select(view->model()->index(1, 0),
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"warning: model/model.txt: w"_s);
    QCOMPARE(view->contextMenuPolicy(), Qt::ActionsContextMenu);
    QVERIFY(view->actions().contains(dock.copyAction()));
    view->selectionModel()->select(view->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    dock.copyAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             u"error: carton.toml: input[0]: "_s + longMessage + u"\nwarning: model/model.txt: w"_s);

    // Severity filter.
    QCOMPARE(view->model()->rowCount(), 3);
    QTest::mouseClick(dock.severityButton(carton::Severity::Error), Qt::LeftButton);
    QCOMPARE(view->model()->rowCount(), 2);
    QCOMPARE(view->model()->index(0, studio::DiagnosticsModel::MessageColumn).data().toString(), u"w"_s);
    dock.setSeverityShown(carton::Severity::Info, false);
    QCOMPARE(view->model()->rowCount(), 1);
    dock.setSeverityShown(carton::Severity::Warning, false);
    QCOMPARE(view->model()->rowCount(), 0);
    dock.setSeverityShown(carton::Severity::Error, true);
    QCOMPARE(view->model()->rowCount(), 1);
    QCOMPARE(view->model()->index(0, studio::DiagnosticsModel::LocationColumn).data().toString(),
             u"carton.toml: input[0]"_s);
    // A click on a filtered row names the right diagnostic.
    QSignalSpy activated(&dock, &studio::DiagnosticsDock::locationActivated);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(0, 1)).center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).value<carton::DiagnosticLocation>(),
             (carton::DiagnosticLocation{u"carton.toml"_s, 0, u"input[0]"_s}));
}

void TestDiagnosticsDock::showsItselfWhenThereIsSomething()
{
    const QString valid = makeFolderCarton(*m_dir, u"valid"_s);
    QVERIFY(writeFile(valid + u"/model/big.bin"_s, QByteArray(96 << 20, 'q'))); // unlisted: an error once hashed
    const QString mismatch = makeFolderCarton(*m_dir, u"mismatch"_s, true);
    const QString clean = makeFolderCarton(*m_dir, u"clean"_s);
    MainWindow window(m_settings.get());
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    studio::DiagnosticsDock *dock = window.diagnosticsDock();
    QVERIFY(!dock->isVisible()); // nothing open, nothing to show
    QVERIFY(!window.problemsButton()->isVisible());

    // While verification runs, the empty list never says "No problems found."
    CartonPage *page = window.openPath(valid);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() == studio::CartonSession::State::Open, jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->session()->isValidating(), jobTimeoutMs);
    if (page->verification()->isRunning() && page->diagnostics().isEmpty())
        QCOMPARE(dock->emptyText(), u"Verifying…"_s);
    while (page->isBusy()) {
        QVERIFY(dock->emptyText() != u"No problems found."_s);
        QTest::qWait(5);
    }

    // A clean carton: the panel keeps its place and says so; no counter.
    CartonPage *cleanPage = window.openPath(clean);
    QTRY_VERIFY_WITH_TIMEOUT(!cleanPage->isBusy(), jobTimeoutMs);
    QCOMPARE(dock->emptyText(), u"No problems found."_s);
    QVERIFY(dock->isVisible());
    QVERIFY(!window.problemsButton()->isVisible());

    // A mismatch: the panel lists it, the counter says what is there and reopens it.
    CartonPage *bad = window.openPath(mismatch);
    QTRY_VERIFY_WITH_TIMEOUT(!bad->isBusy(), jobTimeoutMs);
    QVERIFY(dock->isVisible());
    QVERIFY(window.problemsButton()->isVisible());
    QCOMPARE(window.problemsButton()->text(), u"1 error"_s);
    dock->close();
    QVERIFY(!dock->isVisible());
    QTest::mouseClick(window.problemsButton(), Qt::LeftButton);
    QVERIFY(dock->isVisible());
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestDiagnosticsDock test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_diagnosticsdock.moc"
