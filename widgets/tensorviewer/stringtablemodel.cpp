// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "stringtablemodel.h"

#include "tensortablemodel.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>
#include <climits>

namespace studio {

namespace {

// One line, visible: "" for an empty or blank string, ↵ / → for line breaks and tabs.
QString displayText(const QString &value)
{
    QString text = value.left(StringTableModel::displayChars);
    if (value.trimmed().isEmpty())
        return u'"' + text + u'"';
    text.replace(QStringLiteral("\r\n"), QStringLiteral("↵"));
    text.replace(u'\n', QStringLiteral("↵"));
    text.replace(u'\r', QStringLiteral("↵"));
    text.replace(u'\t', QStringLiteral("→"));
    if (value.size() > StringTableModel::displayChars)
        text += QStringLiteral("…");
    return text;
}

} // namespace

void StringTableModel::setStrings(const QList<qint64> &shape, const QStringList &values, const SliceSpec &slice)
{
    beginResetModel();
    m_shape = shape;
    m_values = values;
    m_slice = slice.isValid() && slice.shape == shape ? slice : SliceSpec::defaultFor(shape);
    endResetModel();
}

void StringTableModel::setSlice(const SliceSpec &slice)
{
    if (slice == m_slice || !slice.isValid() || slice.shape != m_shape)
        return;
    beginResetModel();
    m_slice = slice;
    endResetModel();
}

void StringTableModel::clear()
{
    beginResetModel();
    m_shape.clear();
    m_values.clear();
    m_slice = {};
    endResetModel();
}

qint64 StringTableModel::flatIndex(int row, int column) const
{
    const QList<qint64> index = m_slice.elementIndex(row, column);
    qint64 flat = 0;
    for (qsizetype d = 0; d < m_shape.size(); ++d)
        flat = flat * m_shape.at(d) + index.at(d);
    return flat;
}

QString StringTableModel::value(int row, int column) const
{
    const qint64 flat = flatIndex(row, column);
    return flat >= 0 && flat < m_values.size() ? m_values.at(flat) : QString();
}

carton::Result<QString> StringTableModel::readText(qint64 r0, qint64 nr, qint64 c0, qint64 nc, QChar separator) const
{
    if (r0 < 0 || c0 < 0 || nr < 0 || nc < 0 || r0 + nr > rowCount() || c0 + nc > columnCount())
        return carton::makeError(carton::ErrorCode::Usage, tr("The selection is outside the slice."));
    QString text;
    for (qint64 r = r0; r < r0 + nr; ++r) {
        for (qint64 c = c0; c < c0 + nc; ++c) {
            if (c > c0)
                text += separator;
            text += value(int(r), int(c));
        }
        text += u'\n';
    }
    return text;
}

int StringTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || m_values.isEmpty())
        return 0;
    return int(qMin<qint64>(m_slice.rows(), INT_MAX));
}

int StringTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || m_values.isEmpty())
        return 0;
    return int(qMin<qint64>(m_slice.cols(), INT_MAX));
}

QVariant StringTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return displayText(value(index.row(), index.column()));
    case Qt::EditRole:
        return value(index.row(), index.column());
    case Qt::ForegroundRole:
        if (value(index.row(), index.column()).trimmed().isEmpty())
            return QBrush(QGuiApplication::palette().color(QPalette::PlaceholderText));
        break;
    case Qt::ToolTipRole: {
        const QString v = value(index.row(), index.column());
        QStringList items;
        for (qint64 i : m_slice.elementIndex(index.row(), index.column()))
            items.append(QString::number(i));
        const QString where = QStringLiteral("[%1]").arg(items.join(QStringLiteral(", ")));
        QString body = v.left(tooltipChars).toHtmlEscaped();
        if (v.size() > tooltipChars)
            body += QStringLiteral("<br><i>%1</i>").arg(tr("… %1 more not shown").arg(v.size() - tooltipChars));
        // Rich text, so that a long value wraps instead of making a screen-wide tip.
        return QStringLiteral("<p><b>%1</b> · %2</p><p style=\"white-space:pre-wrap\">%3</p>")
            .arg(where, v.isEmpty() ? tr("empty string") : tr("length %1").arg(v.size()), body);
    }
    default:
        break;
    }
    return {};
}

QVariant StringTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    return TensorTableModel::headerText(m_slice, section, orientation);
}

} // namespace studio
