// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "comparemodel.h"

#include "style/tone.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QFont>

namespace studio {

using namespace carton;

namespace {

constexpr quintptr kSectionId = 0; // internalId of top-level rows; children store section row + 1

const QList<DiffSection> &allSections()
{
    static const QList<DiffSection> sections{DiffSection::Metadata, DiffSection::Runner,    DiffSection::Inputs,
                                             DiffSection::Outputs,  DiffSection::SelfTests, DiffSection::Examples,
                                             DiffSection::Files};
    return sections;
}

} // namespace

QColor CompareModel::kindColor(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Added:
        return toneTint(Tone::Good);
    case ChangeKind::Removed:
        return toneTint(Tone::Bad);
    case ChangeKind::Changed:
        return toneTint(Tone::Warning);
    case ChangeKind::Unchanged:
        break;
    }
    return {};
}

namespace {

QColor classColor(ChangeClass cls)
{
    return toneColor(cls == ChangeClass::Breaking ? Tone::Bad : Tone::Good);
}

} // namespace

CompareModel::CompareModel(QObject *parent) : QAbstractItemModel(parent) {}

QString CompareModel::sectionTitle(DiffSection section)
{
    switch (section) {
    case DiffSection::Metadata:
        return tr("Metadata");
    case DiffSection::Runner:
        return tr("Runner");
    case DiffSection::Inputs:
        return tr("Inputs");
    case DiffSection::Outputs:
        return tr("Outputs");
    case DiffSection::SelfTests:
        return tr("Self-tests");
    case DiffSection::Examples:
        return tr("Examples");
    case DiffSection::Files:
        return tr("Files");
    }
    return {};
}

void CompareModel::setDiff(std::optional<CartonDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    rebuild();
    endResetModel();
}

void CompareModel::setShowUnchanged(bool show)
{
    if (show == m_showUnchanged)
        return;
    beginResetModel();
    m_showUnchanged = show;
    rebuild();
    endResetModel();
}

void CompareModel::rebuild()
{
    m_sections.clear();
    if (!m_diff)
        return;
    for (DiffSection section : allSections()) {
        Section s{section, {}, 0, 0};
        for (int i = 0; i < m_diff->entries.size(); ++i) {
            const DiffEntry &e = m_diff->entries.at(i);
            if (e.section != section)
                continue;
            if (e.isChange())
                ++(e.changeClass == ChangeClass::Breaking ? s.breaking : s.compatible);
            if (m_showUnchanged || e.isChange())
                s.entries.append(i);
        }
        m_sections.append(s);
    }
}

QModelIndex CompareModel::sectionIndex(DiffSection section) const
{
    for (int row = 0; row < m_sections.size(); ++row)
        if (m_sections.at(row).section == section)
            return index(row, 0);
    return {};
}

QModelIndex CompareModel::findEntry(DiffSection section, const QString &item, const QString &field) const
{
    const QModelIndex parentIndex = sectionIndex(section);
    if (!parentIndex.isValid())
        return {};
    const Section &s = m_sections.at(parentIndex.row());
    for (int row = 0; row < s.entries.size(); ++row) {
        const DiffEntry &e = m_diff->entries.at(s.entries.at(row));
        if (e.item == item && e.field == field)
            return index(row, 0, parentIndex);
    }
    return {};
}

QModelIndex CompareModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_sections.size() ? createIndex(row, column, kSectionId) : QModelIndex();
    if (parent.internalId() != kSectionId || parent.row() >= m_sections.size())
        return {};
    if (row >= m_sections.at(parent.row()).entries.size())
        return {};
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex CompareModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kSectionId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kSectionId);
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_sections.size());
    if (parent.column() != 0 || parent.internalId() != kSectionId)
        return 0;
    return int(m_sections.at(parent.row()).entries.size());
}

int CompareModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case LeftColumn:
        return m_diff ? tr("Left: %1").arg(QFileInfo(m_diff->pathA).fileName()) : tr("Left");
    case RightColumn:
        return m_diff ? tr("Right: %1").arg(QFileInfo(m_diff->pathB).fileName()) : tr("Right");
    case ClassColumn:
        return tr("Class");
    case ReasonColumn:
        return tr("What it means");
    }
    return {};
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_diff)
        return {};
    if (index.internalId() == kSectionId)
        return sectionData(m_sections.at(index.row()), index.column(), role);
    const Section &s = m_sections.at(int(index.internalId() - 1));
    const int entryIndex = s.entries.at(index.row());
    return entryData(m_diff->entries.at(entryIndex), entryIndex, index.column(), role);
}

QVariant CompareModel::sectionData(const Section &s, int column, int role) const
{
    if (role == EntryIndexRole || role == KindRole)
        return -1;
    if (role == Qt::FontRole) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ForegroundRole && column == ClassColumn && (s.breaking || s.compatible))
        return QBrush(classColor(s.breaking ? ChangeClass::Breaking : ChangeClass::Compatible));
    if (role != Qt::DisplayRole)
        return {};
    if (column == ItemColumn)
        return sectionTitle(s.section);
    if (column == ClassColumn) {
        if (!s.breaking && !s.compatible)
            return tr("no changes");
        QStringList parts;
        if (s.breaking)
            parts.append(tr("%n breaking", nullptr, s.breaking));
        if (s.compatible)
            parts.append(tr("%n compatible", nullptr, s.compatible));
        return parts.join(QStringLiteral(", "));
    }
    return {};
}

QVariant CompareModel::entryData(const DiffEntry &e, int entryIndex, int column, int role) const
{
    switch (role) {
    case EntryIndexRole:
        return entryIndex;
    case KindRole:
        return int(e.kind);
    case Qt::BackgroundRole:
        return e.isChange() ? QVariant(QBrush(kindColor(e.kind))) : QVariant();
    case Qt::ForegroundRole:
        if (column == ClassColumn && e.isChange())
            return QBrush(classColor(e.changeClass));
        return {};
    case Qt::FontRole:
        if (column == ClassColumn && e.isChange() && e.changeClass == ChangeClass::Breaking) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        break;
    default:
        return {};
    }
    const auto oneLine = [role](const QString &text) {
        if (role == Qt::ToolTipRole)
            return text;
        QString line = text.simplified();
        return line.size() > 200 ? line.left(199) + u'…' : line;
    };
    switch (column) {
    case ItemColumn:
        return e.field.isEmpty() ? e.item : QString(e.item + QStringLiteral(" · ") + e.field);
    case LeftColumn:
        return e.kind == ChangeKind::Added ? (role == Qt::DisplayRole ? tr("(none)") : QString()) : oneLine(e.before);
    case RightColumn:
        return e.kind == ChangeKind::Removed ? (role == Qt::DisplayRole ? tr("(none)") : QString()) : oneLine(e.after);
    case ClassColumn:
        if (!e.isChange())
            return QString();
        return e.changeClass == ChangeClass::Breaking ? tr("breaking") : tr("compatible");
    case ReasonColumn:
        return e.isChange() ? QString(changeKindName(e.kind) + QStringLiteral(": ") + e.reason) : QString();
    }
    return {};
}

} // namespace studio
