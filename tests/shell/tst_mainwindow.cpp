// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "carton/cartonview.h"
#include "diagnostics/diagnosticsdock.h"
#include "diagnostics/diagnosticsmodel.h"
#include "document/verificationrunner.h"
#include "fixturepolicy.h"
#include "jobs/jobpools.h"
#include "package/carton.h"
#include "shell/aboutdialog.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/errorpage.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "shell/screenshotter.h"
#include "shell/singleinstance.h"
#include "shell/verificationstatus.h"
#include "shell/welcomepage.h"
#include "shelltestutil.h"
#include "testpaths.h"
#include "zip/zipwriter.h"

#include <QAbstractScrollArea>
#include <QCryptographicHash>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonPage;
using studio::MainWindow;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void startsOnWelcomePage();
    void opensUpstreamFixture();
    void opensSample();
    void brokenFileShowsErrorPage_data();
    void brokenFileShowsErrorPage();
    void opensFolderCarton();
    void mismatchIsRed();
    void brokenTomlStillShowsDiagnostics();
    void bombShowsError();
    void sameFileOpensOnce();
    void closeWhileVerifying_data();
    void closeWhileVerifying();
    void cancelVerification();
    void statusColoursFollowPalette_data();
    void statusColoursFollowPalette();
    void preferredViewTab_data();
    void preferredViewTab();
    void diagnosticRevealsLocation();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestMainWindow::cleanup()
{
    studio::JobPools::waitForAll();
    m_settings.reset();
    m_dir.reset();
}

void TestMainWindow::startsOnWelcomePage()
{
    MainWindow window(m_settings.get());
    window.show();
    QCOMPARE(window.pageCount(), 0);
    QVERIFY(window.welcomePage()->isVisible());
    QVERIFY(!window.tabWidget()->isVisible());
    QCOMPARE(window.welcomePage()->sampleButton()->isEnabled(), !studio::WelcomePage::sampleCartonPath().isEmpty());
    QCOMPARE(window.diagnosticsDock()->emptyText(), u"No carton open."_s);
}

void TestMainWindow::opensUpstreamFixture()
{
    if (!QFile::exists(fixture()))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(fixture());
    QVERIFY(page);
    QCOMPARE(window.pageCount(), 1);
    QCOMPARE(window.tabWidget()->tabText(0), u"test.carton"_s);
    QVERIFY(window.tabWidget()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QVERIFY(page->view());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);

    // The known inconsistency: self-test input b is declared float64 but
    // references a string tensor.
    const QList<carton::Diagnostic> shown = shownDiagnostics(window);
    QVERIFY(!shown.isEmpty());
    bool found = false;
    for (const carton::Diagnostic &d : shown) {
        const QString text = d.location.toString() + u' ' + d.message;
        if (d.severity != carton::Severity::Info && text.contains(u"self_test"_s) && text.contains(u"b"_s) &&
            (text.contains(u"string"_s) || text.contains(u"float64"_s)))
            found = true;
    }
    if (!found) {
        for (const carton::Diagnostic &d : shown)
            qWarning() << carton::severityName(d.severity) << d.location.toString() << d.message;
    }
    QVERIFY(found);
    QVERIFY(window.diagnosticsDock()->windowTitle().contains(u"warning"_s));

    // Verification finished, every file ok.
    const studio::VerificationRunner *runner = page->verification();
    QCOMPARE(runner->state(), studio::VerificationRunner::State::Finished);
    QVERIFY(!runner->report().files.isEmpty());
    QCOMPARE(runner->failedCount(), 0);
    const int files = int(runner->report().files.size());
    QCOMPARE(window.verificationStatus()->text(), QStringLiteral("All %1 files verified").arg(files));
    QCOMPARE(window.verificationStatus()->tone(), studio::VerificationStatus::Tone::Good);
    QVERIFY(!window.verificationStatus()->progressBar()->isVisible());

    QCOMPARE(window.windowFilePath(), QDir::cleanPath(fixture()));
    QVERIFY(window.tabWidget()->tabToolTip(0).endsWith(QStringLiteral("All %1 files verified").arg(files)));
    QVERIFY(!window.tabWidget()->tabIcon(0).isNull());
}

void TestMainWindow::opensSample()
{
    const QString sample = studio::WelcomePage::sampleCartonPath();
    if (sample.isEmpty())
        QFAIL("sample carton not built");
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(window.welcomePage()->sampleButton()->isEnabled());
    QTest::mouseClick(window.welcomePage()->sampleButton(), Qt::LeftButton);
    QCOMPARE(window.pageCount(), 1);
    CartonPage *page = window.currentPage();
    QCOMPARE(page->path(), sample);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    QCOMPARE(page->verification()->failedCount(), 0);
    QCOMPARE(window.verificationStatus()->tone(), studio::VerificationStatus::Tone::Good);
    for (const carton::Diagnostic &d : page->diagnostics())
        QVERIFY2(d.severity != carton::Severity::Error, qPrintable(d.location.toString() + u": "_s + d.message));
}

