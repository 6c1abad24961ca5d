// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "format/cartoninfo.h"
#include "selftests/selftestsmodel.h"
#include "tensor/tensorindex.h"

#include <QAbstractTableModel>

namespace studio {

class CartonDocument;

// The tensors of one [[self_test]] or [[example]]: one row per declared input,
// then one per declared output (expected_out / sample_out), each with the
// reference it is given ("@tensor_data/NAME", "@misc/FILE", or nothing); keys
// the item gives that are not declared follow their table's declared rows,
// marked. The Tensor column is editable: a tensor name (written as
// "@tensor_data/NAME"), a reference starting with '@' (written as is) or nothing
// (the key is removed). Every edit is one undo step of the document.
class TensorRefsModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorRefsModel)

public:
    enum Column { RoleColumn, NameColumn, DeclaredColumn, TensorColumn, DetailsColumn, ColumnCount };
    enum class Table { Inputs, ExpectedOut, SampleOut };
    struct Row {
        Table table = Table::Inputs;
        QString key;
        QString reference; // empty: not given
        bool declared = true;
        QString declaredText; // "float32 [batch, 3]"; empty when not declared
        bool operator==(const Row &) const = default;
    };

    explicit TensorRefsModel(CartonDocument *document, QObject *parent = nullptr);

    // The item shown (an invalid item: no rows).
    void setItem(const SelfTestItem &item);
    const SelfTestItem &item() const { return m_item; }
    // Re-reads the item from the document: rows whose text changed get
    // dataChanged; a change of the row list resets the model.
    void refresh();
    // What the Details column says about references.
    void setTensorIndex(const carton::TensorIndex &index);
    void setDiagnostics(const carton::Diagnostics &all);

    const Row &row(int row) const { return m_rows.at(row); }
    // "self_test[1].inputs.x", "example[0].sample_out.y"
    QString fieldOf(int row) const;
    // The row of a table ("inputs", "expected_out", "sample_out") and key; -1 when none.
    int rowOf(const QString &table, const QString &key) const;
    carton::Diagnostics problemsOf(int row) const;

    static QString tableName(Table table);
    // The references of `item`'s table in `info` (created empty for a missing
    // expected_out); null for an item or table `info` does not have.
    static carton::TensorRefs *refsOf(carton::CartonInfo &info, const SelfTestItem &item, Table table);
    // `info` with refs[key] = reference (appended when new; removed when empty).
    // An expected_out that ends up empty is left out (the same for upstream).
    static bool setReference(carton::CartonInfo &info, const SelfTestItem &item, Table table, const QString &key,
                             const QString &reference);
    // "float32 [2, 3]", "nested (2 inner tensors)": what an index entry holds.
    static QString entryText(const carton::TensorIndexEntry &entry);
    // What a user typed or picked in the Tensor column, as a reference.
    static QString referenceFromText(const QString &text);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> buildRows() const;
    QString detailsOf(const Row &row, carton::Severity *severity) const;

    CartonDocument *m_document;
    SelfTestItem m_item;
    QList<Row> m_rows;
    carton::TensorIndex m_index;
    carton::Diagnostics m_itemProblems;
    QList<carton::Diagnostics> m_rowProblems;
};

} // namespace studio
