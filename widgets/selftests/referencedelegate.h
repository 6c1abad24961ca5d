// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStringList>
#include <QStyledItemDelegate>

namespace studio {

// Edits a self-test or example reference as an editable combo box: the tensor
// names of tensor_data/ (picked by name, written "@tensor_data/NAME"), then the
// "@misc/FILE" files when misc files are allowed (examples), or free text.
// Picking an entry commits at once.
class ReferenceDelegate final : public QStyledItemDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReferenceDelegate)

public:
    explicit ReferenceDelegate(QObject *parent = nullptr);

    // The tensors offered, with what each is ("float32 [2, 3]", shown as its tooltip).
    void setTensors(const QStringList &names, const QStringList &details)
    {
        m_tensors = names;
        m_details = details;
    }
    void setMiscFiles(const QStringList &references) { m_misc = references; }
    void setMiscAllowed(bool allowed) { m_miscAllowed = allowed; }
    QStringList choices() const;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    QStringList m_tensors;
    QStringList m_details;
    QStringList m_misc;
    bool m_miscAllowed = false;
};

} // namespace studio
