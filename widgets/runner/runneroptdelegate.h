// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStyledItemDelegate>

namespace studio {

// Editors of the runner options table: the key with completion of the options
// the runner's plugin declares, a combo for the type, and for the value a
// field that accepts only the row's type (digits for int, a number for float,
// true/false for bool, any text for string).
class RunnerOptDelegate final : public QStyledItemDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunnerOptDelegate)

public:
    explicit RunnerOptDelegate(QObject *parent = nullptr);

    void setKnownKeys(const QStringList &keys) { m_knownKeys = keys; }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    QStringList m_knownKeys;
};

} // namespace studio
