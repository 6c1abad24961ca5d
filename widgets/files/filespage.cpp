// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "filespage.h"

#include "cartonfilesmodel.h"
#include "common/roles.h"
#include "common/viewutils.h"
#include "extractjob.h"
#include "fileviewer.h"
#include "package/carton.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

namespace {
const QString splitterKey = QStringLiteral("filesPage/splitter");
} // namespace

FilesPage::FilesPage(std::shared_ptr<const carton::Carton> carton, CartonFilesModel *model, QSettings *settings,
                     QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_model(model), m_settings(settings)
{
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    auto *toolbar = new QToolBar(left);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->setIconSize(QSize(16, 16));
    m_extract = toolbar->addAction(QIcon(QStringLiteral(":/icons/extract.svg")), tr("Extract…"));
    m_extract->setObjectName(QStringLiteral("extractAction"));
    m_extract->setToolTip(tr("Extract the selected files (or everything when nothing is selected) into a folder"));
    connect(m_extract, &QAction::triggered, this, &FilesPage::extractSelection);
    if (m_carton && m_carton->isReadOnly()) {
        m_extract->setEnabled(false);
        m_extract->setToolTip(tr("This carton has unsafe entries (see Diagnostics): it is open read-only and cannot "
                                 "be extracted"));
    }
    // Ctrl+F: filter by path.
    m_filter = createFilterEdit(this, tr("Filter files (Ctrl+F)"), QStringLiteral("filesFilter"));
    m_filter->setMaximumWidth(260);
    toolbar->addWidget(m_filter);
    leftLayout->addWidget(toolbar);

    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterRole(Roles::PathRole);
    m_proxy->setSortRole(Roles::SortRole);
    connect(m_filter, &QLineEdit::textChanged, this, &FilesPage::setFilterText);

    m_tree = new QTreeView(left);
    m_tree->setObjectName(QStringLiteral("filesTree"));
    m_tree->setModel(m_proxy);
    // Unsorted (folders first, by name) until a header is clicked.
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_tree->setSortingEnabled(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_tree->addAction(m_extract);
    m_copyPath = new QAction(QIcon(QStringLiteral(":/icons/copy.svg")), tr("Copy &Path"), this);
    m_copyPath->setObjectName(QStringLiteral("copyPathAction"));
    m_copyPath->setShortcut(QKeySequence::Copy);
    m_copyPath->setShortcutContext(Qt::WidgetShortcut);
    connect(m_copyPath, &QAction::triggered, this, [this] { copySelection(false); });
    m_tree->addAction(m_copyPath);
    m_copySha = new QAction(tr("Copy &SHA-256"), this);
    m_copySha->setObjectName(QStringLiteral("copySha256Action"));
    connect(m_copySha, &QAction::triggered, this, [this] { copySelection(true); });
    m_tree->addAction(m_copySha);
    m_tree->header()->setSectionResizeMode(CartonFilesModel::NameColumn, QHeaderView::Interactive);
    m_tree->header()->setSectionResizeMode(CartonFilesModel::Sha256Column, QHeaderView::Stretch);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->expandToDepth(0);
    // Widths from the font, not from the rows: sizing to contents walks many rows on huge cartons.
    const QFontMetrics fm = m_tree->fontMetrics();
    const int pad = fm.horizontalAdvance(u'M') + 8;
    m_tree->setColumnWidth(CartonFilesModel::NameColumn, 16 * fm.horizontalAdvance(u'm') + 40);
    const int sizeWidth =
        qMax(fm.horizontalAdvance(QStringLiteral("999.9 KiB")),
             fm.horizontalAdvance(m_model->headerData(CartonFilesModel::CompressedColumn, Qt::Horizontal).toString()));
    m_tree->setColumnWidth(CartonFilesModel::SizeColumn, sizeWidth + pad);
    m_tree->setColumnWidth(CartonFilesModel::CompressedColumn, sizeWidth + pad);
    // The method names and the header as translated ("Methode", "Gespeichert"), with room for the sort arrow.
    int methodWidth =
        fm.horizontalAdvance(m_model->headerData(CartonFilesModel::MethodColumn, Qt::Horizontal).toString()) + pad;
    for (int method : {0, 8, 93})
        methodWidth = std::max(methodWidth, fm.horizontalAdvance(compressionMethodName(method)));
    m_tree->setColumnWidth(CartonFilesModel::MethodColumn, methodWidth + pad);
    // Room for the longest state, not just "Pending".
    int stateWidth = 0;
    for (auto state : {carton::FileState::Unverified, carton::FileState::Ok, carton::FileState::Mismatch,
                       carton::FileState::Missing, carton::FileState::Linked, carton::FileState::Unlisted,
                       carton::FileState::Failed, carton::FileState::NoManifest})
        stateWidth = qMax(stateWidth, m_tree->fontMetrics().horizontalAdvance(fileStateText(state)));
    m_tree->setColumnWidth(CartonFilesModel::StateColumn, stateWidth + 48);
    // What matters first stays in view on a small window: Name, Verification,
    // Size, SHA-256 (about 20 digits shown, elided in the middle), then the rest.
    QHeaderView *header = m_tree->header();
    header->setSectionResizeMode(CartonFilesModel::Sha256Column, QHeaderView::Interactive);
    m_tree->setColumnWidth(
        CartonFilesModel::Sha256Column,
        QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont)).horizontalAdvance(QString(20, u'0')) + pad);
    header->moveSection(header->visualIndex(CartonFilesModel::StateColumn), 1);
    header->moveSection(header->visualIndex(CartonFilesModel::SizeColumn), 2);
    header->moveSection(header->visualIndex(CartonFilesModel::Sha256Column), 3);
    header->setStretchLastSection(true);
    leftLayout->addWidget(m_tree, 1);
    // Moving through the tree with the keyboard should not start a read per row passed.
    m_previewDelay = new QTimer(this);
    m_previewDelay->setSingleShot(true);
    m_previewDelay->setInterval(60);
    connect(m_previewDelay, &QTimer::timeout, this, &FilesPage::currentChanged);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, m_previewDelay,
            qOverload<>(&QTimer::start));

    m_viewer = new FileViewer;
    m_viewer->setObjectName(QStringLiteral("fileViewer"));
    m_viewer->setCarton(m_carton);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("filesSplitter"));
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_viewer);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    // Where the user puts the split is kept for every carton.
    if (m_settings)
        m_splitChosen = m_splitter->restoreState(m_settings->value(splitterKey).toByteArray());
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        m_splitChosen = true; // the user's: kept from now on
        if (m_settings)
            m_settings->setValue(splitterKey, m_splitter->saveState());
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
}

