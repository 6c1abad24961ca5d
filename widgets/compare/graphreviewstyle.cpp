// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphreviewstyle.h"

#include "format/dtype.h"
#include "model/graphfold.h"
#include "model/graphproperties.h"
#include "model/modelfile.h"
#include "model/onnxschema.h"
#include "style/tone.h"

#include <QMap>
#include <QUrl>

namespace studio {

using namespace carton;

namespace {

// Fixed colours, readable in either theme: the fills carry white (amber: dark) titles.
const QColor kAdded(0x2e, 0x7d, 0x32), kAddedLine(0x1b, 0x5e, 0x20);
const QColor kRemoved(0xc6, 0x28, 0x28), kRemovedLine(0x8e, 0x00, 0x00);
const QColor kChanged(0xf2, 0xa9, 0x00), kChangedLine(0x8a, 0x5a, 0x00);

QPen outlinePen(const QColor &color, Qt::PenStyle style)
{
    QPen pen(color, 3, style);
    pen.setCosmetic(false);
    return pen;
}

} // namespace

GraphReviewStyle::GraphReviewStyle(std::shared_ptr<const GraphOverlay> overlay, GraphDiff diff,
                                   QHash<QString, WeightDiff> weightsByA, std::shared_ptr<const ModelFile> modelA,
                                   std::shared_ptr<const ModelFile> modelB)
    : m_overlay(std::move(overlay)), m_diff(std::move(diff)), m_weightsByA(std::move(weightsByA)),
      m_modelA(std::move(modelA)), m_modelB(std::move(modelB))
{
}

GraphDecorator::Look GraphReviewStyle::statusLook(NodeStatus status)
{
    Look look;
    switch (status) {
    case NodeStatus::Added:
        look.fill = kAdded;
        look.outline = outlinePen(kAddedLine, Qt::SolidLine);
        break;
    case NodeStatus::Removed:
        look.fill = kRemoved;
        look.outline = outlinePen(kRemovedLine, Qt::DashLine);
        look.opacity = 0.7; // a ghost
        break;
    case NodeStatus::Changed:
        look.fill = kChanged;
        look.title = QColor(0x20, 0x20, 0x20);
        look.outline = outlinePen(kChangedLine, Qt::DotLine);
        break;
    case NodeStatus::Unchanged:
        look.opacity = 0.35;
        break;
    }
    look.badge = statusTag(status);
    return look;
}

QString GraphReviewStyle::statusName(NodeStatus status)
{
    switch (status) {
    case NodeStatus::Added:
        return tr("added");
    case NodeStatus::Removed:
        return tr("removed");
    case NodeStatus::Changed:
        return tr("changed");
    case NodeStatus::Unchanged:
        break;
    }
    return tr("unchanged");
}

QString GraphReviewStyle::statusTag(NodeStatus status)
{
    switch (status) {
    case NodeStatus::Added:
        return QStringLiteral("+");
    case NodeStatus::Removed:
        return QStringLiteral("\u2212");
    case NodeStatus::Changed:
        return QStringLiteral("\u0394");
    case NodeStatus::Unchanged:
        break;
    }
    return {};
}

std::optional<GraphDecorator::Look> GraphReviewStyle::look(const OnnxInfo &graph, const QList<int> &nodes,
                                                           bool scope) const
{
    const GraphOverlay::Level *level = m_overlay->of(&graph);
    if (!level || nodes.isEmpty())
        return std::nullopt;
    int added = 0, removed = 0, changed = 0;
    for (int n : nodes) {
        if (n < 0 || n >= level->nodes.size())
            continue;
        const GraphOverlay::Node &node = level->nodes.at(n);
        added += node.status == NodeStatus::Added;
        removed += node.status == NodeStatus::Removed;
        changed += (node.status == NodeStatus::Changed) + node.changesInside;
    }
    const auto counts = [&] {
        QStringList parts;
        if (added > 0)
            parts << QStringLiteral("+%1").arg(added);
        if (removed > 0)
            parts << QStringLiteral("\u2212%1").arg(removed);
        if (changed > 0)
            parts << QStringLiteral("\u0394%1").arg(changed);
        return parts.join(u' ');
    };
    const int host = nodes.first();
    if (!scope && host < level->nodes.size() && level->nodes.at(host).status != NodeStatus::Unchanged) {
        Look look = statusLook(level->nodes.at(host).status);
        if (added + removed + changed > 1) // more inside it (folded constants, bodies)
            look.badge = counts();
        return look;
    }
    if (added + removed + changed == 0)
        return statusLook(NodeStatus::Unchanged);
    // A scope or a node with changes inside: its own fill, an amber dotted outline, the counts.
    Look look;
    look.outline = outlinePen(kChangedLine, Qt::DotLine);
    look.badge = counts();
    return look;
}

QString GraphReviewStyle::weightText(const OnnxInfo &graph, const ModelFile *model, const QString &name) const
{
    if (const ModelWeight *w = model ? model->findWeight(name) : nullptr)
        return (w->dtype ? dtypeName(*w->dtype) : w->typeName.toLower()) + u' ' + GraphFold::shapeText(w->shape);
    for (const auto &[init, type] : graph.initializers)
        if (init == name)
            return type;
    return {};
}

QString GraphReviewStyle::weightChange(const QString &nameA, const QString &nameB) const
{
    const auto w = m_weightsByA.constFind(nameA);
    // Only when the review paired A's weight with this very weight of B (listed names: "entry:tensor" in a carton).
    if (w == m_weightsByA.cend() || (w->nameB != nameB && !w->nameB.endsWith(u':' + nameB)))
        return {};
    switch (w->kind) {
    case ChangeKind::Unchanged:
        return tr("values unchanged");
    case ChangeKind::Changed:
        if (!w->compared)
            return w->note.isEmpty() ? tr("changed") : w->note;
        return tr("values changed: max |Δ| %1, relative L2 %2, %3% of elements")
            .arg(w->maxAbsDiff, 0, 'g', 3)
            .arg(w->relL2 ? QString::number(*w->relL2, 'g', 3) : QStringLiteral("∞"))
            .arg(w->changedFraction * 100, 0, 'f', 1);
    default:
        return {};
    }
}

QString GraphReviewStyle::nodeHtml(const OnnxInfo &graph, int index) const
{
    const GraphOverlay::Level *level = m_overlay->of(&graph);
    if (!level || index < 0 || index >= level->nodes.size())
        return {};
    const GraphOverlay::Node &node = level->nodes.at(index);
    const OnnxNode *a = node.a >= 0 && level->a ? &level->a->nodes.at(node.a) : nullptr;
    const OnnxNode *b = node.b >= 0 && level->b ? &level->b->nodes.at(node.b) : nullptr;
    const bool main = &graph == m_overlay->graph.get();
    const ModelFile *modelA = main ? m_modelA.get() : nullptr, *modelB = main ? m_modelB.get() : nullptr;
    const auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    const QString differs = toneBackground(Tone::Warning).name();

    QString html;
    const QString tag = statusTag(node.status);
    html +=
        QStringLiteral("<h3>%1%2 · %3</h3>")
            .arg(tag.isEmpty() ? QString() : esc(tag) + u' ', esc(statusName(node.status)), esc((b ? b : a)->opType));
    if (node.change >= 0 && node.change < m_diff.changed.size()) {
        html += QStringLiteral("<ul>");
        for (const QString &c : m_diff.changed.at(node.change).changes)
            html += QStringLiteral("<li>%1</li>").arg(esc(c));
        html += QStringLiteral("</ul>");
    }
    if (node.changesInside > 0)
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(tr("%n change(s) inside its bodies: double-click the node to open them.", nullptr,
                                node.changesInside)));