void TestMainWindow::brokenFileShowsErrorPage_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QByteArray random(4096, Qt::Uninitialized);
    QRandomGenerator gen(42);
    for (char &c : random)
        c = char(gen.bounded(256));
    QTest::newRow("random bytes") << random;
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("text") << QByteArrayLiteral("spec_version = 1\n");
    QTest::newRow("truncated zip header") << QByteArrayLiteral("PK\x03\x04\x14\x00\x00\x00");
}

void TestMainWindow::brokenFileShowsErrorPage()
{
    QFETCH(QByteArray, bytes);
    const QString path = m_dir->filePath(u"x.carton"_s);
    QVERIFY(writeFile(path, bytes));
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(path);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Failed, jobTimeoutMs);
    QVERIFY(page->errorPage());
    QVERIFY(page->errorPage()->isVisible());
    QCOMPARE(page->errorPage()->title(), u"Could not open x.carton"_s);
    QVERIFY(!page->errorPage()->message().isEmpty());
    QVERIFY(!page->carton());
    // The dock says the same.
    const QList<carton::Diagnostic> shown = shownDiagnostics(window);
    QCOMPARE(shown.size(), 1);
    QCOMPARE(shown.first().severity, carton::Severity::Error);
    QCOMPARE(shown.first().message, page->errorPage()->message());
    // Not remembered as a recent file, and nothing is verified.
    QVERIFY(window.recentFiles()->files().isEmpty());
    QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Idle);
    QVERIFY(!window.isBusy());

    // Close Tab on the error page closes it.
    emit page->errorPage()->closeRequested();
    QTRY_COMPARE(window.pageCount(), 0);
    QVERIFY(window.welcomePage()->isVisible());
}

void TestMainWindow::opensFolderCarton()
{
    const QString folder = makeFolderCarton(*m_dir, u"folder_carton"_s);
    QVERIFY(!folder.isEmpty());
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(folder);
    QCOMPARE(window.tabWidget()->tabText(0), u"folder_carton"_s);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QVERIFY(page->carton()->info().has_value());
    QCOMPARE(page->carton()->info()->modelName.value_or(QString()), u"folder_model"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    QCOMPARE(page->verification()->failedCount(), 0);
    QCOMPARE(window.verificationStatus()->text(), u"All 2 files verified"_s);
    for (const carton::Diagnostic &d : page->diagnostics())
        QVERIFY2(d.severity != carton::Severity::Error, qPrintable(d.location.toString() + u": "_s + d.message));
}

void TestMainWindow::mismatchIsRed()
{
    const QString folder = makeFolderCarton(*m_dir, u"bad_hash"_s, true);
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(folder);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    QCOMPARE(page->verification()->failedCount(), 1);
    QCOMPARE(window.verificationStatus()->text(), u"1 file failed verification"_s);
    QVERIFY(window.tabWidget()->tabToolTip(0).endsWith(u"1 file failed verification"_s));
    QCOMPARE(window.verificationStatus()->tone(), studio::VerificationStatus::Tone::Bad);
    bool listed = false;
    for (const carton::Diagnostic &d : shownDiagnostics(window))
        listed = listed || (d.location.toString() == u"model/model.txt"_s && d.severity == carton::Severity::Error);
    QVERIFY(listed);

    // Verify Again (F5) runs it again with the same outcome.
    QSignalSpy started(page->verification(), &studio::VerificationRunner::started);
    QSignalSpy finished(page->verification(), &studio::VerificationRunner::finished);
    window.verifyCurrent();
    QCOMPARE(started.count(), 1); // started at once; the result comes from the worker
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, jobTimeoutMs);
    QCOMPARE(page->verification()->failedCount(), 1);
    QCOMPARE(window.verificationStatus()->tone(), studio::VerificationStatus::Tone::Bad);
}

void TestMainWindow::brokenTomlStillShowsDiagnostics()
{
    const QString folder = makeFolderCarton(*m_dir, u"broken_toml"_s, false, "spec_version = \n[runner\n");
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(folder);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() != studio::CartonSession::State::Opening, jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    bool tomlError = false;
    for (const carton::Diagnostic &d : shownDiagnostics(window))
        tomlError =
            tomlError || (d.severity == carton::Severity::Error && d.location.toString().startsWith(u"carton.toml"_s));
    QVERIFY(tomlError);
    QVERIFY(
        window.tabWidget()->tabToolTip(0).startsWith(QDir::toNativeSeparators(folder) + u"\nNot a valid carton: "_s));
}

