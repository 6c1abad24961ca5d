// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "dtypedelegate.h"

#include "format/dtype.h"

#include <QComboBox>

namespace studio {

QStringList DTypeDelegate::specDTypeNames()
{
    QStringList names;
    for (int i = 0; i <= int(carton::DType::Nested); ++i)
        if (carton::isSpecDType(carton::DType(i)))
            names.append(carton::dtypeName(carton::DType(i)));
    return names;
}

QWidget *DTypeDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(QStringLiteral("dtypeEditor"));
    combo->addItems(specDTypeNames());
    combo->setToolTip(tr("The element type of the tensor"));
    connect(combo, &QComboBox::activated, this, [this, combo] {
        auto *self = const_cast<DTypeDelegate *>(this);
        emit self->commitData(combo);
        emit self->closeEditor(combo, QAbstractItemDelegate::NoHint);
    });
    return combo;
}

void DTypeDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    const int at = combo->findText(index.data(Qt::EditRole).toString());
    combo->setCurrentIndex(qMax(0, at));
}

void DTypeDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    model->setData(index, static_cast<QComboBox *>(editor)->currentText(), Qt::EditRole);
}

} // namespace studio
