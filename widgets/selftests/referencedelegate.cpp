// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "referencedelegate.h"

#include <QComboBox>
#include <QCompleter>
#include <QLineEdit>
#include <utility>

namespace studio {

namespace {

// Tells whether its list was just closed on an entry: picking from the list
// commits, choosing with the arrow keys does not (Return does, as in any cell).
class ReferenceCombo final : public QComboBox {
public:
    using QComboBox::QComboBox;
    void showPopup() override
    {
        m_popupClosed = false;
        QComboBox::showPopup();
    }
    void hidePopup() override
    {
        QComboBox::hidePopup();
        m_popupClosed = true;
    }
    bool takePopupClosed() { return std::exchange(m_popupClosed, false); }

protected:
    void keyPressEvent(QKeyEvent *event) override
    {
        m_popupClosed = false;
        QComboBox::keyPressEvent(event);
    }

private:
    bool m_popupClosed = false;
};

} // namespace

ReferenceDelegate::ReferenceDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QStringList ReferenceDelegate::choices() const
{
    return m_miscAllowed ? m_tensors + m_misc : m_tensors;
}

QWidget *ReferenceDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *combo = new ReferenceCombo(parent);
    combo->setObjectName(QStringLiteral("referenceEditor"));
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->addItems(choices());
    for (int i = 0; i < m_details.size() && i < combo->count(); ++i)
        combo->setItemData(i, m_details.at(i), Qt::ToolTipRole);
    combo->lineEdit()->setPlaceholderText(m_miscAllowed ? tr("tensor name or @misc/FILE") : tr("tensor name"));
    combo->lineEdit()->setClearButtonEnabled(true);
    combo->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    combo->completer()->setFilterMode(Qt::MatchContains);
    combo->setToolTip(tr("A tensor of tensor_data/ (Import Tensor… adds one)%1; empty removes the reference")
                          .arg(m_miscAllowed ? tr(", or a file of misc/") : QString()));
    // Picking an entry from the list is the whole edit.
    connect(combo, &QComboBox::activated, this, [this, combo] {
        if (!combo->takePopupClosed())
            return;
        auto *self = const_cast<ReferenceDelegate *>(this);
        emit self->commitData(combo);
        emit self->closeEditor(combo, QAbstractItemDelegate::NoHint);
    });
    return combo;
}

void ReferenceDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    const QString text = index.data(Qt::EditRole).toString();
    const int at = combo->findText(text);
    if (at >= 0)
        combo->setCurrentIndex(at);
    else
        combo->setEditText(text);
    combo->lineEdit()->selectAll();
}

void ReferenceDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    model->setData(index, combo->currentText(), Qt::EditRole);
}

} // namespace studio