    struct Row {
        QString key, left, right;
        QString weightB; // a link to the right side's weight
        // Inputs: what the graph diff says of this slot (value names differ between
        // exports of the same graph: they are not compared); else: the texts differ.
        std::optional<bool> differs = std::nullopt;
    };
    const QStringList changes = node.change >= 0 && node.change < m_diff.changed.size()
                                    ? m_diff.changed.at(node.change).changes
                                    : QStringList();
    QList<Row> rows;
    rows.append({tr("op"), a ? a->opType : QString(), b ? b->opType : QString(), {}});
    rows.append({tr("name"), a ? a->name : QString(), b ? b->name : QString(), {}});
    QMap<QString, std::pair<QString, QString>> attributes;
    if (a)
        for (const OnnxAttribute &at : a->attributes)
            attributes[at.name].first = at.text;
    if (b)
        for (const OnnxAttribute &at : b->attributes)
            attributes[at.name].second = at.text;
    for (auto it = attributes.cbegin(); it != attributes.cend(); ++it)
        rows.append({it.key(), it->first, it->second, {}});
    const qsizetype inputs = std::max(a ? a->inputs.size() : 0, b ? b->inputs.size() : 0);
    for (qsizetype s = 0; s < inputs; ++s) {
        const OnnxNode *any = b && s < b->inputs.size() ? b : a;
        QString role = onnxInputName(any->domain, any->opType, int(s));
        if (role.isEmpty())
            role = tr("input %1").arg(s);
        Row row{role, {}, {}, {}, false};
        const QString prefix = QStringLiteral("input %1:").arg(s);
        row.differs = std::any_of(changes.cbegin(), changes.cend(), [&](const QString &c) {
            return c.startsWith(prefix) ||
                   (a && s < a->inputs.size() && c.startsWith(QStringLiteral("weight %1:").arg(a->inputs.at(s))));
        });
        if (a && s < a->inputs.size()) {
            const QString &in = a->inputs.at(s);
            const QString type = weightText(*level->a, modelA, in);
            row.left = type.isEmpty() ? in : in + u' ' + type;
        }
        if (b && s < b->inputs.size()) {
            const QString &in = b->inputs.at(s);
            const QString type = weightText(*level->b, modelB, in);
            row.right = type.isEmpty() ? in : in + u' ' + type;
            if (modelB && modelB->findWeight(in))
                row.weightB = in;
            if (const QString change =
                    main && a && s < a->inputs.size() ? weightChange(a->inputs.at(s), in) : QString();
                !change.isEmpty())
                row.right += u'\n' + change;
        }
        rows.append(row);
    }
    rows.append({tr("outputs"),
                 a ? QString::number(a->outputs.size()) : QString(),
                 b ? QString::number(b->outputs.size()) : QString(),
                 {}});

