// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "filespage.h"

#include "cartonfilesmodel.h"
#include "common/roles.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "extractjob.h"
#include "fileviewer.h"
#include "package/carton.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
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

QStringList localPaths(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile())
            paths.append(url.toLocalFile());
    return paths;
}
} // namespace

FilesPage::FilesPage(CartonFilesModel *model, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_model(model), m_settings(settings)
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
    // Ctrl+F: filter by path.
    m_filter = createFilterEdit(this, tr("Filter files (Ctrl+F)"), QStringLiteral("filesFilter"));
    m_filter->setFixedWidth(180); // the same while editing, when actions follow it (German fits at 1366 px)
    toolbar->addWidget(m_filter);
    // Editing, at the end: hidden while browsing, nothing before them moves.
    m_editActions << toolbar->addSeparator();
    m_editActions << toolbar->addWidget(new QLabel(tr("Add to:"), toolbar));
    m_target = new QComboBox(toolbar);
    m_target->setObjectName(QStringLiteral("addTargetCombo"));
    m_target->addItem(QStringLiteral("model/"));
    m_target->addItem(QStringLiteral("misc/"));
    m_target->setToolTip(tr("Where added files go: model/ for the model, misc/ for images, audio and video "
                            "the description or examples use"));
    m_editActions << toolbar->addWidget(m_target);
    m_addFiles = toolbar->addAction(tr("Add &Files…"), this, &FilesPage::chooseFiles);
    m_addFiles->setObjectName(QStringLiteral("addFilesAction"));
    QAction *addFolder = toolbar->addAction(tr("Add F&older…"), this, &FilesPage::chooseFolder);
    // Rename (F2) and Remove (Delete) in the tree's context menu: the toolbar keeps room for the
    // filter in every language.
    m_rename = new QAction(tr("Re&name"), this);
    connect(m_rename, &QAction::triggered, this, [this] {
        const QModelIndex current = m_tree->currentIndex();
        if (current.isValid())
            m_tree->edit(current.siblingAtColumn(CartonFilesModel::NameColumn));
    });
    m_remove = new QAction(tr("&Remove"), this);
    connect(m_remove, &QAction::triggered, this, &FilesPage::removeSelected);
    m_remove->setObjectName(QStringLiteral("removeFilesAction"));
    m_remove->setShortcut(QKeySequence::Delete);
    m_remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_editActions << m_addFiles << addFolder << m_rename << m_remove;
    for (QAction *action : std::as_const(m_editActions))
        action->setVisible(false);
    connect(m_model, &CartonFilesModel::editRefused, this, &FilesPage::statusMessage);
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
    m_tree->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
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
    m_tree->addAction(m_rename);
    m_tree->addAction(m_remove);
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

    connect(m_proxy, &QAbstractItemModel::modelAboutToBeReset, this, &FilesPage::rememberTree);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &FilesPage::restoreTree);

    m_viewer = new FileViewer;
    m_viewer->setObjectName(QStringLiteral("fileViewer"));

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

void FilesPage::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    m_carton = std::move(carton);
    m_viewer->setCarton(m_carton);
    m_extract->setEnabled(m_carton && !m_carton->isReadOnly());
    if (m_carton && m_carton->isReadOnly())
        m_extract->setToolTip(tr("This carton has unsafe entries (see Diagnostics): it is open read-only and cannot "
                                 "be extracted"));
    else
        m_extract->setToolTip(tr("Extract the selected files (or everything when nothing is selected) into a folder"));
    currentChanged();
}

void FilesPage::setEditing(bool editing)
{
    m_editing = editing && m_model->document();
    m_model->setEditable(m_editing);
    for (QAction *action : std::as_const(m_editActions))
        action->setVisible(m_editing);
    setAcceptDrops(m_editing);
}

void FilesPage::rememberTree()
{
    m_wasEmpty = m_proxy->rowCount() == 0;
    m_expanded.clear();
    m_currentPath = m_tree->currentIndex().data(Roles::PathRole).toString();
    QList<QModelIndex> pending{QModelIndex()};
    while (!pending.isEmpty()) {
        const QModelIndex parent = pending.takeLast();
        for (int row = 0; row < m_proxy->rowCount(parent); ++row) {
            const QModelIndex child = m_proxy->index(row, 0, parent);
            if (m_tree->isExpanded(child)) {
                m_expanded.append(child.data(Roles::PathRole).toString());
                pending.append(child);
            }
        }
    }
}

