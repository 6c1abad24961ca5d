// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorviewer.h"

#include "heatmapview.h"
#include "imagecontrols.h"
#include "jobs/latestjob.h"
#include "kernelgridpage.h"
#include "slicecontrols.h"
#include "statspanel.h"
#include "stringtablemodel.h"
#include "tensorfindbar.h"
#include "tensorimage.h"
#include "tensortablemodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace studio {

namespace {

enum Page { MessagePage, NumericPage, StringPage, NestedPage };

QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

} // namespace

TensorViewer::TensorViewer(QWidget *parent) : QWidget(parent), m_jobs(new LatestJob(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("tensorViewerHeader"));
    m_header->setTextFormat(Qt::PlainText);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_header);
    m_controls = new SliceControls(this);
    layout->addWidget(m_controls);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);
    m_message = new QLabel(m_stack);
    m_message->setObjectName(QStringLiteral("tensorViewerMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_stack->addWidget(m_message);

    m_tabs = new QTabWidget(m_stack);
    m_tabs->setObjectName(QStringLiteral("tensorViewerTabs"));
    m_stack->addWidget(m_tabs);

    // Table
    auto *tablePage = new QWidget(m_tabs);
    auto *tableLayout = new QVBoxLayout(tablePage);
    auto *tableBar = new QHBoxLayout;
    auto *csvButton = new QPushButton(tr("Export slice as CSV…"), tablePage);
    csvButton->setObjectName(QStringLiteral("exportCsvButton"));
    connect(csvButton, &QPushButton::clicked, this, &TensorViewer::exportCsvInteractive);
    m_findBar = new TensorFindBar(tablePage);
    m_findBar->setObjectName(QStringLiteral("tensorFindBar"));
    connect(m_findBar, &TensorFindBar::elementRequested, this, &TensorViewer::selectElement);
    tableBar->addWidget(m_findBar, 1);
    tableBar->addWidget(csvButton);
    tableLayout->addLayout(tableBar);
    m_table = new TensorTableModel(this);
    m_tableView = new QTableView(tablePage);
    m_tableView->setObjectName(QStringLiteral("tensorTableView"));
    m_tableView->setModel(m_table);
    setUpValueTable(m_tableView);
    m_tableView->horizontalHeader()->setDefaultSectionSize(96);
    tableLayout->addWidget(m_tableView, 1);
    connect(m_table, &TensorTableModel::readFailed, this,
            [this](const QString &message) { m_header->setText(headerText() + u'\n' + message); });
    const struct {
        QKeySequence keys;
        void (TensorFindBar::*slot)();
    } findKeys[] = {{QKeySequence(Qt::CTRL | Qt::Key_G), &TensorFindBar::focusGoTo},
                    {QKeySequence::Find, &TensorFindBar::focusFind},
                    {QKeySequence(Qt::Key_F3), &TensorFindBar::findNext},
                    {QKeySequence(Qt::SHIFT | Qt::Key_F3), &TensorFindBar::findPrevious}};
    for (const auto &k : findKeys) {
        auto *action = new QAction(tablePage);
        action->setShortcut(k.keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, m_findBar, k.slot);
        tablePage->addAction(action);
    }
    m_tabs->addTab(tablePage, tr("Table"));

    // Heatmap
    auto *heatPage = new QWidget(m_tabs);
    auto *heatLayout = new QVBoxLayout(heatPage);
    auto *heatBar = new QHBoxLayout;
    m_scale = new QComboBox(heatPage);
    m_scale->setObjectName(QStringLiteral("heatmapScaleCombo"));
    m_scale->addItem(tr("Linear"), int(HeatmapData::Scale::Linear));
    m_scale->addItem(tr("Log"), int(HeatmapData::Scale::Log));
    auto *pngButton = new QPushButton(tr("Export as PNG…"), heatPage);
    pngButton->setObjectName(QStringLiteral("exportPngButton"));
    auto *fitButton = new QPushButton(tr("Fit"), heatPage);
    heatBar->addWidget(new QLabel(tr("Scale:"), heatPage));
    heatBar->addWidget(m_scale);
    heatBar->addWidget(fitButton);
    heatBar->addStretch(1);
    heatBar->addWidget(pngButton);
    heatLayout->addLayout(heatBar);
    m_heatmap = new HeatmapView(heatPage);
    m_heatmap->setObjectName(QStringLiteral("heatmapView"));
    heatLayout->addWidget(m_heatmap, 1);
    connect(m_scale, &QComboBox::currentIndexChanged, this,
            [this] { m_heatmap->setScale(HeatmapData::Scale(m_scale->currentData().toInt())); });
    connect(fitButton, &QPushButton::clicked, m_heatmap, &HeatmapView::resetView);
    connect(pngButton, &QPushButton::clicked, this, &TensorViewer::exportPngInteractive);
    m_tabs->addTab(heatPage, tr("Heatmap"));

    // Image
    auto *imagePage = new QWidget(m_tabs);
    auto *imageLayout = new QVBoxLayout(imagePage);
    m_imageControls = new ImageControls(imagePage);
    m_imageControls->setObjectName(QStringLiteral("imageControls"));
    imageLayout->addWidget(m_imageControls);
    connect(m_imageControls, &ImageControls::optionsChanged, this, [this] {
        m_imageStale = true;
        tabChanged();
    });
    auto *scroll = new QScrollArea(imagePage);
    m_imageLabel = new QLabel(scroll);
    m_imageLabel->setObjectName(QStringLiteral("tensorImageLabel"));
    m_imageLabel->setAlignment(Qt::AlignCenter);
    scroll->setWidget(m_imageLabel);
    scroll->setWidgetResizable(true);
    imageLayout->addWidget(scroll, 1);
    m_tabs->addTab(imagePage, tr("Image"));

    // Statistics
    // Scrolled: its rows (a histogram and two columns of figures) would otherwise
    // make the whole viewer at least ~350 px tall, squeezing what sits above it.
    auto *statsScroll = new QScrollArea(m_tabs);
    statsScroll->setObjectName(QStringLiteral("statsScroll"));
    statsScroll->setWidgetResizable(true);
    statsScroll->setFrameShape(QFrame::NoFrame);
    m_stats = new StatsPanel(statsScroll);
    m_stats->setObjectName(QStringLiteral("statsPanel"));
    statsScroll->setWidget(m_stats);
    m_tabs->addTab(statsScroll, tr("Statistics"));

    // Kernels (conv weights only)
    m_kernels = new KernelGridPage(m_tabs);
    m_kernels->setObjectName(QStringLiteral("kernelGridPage"));
    m_tabs->addTab(m_kernels, tr("Kernels"));
    connect(m_kernels, &KernelGridPage::kernelActivated, this, [this](qint64 out, qint64 in) {
        // Rows and columns of the table are the kernel's (dims 2 and 3), at [out, in].
        SliceSpec spec = m_controls->slice();
        spec.rowDim = 2;
        spec.colDim = 3;
        spec.index[0] = out;
        spec.index[1] = in;
        setSlice(spec);
        setCurrentTab(TableTab);
    });

    // Strings
    m_strings = new StringTableModel(this);
    m_stringView = new QTableView(m_stack);
    m_stringView->setObjectName(QStringLiteral("stringTableView"));
    m_stringView->setModel(m_strings);
    m_stringView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    setUpValueTable(m_stringView);
    m_stringView->setTextElideMode(Qt::ElideRight);
    m_stringView->horizontalHeader()->setResizeContentsPrecision(256);
    m_stack->addWidget(m_stringView);

    // Nested
    auto *nested = new QSplitter(Qt::Horizontal, m_stack);
    m_nestedTree = new QTreeWidget(nested);
    m_nestedTree->setObjectName(QStringLiteral("nestedTree"));
    m_nestedTree->setHeaderLabels({tr("Inner tensor"), tr("Type"), tr("Shape")});
    m_nestedTree->setRootIsDecorated(false);
    m_stack->addWidget(nested);
    connect(m_nestedTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (!item || !m_innerViewer)
            return;
        const int i = m_nestedTree->indexOfTopLevelItem(item);
        if (m_memory && i >= 0 && i < m_memory->inner().size())
            m_innerViewer->setTensor(m_memory->inner().at(i));
        else if (m_opener)
            m_innerViewer->open(item->text(0), m_opener);
    });

    connect(m_controls, &SliceControls::sliceChanged, this, &TensorViewer::sliceChanged);
    connect(m_controls, &SliceControls::numberFormatChanged, m_table, &TensorTableModel::setNumberFormat);
    connect(m_tabs, &QTabWidget::currentChanged, this, &TensorViewer::tabChanged);
    clear();
}

