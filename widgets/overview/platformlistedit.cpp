// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "platformlistedit.h"

#include "common/editorutils.h"
#include "format/targettriple.h"
#include "style/tone.h"

#include <QCompleter>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace studio {

PlatformListEdit::PlatformListEdit(QWidget *parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_entry(new QLineEdit(this)),
      m_add(new QPushButton(tr("Add"), this)), m_remove(new QPushButton(tr("Remove"), this))
{
    m_list->setObjectName(QStringLiteral("platformList"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_list->setToolTip(tr("Platforms the model runs on. Double-click or press F2 to edit, Delete to remove."));
    m_list->setMaximumHeight(110);
    m_list->setIconSize(QSize(16, 16));
    m_list->installEventFilter(this);
    m_entry->setObjectName(QStringLiteral("platformEntry"));
    m_entry->setPlaceholderText(tr("Add a target triple, e.g. %1").arg(carton::hostTargetTriple()));
    m_entry->setClearButtonEnabled(true);
    auto *completer = new QCompleter(carton::commonTargetTriples(), m_entry);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_entry->setCompleter(completer);
    m_add->setObjectName(QStringLiteral("addPlatform"));
    m_add->setEnabled(false);
    m_remove->setObjectName(QStringLiteral("removePlatform"));
    m_remove->setEnabled(false);

    auto *entryRow = new QHBoxLayout;
    entryRow->setContentsMargins(0, 0, 0, 0);
    entryRow->addWidget(m_entry, 1);
    entryRow->addWidget(m_add);
    entryRow->addWidget(m_remove);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addLayout(entryRow);
    setFocusProxy(m_entry);

    connect(m_entry, &QLineEdit::textChanged, this, &PlatformListEdit::checkEntry);
    connect(m_entry, &QLineEdit::returnPressed, this, &PlatformListEdit::addEntry);
    connect(m_add, &QPushButton::clicked, this, &PlatformListEdit::addEntry);
    connect(m_remove, &QPushButton::clicked, this, &PlatformListEdit::removeSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        if (m_updating)
            return;
        const QString trimmed = item->text().trimmed();
        if (trimmed != item->text()) {
            const QSignalBlocker blocker(m_list);
            item->setText(trimmed);
        }
        emit edited(platforms());
    });
}

QStringList PlatformListEdit::platforms() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out.append(m_list->item(i)->text());
    return out;
}

void PlatformListEdit::setPlatforms(const QStringList &list)
{
    if (list == platforms())
        return;
    m_updating = true;
    const int current = m_list->currentRow();
    // Same count: change the texts in place (an edit or an undo of one).
    if (m_list->count() == list.size()) {
        for (int i = 0; i < list.size(); ++i)
            if (m_list->item(i)->text() != list.at(i))
                m_list->item(i)->setText(list.at(i));
    } else {
        m_list->clear();
        for (const QString &triple : list) {
            auto *item = new QListWidgetItem(triple, m_list);
            item->setFlags(item->flags() | Qt::ItemIsEditable);
        }
        if (current >= 0 && m_list->count() > 0)
            m_list->setCurrentRow(std::min(current, m_list->count() - 1));
    }
    m_updating = false;
}

void PlatformListEdit::setDiagnostics(const carton::Diagnostics &all)
{
    markField(m_list, diagnosticsFor(all, QStringLiteral("required_platforms")));
    m_updating = true;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const carton::Diagnostics problems = diagnosticsFor(all, QStringLiteral("required_platforms[%1]").arg(i));
        QStringList lines;
        bool error = false;
        for (const carton::Diagnostic &d : problems) {
            lines.append(d.message);
            error = error || d.severity == carton::Severity::Error;
        }
        item->setToolTip(lines.join(u'\n'));
        item->setData(Qt::UserRole, problems.isEmpty() ? QString()
                                    : error            ? QStringLiteral("error")
                                                       : QStringLiteral("warning"));
        item->setForeground(problems.isEmpty() ? QBrush() : QBrush(toneColor(error ? Tone::Bad : Tone::Warning)));
        item->setIcon(problems.isEmpty() ? QIcon()
                                         : QIcon(error ? QStringLiteral(":/icons/severity-error.svg")
                                                       : QStringLiteral(":/icons/severity-warning.svg")));
    }
    m_updating = false;
}

bool PlatformListEdit::reveal(int index)
{
    if (index < 0 || index >= m_list->count()) {
        m_entry->setFocus(Qt::OtherFocusReason);
        return index < 0;
    }
    m_list->setCurrentRow(index);
    m_list->scrollToItem(m_list->item(index));
    m_list->setFocus(Qt::OtherFocusReason);
    return true;
}

void PlatformListEdit::checkEntry()
{
    const QString triple = m_entry->text().trimmed();
    QString why;
    const bool valid = !triple.isEmpty() && carton::isValidTargetTriple(triple, &why);
    m_add->setEnabled(valid && !platforms().contains(triple));
    if (triple.isEmpty() || valid) {
        markField(m_entry, platforms().contains(triple) && !triple.isEmpty()
                               ? carton::Diagnostics{{carton::Severity::Warning, carton::DiagnosticLocation(),
                                                      tr("%1 is in the list already").arg(triple)}}
                               : carton::Diagnostics{});
        return;
    }
    markField(m_entry,
              {{carton::Severity::Error, carton::DiagnosticLocation(), tr("Not a target triple: %1").arg(why)}});
}

void PlatformListEdit::addEntry()
{
    if (!m_add->isEnabled())
        return;
    const QString triple = m_entry->text().trimmed();
    QStringList next = platforms();
    next.append(triple);
    m_entry->clear();
    emit edited(next);
}

void PlatformListEdit::removeSelected()
{
    QList<int> rows;
    for (QListWidgetItem *item : m_list->selectedItems())
        rows.append(m_list->row(item));
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end(), std::greater<>());
    QStringList next = platforms();
    for (int row : rows)
        next.removeAt(row);
    emit edited(next);
}

bool PlatformListEdit::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Delete || key->key() == Qt::Key_Backspace)) {
            removeSelected();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace studio
