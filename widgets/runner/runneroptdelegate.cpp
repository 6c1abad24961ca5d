// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runneroptdelegate.h"

#include "runneroptsmodel.h"

#include <QComboBox>
#include <QCompleter>
#include <QLineEdit>
#include <QRegularExpressionValidator>

namespace studio {

RunnerOptDelegate::RunnerOptDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QWidget *RunnerOptDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &index) const
{
    using Type = RunnerOptsModel::Type;
    const auto type = Type(index.data(RunnerOptsModel::TypeRole).toInt());
    if (index.column() == RunnerOptsModel::TypeColumn) {
        auto *combo = new QComboBox(parent);
        combo->addItems(RunnerOptsModel::typeNames());
        combo->setToolTip(tr("Integer, float, string or boolean (carton.toml arrays are not supported)"));
        // A pick is an edit: commit it at once.
        connect(combo, &QComboBox::activated, this,
                [this, combo] { emit const_cast<RunnerOptDelegate *>(this)->commitData(combo); });
        return combo;
    }
    if (index.column() == RunnerOptsModel::ValueColumn && type == Type::Bool) {
        auto *combo = new QComboBox(parent);
        combo->addItems({QStringLiteral("true"), QStringLiteral("false")});
        connect(combo, &QComboBox::activated, this,
                [this, combo] { emit const_cast<RunnerOptDelegate *>(this)->commitData(combo); });
        return combo;
    }
    auto *edit = new QLineEdit(parent);
    if (index.column() == RunnerOptsModel::KeyColumn) {
        edit->setPlaceholderText(tr("option name"));
        if (!m_knownKeys.isEmpty()) {
            auto *completer = new QCompleter(m_knownKeys, edit);
            completer->setCaseSensitivity(Qt::CaseInsensitive);
            edit->setCompleter(completer);
        }
        // TOML bare keys; others would need quoting, which the writer does not do.
        edit->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_-]*")), edit));
    } else if (type == Type::Int) {
        edit->setValidator(
            new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[-+]?[0-9]{0,19}")), edit));
        edit->setPlaceholderText(tr("integer"));
    } else if (type == Type::Float) {
        edit->setValidator(new QRegularExpressionValidator(
            QRegularExpression(QStringLiteral("[-+]?([0-9]*\\.?[0-9]*([eE][-+]?[0-9]*)?|inf|nan)")), edit));
        edit->setPlaceholderText(tr("number, e.g. 0.5 or 1e-3"));
    }
    return edit;
}

void RunnerOptDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    const QString text = index.data(Qt::EditRole).toString();
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        combo->setCurrentIndex(std::max(0, combo->findText(text)));
    else if (auto *edit = qobject_cast<QLineEdit *>(editor))
        edit->setText(text);
}

void RunnerOptDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        model->setData(index, combo->currentText(), Qt::EditRole);
    else if (auto *edit = qobject_cast<QLineEdit *>(editor))
        model->setData(index, edit->text(), Qt::EditRole);
}

} // namespace studio
