// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorspage.h"

#include "cartontensoropener.h"
#include "common/roles.h"
#include "common/viewutils.h"
#include "package/carton.h"
#include "tensorlistmodel.h"
#include "tensorviewer/tensorviewer.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace studio {

TensorsPage::TensorsPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_list(new TensorListModel(this))
{
    m_list->setCarton(m_carton);

    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_list);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(0); // the name
    m_proxy->setSortRole(Roles::SortRole);
    auto *listPane = new QWidget;
    auto *listLayout = new QVBoxLayout(listPane);
    listLayout->setContentsMargins(0, 0, 0, 0);
    m_filter = createFilterEdit(this, tr("Filter tensors (Ctrl+F)"), QStringLiteral("tensorFilter"));
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            [this](const QString &text) { m_proxy->setFilterFixedString(text.trimmed()); });
    listLayout->addWidget(m_filter);

    m_listView = new QTableView(listPane);
    listLayout->addWidget(m_listView, 1);
    m_listView->setObjectName(QStringLiteral("tensorListView"));
    m_listView->setModel(m_proxy);
    m_listView->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_listView->setSortingEnabled(true);
    m_listView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_listView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_listView->setAlternatingRowColors(true);
    m_listView->verticalHeader()->setDefaultSectionSize(m_listView->fontMetrics().height() + 10);
    m_listView->verticalHeader()->hide();
    m_listView->horizontalHeader()->setStretchLastSection(true);
    m_listView->resizeColumnsToContents();
    connect(m_listView->selectionModel(), &QItemSelectionModel::currentChanged, this, &TensorsPage::currentChanged);

    m_viewer = new TensorViewer(this);
    m_viewer->setObjectName(QStringLiteral("tensorViewer"));
    m_viewer->showMessage(m_list->rowCount() ? tr("Select a tensor to see its values.")
                                             : tr("This carton has no tensor data."));
    connect(m_viewer, &TensorViewer::tensorShown, this, &TensorsPage::valuesLoaded);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(listPane);
    splitter->addWidget(m_viewer);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
}

bool TensorsPage::revealTensor(int row)
{
    const QModelIndex source = m_list->index(row, 0);
    if (!source.isValid())
        return false;
    if (!m_proxy->mapFromSource(source).isValid())
        m_filter->clear(); // filtered out: show every tensor again
    const QModelIndex index = m_proxy->mapFromSource(source);
    m_listView->setCurrentIndex(index);
    m_listView->scrollTo(index);
    m_listView->setFocus(Qt::OtherFocusReason);
    return true;
}

bool TensorsPage::revealTensor(const QString &name)
{
    return revealTensor(m_list->rowForName(name));
}

bool TensorsPage::isLoading() const
{
    return m_viewer->isOpening();
}

void TensorsPage::currentChanged()
{
    const QString name = m_list->tensorName(m_proxy->mapToSource(m_listView->currentIndex()).row());
    if (name.isEmpty()) {
        m_viewer->showMessage(tr("Select a tensor to see its values."));
        return;
    }
    m_viewer->open(name, cartonTensorOpener(m_carton));
}

} // namespace studio
