// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "symbolpanel.h"

#include "symbolpalette.h"
#include "validate/symbolbindings.h"

#include <QHeaderView>
#include <QMap>
#include <QSet>

namespace studio {

namespace {

constexpr int maxListed = 6;

QString listed(const QStringList &names)
{
    if (names.size() <= maxListed)
        return names.join(QStringLiteral(", "));
    return QObject::tr("%1 … and %2 more")
        .arg(names.mid(0, maxListed).join(QStringLiteral(", ")))
        .arg(names.size() - maxListed);
}

QString valueText(const carton::SymbolSummary &s, const carton::SymbolValue &v)
{
    return s.wholeShape ? carton::shapeText(v.value)
                        : (v.value.isEmpty() ? QString() : QString::number(v.value.constFirst()));
}

// "input 'x' dim 0" from a use.
QString useText(const carton::SymbolUse &use)
{
    const qsizetype open = use.field.lastIndexOf(u'[');
    if (!use.field.endsWith(u']') || open < 0 || !use.field.mid(0, open).endsWith(u".shape"))
        return use.owner;
    return QObject::tr("%1 dim %2").arg(use.owner, use.field.mid(open + 1, use.field.size() - open - 2));
}

QString key(const QString &name, bool whole)
{
    return (whole ? QStringLiteral("s:") : QStringLiteral("d:")) + name;
}

} // namespace

SymbolPanel::SymbolPanel(QWidget *parent) : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("symbolPanel"));
    setColumnCount(3);
    setHeaderLabels({tr("Symbol"), tr("Used in"), tr("Values in self-tests / examples")});
    setRootIsDecorated(true);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setStretchLastSection(true);
    setColumnWidth(0, 110);
    setColumnWidth(1, 230);
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const QString field = item->data(0, FieldRole).toString();
        if (!field.isEmpty())
            emit fieldActivated(field);
    });
}

QTreeWidgetItem *SymbolPanel::itemOf(const QString &name, bool wholeShape) const
{
    const QString k = key(name, wholeShape);
    for (int i = 0; i < topLevelItemCount(); ++i)
        if (topLevelItem(i)->data(1, FieldRole).toString() == k)
            return topLevelItem(i);
    return nullptr;
}

void SymbolPanel::setSymbols(const QList<carton::SymbolSummary> &symbols, const SymbolPalette &palette)
{
    if (symbols == m_symbols && topLevelItemCount() == symbols.size())
        return;
    m_symbols = symbols;
    QSet<QString> expanded;
    QString current;
    for (int i = 0; i < topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = topLevelItem(i);
        if (item->isExpanded())
            expanded.insert(item->data(1, FieldRole).toString());
        if (item == currentItem() || item->isSelected())
            current = item->data(1, FieldRole).toString();
    }
    setUpdatesEnabled(false);
    clear();
    const QColor red(0xc6, 0x28, 0x28);
    QList<QTreeWidgetItem *> items;
    items.reserve(symbols.size());
    for (const carton::SymbolSummary &s : symbols) {
        auto *item = new QTreeWidgetItem;
        const QString k = key(s.name, s.wholeShape);
        item->setText(0, s.wholeShape ? tr("%1 (whole shape)").arg(s.name) : s.name);
        item->setBackground(0, SymbolPalette::chipColor(palette.indexOf(s.name), this->palette()));
        item->setData(1, FieldRole, k);
        if (!s.uses.isEmpty())
            item->setData(0, FieldRole, s.uses.constFirst().field);
        QStringList uses;
        for (const carton::SymbolUse &u : s.uses)
            uses.append(useText(u));
        item->setText(1, listed(uses));
        item->setToolTip(1, uses.join(u'\n'));

        // Sections grouped by the value they bind (consistent sections only).
        QMap<QString, QStringList> byValue;
        QStringList valueOrder;
        QStringList conflicts;
        for (const carton::SymbolSectionBinding &b : s.bindings) {
            if (b.conflict()) {
                conflicts.append(b.section);
                continue;
            }
            const QString v = valueText(s, b.values.constFirst());
            if (!byValue.contains(v))
                valueOrder.append(v);
            byValue[v].append(b.section);
        }
        QStringList summary;
        for (const QString &v : std::as_const(valueOrder)) {
            const QStringList &sections = byValue.value(v);
            summary.append(sections.size() == 1 ? tr("%1 in %2").arg(v, sections.constFirst())
                                                : tr("%1 in %2 sections").arg(v).arg(sections.size()));
            auto *child = new QTreeWidgetItem(item);
            child->setText(0, tr("= %1 in %2").arg(v, listed(sections)));
            child->setToolTip(0, sections.join(QStringLiteral(", ")));
        }
        if (!conflicts.isEmpty())
            summary.prepend(tr("conflicts in %1").arg(listed(conflicts)));
        if (s.bindings.isEmpty())
            summary.append(tr("not bound by any self-test or example"));
        if (summary.size() > maxListed) {
            const qsizetype more = summary.size() - maxListed;
            summary = summary.mid(0, maxListed);
            summary.append(tr("%n more value(s)", nullptr, int(more)));
        }
        item->setText(2, summary.join(QStringLiteral("; ")));
        for (const carton::SymbolSectionBinding &b : s.bindings) {
            if (!b.conflict())
                continue;
            auto *child = new QTreeWidgetItem(item);
            QStringList parts;
            for (const carton::SymbolValue &v : b.values)
                parts.append(tr("%1 from %2").arg(valueText(s, v), v.source));
            child->setText(0, tr("%1: %2").arg(b.section, parts.join(tr(" but "))));
            child->setToolTip(0, parts.join(u'\n'));
            child->setData(0, FieldRole, b.values.constLast().field);
            child->setForeground(0, red);
        }
        if (s.conflict) {
            item->setForeground(1, red);
            item->setForeground(2, red);
            item->setToolTip(2, tr("This symbol takes two values within one self-test: every use of a symbol must "
                                   "have the same value in one inference call."));
        }
        items.append(item);
    }
    addTopLevelItems(items);
    for (QTreeWidgetItem *item : std::as_const(items)) {
        // Children read as one line across the columns.
        for (int c = 0; c < item->childCount(); ++c)
            item->child(c)->setFirstColumnSpanned(true);
        const QString k = item->data(1, FieldRole).toString();
        if (expanded.contains(k))
            item->setExpanded(true);
        if (k == current)
            setCurrentItem(item);
    }
    setUpdatesEnabled(true);
}

} // namespace studio
