// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace studio {

namespace {

QString plain(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(u'&');
    text.replace(u'\x01', u'&');
    if (text.endsWith(u'…'))
        text.chop(1);
    return text;
}

QString keysOf(const QAction *action)
{
    // The first two: a standard key's list goes on with spellings and media keys
    // (Ctrl+Shift+Backtab, Forward) nobody looks up.
    QStringList keys;
    for (const QKeySequence &k : action->shortcuts())
        if (!k.isEmpty() && keys.size() < 2)
            keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

void collectMenu(const QMenu *menu, const QString &section, QList<ShortcutsDialog::Entry> *out,
                 QSet<const QAction *> *seen)
{
    for (QAction *action : menu->actions()) {
        if (action->menu()) {
            collectMenu(action->menu(), section, out, seen);
            continue;
        }
        seen->insert(action);
        const QString keys = keysOf(action);
        if (!action->isSeparator() && !keys.isEmpty())
            out->append({section, plain(action->text()), keys});
    }
}

} // namespace

QList<ShortcutsDialog::Entry> ShortcutsDialog::entries(QWidget *window)
{
    QList<Entry> out;
    QSet<const QAction *> seen;
    if (auto *main = qobject_cast<QMainWindow *>(window))
        for (QAction *top : main->menuBar()->actions())
            if (top->menu())
                collectMenu(top->menu(), plain(top->text()), &out, &seen);
    // Shortcuts of panels (filters, tensor viewer...) that no menu shows.
    QList<Entry> panels;
    QSet<QString> listed;
    for (QAction *action : window->findChildren<QAction *>()) {
        const QString keys = keysOf(action);
        const QString command = plain(action->text());
        if (seen.contains(action) || keys.isEmpty() || command.isEmpty() || listed.contains(command + keys))
            continue;
        listed.insert(command + keys);
        panels.append({tr("Panels"), command, keys});
    }
    std::sort(panels.begin(), panels.end(), [](const Entry &a, const Entry &b) { return a.command < b.command; });
    return out + panels;
}

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent) : QDialog(parent), m_tree(new QTreeWidget)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName(QStringLiteral("shortcutsDialog"));
    m_tree->setObjectName(QStringLiteral("shortcutsTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Command"), tr("Keys")});
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    QTreeWidgetItem *section = nullptr;
    for (const Entry &e : entries(window)) {
        if (!section || section->text(0) != e.section) {
            section = new QTreeWidgetItem(m_tree, {e.section});
            QFont bold = section->font(0);
            bold.setBold(true);
            section->setFont(0, bold);
            section->setFirstColumnSpanned(true);
        }
        new QTreeWidgetItem(section, {e.command, e.keys});
    }
    m_tree->expandAll();
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    resize(520, 560);
}

} // namespace studio
