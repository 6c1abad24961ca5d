// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorspage.h"

#include "package/carton.h"
#include "roles.h"
#include "tensorlistmodel.h"
#include "tensorpreview.h"
#include "tensorvaluesmodel.h"
#include "viewutils.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace studio {

TensorsPage::TensorsPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_list(new TensorListModel(this)),
      m_values(new TensorValuesModel(this))
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

    auto *valuesPane = new QWidget;
    auto *valuesLayout = new QVBoxLayout(valuesPane);
    valuesLayout->setContentsMargins(0, 0, 0, 0);
    m_valuesLabel = new QLabel(valuesPane);
    m_valuesLabel->setObjectName(QStringLiteral("tensorValuesLabel"));
    m_valuesLabel->setWordWrap(true);
    m_valuesLabel->setTextFormat(Qt::PlainText);
    m_valuesLabel->setText(m_list->rowCount() ? tr("Select a tensor to see its values.")
                                              : tr("This carton has no tensor data."));
    valuesLayout->addWidget(m_valuesLabel);
    m_valuesView = new QTableView(valuesPane);
    m_valuesView->setObjectName(QStringLiteral("tensorValuesView"));
    m_valuesView->setModel(m_values);
    m_valuesView->setAlternatingRowColors(true);
    m_valuesView->verticalHeader()->setDefaultSectionSize(m_valuesView->fontMetrics().height() + 10);
    m_valuesView->setWordWrap(false);
    m_valuesView->horizontalHeader()->setDefaultSectionSize(96);
    valuesLayout->addWidget(m_valuesView, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(listPane);
    splitter->addWidget(valuesPane);
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

void TensorsPage::fitValueColumns()
{
    // Only for narrow tables: sizing hundreds of columns would cost more than it helps.
    const int columns = m_values->columnCount();
    if (columns > 64)
        return;
    const int maxWidth = qMax(200, m_valuesView->viewport()->width() / qMax(1, columns));
    for (int c = 0; c < columns; ++c) {
        m_valuesView->resizeColumnToContents(c);
        m_valuesView->setColumnWidth(c, qBound(60, m_valuesView->columnWidth(c) + 12, qMin(maxWidth, 600)));
    }
}

void TensorsPage::currentChanged()
{
    const QString name = m_list->tensorName(m_proxy->mapToSource(m_listView->currentIndex()).row());
    const quint64 generation = ++m_generation;
    m_values->clear();
    if (name.isEmpty()) {
        m_loading = false;
        return;
    }
    m_loading = true;
    m_valuesLabel->setText(tr("Loading %1…").arg(name));
    QPointer<TensorsPage> self(this);
    auto carton = m_carton;
    (void)QtConcurrent::run([carton, name, generation, self]() {
        TensorPreview preview = TensorPreview::load(*carton, name);
        postToGuiThread([self, generation, preview = std::move(preview)]() {
            if (!self || self->m_generation != generation)
                return;
            self->m_loading = false;
            self->m_values->setPreview(preview);
            self->fitValueColumns();
            QString text;
            if (!preview.error.isEmpty())
                text = preview.error;
            else
                text = tr("%1: %2").arg(preview.name, preview.note.isEmpty() ? tr("all values") : preview.note);
            self->m_valuesLabel->setText(text);
            emit self->valuesLoaded(preview.name);
        });
    });
}

} // namespace studio
