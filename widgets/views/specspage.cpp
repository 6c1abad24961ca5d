// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "specspage.h"

#include "format/cartoninfo.h"
#include "shapedelegate.h"
#include "symbolpalette.h"
#include "tensorspecmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace studio {

SpecsPage::SpecsPage(const carton::CartonInfo *info, QWidget *parent)
    : QWidget(parent), m_inputs(new TensorSpecModel(this)), m_outputs(new TensorSpecModel(this))
{
    SymbolPalette palette;
    if (info) {
        for (const carton::TensorSpec &spec : info->inputs)
            palette.addShape(spec.shape, tr("input %1").arg(spec.name));
        for (const carton::TensorSpec &spec : info->outputs)
            palette.addShape(spec.shape, tr("output %1").arg(spec.name));
        m_inputs->setSpecs(info->inputs, palette);
        m_outputs->setSpecs(info->outputs, palette);
    }
    m_inputs->setObjectName(QStringLiteral("inputsModel"));
    m_outputs->setObjectName(QStringLiteral("outputsModel"));

    auto section = [this](const QString &title, TensorSpecModel *model, QTableView **view) {
        auto *box = new QWidget;
        auto *layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 4, 0, 0);
        auto *label = new QLabel(title.arg(model->rowCount()), box);
        QFont font = label->font();
        font.setBold(true);
        label->setFont(font);
        layout->addWidget(label);
        *view = makeTable(model);
        layout->addWidget(*view, 1);
        if (model->rowCount() == 0) {
            auto *empty = new QLabel(tr("None declared."), box);
            empty->setEnabled(false);
            layout->addWidget(empty);
            (*view)->hide();
            layout->addStretch(1);
        }
        return box;
    };
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(section(tr("Inputs (%1)"), m_inputs, &m_inputsView));
    splitter->addWidget(section(tr("Outputs (%1)"), m_outputs, &m_outputsView));
    m_inputsView->setObjectName(QStringLiteral("inputsView"));
    m_outputsView->setObjectName(QStringLiteral("outputsView"));
    splitter->setStretchFactor(0, qMax(1, m_inputs->rowCount()));
    splitter->setStretchFactor(1, qMax(1, m_outputs->rowCount()));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 4);
    layout->addWidget(splitter);
}

QTableView *SpecsPage::makeTable(TensorSpecModel *model)
{
    auto *view = new QTableView;
    view->setModel(model);
    view->setItemDelegateForColumn(TensorSpecModel::ShapeColumn, new ShapeDelegate(view));
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 10);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->resizeColumnsToContents();
    view->setColumnWidth(TensorSpecModel::NameColumn, qMax(view->columnWidth(TensorSpecModel::NameColumn), 80));
    view->setColumnWidth(TensorSpecModel::ShapeColumn, qMax(view->columnWidth(TensorSpecModel::ShapeColumn), 160));
    view->setColumnWidth(TensorSpecModel::DescriptionColumn,
                         qBound(160, view->columnWidth(TensorSpecModel::DescriptionColumn), 420));
    return view;
}

void SpecsPage::setDiagnostics(const carton::Diagnostics &diagnostics)
{
    m_inputs->setDiagnostics(diagnostics, QStringLiteral("input"));
    m_outputs->setDiagnostics(diagnostics, QStringLiteral("output"));
}

bool SpecsPage::revealSpec(bool outputs, int row, int column)
{
    TensorSpecModel *model = outputs ? m_outputs : m_inputs;
    QTableView *view = outputs ? m_outputsView : m_inputsView;
    const QModelIndex index = model->index(row, qBound(0, column, TensorSpecModel::ColumnCount - 1));
    if (!index.isValid())
        return false;
    view->setCurrentIndex(index);
    view->scrollTo(index);
    view->setFocus(Qt::OtherFocusReason);
    return true;
}

} // namespace studio
