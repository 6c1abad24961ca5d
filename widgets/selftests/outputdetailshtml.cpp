// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "outputdetailshtml.h"

#include "style/tone.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>

namespace studio {

using namespace Qt::StringLiterals;

namespace {

QString histogramHtml(const carton::ErrorHistogram &h, const QString &title)
{
    const qint64 total = h.total();
    if (total == 0)
        return {};
    qint64 peak = 1;
    for (qint64 c : h.counts)
        peak = std::max(peak, c);
    QString html =
        QStringLiteral("<p><b>%1</b></p><table cellspacing=\"0\" cellpadding=\"1\">").arg(title.toHtmlEscaped());
    for (int b = 0; b < carton::ErrorHistogram::kBins; ++b) {
        const qint64 c = h.counts[size_t(b)];
        if (c == 0)
            continue;
        const int width = std::max(1, int(40.0 * double(c) / double(peak)));
        html += QStringLiteral("<tr><td align=\"right\"><code>%1</code></td><td><font color=\"%4\">%2</font>"
                               "</td><td align=\"right\">%3</td></tr>")
                    .arg(carton::ErrorHistogram::binLabel(b).toHtmlEscaped(), QString(width, QChar(0x2588)))
                    .arg(QLocale().toString(c))
                    .arg(toneFrame(Tone::Info).name());
    }
    return html + QStringLiteral("</table>");
}

} // namespace

QString OutputDetailsHtml::render(const OutputResultsModel::Row &output)
{
    QString html = QStringLiteral("<h3>%1 — %2</h3>").arg(output.name.toHtmlEscaped(), output.verdict.toHtmlEscaped());
    if (!output.problem.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(output.problem.toHtmlEscaped());
    if (const carton::TensorComparison *c = output.comparison ? &*output.comparison : nullptr) {
        if (!c->exact && c->comparedCount > 0) {
            html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr><th></th><th>%1</th><th>%2</th>"
                                   "<th>%3</th><th>%4</th></tr>")
                        .arg(tr("max"), tr("mean"), tr("median"), tr("p99"));
            for (const auto &[label, s] :
                 {std::pair{tr("absolute"), c->absError}, std::pair{tr("relative"), c->relError}})
                html +=
                    QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                        .arg(label, errorFigure(s.max), errorFigure(s.mean), errorFigure(s.median), errorFigure(s.p99));
            html += QStringLiteral("</table>");
            if (c->minAtol && c->minRtol)
                html += QStringLiteral("<p>%1</p>")
                            .arg(tr("Passes with atol ≥ %1 (rtol %2), or with rtol ≥ %3 (atol %4).")
                                     .arg(errorFigure(*c->minAtol), errorFigure(c->tolerance.rtol),
                                          errorFigure(*c->minRtol), errorFigure(c->tolerance.atol))
                                     .toHtmlEscaped());
        }
        if (!c->worst.isEmpty()) {
            html +=
                QStringLiteral("<p><b>%1</b></p><table cellspacing=\"0\" cellpadding=\"3\"><tr><th>%2</th><th>%3</th>"
                               "<th>%4</th><th>%5</th><th>%6</th></tr>")
                    .arg(tr("Worst elements").toHtmlEscaped(), tr("index"), tr("expected"), tr("actual"),
                         tr("abs error"), tr("rel error"));
            for (const carton::ElementDifference &d : c->worst) {
                QStringList idx;
                for (qint64 i : d.index)
                    idx.append(QString::number(i));
                html +=
                    QStringLiteral("<tr><td><code>[%1]</code></td><td>%2</td><td>%3</td><td>%4</td><td>%5</td>%6</tr>")
                        .arg(idx.join(u", "_s), d.expected.toHtmlEscaped(), d.actual.toHtmlEscaped(),
                             errorFigure(d.absError), errorFigure(d.relError),
                             d.mismatch ? u"<td>%1</td>"_s.arg(toneHtml(Tone::Bad, u"✗"_s, true)) : u"<td></td>"_s);
            }
            html += QStringLiteral("</table>");
        }
        html += histogramHtml(c->absHistogram, tr("Absolute error histogram"));
        html += histogramHtml(c->relHistogram, tr("Relative error histogram"));
    }
    return html;
}

} // namespace studio