TensorViewer::~TensorViewer() = default;

const SliceSpec &TensorViewer::slice() const
{
    return m_controls->slice();
}

const QImage &TensorViewer::image() const
{
    return m_image;
}

bool TensorViewer::isOpening() const
{
    return m_jobs->isRunning(QStringLiteral("open"));
}

void TensorViewer::clear()
{
    m_jobs->cancelAll();
    m_reader.reset();
    m_memory.reset();
    m_name.clear();
    m_table->clear();
    m_findBar->setTensor({}, {});
    m_stats->clear();
    m_heatmap->clear();
    m_image = {};
    m_imageLabel->clear();
    m_strings->clear();
    m_nestedTree->clear();
    m_controls->setShape({});
    m_controls->setVisible(false);
    m_header->clear();
    m_message->clear();
    m_stack->setCurrentIndex(MessagePage);
}

void TensorViewer::showMessage(const QString &text)
{
    clear();
    m_message->setText(text);
}

void TensorViewer::open(const QString &name, TensorOpener opener)
{
    clear();
    m_opener = opener;
    m_message->setText(tr("Opening %1…").arg(name));
    m_jobs->start(
        QStringLiteral("open"), [name, opener](carton::Progress &) { return opener(name); },
        [this, name](const carton::Result<OpenedTensor> &opened) { showOpened(name, opened); });
}

