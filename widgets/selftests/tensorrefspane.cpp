// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorrefspane.h"

#include "base/progresssteps.h"
#include "dataedits.h"
#include "document/cartondocument.h"
#include "jobs/latestjob.h"
#include "newselftest.h"
#include "referencedelegate.h"
#include "tensor/tensorinterchange.h"
#include "tensorrefsmodel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QShortcut>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

namespace {

const QString kIndexPath = QStringLiteral("tensor_data/index.toml");

bool sameSource(const std::optional<carton::CartonEdits::FileSource> &a, const carton::CartonEdits::FileSource *b)
{
    return a && b ? *a == *b : !a && !b;
}

} // namespace

TensorRefsPane::TensorRefsPane(CartonDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new TensorRefsModel(document, this)),
      m_delegate(new ReferenceDelegate(this))
{
    m_refs = new QTableView;
    m_refs->setObjectName(QStringLiteral("testRefs"));
    m_refs->setModel(m_model);
    m_refs->setItemDelegateForColumn(TensorRefsModel::TensorColumn, m_delegate);
    m_refs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_refs->setSelectionMode(QAbstractItemView::SingleSelection);
    m_refs->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_refs->verticalHeader()->hide();
    m_refs->verticalHeader()->setDefaultSectionSize(m_refs->fontMetrics().height() + 10);
    m_refs->horizontalHeader()->setStretchLastSection(true);
    m_refs->horizontalHeader()->setSectionResizeMode(TensorRefsModel::RoleColumn, QHeaderView::ResizeToContents);
    m_refs->horizontalHeader()->setSectionResizeMode(TensorRefsModel::NameColumn, QHeaderView::ResizeToContents);
    m_refs->horizontalHeader()->setSectionResizeMode(TensorRefsModel::DeclaredColumn, QHeaderView::ResizeToContents);
    m_refs->setColumnWidth(TensorRefsModel::TensorColumn, 200);
    m_refs->setToolTip(tr("One row per declared input and output. Edit the Tensor cell (F2 or double-click) to pick "
                          "a tensor of tensor_data/"));
    auto *clearShortcut = new QShortcut(QKeySequence::Delete, m_refs, nullptr, nullptr, Qt::WidgetShortcut);
    connect(clearShortcut, &QShortcut::activated, this, &TensorRefsPane::clearReference);

    m_import = new QPushButton(tr("&Import Tensor…"));
    m_import->setObjectName(QStringLiteral("importTensor"));
    m_import->setToolTip(tr("Add a tensor from a .npy or .safetensors file to tensor_data/ and use it in the "
                            "selected row"));
    m_addFile = new QPushButton(tr("Add &File…"));
    m_addFile->setObjectName(QStringLiteral("addMiscFile"));
    m_addFile->setToolTip(tr("Add an image, audio or video file to misc/ and use it in the selected row "
                             "(examples only)"));
    m_clear = new QPushButton(tr("&Clear"));
    m_clear->setObjectName(QStringLiteral("clearReference"));
    m_clear->setToolTip(tr("Remove the selected row's tensor (Delete)"));
    connect(m_import, &QPushButton::clicked, this, &TensorRefsPane::chooseTensorToImport);
    connect(m_addFile, &QPushButton::clicked, this, &TensorRefsPane::chooseMiscFile);
    connect(m_clear, &QPushButton::clicked, this, &TensorRefsPane::clearReference);
    m_indexStatus = new QLabel;
    m_indexStatus->setObjectName(QStringLiteral("indexStatus"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_import);
    buttons->addWidget(m_addFile);
    buttons->addWidget(m_clear);
    buttons->addWidget(recordingButton(
        m_document,
        [this] {
            const SelfTestItem current = item();
            return current.kind == SelfTestItem::Kind::SelfTest ? current.number : -1;
        },
        [this](int index) { emit selfTestChosen(index); }, this));
    buttons->addStretch();
    buttons->addWidget(m_indexStatus);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_refs, 1);
    layout->addLayout(buttons);
    setTabOrder(m_refs, m_import);

    connect(m_document, &CartonDocument::filesChanged, this, &TensorRefsPane::onFilesChanged);
    connect(m_refs->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TensorRefsPane::updateButtons);
    onFilesChanged();
}

TensorRefsPane::~TensorRefsPane() = default;

void TensorRefsPane::setItem(const SelfTestItem &item)
{
    if (m_model->item() != item) {
        m_model->setItem(item);
        m_delegate->setMiscAllowed(item.kind == SelfTestItem::Kind::Example);
    } else {
        refresh();
    }
}

SelfTestItem TensorRefsPane::item() const
{
    return m_model->item();
}

int TensorRefsPane::currentRow() const
{
    const QModelIndex index = m_refs->currentIndex();
    return index.isValid() ? index.row() : -1;
}