void TestMainWindow::bombShowsError()
{
    // carton.toml inflates to 64 MiB of zeros (zstd: a few KiB in the zip),
    // far past the metadata cap: an error in the window, not a crash or an OOM.
    const QString path = m_dir->filePath(u"bomb.carton"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        carton::ZipWriter zip(&file);
        const QByteArray zeros(64 << 20, '\0');
        QVERIFY(zip.addEntry(u"carton.toml"_s, zeros, {}).ok());
        carton::ZipWriteOptions stored;
        stored.method = carton::ZipMethod::Stored;
        QVERIFY(zip.addEntry(u"MANIFEST"_s, QByteArray("carton.toml=" + sha256Hex(zeros) + "\n"), stored).ok());
        QVERIFY(zip.close().ok());
    }
    QVERIFY(QFileInfo(path).size() < (1 << 20));
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(path);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() != studio::CartonSession::State::Opening, jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    if (page->state() == studio::CartonSession::State::Failed)
        QVERIFY(page->errorPage()->isVisible());
    bool error = false;
    for (const carton::Diagnostic &d : shownDiagnostics(window))
        error = error || (d.severity == carton::Severity::Error &&
                          QString(d.location.toString() + d.message).contains(u"carton.toml"_s));
    QVERIFY(error);
}

void TestMainWindow::sameFileOpensOnce()
{
    const QString folder = makeFolderCarton(*m_dir, u"once"_s);
    const QString other = makeFolderCarton(*m_dir, u"other"_s);
    MainWindow window(m_settings.get());
    CartonPage *first = window.openPath(folder);
    window.openPath(other);
    QCOMPARE(window.pageCount(), 2);
    QCOMPARE(window.tabWidget()->currentIndex(), 1);
    QCOMPARE(window.openPath(folder + u"/./"_s), first);
    QCOMPARE(window.pageCount(), 2);
    QCOMPARE(window.currentPage(), first);
}

void TestMainWindow::closeWhileVerifying_data()
{
    QTest::addColumn<bool>("upstreamZip");
    QTest::newRow("two folder cartons") << false;
    if (QFileInfo::exists(testutil::sharedPath()))
        QTest::newRow("upstream zip and a folder") << true;
}

void TestMainWindow::closeWhileVerifying()
{
    // Close tabs and whole windows while their jobs run: no crash, no late
    // delivery to dead objects.
    QFETCH(bool, upstreamZip);
    const QString folder = makeFolderCarton(*m_dir, u"closing"_s);
    // Two different cartons: opening the same path twice gives one tab (on a fresh
    // clone, without ../shared, the old fallback opened `folder` twice).
    const QString file = upstreamZip ? fixture() : makeFolderCarton(*m_dir, u"closing first"_s);
    QVERIFY2(QFile::exists(file), qPrintable(file));
    for (int round = 0; round < 5; ++round) {
        auto window = std::make_unique<MainWindow>(m_settings.get());
        window->openPath(file);
        window->openPath(folder);
        if (round % 2 == 0)
            QTRY_VERIFY_WITH_TIMEOUT(window->page(0)->state() != studio::CartonSession::State::Opening, jobTimeoutMs);
        window->closePage(0);
        QCOMPARE(window->pageCount(), 1);
        if (round % 3 == 0)
            QTest::qWait(5);
        window.reset();
        QTest::qWait(10);
    }
    studio::JobPools::waitForAll();
    QCoreApplication::processEvents();
}

void TestMainWindow::cancelVerification()
{
    // Big enough that hashing takes a while; the cancel button stops it.
    const QString folder = makeBigFolderCarton(*m_dir, u"big"_s, 512);
    QVERIFY(!folder.isEmpty());
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = window.openPath(folder);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QVERIFY(page->verification()->isRunning());
    QVERIFY(window.verificationStatus()->progressBar()->isVisible());
    QVERIFY(window.verificationStatus()->cancelButton()->isVisible());
    QCOMPARE(window.verificationStatus()->text(), u"Verifying…"_s);
    QTest::mouseClick(window.verificationStatus()->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->verification()->isRunning(), jobTimeoutMs);
    QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Cancelled);
    // The safety scan may still be running (slowly under ASan): its text shows
    // until it ends, then the cancelled verification's.
    QTRY_COMPARE_WITH_TIMEOUT(window.verificationStatus()->text(), u"Not verified: cancelled"_s, jobTimeoutMs);
    QVERIFY(!window.verificationStatus()->progressBar()->isVisible());
}

