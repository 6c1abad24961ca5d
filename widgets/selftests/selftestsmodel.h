// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractItemModel>
#include <QStringList>
#include <memory>

namespace carton {
class Carton;
struct SelfTestRun;
} // namespace carton

namespace studio {

// The [[self_test]]s and [[example]]s of a carton as a two-level tree: each test
// or example, and below it the tensors and misc files it references (input,
// expected output, sample output) with what they point to.
class SelfTestsModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestsModel)

public:
    enum Column { NameColumn, ResultColumn, KindColumn, ReferenceColumn, DetailsColumn, ColumnCount };
    enum class ItemKind { SelfTest, Example };

    explicit SelfTestsModel(QObject *parent = nullptr);

    void setCarton(std::shared_ptr<const carton::Carton> carton);

    // What a run found for each item: the Result column shows the status (with an
    // icon) and its tooltip the reason. Items the run did not include are cleared.
    void setRun(const carton::SelfTestRun &run);
    // Marks one item as running (the Result column says so); an invalid kind/number clears the mark.
    void setRunning(ItemKind kind, int number);
    void clearResults();
    // The status word shown in the Result column ("passed", "running"...; empty before a run).
    QString resultText(const QModelIndex &index) const;

    // Index of self_test[i] or example[i] (top level).
    QModelIndex itemIndex(ItemKind kind, int number) const;
    bool isExample(const QModelIndex &index) const;
    // The item (top-level) row an index belongs to.
    int itemRow(const QModelIndex &index) const;
    // The item's position within [[self_test]] or [[example]] (-1 for an invalid index).
    int itemNumber(const QModelIndex &index) const;
    // References of a top-level item ("@misc/x", "@tensor_data/y"), in order.
    QStringList references(const QModelIndex &index) const;
    QString description(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Ref {
        QString key;       // input/output name
        QString role;      // "input", "expected output", "sample output"
        QString reference; // "@tensor_data/x", "@misc/y"
        QString details;   // "float32 [5]", "PNG? 527 KiB", "missing"
    };
    struct Item {
        ItemKind kind = ItemKind::SelfTest;
        int number = 0; // index within self_test / example
        QString name;
        QString description;
        QList<Ref> refs;
        QString result;       // "passed", "failed"... as carton::selfTestStatusName; empty: not run yet
        QString resultReason; // why it did not pass
        QString resultIcon;   // resource path
    };
    void emitResultChanged(int row);
    QList<Item> m_items;
    int m_runningRow = -1;
};

} // namespace studio
