// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "licenseedit.h"

#include "spdxlicenses.h"

#include <QAbstractItemView>
#include <QAbstractListModel>
#include <QCompleter>

namespace studio {

namespace {

// Ids (EditRole, what is matched and inserted) shown with their names.
class SpdxModel final : public QAbstractListModel {
public:
    struct Row {
        QString id;
        QString name;
        bool deprecated = false;
    };
    SpdxModel(QList<Row> rows, QObject *parent) : QAbstractListModel(parent), m_rows(std::move(rows)) {}

    int rowCount(const QModelIndex &parent) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!index.isValid() || index.row() >= m_rows.size())
            return {};
        const Row &row = m_rows.at(index.row());
        switch (role) {
        case Qt::EditRole:
            return row.id;
        case Qt::DisplayRole:
            return row.name.isEmpty() ? row.id : QStringLiteral("%1 — %2").arg(row.id, row.name);
        case Qt::ToolTipRole:
            return row.deprecated ? LicenseEdit::tr("%1 is deprecated").arg(row.id) : row.name;
        default:
            return {};
        }
    }

private:
    QList<Row> m_rows;
};

QCompleter *makeCompleter(QList<SpdxModel::Row> rows, QLineEdit *edit)
{
    auto *completer = new QCompleter(edit);
    completer->setModel(new SpdxModel(std::move(rows), completer));
    completer->setCompletionRole(Qt::EditRole);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchStartsWith);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    completer->setMaxVisibleItems(12);
    completer->setWidget(edit);
    return completer;
}

} // namespace

LicenseEdit::LicenseEdit(QWidget *parent) : QLineEdit(parent)
{
    const SpdxLicenses &spdx = SpdxLicenses::instance();
    QList<SpdxModel::Row> licenses;
    // Current ids first, deprecated ones last.
    for (const SpdxLicenses::License &l : spdx.licenses())
        if (!l.deprecated)
            licenses.append({l.id, l.name, false});
    for (const SpdxLicenses::License &l : spdx.licenses())
        if (l.deprecated)
            licenses.append({l.id, l.name, true});
    QList<SpdxModel::Row> exceptions;
    for (const QString &id : spdx.exceptionIds())
        exceptions.append({id, QString(), false});
    m_completer = makeCompleter(licenses, this);
    m_exceptionCompleter = makeCompleter(exceptions, this);
    for (QCompleter *c : {m_completer, m_exceptionCompleter})
        connect(c, qOverload<const QModelIndex &>(&QCompleter::activated), this, &LicenseEdit::insertCompletion);
    connect(this, &QLineEdit::textEdited, this, &LicenseEdit::updateCompletion);
}

std::pair<int, int> LicenseEdit::currentWord() const
{
    const QString t = text();
    const int end = cursorPosition();
    int start = end;
    while (start > 0 && !t.at(start - 1).isSpace() && t.at(start - 1) != u'(' && t.at(start - 1) != u')')
        --start;
    return {start, end - start};
}

void LicenseEdit::updateCompletion()
{
    if (m_inserting)
        return;
    const auto [start, length] = currentWord();
    const QString word = text().mid(start, length);
    // After "WITH" the word is an exception.
    const QString before = text().left(start).trimmed();
    QCompleter *completer = before.endsWith(u"WITH") ? m_exceptionCompleter : m_completer;
    QCompleter *other = completer == m_completer ? m_exceptionCompleter : m_completer;
    other->popup()->hide();
    if (word.isEmpty() || word == u"AND" || word == u"OR" || word == u"WITH") {
        completer->popup()->hide();
        m_active = nullptr;
        return;
    }
    completer->setCompletionPrefix(word);
    m_active = completer;
    if (completer->completionCount() == 0) {
        completer->popup()->hide();
        return;
    }
    QRect rect = cursorRect();
    rect.setWidth(std::max(320, width()));
    completer->complete(rect);
}

QStringList LicenseEdit::completions() const
{
    QStringList ids;
    if (!m_active)
        return ids;
    QAbstractItemModel *model = m_active->completionModel();
    for (int row = 0; row < model->rowCount(); ++row)
        ids.append(model->index(row, 0).data(Qt::EditRole).toString());
    return ids;
}

void LicenseEdit::insertCompletion(const QModelIndex &index)
{
    const QString id = index.data(Qt::EditRole).toString();
    if (id.isEmpty())
        return;
    const auto [start, length] = currentWord();
    QString t = text();
    t.replace(start, length, id);
    setText(t);
    setCursorPosition(start + int(id.size()));
    if (m_active)
        m_active->popup()->hide();
    m_active = nullptr;
    m_inserting = true;
    emit textEdited(t); // a user edit: the editor writes it to the document
    m_inserting = false;
}

} // namespace studio
