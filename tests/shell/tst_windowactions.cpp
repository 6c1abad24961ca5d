// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "carton/cartonview.h"
#include "diagnostics/diagnosticsdock.h"
#include "diagnostics/diagnosticsmodel.h"
#include "document/verificationrunner.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "shell/aboutdialog.h"
#include "shell/application.h"
#include "shell/cardprobe.h"
#include "shell/cartonpage.h"
#include "shell/errorpage.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "shell/screenshotter.h"
#include "shell/singleinstance.h"
#include "shell/verificationstatus.h"
#include "shell/welcomepage.h"
#include "shelltestutil.h"

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

class TestWindowActions : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void recentFilesUpdateAndPersist();
    void welcomeRecentOpens();
    void dropOpens_data();
    void dropOpens();
    void dropOntoChildWidget();
    void handOverFromSecondLaunch();
    void windowStateRestored();
    void standardShortcuts_data();
    void standardShortcuts();
    void aboutDialog();
    void screenshot();
    void cardProbe_data();
    void cardProbe();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestWindowActions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestWindowActions::cleanup()
{
    studio::JobPools::waitForAll();
    m_settings.reset();
    m_dir.reset();
}

void TestWindowActions::recentFilesUpdateAndPersist()
{
    const QString a = makeFolderCarton(*m_dir, u"a"_s);
    const QString b = makeFolderCarton(*m_dir, u"b"_s);
    {
        MainWindow window(m_settings.get());
        CartonPage *pa = window.openPath(a);
        QTRY_COMPARE_WITH_TIMEOUT(pa->state(), studio::CartonSession::State::Open, jobTimeoutMs);
        CartonPage *pb = window.openPath(b);
        QTRY_COMPARE_WITH_TIMEOUT(pb->state(), studio::CartonSession::State::Open, jobTimeoutMs);
        QCOMPARE(window.recentFiles()->files(), (QStringList{b, a}));
        // The Open Recent menu lists them, newest first.
        const QList<QAction *> actions = window.recentMenu()->actions();
        QVERIFY(actions.size() >= 2);
        QVERIFY(actions.at(0)->text().contains(QDir::toNativeSeparators(b)));
        QVERIFY(actions.at(1)->text().contains(QDir::toNativeSeparators(a)));
        // The welcome page lists them too.
        QCOMPARE(window.welcomePage()->recentList()->count(), 2);
    }
    m_settings->sync();
    QSettings reread(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow again(&reread);
    QCOMPARE(again.recentFiles()->files(), (QStringList{b, a}));
    QCOMPARE(again.welcomePage()->recentList()->count(), 2);
    // Triggering a recent entry opens it.
    again.recentMenu()->actions().at(1)->trigger();
    QCOMPARE(again.pageCount(), 1);
    QCOMPARE(again.currentPage()->path(), a);
}

void TestWindowActions::welcomeRecentOpens()
{
    const QString a = makeFolderCarton(*m_dir, u"recent_a"_s);
    studio::RecentFiles(m_settings.get()).add(a);
    MainWindow window(m_settings.get());
    window.show();
    QListWidget *list = window.welcomePage()->recentList();
    QCOMPARE(list->count(), 1);
    list->setCurrentRow(0);
    QTest::keyClick(list, Qt::Key_Return);
    QTRY_COMPARE(window.pageCount(), 1);
    QCOMPARE(window.currentPage()->path(), a);
}

void TestWindowActions::dropOpens_data()
{
    QTest::addColumn<QStringList>("names"); // created under the temp dir; "dir:" prefix = carton folder
    QTest::addColumn<int>("expectedTabs");
    QTest::newRow("one carton folder") << QStringList{u"dir:dropped"_s} << 1;
    QTest::newRow("a .carton file and a folder") << QStringList{u"m.carton"_s, u"dir:f"_s} << 2;
    QTest::newRow("upper-case suffix") << QStringList{u"M.CARTON"_s} << 1;
    QTest::newRow("not a carton") << QStringList{u"notes.txt"_s} << 0;
}

void TestWindowActions::dropOpens()
{
    QFETCH(QStringList, names);
    QFETCH(int, expectedTabs);
    QList<QUrl> urls;
    for (const QString &name : names) {
        if (name.startsWith(u"dir:"_s)) {
            urls << QUrl::fromLocalFile(makeFolderCarton(*m_dir, name.mid(4)));
        } else {
            const QString path = m_dir->filePath(name);
            QVERIFY(writeFile(path, "not really a zip"));
            urls << QUrl::fromLocalFile(path);
        }
    }
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto mime = std::make_unique<QMimeData>();
    mime->setUrls(urls);

    const QPointF pos(window.width() / 2.0, window.height() / 2.0);
    QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QCOMPARE(enter.isAccepted(), expectedTabs > 0);
    // While dragging, the hint says what the drop will do, a line per path.
    const auto *hint = window.findChild<QLabel *>(u"dropHint"_s);
    QVERIFY(hint);
    QCOMPARE(hint->isVisible(), expectedTabs > 0);
    if (expectedTabs > 0)
        QCOMPARE(hint->text().count(u'\n') + 1, qMin(expectedTabs, 4));

    QDropEvent drop(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    QVERIFY(!hint->isVisible());
    QCOMPARE(window.pageCount(), expectedTabs);
    for (int i = 0; i < expectedTabs; ++i)
        QCOMPARE(QUrl::fromLocalFile(window.page(i)->path()), urls.at(i));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
}

void TestWindowActions::dropOntoChildWidget()
{
    // Dropping onto a carton already shown (a text browser, a tree) opens the
    // dropped carton too: child widgets pass the drag on to the window.
    const QString first = makeFolderCarton(*m_dir, u"first"_s);
    const QString second = makeFolderCarton(*m_dir, u"second"_s);
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = window.openPath(first);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    const QList<QAbstractScrollArea *> areas = page->view()->findChildren<QAbstractScrollArea *>();
    QWidget *target = nullptr;
    for (QAbstractScrollArea *area : areas) {
        if (area->isVisible()) {
            target = area->viewport();
            break;
        }
    }
    QVERIFY(target);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(second)});
    const QPoint pos(5, 5);
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    QCOMPARE(window.pageCount(), 2);
    QCOMPARE(window.currentPage()->path(), second);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
}

