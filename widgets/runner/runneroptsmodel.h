// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "common/roles.h"
#include "format/cartoninfo.h"

#include <QAbstractTableModel>
#include <optional>

namespace studio {

// [runner.opts] as a table: key, type (int, float, string, bool) and value.
// It shows the document's options (setOpts) and never changes them itself:
// an edit emits optsEdited() with the whole new list, which the editor writes
// through the document; the document's infoChanged() then comes back through
// setOpts(), which emits dataChanged() for the changed rows only.
//
// Arrays are not offered: carton::RunnerOpt holds integers, floats, strings and
// booleans only. Keys the runner does not know are kept as they are. Duplicate
// keys are allowed while editing and marked (validateInfo reports them).
class RunnerOptsModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunnerOptsModel)

public:
    enum Column { KeyColumn, TypeColumn, ValueColumn, ColumnCount };
    enum class Type { Int, Float, String, Bool };
    // "error", "warning" or "" for a row with problems (any column).
    static constexpr int ValidationRole = Roles::ValidationRole;
    // The row's Type as an int (any column).
    static constexpr int TypeRole = Roles::OptionTypeRole;

    explicit RunnerOptsModel(QObject *parent = nullptr);

    const carton::RunnerOpts &opts() const { return m_opts; }
    void setOpts(const carton::RunnerOpts &opts);
    void setDiagnostics(const carton::Diagnostics &all);
    // The first row with this key, -1 when none.
    int rowOfKey(const QString &key) const;

    static Type typeOf(const carton::RunnerOpt &value);
    static QString typeName(Type type);
    static QStringList typeNames();
    static std::optional<Type> typeFromName(const QString &name);
    // How a value is written in the table ("4", "2.5", "1.0", "true", "text").
    static QString valueText(const carton::RunnerOpt &value);
    // `text` read as a value of `type`; nullopt when it is not one.
    static std::optional<carton::RunnerOpt> parseValue(Type type, const QString &text);
    // `value` converted to `type` (4 -> 4.0, 2.0 -> 2, "true" -> true; what does
    // not convert becomes the type's empty value).
    static carton::RunnerOpt convert(const carton::RunnerOpt &value, Type type);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // EditRole: the key, a type name, or the value as text (parsed by the row's type).
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

signals:
    // The user's edit: the whole new list, the undo step's name, and the merge
    // key (the field path for edits of one value, empty otherwise).
    void optsEdited(const carton::RunnerOpts &opts, const QString &what, const QString &mergeKey);

private:
    carton::RunnerOpts m_opts;
    QList<carton::Diagnostics> m_problems; // per row
    carton::Diagnostics m_all;
};

} // namespace studio
