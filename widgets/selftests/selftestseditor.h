// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "selftests/selftestsmodel.h"

#include <QPointer>
#include <QWidget>

class QAbstractItemView;
class QFormLayout;
class QItemSelectionModel;
class QShortcut;
class QSplitter;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QStackedWidget;
class QTableView;
class QToolButton;
class QTreeView;

namespace studio {

class CartonDocument;
class TensorRefsModel;
class TensorRefsPane;
class ToleranceEdit;

// The editing of the Self-tests & Examples tab of a CartonView (its panel's Edit tab,
// following the panel's tree: followView): the [[self_test]]s and
// [[example]]s (add, duplicate, remove, move), and for the selected one its name,
// description and a table of its tensors — one row per declared input and output
// (keys that are not declared stay visible, marked) with the tensor picked from
// tensor_data/ (an editable combo of the names in tensor_data/index.toml as the
// document has it now), imported from a .npy / .safetensors, or (examples) a file
// added to misc/. Every change is one undo step of the document; unknown keys of
// a self-test ([self_test.tolerance]...) are kept as they are. Follows the
// document's infoChanged/filesChanged/diagnosticsChanged without losing the
// selection or the field being typed in. The table of tensors and its buttons are
// a TensorRefsPane; the list edits are selftestitemedits.
class SelfTestsEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestsEditor)

public:
    // `items` (may be null: one of its own) is the document's SelfTestsModel, the
    // one the Self-tests tab's panel shows.
    explicit SelfTestsEditor(CartonDocument *document, SelfTestsModel *items = nullptr, QWidget *parent = nullptr);
    ~SelfTestsEditor() override;

    // Edits the item current in `view` (a view of itemsModel(): the Self-tests
    // panel's tree) instead of showing a list of its own; the add, duplicate,
    // remove and move buttons stay, over the item's fields, and the list's keys
    // (Delete, Ctrl+D, Alt+Up/Down) work in `view`. Null: the own list again.
    void followView(QAbstractItemView *view);

    // Selects the item and row of a carton.toml field: "self_test[1].inputs.x",
    // "example[0].sample_out.y", "self_test[2]", "self_test[2].name". False when
    // the item does not exist.
    Q_INVOKABLE bool revealField(const QString &field);

    SelfTestItem currentItem() const;
    void selectItem(const SelfTestItem &item);
    // The row of the tensor table that is current (-1 for none).
    int currentRow() const;
    void setCurrentRow(int row);

    // Adds the tensor `tensorInFile` (empty: the only one) of a .npy/.safetensors
    // to tensor_data/ under `name` and, when a row is current, references it there:
    // one undo step ("Import Tensor NAME").
    carton::Status importTensor(const QString &path, const QString &tensorInFile, const QString &name);
    // The same, reading a big tensor off the GUI thread behind a progress dialog
    // with Cancel (what Import Tensor… does).
    carton::Status importTensorWithProgress(const QString &path, const QString &tensorInFile, const QString &name);
    // Adds a file to misc/ and, when a row of an example is current, references it
    // there ("@misc/NAME"): one undo step. Returns the file's archive path.
    carton::Result<QString> addMiscFile(const QString &diskPath);

    // The tensor names offered by the Tensor column (tensor_data/index.toml now).
    QStringList tensorNames() const;

    SelfTestsModel *itemsModel() const { return m_itemsModel; }
    TensorRefsModel *refsModel() const;
    QTreeView *itemsView() const { return m_items; }
    QTableView *refsView() const;
    QLineEdit *nameEdit() const { return m_name; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }

public slots:
    void addSelfTest();
    void addExample();
    void duplicateItem();
    void removeItem();
    void moveItemUp();
    void moveItemDown();
    void clearReference();

private:
    QWidget *buildList();
    QWidget *buildDetails();
    void onInfoChanged();
    void onDiagnosticsChanged();
    void onCurrentItemChanged();
    void updateForm();
    void updateButtons();
    void editName(const QString &text);
    void editDescription();
    void moveItem(int delta);

    CartonDocument *m_document;
    SelfTestsModel *m_itemsModel;
    SelfTestItem m_current;

    QTreeView *m_items = nullptr;
    QWidget *m_list = nullptr;
    QSplitter *m_split = nullptr;
    QPointer<QItemSelectionModel> m_ownSelection;
    QMetaObject::Connection m_currentConnection;
    QList<QPointer<QShortcut>> m_viewShortcuts; // in the followed view
    QToolButton *m_addSelfTest = nullptr;
    QToolButton *m_addExample = nullptr;
    QToolButton *m_duplicate = nullptr;
    QToolButton *m_remove = nullptr;
    QToolButton *m_up = nullptr;
    QToolButton *m_down = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_title = nullptr;
    QLineEdit *m_name = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QLabel *m_extensions = nullptr;
    ToleranceEdit *m_tolerance = nullptr; // a self-test's [self_test.tolerance]
    QFormLayout *m_form = nullptr;
    QLabel *m_problems = nullptr;
    TensorRefsPane *m_refsPane = nullptr; // the item's tensors, Import Tensor…, Add File…, Record
};

} // namespace studio
