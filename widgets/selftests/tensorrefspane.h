// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "document/documentstate.h"
#include "package/cartonedits.h"
#include "selftests/selftestsmodel.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorreader.h"

#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;

namespace studio {

class CartonDocument;
class ReferenceDelegate;
class TensorRefsModel;

// The tensors of one self-test or example, as the Self-tests editor shows them
// below the item's name and description: one row per declared input and output
// (a TensorRefsModel) with the tensor picked from tensor_data/ (the names of
// tensor_data/index.toml as the document has it now, re-read only when that
// file changes), imported from a .npy / .safetensors (Import Tensor…), or
// (examples) a file added to misc/ (Add File…), cleared (Clear, Delete), and the
// Record menu. Every change is one undo step of the document.
class TensorRefsPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorRefsPane)

public:
    explicit TensorRefsPane(CartonDocument *document, QWidget *parent = nullptr);
    ~TensorRefsPane() override;

    // Shows the tensors of `item` (an invalid item: none); the same item again
    // re-reads its rows, keeping the current one.
    void setItem(const SelfTestItem &item);
    SelfTestItem item() const;
    // Re-reads the rows of the item shown; the current row is found again by
    // its table and key (or stays at its position).
    void refresh();
    // Enables the buttons for the item shown, the current row and whether the
    // document is read-only.
    void updateButtons();

    // The row of the table that is current (-1 for none).
    int currentRow() const;
    void setCurrentRow(int row);

    // See SelfTestsEditor::importTensor, importTensorWithProgress, addMiscFile.
    carton::Status importTensor(const QString &path, const QString &tensorInFile, const QString &name);
    carton::Status importTensorWithProgress(const QString &path, const QString &tensorInFile, const QString &name);
    carton::Result<QString> addMiscFile(const QString &diskPath);

    // The tensor names offered by the Tensor column (tensor_data/index.toml now).
    QStringList tensorNames() const;

    TensorRefsModel *model() const { return m_model; }
    QTableView *view() const { return m_refs; }

signals:
    // Record made or recorded self-test `index`: the editor shows it.
    void selfTestChosen(int index);

public slots:
    void clearReference();

private:
    void onFilesChanged();
    void chooseTensorToImport();
    // The tensor to import, once an item is shown.
    carton::Result<carton::TensorReaderPtr> openToImport(const QString &path, const QString &tensorInFile) const;
    // `next` (a state with a tensor added) with the current row referencing it, as one step.
    carton::Status applyImport(carton::Result<DocumentState> next, const QString &name);
    void chooseMiscFile();

    CartonDocument *m_document;
    TensorRefsModel *m_model;
    ReferenceDelegate *m_delegate;
    carton::TensorIndex m_index;
    // What the index was read from (re-read only when tensor_data/index.toml changes).
    std::optional<carton::CartonEdits::FileSource> m_indexSource;
    bool m_indexRead = false;

    QTableView *m_refs = nullptr;
    QPushButton *m_import = nullptr;
    QPushButton *m_addFile = nullptr;
    QPushButton *m_clear = nullptr;
    QLabel *m_indexStatus = nullptr;
};

} // namespace studio