void TestMainWindow::statusColoursFollowPalette_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<bool>("mismatch");
    QTest::newRow("light, ok") << false << false;
    QTest::newRow("light, mismatch") << false << true;
    QTest::newRow("dark, ok") << true << false;
    QTest::newRow("dark, mismatch") << true << true;
}

void TestMainWindow::statusColoursFollowPalette()
{
    QFETCH(bool, dark);
    QFETCH(bool, mismatch);
    const QPalette original = QApplication::palette();
    QPalette palette = original;
    palette.setColor(QPalette::Window, dark ? QColor(0x20, 0x20, 0x20) : QColor(0xf0, 0xf0, 0xf0));
    palette.setColor(QPalette::WindowText, dark ? QColor(0xee, 0xee, 0xee) : QColor(0x10, 0x10, 0x10));
    QApplication::setPalette(palette);
    auto restore = qScopeGuard([&] { QApplication::setPalette(original); });

    const QString folder = makeFolderCarton(*m_dir, u"palette"_s, mismatch);
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(folder);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() == studio::CartonSession::State::Open && !page->isBusy(), jobTimeoutMs);
    auto *label = window.verificationStatus()->findChild<QLabel *>(u"verificationText"_s);
    QVERIFY(label);
    const QColor text = label->palette().color(QPalette::WindowText);
    // Readable: light text on dark windows, dark text on light ones.
    QCOMPARE(text.lightness() > 128, dark);
    // Green for ok, red for a mismatch.
    if (mismatch)
        QVERIFY(text.red() > text.green());
    else
        QVERIFY(text.green() > text.red());
}

void TestMainWindow::preferredViewTab_data()
{
    QTest::addColumn<QString>("tab");
    QTest::addColumn<int>("expected");
    QTest::newRow("overview") << u"overview"_s << int(studio::CartonView::OverviewTab);
    QTest::newRow("inputs") << u"inputs"_s << int(studio::CartonView::SpecsTab);
    QTest::newRow("files by name") << u"Files"_s << int(studio::CartonView::FilesTab);
    QTest::newRow("files by number") << u"4"_s << int(studio::CartonView::FilesTab);
    QTest::newRow("metadata") << u"metadata"_s << int(studio::CartonView::MetadataTab);
    QTest::newRow("runner") << u"runner"_s << int(studio::CartonView::RunnerTab);
    QTest::newRow("tensor") << u"tensor"_s << int(studio::CartonView::TensorsTab);
    QTest::newRow("tensors") << u"tensors"_s << int(studio::CartonView::TensorsTab);
    QTest::newRow("outputs") << u"outputs"_s << int(studio::CartonView::SpecsTab);
    QTest::newRow("tests") << u"tests"_s << int(studio::CartonView::SelfTestsTab);
    QTest::newRow("examples") << u"examples"_s << int(studio::CartonView::SelfTestsTab);
    QTest::newRow("self-tests") << u"self-tests"_s << int(studio::CartonView::SelfTestsTab);
    QTest::newRow("unknown keeps default") << u"nonsense"_s << int(studio::CartonView::OverviewTab);
    QTest::newRow("out of range keeps default") << u"9"_s << int(studio::CartonView::OverviewTab);
}

void TestMainWindow::preferredViewTab()
{
    QFETCH(QString, tab);
    QFETCH(int, expected);
    const QString folder = makeFolderCarton(*m_dir, u"tabs"_s);
    MainWindow window(m_settings.get());
    window.setPreferredViewTab(tab);
    CartonPage *page = window.openPath(folder);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QCOMPARE(int(page->view()->currentTab()), expected);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
}

void TestMainWindow::diagnosticRevealsLocation()
{
    const QString folder = makeFolderCarton(*m_dir, u"reveal"_s, true);
    MainWindow window(m_settings.get());
    window.show();
    CartonPage *page = window.openPath(folder);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    QCOMPARE(page->view()->currentTab(), studio::CartonView::OverviewTab);
    studio::DiagnosticsModel *model = window.diagnosticsDock()->model();
    QModelIndex row;
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->diagnostic(model->index(r, 0)).location.toString() == u"model/model.txt"_s)
            row = model->index(r, 0);
    }
    QVERIFY(row.isValid());
    QSignalSpy activated(window.diagnosticsDock(), &studio::DiagnosticsDock::locationActivated);
    emit window.diagnosticsDock()->view()->activated(row);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).value<carton::DiagnosticLocation>(),
             carton::DiagnosticLocation{u"model/model.txt"_s});
    QCOMPARE(page->view()->currentTab(), studio::CartonView::FilesTab);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestMainWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_mainwindow.moc"