void TensorRefsPane::setCurrentRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex index = m_model->index(row, TensorRefsModel::TensorColumn);
    m_refs->setCurrentIndex(index);
    m_refs->scrollTo(index);
}

QStringList TensorRefsPane::tensorNames() const
{
    QStringList names;
    for (const carton::TensorIndexEntry &e : m_index.entries())
        names.append(e.name);
    return names;
}

void TensorRefsPane::onFilesChanged()
{
    const carton::CartonEdits::FileSource *source = m_document->files().find(kIndexPath);
    if (!m_indexRead || !sameSource(m_indexSource, source)) {
        m_indexRead = true;
        m_indexSource = source ? std::optional(*source) : std::nullopt;
        carton::Result<carton::TensorIndex> index = m_document->files().tensorIndex();
        if (index) {
            m_index = *index;
            m_indexStatus->setText(tr("tensor_data/ holds %n tensor(s)", nullptr, int(m_index.entries().size())));
            m_indexStatus->setToolTip(QString());
        } else {
            m_index = carton::TensorIndex();
            m_indexStatus->setText(tr("tensor_data/index.toml cannot be read"));
            m_indexStatus->setToolTip(index.error().toString());
        }
        QStringList details;
        for (const carton::TensorIndexEntry &e : m_index.entries())
            details.append(TensorRefsModel::entryText(e));
        m_delegate->setTensors(tensorNames(), details);
        m_model->setTensorIndex(m_index);
    }
    QStringList misc;
    for (const QString &path : m_document->files().paths())
        if (path.startsWith(u"misc/"))
            misc.append(u'@' + path);
    m_delegate->setMiscFiles(misc);
    refresh(); // details of @misc/ references
    m_model->setTensorIndex(m_index);
}

void TensorRefsPane::refresh()
{
    // A change of the rows resets the model: the current row is found again by
    // its table and key (or stays at its position).
    const int row = currentRow();
    QString table, key;
    if (row >= 0) {
        table = TensorRefsModel::tableName(m_model->row(row).table);
        key = m_model->row(row).key;
    }
    const QModelIndex current = m_refs->currentIndex();
    m_model->refresh();
    if (row < 0 || currentRow() >= 0)
        return;
    int again = m_model->rowOf(table, key);
    if (again < 0)
        again = std::min(row, m_model->rowCount() - 1);
    if (again >= 0) {
        const QModelIndex index = m_model->index(again, current.column());
        m_refs->setCurrentIndex(index);
    }
}

void TensorRefsPane::updateButtons()
{
    const SelfTestItem current = item();
    const bool valid = current.isValid();
    const bool readOnly = m_document->isReadOnly();
    m_import->setEnabled(valid && !readOnly);
    m_addFile->setEnabled(valid && !readOnly && current.kind == SelfTestItem::Kind::Example);
    const int refRow = currentRow();
    m_clear->setEnabled(valid && refRow >= 0 && !m_model->row(refRow).reference.isEmpty());
}

void TensorRefsPane::clearReference()
{
    const int row = currentRow();
    if (row < 0 || m_model->row(row).reference.isEmpty())
        return;
    m_model->setData(m_model->index(row, TensorRefsModel::TensorColumn), QString());
}

carton::Result<carton::TensorReaderPtr> TensorRefsPane::openToImport(const QString &path,
                                                                     const QString &tensorInFile) const
{
    if (!item().isValid())
        return carton::makeError(carton::ErrorCode::Usage, tr("no self-test or example is selected"));
    return dataedits::openTensorFile(path, tensorInFile);
}

carton::Status TensorRefsPane::importTensor(const QString &path, const QString &tensorInFile, const QString &name)
{
    carton::Result<carton::TensorReaderPtr> reader = openToImport(path, tensorInFile);
    if (!reader)
        return reader.error();
    return applyImport(dataedits::withImportedTensor(m_document->state(), name, **reader), name);
}

carton::Status TensorRefsPane::applyImport(carton::Result<DocumentState> next, const QString &name)
{
    if (!next)
        return next.error();
    const int row = currentRow();
    if (row >= 0) {
        const TensorRefsModel::Row &r = m_model->row(row);
        TensorRefsModel::setReference(next->info, item(), r.table, r.key, QStringLiteral("@tensor_data/") + name);
    }
    m_document->setState(*next, tr("Import Tensor %1").arg(name));
    return {};
}

