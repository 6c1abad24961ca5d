// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QLabel;
class QTableView;
class QToolButton;

namespace studio {

class CartonDocument;
class SpecsModel;
class SymbolPanel;

// The Inputs / Outputs tab: two tables over SpecsModel ([[input]], [[output]])
// with cells marked from the document's live diagnostics (shape symbols checked
// against the tensors each self-test feeds, dimensions against the model's own
// signature), and a side panel of the shape symbols with their uses and values.
// Read-only until setEditable(true): then add, remove and reorder, a dtype combo
// and a shape editor (*, a symbol, [] or a list), each change one undo step of
// the document; the tables, their selection and scroll stay as they were.
class SpecsPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpecsPage)

public:
    explicit SpecsPage(CartonDocument *document, QWidget *parent = nullptr);

    void setEditable(bool editable);
    bool isEditable() const { return m_editable; }

    SpecsModel *inputsModel() const { return m_tables[0].model; }
    SpecsModel *outputsModel() const { return m_tables[1].model; }
    QTableView *inputsView() const { return m_tables[0].view; }
    QTableView *outputsView() const { return m_tables[1].view; }
    SymbolPanel *symbolPanel() const { return m_symbols; }

    // Selects the cell of a carton.toml field ("input[2].shape[1]",
    // "output[0].name", "output" for the table); false when not on this page.
    Q_INVOKABLE bool revealField(const QString &field);

    // Edits of the current row of a table (`outputs` false: inputs); each one
    // undo step. Add inserts after the current row and starts editing its name.
    void addSpec(bool outputs);
    void removeSelected(bool outputs);
    void moveCurrent(bool outputs, int delta);
    // Replaces the inputs and outputs with the ones the model file declares (its
    // ONNX graph's), keeping the descriptions of names that stay; asks first when
    // there are specs already. One undo step. False when nothing was changed.
    bool fillFromModel();
    QToolButton *fillFromModelButton() const { return m_fill; }
    // What the last Fill from Model took, and what it left out.
    QLabel *fillFromModelNote() const { return m_fillNote; }

private:
    struct Table {
        SpecsModel *model = nullptr;
        QTableView *view = nullptr;
        QLabel *title = nullptr;
        QLabel *problems = nullptr;
        QToolButton *add = nullptr;
        QToolButton *remove = nullptr;
        QToolButton *up = nullptr;
        QToolButton *down = nullptr;
    };
    QWidget *makeSection(int which);
    void updateTable(int which);
    void updateSymbols();

    CartonDocument *m_document;
    bool m_editable = false;
    QToolButton *m_fill = nullptr;
    QLabel *m_fillNote = nullptr;
    Table m_tables[2];
    SymbolPanel *m_symbols;
};

} // namespace studio
