// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QWidget>

class QLineEdit;
class QListWidget;
class QPushButton;

namespace studio {

// The required_platforms list: target triples, each editable in place; an entry
// field below offers the common triples (host first) and checks free entry as
// it is typed (an invalid triple cannot be added). Emits edited() with the
// whole new list; setPlatforms() shows the document's list.
class PlatformListEdit final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlatformListEdit)

public:
    explicit PlatformListEdit(QWidget *parent = nullptr);

    QStringList platforms() const;
    // Shows `platforms`; items are rebuilt only when the list differs.
    void setPlatforms(const QStringList &platforms);
    // Marks the list and each offending item ("required_platforms[3]").
    void setDiagnostics(const carton::Diagnostics &all);
    // Selects and focuses item `index`; the entry field for -1.
    bool reveal(int index);

    QListWidget *list() const { return m_list; }
    QLineEdit *entry() const { return m_entry; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }

signals:
    void edited(const QStringList &platforms);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void checkEntry();
    void addEntry();
    void removeSelected();

    QListWidget *m_list;
    QLineEdit *m_entry;
    QPushButton *m_add;
    QPushButton *m_remove;
    bool m_updating = false;
};

} // namespace studio
