// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "vocabularymodel.h"

#include "common/roles.h"
#include "model/hfvocabulary.h"

#include <QFont>
#include <QRegularExpression>
#include <QStringMatcher>

namespace studio {

using carton::HfVocabulary;

VocabularyModel::VocabularyModel(QObject *parent) : QAbstractTableModel(parent) {}

VocabularyModel::~VocabularyModel() = default;

void VocabularyModel::setVocabulary(std::shared_ptr<const HfVocabulary> vocabulary)
{
    beginResetModel();
    m_vocabulary = std::move(vocabulary);
    refilter();
    endResetModel();
}

void VocabularyModel::setFilter(const QString &filter)
{
    if (filter == m_filter)
        return;
    beginResetModel();
    m_filter = filter;
    refilter();
    endResetModel();
}

void VocabularyModel::refilter()
{
    m_rows.clear();
    m_all = false;
    if (!m_vocabulary)
        return;
    const HfVocabulary &v = *m_vocabulary;
    const qint64 size = v.size();
    const QString f = m_filter.trimmed();
    if (f.isEmpty()) {
        m_all = v.tokenCount() == size;
        if (!m_all)
            for (qint64 id = 0; id < size; ++id)
                if (v.hasToken(id))
                    m_rows.append(qint32(id));
        return;
    }
    static const QRegularExpression one(QStringLiteral("^#(\\d{1,9})$"));
    static const QRegularExpression range(QStringLiteral("^(\\d{1,9})\\s*-\\s*(\\d{1,9})$"));
    if (const QRegularExpressionMatch m = one.match(f); m.hasMatch()) {
        if (v.hasToken(m.captured(1).toLongLong()))
            m_rows.append(qint32(m.captured(1).toLongLong()));
        return;
    }
    if (const QRegularExpressionMatch m = range.match(f); m.hasMatch()) {
        const qint64 last = std::min(m.captured(2).toLongLong(), size - 1);
        for (qint64 id = m.captured(1).toLongLong(); id <= last; ++id)
            if (v.hasToken(id))
                m_rows.append(qint32(id));
        return;
    }
    bool number = false;
    const qint64 asId = f.toLongLong(&number);
    if (number && v.hasToken(asId))
        m_rows.append(qint32(asId));
    // One matcher (its skip table built once) for the 2 × size searches.
    const QStringMatcher matcher(f, Qt::CaseInsensitive);
    for (qint64 id = 0; id < size; ++id) {
        if (number && id == asId)
            continue;
        if (matcher.indexIn(v.token(id)) >= 0 || matcher.indexIn(v.text(id)) >= 0)
            m_rows.append(qint32(id));
    }
}

qint64 VocabularyModel::idAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    return m_all ? row : m_rows[row];
}

int VocabularyModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_vocabulary)
        return 0;
    return m_all ? int(m_vocabulary->size()) : int(m_rows.size());
}

int VocabularyModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VocabularyModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const qint64 id = idAt(index.row());
    if (id < 0)
        return {};
    const HfVocabulary &v = *m_vocabulary;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case IdColumn:
            return id;
        case TokenColumn:
            return v.token(id);
        case TextColumn:
            return v.text(id);
        case KindColumn: {
            const quint8 flags = v.flags(id);
            if (flags & HfVocabulary::Special)
                return tr("special");
            if (flags & HfVocabulary::Added)
                return tr("added");
            return QString();
        }
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == IdColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && index.column() != IdColumn && index.column() != KindColumn &&
        (v.flags(id) & HfVocabulary::Special)) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Roles::SortRole && index.column() == IdColumn)
        return id;
    return {};
}

QVariant VocabularyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn:
        return tr("ID");
    case TokenColumn:
        return tr("Token");
    case TextColumn:
        return tr("Text");
    case KindColumn:
        return tr("Kind");
    default:
        return {};
    }
}

} // namespace studio
