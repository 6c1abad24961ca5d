// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestoutputspane.h"

#include "keeptolerancebutton.h"
#include "outputdetailshtml.h"
#include "style/tone.h"

#include <QHeaderView>
#include <QLayout>
#include <QScrollBar>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

SelfTestOutputsPane::SelfTestOutputsPane(OutputResultsModel *model, QWidget *parent)
    : QSplitter(Qt::Vertical, parent), m_model(model)
{
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("selfTestOutputs"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setWordWrap(false);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SelfTestOutputsPane::currentOutputChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        fitTable();
        if (m_model->rowCount() > 0)
            m_table->selectRow(0);
        else
            emit currentOutputChanged();
    });
    m_details = new QTextBrowser;
    m_details->setObjectName(QStringLiteral("selfTestOutputDetails"));
    m_details->setOpenLinks(false);
    whenPaletteChanges(m_details, [this] {
        if (const OutputResultsModel::Row *row = currentRow())
            m_details->setHtml(OutputDetailsHtml::render(*row));
    });
    m_keep = new KeepToleranceButton;
    auto *outputs = new QWidget;
    auto *outputsLayout = new QVBoxLayout(outputs);
    outputsLayout->setContentsMargins(0, 0, 0, 0);
    outputsLayout->addWidget(m_table);
    outputsLayout->addWidget(m_keep, 0, Qt::AlignLeft);
    // The table scrolls; with the button under it the window must still fit a
    // laptop screen (tst_windowfit); fitTable() gives it its rows when they come.
    m_table->setMinimumHeight(m_table->fontMetrics().lineSpacing() * 3 + 8);
    addWidget(outputs);
    addWidget(m_details);
    setStretchFactor(0, 1);
    setStretchFactor(1, 2);
}

int SelfTestOutputsPane::tableHeightFor(int rows) const
{
    // The columns fit their contents: wider than the view, a scroll bar comes under the rows.
    const int scroll = m_table->horizontalHeader()->length() > m_table->viewport()->width()
                           ? m_table->horizontalScrollBar()->sizeHint().height()
                           : 0;
    // 2 px more: with exactly the rows' height the view still shows a vertical scroll bar.
    return m_table->horizontalHeader()->sizeHint().height() + rows * m_table->verticalHeader()->defaultSectionSize() +
           2 * m_table->frameWidth() + scroll + 2;
}

void SelfTestOutputsPane::showEvent(QShowEvent *event)
{
    QSplitter::showEvent(event);
    fitTable();
}

void SelfTestOutputsPane::fitTable()
{
    // Every output row in view (up to four), not two of three behind a scroll bar:
    // the table's part of the split grows to them, the details keep the rest.
    m_table->resizeColumnsToContents();
    const int rows = std::clamp(m_model->rowCount(), 1, 4);
    const QLayout *layout = m_table->parentWidget()->layout();
    const int wanted = tableHeightFor(rows) + m_keep->sizeHint().height() + std::max(0, layout->spacing());
    QList<int> parts = sizes();
    const int total = parts.value(0) + parts.value(1);
    if (parts.size() == 2 && total > 0 && parts.at(0) < wanted) {
        parts[0] = std::min(wanted, total * 2 / 3);
        parts[1] = total - parts[0];
        setSizes(parts);
    }
}

const OutputResultsModel::Row *SelfTestOutputsPane::currentRow() const
{
    return m_model->row(m_table->currentIndex().row());
}

void SelfTestOutputsPane::showCurrent(const carton::SelfTestResult *shown)
{
    const OutputResultsModel::Row *row = currentRow();
    m_keep->setShown(shown, row ? row->name : QString());
    if (!row) {
        m_details->setHtml(QStringLiteral("<p><i>%1</i></p>")
                               .arg(tr("Run the self-tests to see each output's figures.").toHtmlEscaped()));
        return;
    }
    m_details->setHtml(OutputDetailsHtml::render(*row));
}

} // namespace studio