void TensorViewer::showOpened(const QString &name, const carton::Result<OpenedTensor> &opened)
{
    if (!opened.ok()) {
        showMessage(opened.error().toString());
        emit openFailed(opened.error().toString());
        return;
    }
    if (opened->reader) {
        setReader(opened->reader);
        if (!opened->dtypeText.isEmpty())
            setHeader(m_name, opened->dtypeText, m_reader->shape());
    } else if (opened->value) {
        setTensor(*opened->value);
    } else {
        const TensorOpener opener = m_opener;
        clear();
        m_opener = opener;
        m_name = opened->name.isEmpty() ? name : opened->name;
        m_header->setText(tr("%1: nested, %n inner tensor(s)", nullptr, int(opened->inner.size())).arg(m_name));
        showNested(opened->inner);
        emit tensorShown(m_name);
    }
}

void TensorViewer::setHeader(const QString &name, const QString &dtype, const QList<qint64> &shape)
{
    m_header->setText(tr("%1: %2 %3").arg(name, dtype, carton::shapeText(shape)));
}

QString TensorViewer::headerText() const
{
    return m_header->text();
}

void TensorViewer::setReader(carton::TensorReaderPtr reader)
{
    const TensorOpener opener = m_opener;
    clear();
    m_opener = opener;
    if (!reader)
        return;
    m_reader = std::move(reader);
    m_name = m_reader->name();
    setHeader(m_name, carton::dtypeName(m_reader->dtype()), m_reader->shape());
    m_controls->setShape(m_reader->shape());
    m_controls->setVisible(m_reader->shape().size() >= 1);
    m_controls->setNumberFormatVisible(true);
    const SliceSpec &spec = m_controls->slice();
    m_table->setTensor(m_reader, spec);
    m_table->setNumberFormat(m_controls->numberFormat());
    m_findBar->setTensor(m_reader, spec);
    m_stats->setTensor(m_reader, spec);
    m_heatmapStale = m_imageStale = true;
    m_stack->setCurrentIndex(NumericPage);
    m_tabs->setTabEnabled(HeatmapTab, m_reader->shape().size() >= 1);
    const auto imageLayout = TensorImage::detect(m_reader->shape());
    m_tabs->setTabEnabled(ImageTab, imageLayout.has_value());
    m_imageControls->setOptions(TensorImage::Options::defaultFor(m_reader->dtype()),
                                imageLayout ? imageLayout->channels : 0);
    const bool kernels = KernelGrid::isKernelStack(m_reader->shape());
    m_kernels->setReader(kernels ? m_reader : nullptr);
    // A picture opens on the Image tab, conv weights on the Kernels tab; the next
    // tensor that is neither goes back to the table (a tab the user picked stays picked).
    const int byDefault = kernels                                                        ? int(KernelsTab)
                          : TensorImage::isPicture(m_reader->shape(), m_reader->dtype()) ? int(ImageTab)
                                                                                         : -1;
    if (byDefault >= 0 && (m_tabs->currentIndex() == TableTab || m_tabs->currentIndex() == m_tabByDefault))
        m_tabs->setCurrentIndex(byDefault);
    else if (byDefault < 0 && m_tabByDefault >= 0 && m_tabs->currentIndex() == m_tabByDefault)
        m_tabs->setCurrentIndex(TableTab);
    m_tabByDefault = byDefault;
    if (!m_tabs->isTabEnabled(m_tabs->currentIndex()) || (!kernels && m_tabs->currentIndex() == KernelsTab))
        m_tabs->setCurrentIndex(TableTab);
    m_tabs->setTabVisible(KernelsTab, kernels); // hidden only once it is not the current tab
    tabChanged();
    emit tensorShown(m_name);
}