int FilesPage::hexDumpWidth() const
{
    // "00000000  00 11 … 77  88 … ff  ................": 76 characters (FilePreview::hexSummary).
    const QFontMetrics fixed(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    return fixed.horizontalAdvance(QString(76, u'0')) + scrollBar + 24;
}

void FilesPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    setDefaultSplit();
}

void FilesPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    setDefaultSplit();
}

void FilesPage::setDefaultSplit()
{
    if (m_splitChosen || width() <= 0 || !isVisible())
        return;
    // First time shown: the tree keeps room for the columns that come first
    // (Name, Verification, Size, SHA-256); the preview gets the rest, up to a
    // line of the hex dump (a text file's lines are shorter), and at least a
    // quarter when the page is narrow. Until the user moves the split, it follows
    // the page's width (the first show may come before the layout's final width).
    const int available = width() - m_splitter->handleWidth();
    int firstColumns = 2 * m_tree->frameWidth() + m_tree->verticalScrollBar()->sizeHint().width();
    for (int column : {int(CartonFilesModel::NameColumn), int(CartonFilesModel::StateColumn),
                       int(CartonFilesModel::SizeColumn), int(CartonFilesModel::Sha256Column)})
        firstColumns += m_tree->columnWidth(column);
    const int preview = std::clamp(available - firstColumns, available / 4, std::max(available / 4, hexDumpWidth()));
    m_splitter->setSizes({available - preview, preview});
}

QModelIndex FilesPage::treeIndex(const QString &path, int column) const
{
    return m_proxy->mapFromSource(m_model->indexForPath(path, column));
}

void FilesPage::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // comes back here through textChanged
    m_proxy->setFilterFixedString(text.trimmed());
    if (!text.trimmed().isEmpty())
        m_tree->expandAll();
}