carton::Status TensorRefsPane::importTensorWithProgress(const QString &path, const QString &tensorInFile,
                                                        const QString &name)
{
    carton::Result<carton::TensorReaderPtr> reader = openToImport(path, tensorInFile);
    if (!reader)
        return reader.error();
    constexpr qint64 readInPlace = qint64(8) << 20; // smaller tensors are read at once
    if ((*reader)->byteSize() <= readInPlace)
        return applyImport(dataedits::withImportedTensor(m_document->state(), name, **reader), name);
    // A big tensor is read off the GUI thread (a LatestJob) behind a window-modal
    // progress dialog, so that no edit can come in between; Cancel drops it.
    QProgressDialog dialog(tr("Importing %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, carton::kProgressSteps,
                           this);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    LatestJob job;
    // Stays the "cancelled" error unless the job delivers; the import is applied
    // as it arrives, while the dialog still holds off every other edit.
    carton::Status status = carton::makeError(carton::ErrorCode::Cancelled, tr("the import was cancelled"), path);
    const QString key = QStringLiteral("import");
    job.start(
        key,
        // `original` keeps the carton that the state's entries point into alive: a
        // cancelled job may still be reading when the editor and its document go.
        [state = m_document->state(), original = m_document->original(), name, tensor = *reader](
            carton::Progress &progress) { return dataedits::withImportedTensor(state, name, *tensor, &progress); },
        [this, &status, &dialog, name](const carton::Result<DocumentState> &next) {
            status = applyImport(next, name); // (by reference: GCC 12 warns falsely on moving it here)
            dialog.reset();                   // closes it: exec() returns
        },
        [&dialog](qint64 done, qint64 total) {
            if (total > 0 && !dialog.wasCanceled())
                dialog.setValue(std::min(carton::kProgressSteps - 1, carton::progressSteps(done, total)));
        });
    dialog.exec();
    job.cancel(key); // a no-op once delivered
    return status;
}

carton::Result<QString> TensorRefsPane::addMiscFile(const QString &diskPath)
{
    const SelfTestItem current = item();
    if (!current.isValid())
        return carton::makeError(carton::ErrorCode::Usage, tr("no example is selected"));
    QString archivePath;
    carton::Result<DocumentState> next = dataedits::withMiscFile(m_document->state(), diskPath, &archivePath);
    if (!next)
        return next.error();
    const int row = currentRow();
    if (row >= 0 && current.kind == SelfTestItem::Kind::Example) {
        const TensorRefsModel::Row &r = m_model->row(row);
        TensorRefsModel::setReference(next->info, current, r.table, r.key, u'@' + archivePath);
    }
    m_document->setState(*next, tr("Add File %1").arg(archivePath));
    return archivePath;
}

void TensorRefsPane::chooseTensorToImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Tensor"), QString(),
                                                      tr("Tensors (*.npy *.safetensors);;All files (*)"));
    if (path.isEmpty())
        return;
    carton::Result<QStringList> inFile = dataedits::tensorsInFile(path);
    if (!inFile || inFile->isEmpty()) {
        QMessageBox::warning(this, tr("Import Tensor"),
                             inFile ? tr("%1 holds no tensor.").arg(path) : inFile.error().toString());
        return;
    }
    QString tensor = QFileInfo(path).suffix().compare(u"npy", Qt::CaseInsensitive) == 0 ? QString() : inFile->first();
    bool ok = true;
    if (inFile->size() > 1) {
        tensor = QInputDialog::getItem(this, tr("Import Tensor"), tr("Tensor of %1:").arg(QFileInfo(path).fileName()),
                                       *inFile, 0, false, &ok);
        if (!ok)
            return;
    }
    QString suggestion = inFile->size() > 1 ? tensor : QFileInfo(path).completeBaseName();
    if (const int row = currentRow(); row >= 0) {
        const SelfTestItem current = item();
        const QString itemName = current.kind == SelfTestItem::Kind::SelfTest
                                     ? QStringLiteral("test%1").arg(current.number)
                                     : QStringLiteral("example%1").arg(current.number);
        suggestion = QStringLiteral("%1_%2").arg(itemName, m_model->row(row).key);
    }
    const QString name = QInputDialog::getText(this, tr("Import Tensor"), tr("Name in tensor_data/:"),
                                               QLineEdit::Normal, carton::uniqueTensorName(m_index, suggestion), &ok);
    if (!ok || name.isEmpty())
        return;
    const carton::Status status = importTensorWithProgress(path, tensor, name);
    if (!status && status.error().code != carton::ErrorCode::Cancelled)
        QMessageBox::warning(this, tr("Import Tensor"), status.error().toString());
}

void TensorRefsPane::chooseMiscFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Add File to misc/"), QString(),
        tr("Images, audio and video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 "
           "*.webm *.mov *.mkv);;All files (*)"));
    if (path.isEmpty())
        return;
    carton::Result<QString> added = addMiscFile(path);
    if (!added)
        QMessageBox::warning(this, tr("Add File"), added.error().toString());
}

} // namespace studio