void TestWindowActions::handOverFromSecondLaunch()
{
    const QString folder = makeFolderCarton(*m_dir, u"handed_over"_s);
    const QString name = u"carton-studio-test-"_s + QString::number(QCoreApplication::applicationPid());
    studio::SingleInstance running(name);
    QVERIFY(running.listen());
    MainWindow window(m_settings.get());
    connect(&running, &studio::SingleInstance::filesReceived, &window, &MainWindow::activateWith);
    studio::SingleInstance second(name);
    QVERIFY(second.sendToRunning({folder}));
    QTRY_COMPARE(window.pageCount(), 1);
    QVERIFY(window.isVisible());
    QCOMPARE(window.currentPage()->path(), folder);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage()->view(), jobTimeoutMs);
    QCOMPARE(window.currentPage()->view()->currentTab(), studio::CartonView::OverviewTab);

    // `carton-studio --tab files FILE` handed over: the running window shows that tab, also for a file open already.
    studio::SingleInstance third(name);
    QVERIFY(third.sendToRunning({folder}, u"files"_s));
    QTRY_COMPARE(window.currentPage()->view()->currentTab(), studio::CartonView::FilesTab);
    QCOMPARE(window.pageCount(), 1);
}

void TestWindowActions::windowStateRestored()
{
    {
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resize(900, 640);
        // Nothing open, nothing to show: the dock waits for a carton with problems.
        QVERIFY(!window.diagnosticsDock()->isVisible());
        window.close();
    }
    MainWindow again(m_settings.get());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(again.diagnosticsDock()->isHidden());
    QCOMPARE(again.size(), QSize(900, 640));
}

void TestWindowActions::standardShortcuts_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QKeySequence>("shortcut");
    QTest::newRow("open") << u"actionOpen"_s << QKeySequence(QKeySequence::Open);
    QTest::newRow("close") << u"actionClose"_s << QKeySequence(QKeySequence::Close);
    QTest::newRow("quit") << u"actionQuit"_s << QKeySequence(QKeySequence::Quit);
    QTest::newRow("verify") << u"actionVerify"_s << QKeySequence(QKeySequence::Refresh);
}

void TestWindowActions::standardShortcuts()
{
    QFETCH(QString, action);
    QFETCH(QKeySequence, shortcut);
    MainWindow window(m_settings.get());
    auto *a = window.findChild<QAction *>(action);
    QVERIFY(a);
    QCOMPARE(a->shortcut(), shortcut);
}

void TestWindowActions::aboutDialog()
{
    studio::AboutDialog dialog;
    const QString text = dialog.aboutText();
    QVERIFY(text.contains(QCoreApplication::applicationVersion()));
    QVERIFY(text.contains(QString::fromLatin1(qVersion())));
    QVERIFY(text.contains(u"Apache License"_s));
}

void TestWindowActions::screenshot()
{
    const QString folder = makeFolderCarton(*m_dir, u"shot"_s);
    const QString file = m_dir->filePath(u"shots/window.png"_s);
    MainWindow window(m_settings.get());
    window.show();
    window.openPath(folder);
    studio::Screenshotter shooter(&window, file, 0);
    QSignalSpy done(&shooter, &studio::Screenshotter::done);
    shooter.start();
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, jobTimeoutMs);
    QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
    QVERIFY(!window.isBusy()); // it waited for the jobs
    const QImage image(file);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), window.grab().size());
}

void TestWindowActions::cardProbe_data()
{
    QTest::addColumn<bool>("broken");
    QTest::newRow("carton") << false;
    QTest::newRow("broken file") << true;
}

void TestWindowActions::cardProbe()
{
    QFETCH(bool, broken);
    QString path = makeFolderCarton(*m_dir, u"probe"_s);
    if (broken) {
        path = m_dir->filePath(u"broken.carton"_s);
        QVERIFY(writeFile(path, "no zip here"));
    }
    MainWindow window(m_settings.get());
    window.show();
    studio::CardProbe probe(&window);
    QSignalSpy shown(&probe, &studio::CardProbe::cardShown);
    QSignalSpy failed(&probe, &studio::CardProbe::failed);
    probe.start();
    window.openPath(path);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count() + failed.count(), 1, jobTimeoutMs);
    QCOMPARE(shown.count(), broken ? 0 : 1);
    if (!broken) {
        QCOMPARE(shown.at(0).at(0).toString(), path);
        QCOMPARE(window.page(0)->state(), studio::CartonSession::State::Open);
    } else {
        QVERIFY(failed.at(0).at(0).toString().contains(u"broken.carton"_s));
    }
    // Reported once: still once when every job has finished and its result is delivered.
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    studio::JobPools::waitForAll();
    QCoreApplication::sendPostedEvents();
    QCOMPARE(shown.count() + failed.count(), 1);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestWindowActions test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowactions.moc"
