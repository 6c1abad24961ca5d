// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Help ▸ User Guide and Help ▸ Keyboard Shortcuts: the guide is inside the
// application (offline) and the shortcut list is read from the window's actions.
#include "shell/mainwindow.h"
#include "shell/shortcutsdialog.h"
#include "shell/userguidedialog.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>
#include <functional>

using namespace Qt::StringLiterals;
using studio::MainWindow;
using studio::ShortcutsDialog;

class TestHelpMenu final : public QObject {
    Q_OBJECT
private slots:
    void userGuideShipsInsideTheApp();
    void shortcutsAreTheWindowsOwn();

private:
    QTemporaryDir m_dir;
};

void TestHelpMenu::userGuideShipsInsideTheApp()
{
    const QString guide = studio::UserGuideDialog::markdown();
    QVERIFY2(guide.startsWith(u"# Carton Studio user guide"_s), qPrintable(guide.left(80)));
    QSettings settings(m_dir.filePath(u"s.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    QAction *action = window.findChild<QAction *>(u"actionUserGuide"_s);
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
    action->trigger();
    auto *dialog = window.findChild<studio::UserGuideDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    const QString shown = dialog->browser()->toPlainText();
    // Rendered, not shown as Markdown source: headings without '#', every section there.
    QVERIFY2(shown.startsWith(u"Carton Studio user guide"_s), qPrintable(shown.left(80)));
    for (const QString &heading : {u"Opening a carton"_s, u"Trust: signatures, the safety scan and the sandbox"_s,
                                   u"Running self-tests"_s, u"Editing and packing"_s, u"The command line"_s})
        QVERIFY2(shown.contains(heading), qPrintable(heading));
    QVERIFY(!shown.contains(u"## "_s));
    // A second F1 raises the same window.
    action->trigger();
    QCOMPARE(window.findChildren<studio::UserGuideDialog *>().size(), 1);
    // Every menu the guide names exists (File ▸ Open…, Carton ▸ Run Self-tests...).
    QStringList menus;
    for (QAction *top : window.menuBar()->actions())
        menus << top->text().remove(u'&');
    for (const QString &menu : {u"File"_s, u"Edit"_s, u"Carton"_s, u"Help"_s})
        QVERIFY2(menus.contains(menu) && guide.contains(menu + u" ▸ "_s), qPrintable(menu));
}

void TestHelpMenu::shortcutsAreTheWindowsOwn()
{
    QSettings settings(m_dir.filePath(u"s.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    const QList<ShortcutsDialog::Entry> entries = ShortcutsDialog::entries(&window);
    const auto find = [&entries](const QString &command) -> const ShortcutsDialog::Entry * {
        for (const ShortcutsDialog::Entry &e : entries)
            if (e.command == command)
                return &e;
        return nullptr;
    };
    const ShortcutsDialog::Entry *run = find(u"Run Self-tests"_s);
    QVERIFY(run);
    QCOMPARE(run->section, u"Carton"_s);
    QCOMPARE(run->keys, QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText));
    const ShortcutsDialog::Entry *open = find(u"Open"_s);
    QVERIFY(open);
    QCOMPARE(open->section, u"File"_s);
    const ShortcutsDialog::Entry *keys = find(u"Keyboard Shortcuts"_s);
    QVERIFY(keys);
    QCOMPARE(keys->section, u"Help"_s);
    // Every action of the menus with a shortcut is listed once, none without.
    int withKeys = 0;
    const std::function<void(const QMenu *)> count = [&](const QMenu *menu) {
        for (QAction *a : menu->actions()) {
            if (a->menu())
                count(a->menu());
            else if (!a->shortcut().isEmpty())
                ++withKeys;
        }
    };
    for (QAction *top : window.menuBar()->actions())
        if (top->menu())
            count(top->menu());
    int inMenus = 0;
    for (const ShortcutsDialog::Entry &e : entries) {
        QVERIFY2(!e.keys.isEmpty(), qPrintable(e.command));
        inMenus += e.section != u"Panels"_s;
    }
    QCOMPARE(inMenus, withKeys);

    // The dialog shows them under their menus; Ctrl+/ opens it.
    QAction *action = window.findChild<QAction *>(u"actionShortcuts"_s);
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Slash));
    int topLevel = -1, rows = 0;
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<ShortcutsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        topLevel = dialog->tree()->topLevelItemCount();
        for (int i = 0; i < topLevel; ++i)
            rows += dialog->tree()->topLevelItem(i)->childCount();
        dialog->reject();
    });
    action->trigger();
    QVERIFY(topLevel >= 3); // File, Edit, View, Carton, Help... with shortcuts
    QCOMPARE(rows, entries.size());
}

QTEST_MAIN(TestHelpMenu)
#include "tst_helpmenu.moc"