void TensorViewer::setTensor(const carton::Tensor &tensor)
{
    if (carton::isNumeric(tensor.dtype())) {
        carton::TensorLayout layout;
        layout.dtype = tensor.dtype();
        layout.shape = tensor.shape();
        auto bytes = std::make_shared<carton::MemorySource>(tensor.data(), tensor.name());
        auto reader = carton::TensorReader::create(tensor.name(), layout, bytes, true);
        if (!reader.ok()) {
            showMessage(reader.error().toString());
            return;
        }
        setReader(*reader);
        return;
    }
    clear();
    m_name = tensor.name();
    if (tensor.dtype() == carton::DType::String) {
        setHeader(m_name, carton::dtypeName(tensor.dtype()), tensor.shape());
        m_strings->setStrings(tensor.shape(), tensor.stringValues());
        m_controls->setShape(tensor.shape());
        m_controls->setNumberFormatVisible(false);
        m_controls->setVisible(!tensor.shape().isEmpty());
        m_stack->setCurrentIndex(StringPage);
        fitStringColumns();
    } else {
        m_memory = tensor;
        QList<OpenedTensor::Inner> inner;
        for (const carton::Tensor &t : tensor.inner())
            inner.append({t.name(), carton::dtypeName(t.dtype()), carton::shapeText(t.shape())});
        m_header->setText(tr("%1: nested, %n inner tensor(s)", nullptr, int(inner.size())).arg(m_name));
        showNested(inner);
    }
    emit tensorShown(m_name);
}

void TensorViewer::showNested(const QList<OpenedTensor::Inner> &inner)
{
    if (!m_innerViewer) {
        auto *splitter = static_cast<QSplitter *>(m_stack->widget(NestedPage));
        m_innerViewer = new TensorViewer(splitter);
        m_innerViewer->setObjectName(QStringLiteral("innerTensorViewer"));
        splitter->addWidget(m_innerViewer);
        splitter->setStretchFactor(1, 3);
    }
    m_innerViewer->clear();
    for (const OpenedTensor::Inner &t : inner)
        new QTreeWidgetItem(m_nestedTree, {t.name, t.dtype, t.shape});
    m_stack->setCurrentIndex(NestedPage);
}

void TensorViewer::setSlice(const SliceSpec &slice)
{
    if (!m_reader || !slice.isValid() || slice.shape != m_reader->shape())
        return;
    m_controls->setSlice(slice);
    sliceChanged(slice);
}

void TensorViewer::sliceChanged(const SliceSpec &slice)
{
    if (m_stack->currentIndex() == StringPage) {
        m_strings->setSlice(slice);
        fitStringColumns();
        emit sliceSpecChanged(slice);
        return;
    }
    m_table->setSlice(slice);
    if (!(slice == m_findBar->slice()))
        m_findBar->setTensor(m_reader, slice);
    m_stats->setSlice(slice);
    m_heatmap->setMarker(std::nullopt);
    m_heatmapStale = m_imageStale = true;
    tabChanged();
    emit sliceSpecChanged(slice);
}

void TensorViewer::setCurrentTab(Tab tab)
{
    m_tabs->setCurrentIndex(tab);
}

