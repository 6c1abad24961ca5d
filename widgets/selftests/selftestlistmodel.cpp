// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestlistmodel.h"

#include "common/editorutils.h"
#include "common/viewutils.h"
#include "format/cartoninfo.h"

#include <QFont>
#include <QPalette>
#include <utility>

namespace studio {

carton::Severity worstSeverity(const carton::Diagnostics &list)
{
    carton::Severity worst = carton::Severity::Info;
    for (const carton::Diagnostic &d : list)
        if (int(d.severity) < int(worst))
            worst = d.severity;
    return worst;
}

QString SelfTestItem::field() const
{
    return QStringLiteral("%1[%2]")
        .arg(kind == Kind::SelfTest ? QStringLiteral("self_test") : QStringLiteral("example"))
        .arg(number);
}

SelfTestListModel::SelfTestListModel(QObject *parent) : QAbstractTableModel(parent) {}

void SelfTestListModel::refresh(const carton::CartonInfo &info)
{
    QList<Row> rows;
    rows.reserve(info.selfTests.size() + info.examples.size());
    for (const carton::SelfTest &t : info.selfTests)
        rows.append({t.name.value_or(QString()), t.description.value_or(QString()),
                     int(t.inputs.size() + (t.expectedOut ? t.expectedOut->size() : 0))});
    for (const carton::Example &e : info.examples)
        rows.append(
            {e.name.value_or(QString()), e.description.value_or(QString()), int(e.inputs.size() + e.sampleOut.size())});
    const int selfTests = int(info.selfTests.size());
    if (rows.size() != m_rows.size() || selfTests != m_selfTests) {
        beginResetModel();
        m_rows = std::move(rows);
        m_selfTests = selfTests;
        endResetModel();
        return;
    }
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i) == rows.at(i))
            continue;
        m_rows[i] = rows.at(i);
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
    }
}

void SelfTestListModel::setDiagnostics(const carton::Diagnostics &all)
{
    QHash<QString, carton::Diagnostics> problems;
    // Only the diagnostics of the two tables, grouped by item once (not one scan
    // of every diagnostic per item).
    carton::Diagnostics tests = diagnosticsFor(all, QStringLiteral("self_test"));
    tests += diagnosticsFor(all, QStringLiteral("example"));
    for (const carton::Diagnostic &d : tests) {
        const QString &field = d.location.field;
        const qsizetype close = field.indexOf(u']');
        if (close > 0)
            problems[field.left(close + 1)].append(d);
    }
    const QHash<QString, carton::Diagnostics> old = std::exchange(m_problems, std::move(problems));
    for (int i = 0; i < m_rows.size(); ++i) {
        const QString field = itemAt(i).field();
        if (old.value(field) != m_problems.value(field))
            emit dataChanged(index(i, NameColumn), index(i, NameColumn));
    }
}

SelfTestItem SelfTestListModel::itemAt(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    if (row < m_selfTests)
        return {SelfTestItem::Kind::SelfTest, row};
    return {SelfTestItem::Kind::Example, row - m_selfTests};
}

int SelfTestListModel::rowOf(const SelfTestItem &item) const
{
    if (!item.isValid())
        return -1;
    const int row = item.kind == SelfTestItem::Kind::SelfTest ? item.number : m_selfTests + item.number;
    if (item.kind == SelfTestItem::Kind::SelfTest && item.number >= m_selfTests)
        return -1;
    return row < m_rows.size() ? row : -1;
}

carton::Diagnostics SelfTestListModel::problemsOf(int row) const
{
    return m_problems.value(itemAt(row).field());
}

int SelfTestListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SelfTestListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SelfTestListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    const SelfTestItem item = itemAt(index.row());
    const bool selfTest = item.kind == SelfTestItem::Kind::SelfTest;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == KindColumn)
            return selfTest ? tr("Self-test") : tr("Example");
        if (!row.name.isEmpty())
            return row.name;
        return selfTest ? tr("(self-test %1)").arg(item.number + 1) : tr("(example %1)").arg(item.number + 1);
    case Qt::FontRole:
        if (index.column() == NameColumn && row.name.isEmpty()) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::DecorationRole: {
        if (index.column() != NameColumn)
            return {};
        const carton::Diagnostics problems = m_problems.value(item.field());
        const carton::Severity worst = worstSeverity(problems);
        if (problems.isEmpty() || worst == carton::Severity::Info) // notes are in the tooltip only
            return {};
        return severityIcon(worst);
    }
    case Qt::ToolTipRole: {
        QStringList lines{QStringLiteral("%1 — %2").arg(
            item.field(), row.description.isEmpty() ? tr("no description") : row.description.left(200))};
        for (const carton::Diagnostic &d : m_problems.value(item.field()))
            lines.append(QStringLiteral("%1: %2").arg(severityText(d.severity), d.message));
        return lines.join(u'\n');
    }
    default:
        return {};
    }
}

QVariant SelfTestListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Name") : tr("Kind");
}

} // namespace studio
