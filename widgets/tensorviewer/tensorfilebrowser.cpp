// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfilebrowser.h"

#include "format/dtype.h"
#include "jobs/latestjob.h"
#include "tensor/npyfile.h"
#include "tensor/safetensors.h"
#include "tensor/tensorfile.h"
#include "tensorviewer.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

namespace {

struct Listing {
    QList<TensorFileModel::Entry> entries;
    carton::SafetensorsMetadata metadata;
    TensorOpener opener;
    QString summary;
};

// Opens the file's tensors by name, with the dtype as the file spells it.
TensorOpener fileOpener(const carton::TensorFile &file, std::function<QString(const QString &)> dtypeText)
{
    return [file, dtypeText](const QString &name) -> carton::Result<OpenedTensor> {
        auto reader = file.openTensor(name);
        if (!reader.ok())
            return reader.error();
        OpenedTensor opened;
        opened.name = name;
        opened.reader = *reader;
        opened.dtypeText = dtypeText(name);
        return opened;
    };
}

carton::Result<Listing> list(const QString &name, const TensorFileBrowser::BytesOpener &open)
{
    auto bytes = open();
    if (!bytes.ok())
        return bytes.error();
    carton::Result<carton::TensorFile> opened = carton::TensorFile::read(*bytes, name);
    if (!opened)
        return opened.error();
    const carton::TensorFile file = std::move(opened).value();
    Listing listing;
    if (const carton::NpyFile *npy = file.npy()) {
        // The dtype as everywhere else ("float32"); numpy's descr ("<f4") in the summary.
        listing.entries.append({file.tensorNames().constFirst(), carton::dtypeName(npy->dtype()), npy->shape(),
                                (*bytes)->size() - npy->dataOffset()});
        listing.summary =
            QCoreApplication::translate("studio::TensorFileBrowser", "NumPy .npy version %1, %2 order, descr %3")
                .arg(npy->majorVersion())
                .arg(npy->isFortranOrder() ? QStringLiteral("Fortran") : QStringLiteral("C"), npy->descr());
        listing.opener = fileOpener(file, [](const QString &) { return QString(); });
        return listing;
    }
    const carton::SafetensorsFile *st = file.safetensors();
    for (const carton::SafetensorsTensor &t : st->tensors())
        listing.entries.append({t.name, t.dtypeName, t.shape, t.byteSize()});
    listing.metadata = st->metadata();
    listing.summary = QCoreApplication::translate("studio::TensorFileBrowser", "safetensors, header %1 bytes")
                          .arg(st->bufferOffset() - 8);
    listing.opener = fileOpener(file, [file](const QString &n) {
        const carton::SafetensorsTensor *t = file.safetensors()->find(n);
        return t ? t->dtypeName : QString();
    });
    return listing;
}

} // namespace

TensorFileBrowser::TensorFileBrowser(QWidget *parent) : QWidget(parent), m_jobs(new LatestJob(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_headerIcon = new QLabel(this);
    m_headerIcon->setObjectName(QStringLiteral("tensorFileHeaderIcon"));
    m_headerIcon->setAlignment(Qt::AlignTop);
    m_headerIcon->hide();
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("tensorFileHeader"));
    m_header->setTextFormat(Qt::PlainText);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *headerRow = new QHBoxLayout;
    headerRow->addWidget(m_headerIcon);
    headerRow->addWidget(m_header, 1);
    layout->addLayout(headerRow);

    m_model = new TensorFileModel(this);
    m_list = new QTableView(this);
    m_list->setObjectName(QStringLiteral("tensorFileList"));
    m_list->setModel(m_model);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->setAlternatingRowColors(true);
    m_metadata = new QTreeWidget(this);
    m_metadata->setObjectName(QStringLiteral("tensorFileMetadata"));
    m_metadata->setHeaderLabels({tr("__metadata__ key"), tr("Value")});
    m_metadata->setRootIsDecorated(false);
    m_viewer = new TensorViewer(this);
    m_viewer->setObjectName(QStringLiteral("tensorFileViewer"));

    // The listing above the viewer: fits the narrow file pane of the Files tab
    // as well as a whole tab.
    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_list);
    top->addWidget(m_metadata);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("tensorFileSplitter"));
    m_splitter->addWidget(top);
    m_splitter->addWidget(m_viewer);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    top->setMinimumHeight(fontMetrics().height() * 5);
    layout->addWidget(m_splitter, 1);
    layout->addStretch(0); // takes the space when an error hides the splitter
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, &TensorFileBrowser::currentChanged);
    clear();
}

TensorFileBrowser::~TensorFileBrowser() = default;

bool TensorFileBrowser::isLoading() const
{
    return m_jobs->isRunning(QStringLiteral("list"));
}

