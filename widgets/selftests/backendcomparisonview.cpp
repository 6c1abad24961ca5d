// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "backendcomparisonview.h"

#include "errormappane.h"
#include "selftesttext.h"

#include <QHeaderView>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace studio {

namespace {

const QColor kDisagrees(0xc6, 0x28, 0x28);

// What a run found for one output against expected_out, in a word.
QString againstExpected(const carton::SelfTestRun &run, int test, const QString &output)
{
    for (const carton::SelfTestResult &t : run.tests) {
        if (t.index != test)
            continue;
        for (const carton::OutputResult &o : t.outputs) {
            if (o.name != output)
                continue;
            if (o.kind == carton::OutputResult::Kind::Unexpected)
                return BackendComparisonView::tr("not expected");
            return o.comparison ? SelfTestText::verdict(o.comparison->verdict) : BackendComparisonView::tr("missing");
        }
    }
    return {};
}

} // namespace

BackendComparisonView::BackendComparisonView(QWidget *parent)
    : QWidget(parent), m_table(new QTableWidget(0, ColumnCount)), m_errorMap(new ErrorMapPane)
{
    m_table->setObjectName(u"compareTable"_s);
    m_table->setHorizontalHeaderLabels({tr("Self-test"), tr("Output"), tr("A vs expected"), tr("B vs expected"),
                                        tr("B vs A"), tr("Max abs"), tr("Max rel"), tr("Elements off"), tr("Inputs")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Every column as wide as its contents but B vs A, which takes what is left
    // and elides (its whole text is its tooltip): a long verdict, or a longer
    // language, does not push the last columns out of sight.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(BvsAColumn, QHeaderView::Stretch);
    m_table->setColumnHidden(InputsColumn, true);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { showErrorMap(row); });
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_errorMap);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({150, 450}); // a few rows; the error map wants the room
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

void BackendComparisonView::clear()
{
    setParts({});
}

void BackendComparisonView::setParts(const QList<Part> &parts)
{
    m_parts = parts;
    m_table->setRowCount(0);
    m_errorMap->setOutput(nullptr);
    bool labelled = false;
    int firstOff = -1;
    for (int p = 0; p < m_parts.size(); ++p) {
        const Part &part = m_parts.at(p);
        labelled = labelled || !part.inputs.isEmpty();
        for (const carton::BackendTestDiff &t : part.comparison.tests) {
            const auto addRow = [&](const QString &output, const QStringList &cells, bool ok) {
                const int row = m_table->rowCount();
                m_table->insertRow(row);
                QStringList all = QStringList{t.name, output} + cells;
                while (all.size() < InputsColumn)
                    all.append(QString());
                all.append(part.inputs);
                for (int c = 0; c < all.size(); ++c) {
                    auto *item = new QTableWidgetItem(all[c]);
                    item->setData(Qt::UserRole, QVariantList{p, t.index, output});
                    if (c == BvsAColumn)
                        item->setToolTip(all[c]);
                    if (!ok && c == BvsAColumn)
                        item->setForeground(kDisagrees);
                    m_table->setItem(row, c, item);
                }
                if (!ok && firstOff < 0)
                    firstOff = row;
            };
            if (!t.problem.isEmpty()) {
                addRow(QString(), {SelfTestText::status(t.statusA), SelfTestText::status(t.statusB), t.problem},
                       t.agrees());
                continue;
            }
            for (const carton::BackendOutputDiff &o : t.outputs) {
                QStringList cells{againstExpected(part.runA, t.index, o.name),
                                  againstExpected(part.runB, t.index, o.name)};
                if (const auto &c = o.comparison) {
                    cells << (c->message.isEmpty() ? SelfTestText::verdict(c->verdict) : SelfTestText::comparison(*c));
                    if (!c->exact && c->comparedCount > 0)
                        cells << SelfTestText::figure(c->absError.max) << SelfTestText::figure(c->relError.max)
                              << tr("%1 of %2").arg(c->mismatchCount).arg(c->elementCount);
                } else {
                    cells << o.problem;
                }
                addRow(o.name, cells, o.agrees());
            }
        }
    }
    m_table->setColumnHidden(InputsColumn, !labelled);
    // The first output on which they disagree is shown at once.
    if (firstOff >= 0)
        m_table->selectRow(firstOff);
    else if (m_table->rowCount() > 0)
        m_table->selectRow(0);
}

void BackendComparisonView::showErrorMap(int row)
{
    if (row < 0 || !m_table->item(row, 0)) {
        m_errorMap->setOutput(nullptr);
        return;
    }
    const QVariantList key = m_table->item(row, 0)->data(Qt::UserRole).toList();
    const int part = key.value(0).toInt();
    if (part < 0 || part >= m_parts.size()) {
        m_errorMap->setOutput(nullptr);
        return;
    }
    for (const carton::BackendTestDiff &t : m_parts.at(part).comparison.tests) {
        if (t.index != key.value(1).toInt())
            continue;
        for (const carton::BackendOutputDiff &o : t.outputs) {
            if (o.name != key.value(2).toString())
                continue;
            OutputResultsModel::Row shown;
            shown.name = o.name;
            shown.ok = o.agrees();
            shown.problem = o.problem;
            shown.expected = o.a; // A is the reference side of the map
            shown.actual = o.b;
            shown.comparison = o.comparison;
            shown.verdict = o.comparison ? SelfTestText::verdict(o.comparison->verdict) : o.problem;
            m_errorMap->setOutput(&shown);
            return;
        }
    }
    m_errorMap->setOutput(nullptr);
}

} // namespace studio
