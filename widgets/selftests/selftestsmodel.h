// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QStringList>
#include <functional>
#include <memory>

namespace carton {
class Carton;
struct CartonInfo;
struct SelfTestRun;
struct TensorIndexEntry;
} // namespace carton

namespace studio {

class CartonDocument;

// The worst severity of a list (Info for an empty one).
carton::Severity worstSeverity(const carton::Diagnostics &list);

// One [[self_test]] or [[example]] of carton.toml: which table and its position.
struct SelfTestItem {
    enum class Kind { SelfTest, Example };
    Kind kind = Kind::SelfTest;
    int number = -1;

    bool isValid() const { return number >= 0; }
    // "self_test[3]", "example[0]"
    QString field() const;
    bool operator==(const SelfTestItem &) const = default;
};

// The [[self_test]]s and [[example]]s of a carton as a two-level tree: each test
// or example, and below it the tensors and misc files it references (input,
// expected output, sample output) with what they point to; after a run, each
// item's result; a problem icon from the diagnostics of the item.
//
// Over a CartonDocument the tree is the document's state, browsing and editing
// alike: it follows infoChanged/filesChanged (rows whose text changed get
// dataChanged and keep their results; a change of the rows resets the model)
// and diagnosticsChanged. The Self-tests tab's panel and its editing pane show
// this one model. Without a document, setCarton() fills it from a carton.
class SelfTestsModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestsModel)

public:
    enum Column { NameColumn, ResultColumn, KindColumn, ReferenceColumn, DetailsColumn, ColumnCount };
    using ItemKind = SelfTestItem::Kind;

    explicit SelfTestsModel(QObject *parent = nullptr);
    explicit SelfTestsModel(CartonDocument *document, QObject *parent = nullptr);

    void setCarton(std::shared_ptr<const carton::Carton> carton);
    // Over a document: reads its state again (what infoChanged/filesChanged do);
    // nothing is signalled when nothing changed.
    void refresh();
    // The problems of each item (carton.toml's diagnostics under "self_test[i]").
    void setDiagnostics(const carton::Diagnostics &all);
    carton::Diagnostics problemsOf(int row) const;
    CartonDocument *document() const { return m_document; }

    // The item of a top-level row (invalid for none), and back.
    SelfTestItem itemAt(int row) const;
    int rowOf(const SelfTestItem &item) const;

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
    // What a reference points to ("float32 [5]", "file, 3 KiB", "missing file").
    using DetailsOf = std::function<QString(const QString &reference)>;
    void fill(const carton::CartonInfo &info, const DetailsOf &details);
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
        bool sameRows(const Item &other) const
        {
            return kind == other.kind && number == other.number && refs.size() == other.refs.size();
        }
        bool operator==(const Item &other) const
        {
            return sameRows(other) && name == other.name && description == other.description &&
                   std::equal(refs.cbegin(), refs.cend(), other.refs.cbegin(), [](const Ref &a, const Ref &b) {
                       return a.key == b.key && a.role == b.role && a.reference == b.reference &&
                              a.details == b.details;
                   });
        }
    };
    void emitResultChanged(int row);
    static QString entryDetails(const carton::TensorIndexEntry *entry);
    CartonDocument *m_document = nullptr;
    QList<Item> m_items;
    int m_runningRow = -1;
    QHash<QString, carton::Diagnostics> m_problems; // item field -> its diagnostics
};

} // namespace studio