void TensorViewer::tabChanged()
{
    if (!m_reader)
        return;
    if (m_tabs->currentIndex() == HeatmapTab && m_heatmapStale)
        refreshHeatmap();
    else if (m_tabs->currentIndex() == ImageTab && m_imageStale)
        refreshImage();
    else if (m_tabs->currentIndex() == KernelsTab)
        m_kernels->refresh();
}

void TensorViewer::refreshHeatmap()
{
    m_heatmapStale = false;
    m_heatmap->setMessage(tr("Reading slice %1…").arg(m_controls->slice().text()));
    m_jobs->start(
        QStringLiteral("heatmap"),
        [reader = m_reader, slice = m_controls->slice()](carton::Progress &progress) {
            return HeatmapData::compute(*reader, slice, HeatmapData::defaultMaxBins, &progress);
        },
        [this](const carton::Result<HeatmapData> &result) {
            if (!result.ok()) {
                m_heatmap->setMessage(result.error().toString());
                return;
            }
            m_heatmap->setData(std::make_shared<const HeatmapData>(*result));
            emit heatmapReady();
        },
        [this](qint64 done, qint64 total) {
            if (total > 0)
                m_heatmap->setMessage(
                    tr("Reading slice %1… %2%").arg(m_controls->slice().text()).arg(done * 100 / total));
        });
}

void TensorViewer::refreshImage()
{
    m_imageStale = false;
    const auto layout = TensorImage::detect(m_reader->shape());
    if (!layout)
        return;
    m_imageControls->showMessage(tr("Reading…"));
    m_jobs->start(
        QStringLiteral("image"),
        [reader = m_reader, layout = *layout, index = m_controls->slice().index, options = m_imageControls->options()](
            carton::Progress &progress) { return layout.render(*reader, index, options, &progress); },
        [this, layout = *layout](const carton::Result<TensorImage::Rendered> &result) {
            if (!result.ok()) {
                m_imageControls->showMessage(result.error().toString());
                m_image = {};
                m_imageLabel->clear();
                return;
            }
            m_image = result->image;
            const QList<qint64> &shape = m_reader->shape();
            m_imageControls->showRendered(*result, tr("%1 × %2 pixels, %3 channel(s), %4")
                                                       .arg(shape[layout.widthDim])
                                                       .arg(shape[layout.heightDim])
                                                       .arg(layout.channels)
                                                       .arg(layout.channelDim < 0    ? tr("grey (H×W)")
                                                            : layout.channelsFirst() ? tr("channels first (C×H×W)")
                                                                                     : tr("channels last (H×W×C)")));
            QPixmap pixmap = QPixmap::fromImage(m_image);
            // Small pictures are enlarged (without smoothing) to be seen at all.
            const int factor = qMax(1, 256 / qMax(1, qMax(m_image.width(), m_image.height())));
            if (factor > 1)
                pixmap = pixmap.scaled(m_image.size() * factor, Qt::KeepAspectRatio, Qt::FastTransformation);
            m_imageLabel->setPixmap(pixmap);
            emit imageReady();
        });
}

bool TensorViewer::selectElement(const QList<qint64> &index)
{
    if (!m_reader || index.size() != m_reader->shape().size())
        return false;
    for (qsizetype d = 0; d < index.size(); ++d)
        if (index[d] < 0 || index[d] >= m_reader->shape()[d])
            return false;
    SliceSpec spec = m_controls->slice();
    for (int d = 0; d < spec.rank(); ++d)
        if (d != spec.rowDim && d != spec.colDim)
            spec.index[d] = index[d];
    if (!(spec == m_controls->slice()))
        setSlice(spec);
    const qint64 row = spec.rowDim >= 0 ? index[spec.rowDim] : 0;
    const qint64 col = spec.colDim >= 0 ? index[spec.colDim] : 0;
    const QModelIndex cell = m_table->index(int(row), int(col));
    m_tableView->setCurrentIndex(cell);
    m_tableView->scrollTo(cell, QAbstractItemView::PositionAtCenter);
    m_heatmap->setMarker(std::make_pair(row, col));
    return true;
}

