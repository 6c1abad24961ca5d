// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fileseditor.h"

#include "common/textcelldelegate.h"
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "documentfilesmodel.h"

#include <QAction>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace studio {

namespace {

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

FilesEditor::FilesEditor(CartonDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new DocumentFilesModel(document, this)),
      m_view(new QTableView(this)), m_target(new QComboBox(this)), m_message(new QLabel(this))
{
    setAcceptDrops(true);
    m_view->setObjectName(QStringLiteral("documentFilesView"));
    m_view->setModel(m_model);
    m_view->setItemDelegateForColumn(DocumentFilesModel::PathColumn, new TextCellDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(DocumentFilesModel::PathColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(DocumentFilesModel::SourceColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(DocumentFilesModel::SizeColumn, QHeaderView::ResizeToContents);
    m_view->setAcceptDrops(false); // drops go to this page
    m_view->viewport()->setAcceptDrops(false);

    m_target->setObjectName(QStringLiteral("addTargetCombo"));
    m_target->addItem(QStringLiteral("model/"));
    m_target->addItem(QStringLiteral("misc/"));
    m_target->setToolTip(tr("Where added files go: model/ for the model, misc/ for images, audio and video "
                            "the description or examples use"));

    auto *addFiles = new QPushButton(tr("Add &Files…"), this);
    addFiles->setObjectName(QStringLiteral("addFilesButton"));
    connect(addFiles, &QPushButton::clicked, this, &FilesEditor::chooseFiles);
    auto *addFolder = new QPushButton(tr("Add F&older…"), this);
    connect(addFolder, &QPushButton::clicked, this, &FilesEditor::chooseFolder);
    auto *remove = new QPushButton(tr("&Remove"), this);
    remove->setObjectName(QStringLiteral("removeFilesButton"));
    connect(remove, &QPushButton::clicked, this, &FilesEditor::removeSelected);
    auto *rename = new QPushButton(tr("Re&name"), this);
    connect(rename, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        if (current.isValid())
            m_view->edit(m_model->index(current.row(), DocumentFilesModel::PathColumn));
    });
    auto *removeAction = new QAction(this);
    removeAction->setShortcut(QKeySequence::Delete);
    removeAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(removeAction, &QAction::triggered, this, &FilesEditor::removeSelected);
    m_view->addAction(removeAction);
    connect(m_model, &DocumentFilesModel::editRefused, this, &FilesEditor::showMessage);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(new QLabel(tr("Add to:"), this));
    buttons->addWidget(m_target);
    buttons->addWidget(addFiles);
    buttons->addWidget(addFolder);
    buttons->addSpacing(12);
    buttons->addWidget(rename);
    buttons->addWidget(remove);
    buttons->addStretch();

    m_message->setObjectName(QStringLiteral("filesMessage"));
    m_message->setWordWrap(true);
    m_message->setText(tr("Drop files or folders here to add them. carton.toml, MANIFEST and "
                          "tensor_data/index.toml are written when saving."));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_message);
}

void FilesEditor::showMessage(const QString &text)
{
    m_message->setText(text);
}

bool FilesEditor::addPaths(const QStringList &diskPaths, const QString &folder)
{
    DocumentState next = m_document->state();
    int added = 0;
    QStringList addedPaths;
    for (const QString &diskPath : diskPaths) {
        auto files = collectModelFiles(diskPath);
        if (!files) {
            showMessage(tr("Nothing added: %1").arg(files.error().toString()));
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
            if (DocumentFilesModel::isGenerated(target)) {
                showMessage(tr("Nothing added: %1 is written when saving").arg(target));
                return false;
            }
            if (auto status = next.files.putFile(target, file.diskPath); !status) {
                showMessage(tr("Nothing added: %1").arg(status.error().toString()));
                return false;
            }
            ++added;
            addedPaths.append(target);
        }
    }
    if (added == 0)
        return false;
    m_document->setState(next, added == 1 ? tr("Add File") : tr("Add %n Files", nullptr, added));
    showMessage(tr("Added %n file(s) under %1", nullptr, added).arg(folder));
    selectAdded(addedPaths);
    return true;
}

void FilesEditor::selectAdded(const QStringList &paths)
{
    QItemSelection selection;
    QModelIndex first;
    for (const QString &path : paths) {
        const int row = m_model->rowOf(path);
        if (row < 0)
            continue;
        const QModelIndex cell = m_model->index(row, DocumentFilesModel::PathColumn);
        selection.select(cell, cell.siblingAtColumn(m_model->columnCount() - 1));
        if (!first.isValid())
            first = cell;
    }
    if (!first.isValid())
        return;
    m_view->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(first);
    m_view->setFocus(Qt::OtherFocusReason);
    if (paths.size() != 1)
        return;
    m_view->edit(first);
    if (auto *edit = qobject_cast<QLineEdit *>(m_view->indexWidget(first))) {
        const QString text = edit->text();
        const int start = int(text.lastIndexOf(u'/')) + 1;
        edit->setSelection(start, int(text.size()) - start); // the name, not its folder
    }
}

void FilesEditor::removeSelected()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    DocumentState next = m_document->state();
    for (const QModelIndex &row : rows)
        (void)next.files.remove(m_model->pathAt(row.row()));
    m_document->setState(next, rows.size() == 1 ? tr("Remove %1").arg(m_model->pathAt(rows.first().row()))
                                                : tr("Remove %n Files", nullptr, int(rows.size())));
}

bool FilesEditor::revealField(const QString &path)
{
    QString wanted = path;
    if (wanted.endsWith(u'/')) { // "model/": the first file in it
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->pathAt(row).startsWith(wanted)) {
                wanted = m_model->pathAt(row);
                break;
            }
        }
    }
    const int row = m_model->rowOf(wanted);
    if (row < 0)
        return false;
    m_view->setCurrentIndex(m_model->index(row, DocumentFilesModel::PathColumn));
    m_view->scrollTo(m_view->currentIndex());
    m_view->setFocus(Qt::OtherFocusReason);
    return true;
}

void FilesEditor::chooseFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add Files to %1").arg(m_target->currentText()));
    if (!files.isEmpty())
        addPaths(files, m_target->currentText());
}

void FilesEditor::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add Folder to %1").arg(m_target->currentText()));
    if (!folder.isEmpty())
        addPaths({folder}, m_target->currentText());
}

void FilesEditor::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localPaths(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
        showMessage(tr("Drop to add under %1").arg(m_target->currentText()));
    } else {
        event->ignore();
    }
}

void FilesEditor::dropEvent(QDropEvent *event)
{
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    addPaths(paths, m_target->currentText());
}

} // namespace studio
