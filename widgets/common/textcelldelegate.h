// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStyledItemDelegate>

namespace studio {

// A line edit for a text cell that keeps what the user is doing while it is open.
// QAbstractItemView hands every dataChanged() over a cell's range (the document's
// validation marking cells, another row edited) to setEditorData(), and QLineEdit's
// setText() drops the selection: after Add, the selected new name lost its
// selection and typing appended to it. Here the text is only set when it differs
// (showFieldText), so the selection and the cursor stay.
class TextCellDelegate final : public QStyledItemDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextCellDelegate)

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
};

} // namespace studio