void TensorViewer::setUpValueTable(QTableView *view)
{
    view->setWordWrap(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    auto *copy = new QAction(tr("Copy as TSV"), view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &TensorViewer::copySelection);
    view->addAction(copy);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void TensorViewer::fitStringColumns()
{
    // As wide as the values (sampled), up to a third of the view: longer values
    // are elided, whole in their tooltip; one column fills the view.
    QHeaderView *header = m_stringView->horizontalHeader();
    header->setStretchLastSection(m_strings->columnCount() == 1);
    if (m_strings->columnCount() == 1)
        return;
    const int widest = qMax(120, m_stringView->viewport()->width() / 3);
    for (int c = 0; c < m_strings->columnCount() && c < 256; ++c) {
        m_stringView->resizeColumnToContents(c);
        header->resizeSection(c, qMin(header->sectionSize(c), widest));
    }
}

bool TensorViewer::copySelection()
{
    const bool strings = m_stack->currentIndex() == StringPage;
    const QModelIndexList selected = (strings ? m_stringView : m_tableView)->selectionModel()->selectedIndexes();
    if (selected.isEmpty())
        return false;
    int r0 = INT_MAX, r1 = -1, c0 = INT_MAX, c1 = -1;
    for (const QModelIndex &i : selected) {
        r0 = qMin(r0, i.row());
        r1 = qMax(r1, i.row());
        c0 = qMin(c0, i.column());
        c1 = qMax(c1, i.column());
    }
    // The bounding rectangle of the selection.
    const auto text = strings ? m_strings->readText(r0, r1 - r0 + 1, c0, c1 - c0 + 1, u'\t')
                              : m_table->readText(r0, r1 - r0 + 1, c0, c1 - c0 + 1, u'\t');
    if (!text.ok()) {
        QMessageBox::warning(this, tr("Copy"), text.error().toString());
        return false;
    }
    QApplication::clipboard()->setText(*text);
    return true;
}

void TensorViewer::exportSliceCsv(const QString &path)
{
    if (!m_reader)
        return;
    const SliceSpec spec = m_controls->slice();
    const NumberFormat format = m_controls->numberFormat();
    m_jobs->start(
        QStringLiteral("csv"),
        [reader = m_reader, spec, format, path](carton::Progress &progress) -> QString {
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return tr("%1: cannot write: %2").arg(path, file.errorString());
            const qint64 rows = spec.rows(), cols = spec.cols();
            const qint64 tileRows = qMax<qint64>(1, (qint64(1) << 18) / qMax<qint64>(1, cols));
            QByteArray bytes;
            for (qint64 r0 = 0; r0 < rows; r0 += tileRows) {
                const qint64 nr = qMin(tileRows, rows - r0);
                bytes.resize(nr * cols * reader->elementSize());
                if (const carton::Status s =
                        reader->read(spec.block(r0, nr, 0, cols), bytes.data(), bytes.size(), &progress);
                    !s.ok())
                    return s.error().toString();
                const carton::Tensor tile =
                    carton::Tensor::numeric(reader->name(), reader->dtype(), {nr * cols}, bytes);
                QString text;
                for (qint64 r = 0; r < nr; ++r) {
                    for (qint64 c = 0; c < cols; ++c) {
                        if (c)
                            text += u',';
                        text += csvField(formatValue(tile, spec.offsetInBlock(r, c, nr, cols), format));
                    }
                    text += u'\n';
                }
                if (file.write(text.toUtf8()) < 0)
                    return tr("%1: cannot write: %2").arg(path, file.errorString());
            }
            if (!file.commit())
                return tr("%1: cannot write: %2").arg(path, file.errorString());
            return {};
        },
        [this, path](const QString &error) { emit exportFinished(path, error); });
}

bool TensorViewer::exportHeatmapPng(const QString &path) const
{
    return !m_heatmap->image().isNull() && m_heatmap->image().save(path, "PNG");
}

void TensorViewer::exportCsvInteractive()
{
    if (!m_reader)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export slice as CSV"), m_name + QStringLiteral(".csv"),
                                                      tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    exportSliceCsv(path);
}

void TensorViewer::exportPngInteractive()
{
    if (m_heatmap->image().isNull())
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export heatmap as PNG"),
                                                      m_name + QStringLiteral(".png"), tr("PNG (*.png)"));
    if (!path.isEmpty() && !exportHeatmapPng(path))
        QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(path));
}

} // namespace studio
