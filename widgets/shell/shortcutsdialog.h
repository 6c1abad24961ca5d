// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTreeWidget;

namespace studio {

// Help ▸ Keyboard Shortcuts: every shortcut of a window, read from its actions
// (the menus' first, under their menu's name, then those of its panels), so the
// list is what the keys really do, in this language and platform's key names.
class ShortcutsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)
public:
    struct Entry {
        QString section; // "File", "Carton"... or "Panels"
        QString command; // the action's text without '&' and '…'
        QString keys;    // native text, several joined by ", "
    };

    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);

    // What the dialog lists for `window`.
    static QList<Entry> entries(QWidget *window);
    QTreeWidget *tree() const { return m_tree; }

private:
    QTreeWidget *m_tree;
};

} // namespace studio
