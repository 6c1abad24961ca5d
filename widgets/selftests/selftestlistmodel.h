// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>

namespace carton {
struct CartonInfo;
}

namespace studio {

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

// The [[self_test]]s then the [[example]]s of a carton.toml as a list: name (or
// a placeholder), kind, and a problem icon from the diagnostics of the item.
// refresh() follows the info: rows whose text changed get dataChanged, a change
// of count resets the model.
class SelfTestListModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestListModel)

public:
    enum Column { NameColumn, KindColumn, ColumnCount };

    explicit SelfTestListModel(QObject *parent = nullptr);

    void refresh(const carton::CartonInfo &info);
    // The problems of each item (diagnosticsFor "self_test[i]").
    void setDiagnostics(const carton::Diagnostics &all);

    SelfTestItem itemAt(int row) const;
    int rowOf(const SelfTestItem &item) const;
    carton::Diagnostics problemsOf(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name; // empty: unnamed
        QString description;
        int references = 0;
        bool operator==(const Row &) const = default;
    };
    QList<Row> m_rows;
    int m_selfTests = 0;
    QHash<QString, carton::Diagnostics> m_problems; // item field -> its diagnostics
};

} // namespace studio
