// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/diffhtml.h"

#include "base/htmlpage.h"
#include "tensor/tensorregion.h"

#include <algorithm>
#include <cmath>

namespace carton {

using namespace Qt::StringLiterals;

QString DiffSummary::headline() const
{
    if (identical)
        return u"identical"_s;
    if (ioBreaking)
        return u"I/O breaking"_s;
    if (structure)
        return u"structure"_s;
    if (weights)
        return metadata ? u"weights and metadata"_s : u"weights only"_s;
    if (metadata)
        return u"metadata only"_s;
    return u"files"_s;
}

DiffSummary summarizeDiff(const CartonDiff &diff, const ModelDiff &model)
{
    DiffSummary s;
    s.identical = diff.identical();
    for (const DiffEntry &e : diff.entries) {
        if (!e.isChange())
            continue;
        if ((e.section == DiffSection::Inputs || e.section == DiffSection::Outputs) &&
            e.changeClass == ChangeClass::Breaking)
            s.ioBreaking = true;
        else if (e.section != DiffSection::Files)
            s.metadata = true;
    }
    for (const FileDiff &f : diff.files)
        if (f.kind != ChangeKind::Unchanged && !f.path.startsWith(u"model/"_s))
            s.metadata = true;
    for (const WeightDiff &w : model.weights) {
        if (w.kind == ChangeKind::Added || w.kind == ChangeKind::Removed ||
            (w.kind == ChangeKind::Changed && w.shapeA != w.shapeB))
            s.structure = true;
        else if (w.kind == ChangeKind::Changed)
            s.weights = true;
    }
    for (const ModelGraphDiff &g : model.graphs)
        s.structure = s.structure || g.graph.structureChanged();
    return s;
}

namespace {

const char *const kDiffCss = R"(
.added{background:#15803d}.removed{background:#b91c1c}.changed{background:#b45309}.unchanged{background:#6b7280}
.headline{font-size:1.15em}.identical{background:#15803d}.io-breaking,.breaking{background:#b91c1c}
.structure{background:#b45309}.weights-only,.weights-and-metadata{background:#3b6fd8}.metadata-only,.files{background:#6b7280}
td.l,th.l{text-align:left}td.name{font-family:ui-monospace,monospace;font-size:.92em;text-align:left;word-break:break-all}
svg.chart{display:block;max-width:100%;height:auto;border:1px solid #d8dce4;background:#fff}
svg .c{fill:#b45309}svg .a{fill:#15803d}svg .r{fill:#b91c1c}svg .u{fill:#d8dce4}svg .grid{stroke:#e5e7eb}
svg .axis{font-size:10px;fill:#404656}.legend span{display:inline-block;width:.8em;height:.8em;margin:0 .3em 0 1em}
.maps{display:flex;flex-wrap:wrap;gap:1em 2em;align-items:flex-start}figure.errormap{margin:0}
figure.errormap img{display:block;image-rendering:pixelated;border:1px solid #d8dce4;margin-bottom:.3em}
.scale{font-size:.85em;white-space:nowrap}.scale i{display:inline-block;width:8em;height:.7em;vertical-align:middle;margin:0 .3em}
@media print{body{max-width:none;margin:0}section{break-inside:avoid}}
)";

QString kindBadge(ChangeKind kind)
{
    return htmlBadge(changeKindName(kind), changeKindName(kind));
}

QString shapeOrDash(const QString &name, const QList<qint64> &shape)
{
    return name.isEmpty() ? u"—"_s : shapeText(shape);
}

// Relative change per weight in model order: bars on a log scale from 1e-7 to 10,
// added weights full green, removed full red, unchanged a grey tick.
QString weightChart(const QList<WeightDiff> &weights)
{
    const int n = int(weights.size());
    const int left = 44, top = 8, height = 160, bottom = 22;
    const double barW = std::clamp(1200.0 / std::max(1, n), 1.0, 14.0);
    const int width = left + int(std::ceil(barW * n)) + 8;
    const double lo = -7, hi = 1; // log10 range
    const auto yOf = [&](double v) {
        const double l = std::clamp(std::log10(std::max(v, 1e-12)), lo, hi);
        return top + height * (1 - (l - lo) / (hi - lo));
    };
    QString svg = u"<svg class=\"chart\" viewBox=\"0 0 %1 %2\" width=\"%1\" height=\"%2\" role=\"img\" "
                  "aria-label=\"relative change per weight\">"_s.arg(width)
                      .arg(top + height + bottom);
    for (int e = int(lo); e <= int(hi); ++e) {
        const double y = yOf(std::pow(10.0, e));
        svg +=
            u"<line class=\"grid\" x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\"/><text class=\"axis\" x=\"2\" y=\"%4\">1e%5</text>"_s
                .arg(left)
                .arg(width)
                .arg(y, 0, 'f', 1)
                .arg(y + 3, 0, 'f', 1)
                .arg(e);
    }
    for (int i = 0; i < n; ++i) {
        const WeightDiff &w = weights.at(i);
        const double x = left + i * barW;
        double y = top + height - 1.5;
        QString cls = u"u"_s;
        if (w.kind == ChangeKind::Added || w.kind == ChangeKind::Removed) {
            y = top;
            cls = w.kind == ChangeKind::Added ? u"a"_s : u"r"_s;
        } else if (w.kind == ChangeKind::Changed) {
            y = w.compared && w.relL2 ? yOf(*w.relL2) : top;
            cls = u"c"_s;
        }
        const QString tip = w.compared && w.relL2
                                ? u"%1: %2, rel_l2 %3"_s.arg(w.name(), changeKindName(w.kind), htmlNumber(*w.relL2))
                                : u"%1: %2"_s.arg(w.name(), changeKindName(w.kind));
        svg += u"<rect class=\"%1\" x=\"%2\" y=\"%3\" width=\"%4\" height=\"%5\"><title>%6</title></rect>"_s.arg(cls)
                   .arg(x, 0, 'f', 2)
                   .arg(y, 0, 'f', 2)
                   .arg(std::max(0.8, barW - (barW > 3 ? 1 : 0)), 0, 'f', 2)
                   .arg(top + height - y, 0, 'f', 2)
                   .arg(htmlEscape(tip));
    }
    svg +=
        u"<text class=\"axis\" x=\"%1\" y=\"%2\">first weight → last, in model order (relative L2 change, log scale)</text>"_s
            .arg(left)
            .arg(top + height + 15);
    return svg + u"</svg>"_s;
}

QString packageSection(const CartonDiff &diff)
{
    QString h = u"<section><h2>Package</h2>"_s;
    const QList<DiffEntry> changes = diff.changes();
    if (changes.isEmpty() && diff.files.isEmpty()) {
        h += diff.infoA || diff.infoB ? u"<p>No change to metadata, inputs/outputs, self-tests or files.</p>"_s
                                      : u"<p>Bare model files: no package half.</p>"_s;
        return h + u"</section>\n"_s;
    }
    if (!changes.isEmpty()) {
        h += u"<table><tr><th class=\"l\">section</th><th class=\"l\">change</th><th class=\"l\">item</th>"
             "<th class=\"l\">before → after</th><th class=\"l\">class</th><th class=\"l\">meaning</th></tr>"_s;
        for (const DiffEntry &e : changes)
            h += u"<tr><td class=\"l\">%1</td><td class=\"l\">%2</td><td class=\"name\">%3</td><td class=\"l\">%4</td>"
                 "<td class=\"l\">%5</td><td class=\"l\">%6</td></tr>"_s.arg(
                     diffSectionName(e.section), kindBadge(e.kind),
                     htmlEscape(e.field.isEmpty() ? e.item : e.item + u'.' + e.field),
                     htmlEscape((e.before.isEmpty() ? u"—"_s : e.before.left(200)) + u" → "_s +
                                (e.after.isEmpty() ? u"—"_s : e.after.left(200))),
                     htmlBadge(changeClassName(e.changeClass), changeClassName(e.changeClass)), htmlEscape(e.reason));
        h += u"</table>"_s;
    }
    bool anyFile = false;
    for (const FileDiff &f : diff.files) {
        if (f.kind == ChangeKind::Unchanged)
            continue;
        if (!anyFile)
            h += u"<h3>Files</h3><table><tr><th class=\"l\">file</th><th class=\"l\">change</th><th>size A</th>"
                 "<th>size B</th></tr>"_s;
        anyFile = true;
        h += u"<tr><td class=\"name\">%1</td><td class=\"l\">%2</td><td>%3</td><td>%4</td></tr>"_s.arg(
            htmlEscape(f.path), kindBadge(f.kind), f.sizeA < 0 ? u"—"_s : QString::number(f.sizeA),
            f.sizeB < 0 ? u"—"_s : QString::number(f.sizeB));
    }
    if (anyFile)
        h += u"</table>"_s;
    return h + u"</section>\n"_s;
}

QString weightsSection(const ModelDiff &model)
{
    QString h = u"<section><h2>Weights</h2>"_s;
    for (const QString &e : model.errors)
        h += u"<p><b class=\"warn\">Model file not read:</b> %1</p>"_s.arg(htmlEscape(e));
    if (model.weights.isEmpty())
        return h + u"<p>No model weights on either side.</p></section>\n"_s;
    h += u"<p>%1 unchanged · %2 changed · %3 added · %4 removed</p>"_s.arg(model.count(ChangeKind::Unchanged))
             .arg(model.count(ChangeKind::Changed))
             .arg(model.count(ChangeKind::Added))
             .arg(model.count(ChangeKind::Removed));
    h += weightChart(model.weights);
    h += u"<p class=\"legend small\"><span class=\"changed\"></span>changed (height: ‖B−A‖/‖A‖)"
         "<span class=\"added\"></span>added<span class=\"removed\"></span>removed"
         "<span class=\"unchanged\"></span>unchanged</p>"_s;
    h += u"<table><tr><th class=\"l\">weight</th><th class=\"l\">change</th><th class=\"l\">shape A</th>"
         "<th class=\"l\">shape B</th><th class=\"l\">dtype</th><th>max |B−A|</th><th>‖B−A‖/‖A‖</th>"
         "<th>changed</th></tr>"_s;
    for (const WeightDiff &w : model.weights) {
        if (w.kind == ChangeKind::Unchanged)
            continue;
        QString name = htmlEscape(w.name());
        if (w.match == WeightMatch::TensorName || w.match == WeightMatch::PositionShape)
            name += u"<br><span class=\"small\">was %1 (matched by %2)</span>"_s.arg(
                htmlEscape(w.nameA), weightMatchName(w.match).replace(u'_', u' '));
        if (!w.note.isEmpty())
            name += u"<br><span class=\"small\">%1</span>"_s.arg(htmlEscape(w.note));
        const QString dtype = w.nameA.isEmpty()                           ? w.dtypeB
                              : w.nameB.isEmpty() || w.dtypeA == w.dtypeB ? w.dtypeA
                                                                          : w.dtypeA + u" → "_s + w.dtypeB;
        h += u"<tr><td class=\"name\">%1</td><td class=\"l\">%2</td><td class=\"l\">%3</td><td class=\"l\">%4</td>"
             "<td class=\"l\">%5</td><td>%6</td><td>%7</td><td>%8</td></tr>"_s.arg(
                 name, kindBadge(w.kind), shapeOrDash(w.nameA, w.shapeA), shapeOrDash(w.nameB, w.shapeB),
                 htmlEscape(dtype), w.compared ? htmlNumber(w.maxAbsDiff) : u"—"_s,
                 w.compared && w.relL2 ? htmlNumber(*w.relL2) : u"—"_s,
                 w.compared ? htmlNumber(100 * w.changedFraction) + u" %"_s : u"—"_s);
    }
    return h + u"</table></section>\n"_s;
}

QString graphSection(const ModelDiff &model)
{
    QString h;
    for (const ModelGraphDiff &g : model.graphs) {
        h += u"<section><h2>Graph <span class=\"small\">%1 → %2</span></h2>"_s.arg(htmlEscape(g.entryA),
                                                                                   htmlEscape(g.entryB));
        h += u"<p>%1 matched · %2 changed · %3 added · %4 removed</p>"_s.arg(g.graph.matched)
                 .arg(g.graph.changed.size())
                 .arg(g.graph.added.size())
                 .arg(g.graph.removed.size());
        if (g.graph.identical()) {
            h += u"<p>The graphs match node for node.</p></section>\n"_s;
            continue;
        }
        h += u"<table><tr><th class=\"l\">change</th><th class=\"l\">node</th><th class=\"l\">op</th>"
             "<th class=\"l\">what</th></tr>"_s;
        for (const GraphNodeRef &r : g.graph.added)
            h += u"<tr><td class=\"l\">%1</td><td class=\"name\">%2</td><td class=\"l\">%3</td><td></td></tr>"_s.arg(
                kindBadge(ChangeKind::Added), htmlEscape(r.name), htmlEscape(r.opType));
        for (const GraphNodeRef &r : g.graph.removed)
            h += u"<tr><td class=\"l\">%1</td><td class=\"name\">%2</td><td class=\"l\">%3</td><td></td></tr>"_s.arg(
                kindBadge(ChangeKind::Removed), htmlEscape(r.name), htmlEscape(r.opType));
        for (const GraphNodeChange &c : g.graph.changed) {
            const QString node =
                c.a.name == c.b.name ? htmlEscape(c.b.name) : htmlEscape(c.a.name) + u" → "_s + htmlEscape(c.b.name);
            QStringList items;
            for (const QString &t : c.changes)
                items.append(htmlEscape(t));
            h +=
                u"<tr><td class=\"l\">%1</td><td class=\"name\">%2</td><td class=\"l\">%3</td><td class=\"l\">%4</td></tr>"_s
                    .arg(kindBadge(ChangeKind::Changed), node, htmlEscape(c.b.opType), items.join(u"<br>"_s));
        }
        h += u"</table></section>\n"_s;
    }
    return h;
}

} // namespace

QByteArray diffReportHtml(const CartonDiff &diff, const ModelDiff &model, const QString &extra)
{
    const DiffSummary summary = summarizeDiff(diff, model);
    QString h = htmlPageStart(u"Model review: %1 → %2"_s.arg(diff.pathA, diff.pathB), QLatin1StringView(kDiffCss));
    QString kinds;
    const std::pair<bool, QString> flags[] = {{summary.ioBreaking, u"I/O breaking"_s},
                                              {summary.structure, u"structure"_s},
                                              {summary.weights, u"weights"_s},
                                              {summary.metadata, u"metadata"_s}};
    for (const auto &[on, text] : flags)
        if (on)
            kinds += (kinds.isEmpty() ? QString() : u" · "_s) + htmlEscape(text);
    QString headlineClass = summary.headline().toLower();
    headlineClass.replace(u'/', QString()).replace(u' ', u'-');
    h += u"<section><h2>Summary</h2><p class=\"headline\">%1 %2</p>"_s.arg(
        htmlBadge(headlineClass, summary.headline()),
        kinds.isEmpty() ? QString() : u"<span class=\"small\">changed: %1</span>"_s.arg(kinds));
    h += u"<table class=\"meta\"><tr><th>A</th><td>%1</td><td><code>%2</code></td></tr>"
         "<tr><th>B</th><td>%3</td><td><code>%4</code></td></tr></table>"_s.arg(
             htmlEscape(diff.pathA), htmlEscape(QString::fromLatin1(diff.modelHashA)), htmlEscape(diff.pathB),
             htmlEscape(QString::fromLatin1(diff.modelHashB)));
    int graphChanges = 0;
    for (const ModelGraphDiff &g : model.graphs)
        graphChanges += int(g.graph.added.size() + g.graph.removed.size() + g.graph.changed.size());
    h += u"<p>%1 breaking and %2 compatible package changes · weights: %3 changed, %4 added, %5 removed of %6 · "
         "graph: %7 node changes</p></section>\n"_s.arg(diff.count(ChangeClass::Breaking))
             .arg(diff.count(ChangeClass::Compatible))
             .arg(model.count(ChangeKind::Changed))
             .arg(model.count(ChangeKind::Added))
             .arg(model.count(ChangeKind::Removed))
             .arg(model.weights.size())
             .arg(graphChanges);
    h += packageSection(diff);
    h += weightsSection(model);
    h += graphSection(model);
    h += extra;
    h += htmlPageEnd();
    return h.toUtf8();
}

} // namespace carton