void FilesPage::restoreTree()
{
    if (m_wasEmpty) {
        m_tree->expandToDepth(0);
        return;
    }
    for (const QString &path : std::as_const(m_expanded))
        m_tree->expand(treeIndex(path));
    if (const QModelIndex current = treeIndex(m_currentPath); current.isValid())
        m_tree->selectionModel()->setCurrentIndex(current,
                                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

bool FilesPage::addPaths(const QStringList &diskPaths, const QString &folder)
{
    CartonDocument *document = m_model->document();
    if (!document || !m_editing)
        return false;
    DocumentState next = document->state();
    QStringList added;
    for (const QString &diskPath : diskPaths) {
        auto files = collectModelFiles(diskPath);
        if (!files) {
            emit statusMessage(tr("Nothing added: %1").arg(files.error().toString()));
            return false;
        }
        // collectModelFiles lists a folder's files under model/FOLDER-RELATIVE; a
        // dropped folder keeps its own name as the first step.
        const bool isFolder = QFileInfo(diskPath).isDir();
        for (const ModelFiles::File &file : files->files) {
            QString inner = file.archivePath.mid(int(qstrlen("model/")));
            if (isFolder)
                inner = QFileInfo(diskPath).fileName() + u'/' + inner;
            const QString target = folder + inner;
            if (CartonFilesModel::isGenerated(target)) {
                emit statusMessage(tr("Nothing added: %1 is written when saving").arg(target));
                return false;
            }
            if (auto status = next.files.putFile(target, file.diskPath); !status) {
                emit statusMessage(tr("Nothing added: %1").arg(status.error().toString()));
                return false;
            }
            added.append(target);
        }
    }
    if (added.isEmpty())
        return false;
    const int count = int(added.size());
    document->setState(next, count == 1 ? tr("Add File") : tr("Add %n Files", nullptr, count));
    emit statusMessage(tr("Added %n file(s) under %1", nullptr, count).arg(folder));
    selectAdded(added);
    return true;
}

void FilesPage::selectAdded(const QStringList &paths)
{
    QItemSelection selection;
    QModelIndex first;
    for (const QString &path : paths) {
        const QModelIndex cell = treeIndex(path);
        if (!cell.isValid())
            continue;
        for (QModelIndex p = cell.parent(); p.isValid(); p = p.parent())
            m_tree->expand(p);
        selection.select(cell, cell.siblingAtColumn(m_proxy->columnCount() - 1));
        if (!first.isValid())
            first = cell;
    }
    if (!first.isValid())
        return;
    m_tree->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    m_tree->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_tree->scrollTo(first);
    m_tree->setFocus(Qt::OtherFocusReason);
    if (paths.size() != 1)
        return;
    m_tree->edit(first);
    if (auto *edit = qobject_cast<QLineEdit *>(m_tree->indexWidget(first))) {
        const QString text = edit->text();
        const int start = int(text.lastIndexOf(u'/')) + 1;
        edit->setSelection(start, int(text.size()) - start); // the name, not its folder
    }
}

void FilesPage::removeSelected()
{
    CartonDocument *document = m_model->document();
    if (!document || !m_editing)
        return;
    DocumentState next = document->state();
    QStringList removed;
    for (const QString &path : selectedFilePaths())
        if (!CartonFilesModel::isGenerated(path) && next.files.remove(path))
            removed.append(path);
    if (removed.isEmpty())
        return;
    document->setState(next, removed.size() == 1 ? tr("Remove %1").arg(removed.constFirst())
                                                 : tr("Remove %n Files", nullptr, int(removed.size())));
}

void FilesPage::chooseFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add Files to %1").arg(m_target->currentText()));
    if (!files.isEmpty())
        addPaths(files, m_target->currentText());
}

void FilesPage::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add Folder to %1").arg(m_target->currentText()));
    if (!folder.isEmpty())
        addPaths({folder}, m_target->currentText());
}

void FilesPage::dragEnterEvent(QDragEnterEvent *event)
{
    if (m_editing && !localPaths(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
        emit statusMessage(tr("Drop to add under %1").arg(m_target->currentText()));
    } else {
        event->ignore();
    }
}

void FilesPage::dropEvent(QDropEvent *event)
{
    const QStringList paths = m_editing ? localPaths(event->mimeData()) : QStringList();
    if (paths.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    addPaths(paths, m_target->currentText());
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
    showInViewer(m_proxy->mapToSource(m_tree->currentIndex()), 0);
}

void FilesPage::showInViewer(const QModelIndex &source, int line)
{
    // A file of the opened carton by its path there (a renamed one by its old path);
    // one the document added or replaced, not saved yet, through the document's bytes.
    const QString path = m_model->filePath(source);
    const QString original = m_model->originalPath(source);
    CartonDocument *document = m_model->document();
    if (path.isEmpty() || m_model->isFolder(source)) {
        m_viewer->clear();
    } else if (!original.isEmpty() && m_carton) {
        m_viewer->showFile(original, line);
    } else if (!document) {
        m_viewer->clear();
    } else if (carton::Result<carton::ByteSourcePtr> bytes = document->files().byteSource(path); bytes) {
        m_viewer->showUnsaved(path, *bytes, line);
    } else {
        FilePreview failed;
        failed.path = path;
        failed.error = bytes.error().toString();
        m_viewer->showContent(failed);
    }
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
    showInViewer(source, line);
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
    if (!m_carton)
        return;
    // What the opened carton has of the selection (renamed files by their old path).
    const QStringList selected = selectedFilePaths();
    QStringList paths;
    for (const QString &path : selected)
        if (const QString original = m_model->originalPath(m_model->indexForPath(path)); !original.isEmpty())
            paths.append(original);
    if (!selected.isEmpty() && paths.isEmpty()) {
        emit statusMessage(tr("The selected files are not in the saved carton yet: save first."));
        return;
    }
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