void FilesPage::copySelection(bool sha256)
{
    QStringList lines;
    QModelIndexList rows = m_tree->selectionModel()->selectedRows(CartonFilesModel::NameColumn);
    if (rows.isEmpty() && m_tree->currentIndex().isValid())
        rows << m_tree->currentIndex().siblingAtColumn(CartonFilesModel::NameColumn);
    for (const QModelIndex &row : std::as_const(rows)) {
        const QModelIndex source = m_proxy->mapToSource(row);
        const QString path = source.data(Roles::PathRole).toString();
        if (!sha256) {
            lines << path;
            continue;
        }
        const QString hash = source.siblingAtColumn(CartonFilesModel::Sha256Column).data().toString();
        if (!hash.isEmpty())
            lines << (rows.size() == 1 ? hash : hash + QStringLiteral("  ") + path); // sha256sum's format
    }
    if (lines.isEmpty())
        return;
    QApplication::clipboard()->setText(lines.join(u'\n'));
    emit statusMessage(sha256 ? tr("SHA-256 copied to the clipboard.") : tr("Path copied to the clipboard."));
}

void FilesPage::currentChanged()
{
    const QModelIndex current = m_proxy->mapToSource(m_tree->currentIndex());
    const QString path = m_model->filePath(current);
    if (path.isEmpty())
        m_viewer->clear();
    else
        m_viewer->showFile(path);
}

bool FilesPage::revealPath(const QString &path, int line)
{
    QString cleaned = path;
    while (cleaned.endsWith(u'/'))
        cleaned.chop(1);
    const QModelIndex source = m_model->indexForPath(cleaned);
    if (!source.isValid())
        return false;
    QModelIndex index = m_proxy->mapFromSource(source);
    if (!index.isValid()) { // filtered out: show everything again
        setFilterText(QString());
        index = m_proxy->mapFromSource(source);
    }
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        m_tree->expand(p);
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    m_tree->setFocus(Qt::OtherFocusReason);
    m_previewDelay->stop();
    if (m_model->isFolder(source))
        m_viewer->clear();
    else
        m_viewer->showFile(cleaned, line);
    return true;
}

QStringList FilesPage::selectedFilePaths() const
{
    QStringList paths;
    const QModelIndexList rows = m_tree->selectionModel()->selectedRows(CartonFilesModel::NameColumn);
    for (const QModelIndex &index : rows)
        for (const QString &path : m_model->filePathsUnder(m_proxy->mapToSource(index)))
            if (!paths.contains(path))
                paths.append(path);
    return paths;
}

void FilesPage::extractSelection()
{
    const QStringList paths = selectedFilePaths();
    const QString folder = QFileDialog::getExistingDirectory(
        this, paths.isEmpty() ? tr("Extract Everything To") : tr("Extract %n File(s) To", nullptr, int(paths.size())));
    if (folder.isEmpty())
        return;
    bool overwrite = false;
    if (!QDir(folder).isEmpty()) {
        const auto answer = QMessageBox::question(
            this, tr("Extract"),
            tr("The folder %1 is not empty. Files with the same names will be replaced. Continue?")
                .arg(QDir::toNativeSeparators(folder)));
        if (answer != QMessageBox::Yes)
            return;
        overwrite = true;
    }
    extractTo(paths, folder, overwrite);
}

ExtractJob *FilesPage::extractTo(const QStringList &paths, const QString &folder, bool overwrite)
{
    m_extract->setEnabled(false);
    ExtractJob *job = ExtractJob::start(m_carton, paths, folder, overwrite, this);
    connect(job, &ExtractJob::finished, this, [this, folder](const ExtractJob::Outcome &outcome) {
        m_extract->setEnabled(!m_carton->isReadOnly());
        const QString where = QDir::toNativeSeparators(folder);
        if (outcome.ok) {
            QString text = tr("Extracted %n file(s) (%1) to %2.", nullptr, outcome.filesWritten)
                               .arg(humanSize(outcome.bytesWritten), where);
            if (!outcome.skippedLinked.isEmpty())
                text += u' ' + tr("%n linked file(s) were not fetched.", nullptr, int(outcome.skippedLinked.size()));
            emit statusMessage(text);
        } else if (outcome.cancelled) {
            emit statusMessage(tr("Extraction cancelled; nothing was left behind."));
        } else {
            emit statusMessage(tr("Extraction failed: %1").arg(outcome.error));
            if (isVisible())
                QMessageBox::warning(this, tr("Extract"), tr("Extraction failed:\n%1").arg(outcome.error));
        }
    });
    return job;
}

} // namespace studio
