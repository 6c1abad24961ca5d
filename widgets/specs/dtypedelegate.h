// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStyledItemDelegate>

namespace studio {

// Edits a dtype cell with a combo box of the eleven Carton v1 dtypes; the
// choice is committed as soon as it is made.
class DTypeDelegate final : public QStyledItemDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DTypeDelegate)

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // float32, float64, string, int8 ... uint64
    static QStringList specDTypeNames();

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
};

} // namespace studio
