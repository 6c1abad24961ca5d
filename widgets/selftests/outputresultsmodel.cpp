// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "outputresultsmodel.h"

#include "selftesttext.h"
#include "style/tone.h"
#include "tensor/tensorregion.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <cmath>

namespace studio {

QString errorFigure(double value)
{
    return SelfTestText::figure(value);
}

namespace {

QString nonFiniteText(const carton::NonFiniteCounts &c)
{
    if (c == carton::NonFiniteCounts{})
        return QStringLiteral("0");
    QStringList parts;
    if (c.nan)
        parts << QStringLiteral("%1 NaN").arg(QLocale().toString(c.nan));
    if (c.posInf)
        parts << QStringLiteral("%1 +Inf").arg(QLocale().toString(c.posInf));
    if (c.negInf)
        parts << QStringLiteral("%1 -Inf").arg(QLocale().toString(c.negInf));
    return parts.join(QStringLiteral(", "));
}

} // namespace

OutputResultsModel::OutputResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

void OutputResultsModel::setSelfTest(const carton::SelfTestResult &result)
{
    beginResetModel();
    m_rows.clear();
    for (const carton::OutputResult &o : result.outputs) {
        Row row;
        row.name = o.name;
        row.expected = o.expected;
        row.actual = o.actual;
        row.comparison = o.comparison;
        row.ok = o.ok();
        switch (o.kind) {
        case carton::OutputResult::Kind::Missing:
            row.verdict = tr("missing");
            row.problem = tr("expected, but the model did not return it");
            break;
        case carton::OutputResult::Kind::Unexpected:
            row.verdict = tr("unexpected");
            row.problem = tr("returned by the model, not in expected_out");
            break;
        case carton::OutputResult::Kind::Compared:
            row.verdict = o.comparison ? SelfTestText::verdict(o.comparison->verdict) : QString();
            row.problem = o.comparison ? SelfTestText::comparison(*o.comparison) : QString();
            break;
        }
        if (!o.specProblem.isEmpty()) {
            row.problem = row.problem.isEmpty() ? o.specProblem : row.problem + QStringLiteral("; ") + o.specProblem;
            if (o.comparison && o.comparison->passed())
                row.verdict = tr("spec mismatch");
        }
        m_rows.append(row);
    }
    endResetModel();
}

void OutputResultsModel::setExample(const carton::ExampleResult &result)
{
    beginResetModel();
    m_rows.clear();
    for (const carton::ExampleOutput &o : result.outputs) {
        Row row;
        row.name = o.name;
        row.expected = o.sample;
        row.actual = o.actual;
        row.comparison = o.comparison;
        row.verdict = o.comparison            ? SelfTestText::verdict(o.comparison->verdict)
                      : o.sampleRef.isEmpty() ? tr("no sample")
                                              : tr("sample %1").arg(o.sampleRef);
        row.problem = o.comparison ? SelfTestText::comparison(*o.comparison) : QString();
        m_rows.append(row); // no verdict for examples: `ok` stays true
    }
    endResetModel();
}

void OutputResultsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int OutputResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OutputResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OutputResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[index.row()];
    const carton::TensorComparison *c = row.comparison ? &*row.comparison : nullptr;
    const bool figures = c && c->comparedCount > 0 && !c->exact;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case OutputColumn:
            return row.name;
        case VerdictColumn:
            return row.verdict;
        case MismatchColumn:
            if (!c || c->elementCount == 0)
                return {};
            return tr("%1 of %2 (%3)")
                .arg(QLocale().toString(c->mismatchCount), QLocale().toString(c->elementCount),
                     SelfTestText::percent(c->mismatchFraction));
        case MaxAbsColumn:
            return figures ? errorFigure(c->absError.max) : QVariant();
        case MeanAbsColumn:
            return figures ? errorFigure(c->absError.mean) : QVariant();
        case P99AbsColumn:
            return figures ? errorFigure(c->absError.p99) : QVariant();
        case MaxRelColumn:
            return figures ? errorFigure(c->relError.max) : QVariant();
        case MinAtolColumn:
            return c && c->minAtol ? errorFigure(*c->minAtol) : QVariant();
        case MinRtolColumn:
            return c && c->minRtol ? errorFigure(*c->minRtol) : QVariant();
        case ToleranceColumn:
            if (!c)
                return {};
            return c->exact ? tr("exact")
                            : QStringLiteral("rtol %1, atol %2")
                                  .arg(errorFigure(c->tolerance.rtol), errorFigure(c->tolerance.atol));
        case NonFiniteColumn:
            if (!c)
                return {};
            return tr("%1 / %2").arg(nonFiniteText(c->expectedNonFinite), nonFiniteText(c->actualNonFinite));
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == OutputColumn || index.column() == VerdictColumn) {
            QString tip = row.problem;
            if (row.expected)
                tip += u'\n' +
                       tr("expected: %1 %2")
                           .arg(carton::dtypeName(row.expected->dtype()), carton::shapeText(row.expected->shape()));
            if (row.actual)
                tip += u'\n' + tr("actual: %1 %2")
                                   .arg(carton::dtypeName(row.actual->dtype()), carton::shapeText(row.actual->shape()));
            return tip.trimmed();
        }
        if (index.column() == MinAtolColumn)
            return tr("The smallest atol (with the rtol applied) that makes every element pass");
        if (index.column() == MinRtolColumn)
            return tr("The smallest rtol (with the atol applied) that makes every element pass");
        if (index.column() == NonFiniteColumn)
            return tr("NaN and infinities in expected / actual");
        return {};
    }
    if (role == Qt::ForegroundRole && index.column() == VerdictColumn && !row.ok)
        return QBrush(toneColor(Tone::Bad));
    if (role == Qt::FontRole && index.column() == VerdictColumn && !row.ok) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= MismatchColumn && index.column() <= MinRtolColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant OutputResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == NonFiniteColumn)
        return tr("NaN and infinities in expected / actual");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case OutputColumn:
        return tr("Output");
    case VerdictColumn:
        return tr("Verdict");
    case MismatchColumn:
        return tr("Mismatches");
    case MaxAbsColumn:
        return tr("Max abs");
    case MeanAbsColumn:
        return tr("Mean abs");
    case P99AbsColumn:
        return tr("p99 abs");
    case MaxRelColumn:
        return tr("Max rel");
    case MinAtolColumn:
        return tr("Min atol");
    case MinRtolColumn:
        return tr("Min rtol");
    case ToleranceColumn:
        return tr("Tolerance");
    case NonFiniteColumn:
        return tr("NaN/Inf");
    }
    return {};
}

} // namespace studio
