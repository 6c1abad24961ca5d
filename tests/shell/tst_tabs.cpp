// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The main window's tabs: Ctrl+Tab / Ctrl+Shift+Tab, ten cartons, the tab
// context menu.
#include "document/verificationrunner.h"
#include "jobs/jobpools.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/cartontabs.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"

#include <QAction>
#include <QClipboard>
#include <QMenu>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonPage;
using studio::MainWindow;

class TestTabs : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void keysSwitchTabs_data();
    void keysSwitchTabs();
    void menuShowsCtrlShiftTab();
    void tenTabsStayReadable();
    void contextMenu();

private:
    QStringList makeCartons(int count, const QString &prefix);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestTabs::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestTabs::cleanup()
{
    studio::JobPools::waitForAll();
    m_settings.reset();
    m_dir.reset();
}

QStringList TestTabs::makeCartons(int count, const QString &prefix)
{
    QStringList paths;
    for (int i = 0; i < count; ++i)
        paths << makeFolderCarton(*m_dir, u"%1_%2.carton"_s.arg(prefix).arg(i));
    return paths;
}

void TestTabs::keysSwitchTabs_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::addColumn<int>("step");
    QTest::newRow("Ctrl+Tab") << int(Qt::Key_Tab) << Qt::KeyboardModifiers(Qt::ControlModifier) << 1;
    // What X11 delivers for Ctrl+Shift+Tab, and what QTest sends for it.
    QTest::newRow("Ctrl+Shift+Backtab") << int(Qt::Key_Backtab)
                                        << Qt::KeyboardModifiers(Qt::ControlModifier | Qt::ShiftModifier) << -1;
    QTest::newRow("Ctrl+Shift+Tab") << int(Qt::Key_Tab)
                                    << Qt::KeyboardModifiers(Qt::ControlModifier | Qt::ShiftModifier) << -1;
}

void TestTabs::keysSwitchTabs()
{
    QFETCH(int, key);
    QFETCH(Qt::KeyboardModifiers, modifiers);
    QFETCH(int, step);
    const QStringList paths = makeCartons(3, u"keys"_s);
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.openPaths(paths);
    QCOMPARE(window.pageCount(), 3);
    for (int i = 0; i < 3; ++i)
        QTRY_VERIFY_WITH_TIMEOUT(!window.page(i)->isBusy(), jobTimeoutMs);
    window.tabWidget()->setCurrentIndex(1);
    // With the focus deep inside the carton view (its own tab widget must not eat the key).
    window.currentPage()->setFocus();
    QWidget *focus = QApplication::focusWidget() ? QApplication::focusWidget() : &window;
    QTest::keyClick(focus, Qt::Key(key), modifiers);
    QCOMPARE(window.tabWidget()->currentIndex(), 1 + step);
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key(key), modifiers);
    QCOMPARE(window.tabWidget()->currentIndex(), (1 + 2 * step + 3) % 3); // wraps around
}

void TestTabs::menuShowsCtrlShiftTab()
{
    MainWindow window(m_settings.get());
    QCOMPARE(window.previousTabAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab));
    QCOMPARE(window.nextTabAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Tab));
    // The platform's own bindings still work.
    for (const QKeySequence &k : QKeySequence::keyBindings(QKeySequence::PreviousChild))
        QVERIFY(window.previousTabAction()->shortcuts().contains(k));
    for (const QKeySequence &k : QKeySequence::keyBindings(QKeySequence::NextChild))
        QVERIFY(window.nextTabAction()->shortcuts().contains(k));
}

void TestTabs::tenTabsStayReadable()
{
    const QStringList paths = makeCartons(10, u"a_rather_long_model_name"_s);
    MainWindow window(m_settings.get());
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openPaths(paths);
    QCOMPARE(window.pageCount(), 10);
    QTabBar *bar = window.tabWidget()->tabBar();
    QCOMPARE(bar->elideMode(), Qt::ElideRight);
    QVERIFY(bar->usesScrollButtons());
    // Every tab keeps a readable part of its name: at least the minimum number
    // of characters, so the bar scrolls instead (its scroll buttons show).
    const int minimum = bar->fontMetrics().averageCharWidth() * (studio::CartonTabs::minimumVisibleCharacters - 3);
    for (int i = 0; i < bar->count(); ++i)
        QVERIFY2(bar->tabRect(i).width() >= minimum, qPrintable(QString::number(bar->tabRect(i).width())));
    int visibleButtons = 0;
    for (const QToolButton *b : bar->findChildren<QToolButton *>())
        visibleButtons += b->isVisible() && (b->arrowType() != Qt::NoArrow) ? 1 : 0;
    QCOMPARE(visibleButtons, 2);
    // The tooltip has the whole path.
    for (int i = 0; i < bar->count(); ++i)
        QVERIFY(window.tabWidget()->tabToolTip(i).startsWith(QDir::toNativeSeparators(window.page(i)->path()) + u'\n'));
}

void TestTabs::contextMenu()
{
    const QStringList paths = makeCartons(5, u"menu"_s);
    MainWindow window(m_settings.get());
    window.show();
    window.openPaths(paths);
    QCOMPARE(window.pageCount(), 5);
    auto action = [](QMenu *menu, const char *name) {
        QAction *a = menu->findChild<QAction *>(QString::fromLatin1(name));
        if (!a) {
            for (QAction *candidate : menu->actions())
                if (candidate->objectName() == QLatin1StringView(name))
                    a = candidate;
        }
        return a;
    };

    std::unique_ptr<QMenu> menu(window.createTabContextMenu(2));
    QAction *copy = action(menu.get(), "actionCopyPath");
    QVERIFY(copy);
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), QDir::toNativeSeparators(window.page(2)->path()));
    QAction *show = action(menu.get(), "actionShowInFolder");
    QVERIFY(show);
    QCOMPARE(show->data().toUrl(), QUrl::fromLocalFile(m_dir->path()));

    // Close Tabs to the Right of the third tab: the first three stay.
    QAction *right = action(menu.get(), "actionCloseToTheRight");
    QVERIFY(right && right->isEnabled());
    right->trigger();
    QCOMPARE(window.pageCount(), 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(window.page(i)->path(), QDir::cleanPath(paths.at(i)));
    // The last tab has nothing to its right.
    menu.reset(window.createTabContextMenu(2));
    QVERIFY(!action(menu.get(), "actionCloseToTheRight")->isEnabled());

    // Close Others on the second tab: only it stays, and it is current.
    menu.reset(window.createTabContextMenu(1));
    action(menu.get(), "actionCloseOthers")->trigger();
    QCOMPARE(window.pageCount(), 1);
    QCOMPARE(window.page(0)->path(), QDir::cleanPath(paths.at(1)));
    QCOMPARE(window.currentPage(), window.page(0));
    menu.reset(window.createTabContextMenu(0));
    QVERIFY(!action(menu.get(), "actionCloseOthers")->isEnabled());
    action(menu.get(), "actionCloseTab")->trigger();
    QCOMPARE(window.pageCount(), 0);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestTabs test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_tabs.moc"