    html += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\">"
                           "<tr><th></th><th align=\"left\">%1</th><th align=\"left\">%2</th></tr>")
                .arg(esc(tr("Left")), esc(tr("Right")));
    const auto cell = [&](const QString &text) {
        return text.isEmpty() ? QStringLiteral("—") : esc(text).replace(u'\n', QStringLiteral("<br>"));
    };
    for (const Row &row : std::as_const(rows)) {
        // Only rows both sides have can differ; a side without the node shows "—".
        const bool differ = a && b && row.differs.value_or(row.left != row.right);
        QString right = cell(row.right);
        if (!row.weightB.isEmpty())
            right += QStringLiteral(" <a href=\"%1%2\">%3</a>")
                         .arg(GraphProperties::weightScheme, QString::fromLatin1(QUrl::toPercentEncoding(row.weightB)),
                              esc(tr("show")));
        html += QStringLiteral("<tr%1><td><b>%2%3</b></td><td>%4</td><td>%5</td></tr>")
                    .arg(differ ? QStringLiteral(" style=\"background:%1\"").arg(differs) : QString(),
                         differ ? QStringLiteral("≠ ") : QString(), esc(row.key), cell(row.left), right);
    }
    html += QStringLiteral("</table>");
    return html;
}

} // namespace studio