void TensorFileBrowser::clear()
{
    m_jobs->cancelAll();
    m_name.clear();
    m_error.clear();
    m_openSelected = {};
    m_model->setEntries({});
    m_metadata->clear();
    m_metadata->setVisible(false);
    m_header->clear();
    m_headerIcon->hide();
    m_splitter->show();
    m_viewer->showMessage(QString());
}

void TensorFileBrowser::showError(const QString &error)
{
    // Once, with an icon: the listing and the viewer have nothing to show.
    m_error = error;
    m_header->setText(error);
    updateIcon();
    m_headerIcon->show();
    m_splitter->hide();
    m_viewer->showMessage(QString());
}

void TensorFileBrowser::updateIcon()
{
    // The Diagnostics panel's error icon (resources/icons), the style's when absent.
    const QString path = QStringLiteral(":/icons/severity-error.svg");
    const QIcon icon = QFile::exists(path) ? QIcon(path) : style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_headerIcon->setPixmap(icon.pixmap(QSize(side, side), devicePixelRatio()));
}

void TensorFileBrowser::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) && !m_error.isEmpty())
        updateIcon();
}

void TensorFileBrowser::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitListing();
}

void TensorFileBrowser::fitListing()
{
    if (m_userSized || m_model->rowCount() == 0)
        return;
    const int total = m_splitter->height() - m_splitter->handleWidth();
    if (total <= 0)
        return;
    const QHeaderView *header = m_list->horizontalHeader();
    const int rowHeight = m_list->verticalHeader()->defaultSectionSize();
    const int scrollBar = m_list->horizontalScrollBar()->isVisible() ? m_list->horizontalScrollBar()->height() : 0;
    int wanted = header->height() + rowHeight * m_model->rowCount() + 2 * m_list->frameWidth() + scrollBar;
    if (m_metadata->isVisible())
        wanted = std::max(wanted, m_metadata->header()->height() + 2 * m_metadata->frameWidth() +
                                      m_metadata->sizeHintForRow(0) * m_metadata->topLevelItemCount());
    // Up to 3/5 of the height: the viewer keeps at least its minimum (~250 px) and
    // shows a tensor's first rows.
    const int most = std::max(m_splitter->widget(0)->minimumHeight(),
                              std::min(total * 3 / 5, total - m_viewer->minimumSizeHint().height()));
    const int listing = std::clamp(wanted, m_splitter->widget(0)->minimumHeight(), most);
    m_splitter->setSizes({listing, total - listing});
}

void TensorFileBrowser::openFile(const QString &diskPath)
{
    open(diskPath, [diskPath]() -> carton::Result<carton::ByteSourcePtr> {
        auto source = carton::FileRegionSource::open(diskPath);
        if (!source.ok())
            return source.error();
        return carton::ByteSourcePtr(*source);
    });
}

void TensorFileBrowser::open(const QString &name, BytesOpener bytes)
{
    clear();
    m_name = name;
    m_header->setText(tr("Reading the header of %1…").arg(name));
    m_jobs->start(
        QStringLiteral("list"), [name, bytes](carton::Progress &) { return list(name, bytes); },
        [this](const carton::Result<Listing> &listing) {
            if (!listing.ok()) {
                showError(listing.error().toString());
                emit loaded(m_error);
                return;
            }
            m_header->setText(tr("%1 — %2, %n tensor(s)", nullptr, int(listing->entries.size()))
                                  .arg(QFileInfo(m_name).fileName(), listing->summary));
            m_model->setEntries(listing->entries);
            m_list->resizeColumnsToContents();
            for (const auto &[key, value] : listing->metadata)
                new QTreeWidgetItem(m_metadata, {key, value});
            m_metadata->setVisible(!listing->metadata.isEmpty());
            // The key column fits its header and keys, up to 40 characters wide.
            m_metadata->resizeColumnToContents(0);
            m_metadata->setColumnWidth(
                0, std::min(m_metadata->columnWidth(0), m_metadata->fontMetrics().averageCharWidth() * 40));
            const TensorOpener opener = listing->opener;
            m_openSelected = [this, opener](const QString &tensor) { m_viewer->open(tensor, opener); };
            m_viewer->showMessage(listing->entries.isEmpty() ? tr("The file holds no tensors.")
                                                             : tr("Select a tensor to see its values."));
            if (listing->entries.size() == 1)
                m_list->setCurrentIndex(m_model->index(0, 0));
            fitListing();
            emit loaded(QString());
        });
}

bool TensorFileBrowser::selectTensor(const QString &name)
{
    const int row = m_model->rowForName(name);
    if (row < 0)
        return false;
    m_list->setCurrentIndex(m_model->index(row, 0));
    return true;
}

void TensorFileBrowser::currentChanged()
{
    const int row = m_list->currentIndex().row();
    if (row < 0 || row >= m_model->entries().size() || !m_openSelected)
        return;
    m_openSelected(m_model->entries().at(row).name);
}

} // namespace studio
