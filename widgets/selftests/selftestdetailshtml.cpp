// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestdetailshtml.h"

#include "document/cartonfilereader.h"
#include "format/mediatype.h"
#include "markdown/markdownrenderer.h"
#include "selftest/selftestresult.h"
#include "selftestsmodel.h"
#include "selftesttext.h"

#include <algorithm>

namespace studio {

namespace {
QString ms(std::chrono::nanoseconds t)
{
    return SelfTestText::latency(double(t.count()));
}
} // namespace

QString SelfTestDetailsHtml::render(const SelfTestsModel &model, const QModelIndex &item,
                                    const carton::SelfTestRun *run, const CartonFileReader &files)
{
    const int row = item.row();
    const bool example = model.isExample(item);
    QString html = QStringLiteral("<h3>%1</h3>").arg(item.data().toString().toHtmlEscaped());
    html += QStringLiteral("<p><i>%1</i></p>")
                .arg(model.index(row, SelfTestsModel::KindColumn).data().toString().toHtmlEscaped());
    const QString description = model.description(item);
    if (!description.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(description.toHtmlEscaped());

    // The run's result for this item.
    if (run) {
        auto resultHtml = [&html](const QString &status, const QString &reason, const QStringList &notes,
                                  const std::optional<std::chrono::nanoseconds> &time, bool first) {
            html += QStringLiteral("<p><b>%1</b>").arg(status.toHtmlEscaped());
            if (time)
                html += QStringLiteral(" — %1%2").arg(ms(*time), first ? tr(" (first inference)") : QString());
            html += QStringLiteral("</p>");
            if (!reason.isEmpty())
                html += QStringLiteral("<p>%1</p>").arg(reason.toHtmlEscaped());
            for (const QString &note : notes)
                html += QStringLiteral("<p><i>%1</i> %2</p>").arg(tr("Note:").toHtmlEscaped(), note.toHtmlEscaped());
        };
        const int number = model.itemNumber(item);
        if (!example) {
            for (const carton::SelfTestResult &t : run->tests)
                if (t.index == number)
                    resultHtml(SelfTestText::status(t.status).toUpper(), SelfTestText::reason(t), t.notes,
                               t.inferenceTime, t.firstInference);
        } else {
            for (const carton::ExampleResult &e : run->examples)
                if (e.index == number)
                    resultHtml(SelfTestText::status(e.status).toUpper(), SelfTestText::reason(e), e.notes,
                               e.inferenceTime, e.firstInference);
        }
    }

    const int keys = model.rowCount(item);
    const int listed = std::min(keys, kKeys);
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    for (int r = 0; r < listed; ++r) {
        const QString key = model.index(r, SelfTestsModel::NameColumn, item).data().toString();
        const QString role = model.index(r, SelfTestsModel::KindColumn, item).data().toString();
        const QString reference = model.index(r, SelfTestsModel::ReferenceColumn, item).data().toString();
        const QString details = model.index(r, SelfTestsModel::DetailsColumn, item).data().toString();
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td><code>%3</code></td><td>%4</td></tr>")
                    .arg(key.toHtmlEscaped(), role.toHtmlEscaped(), reference.toHtmlEscaped(), details.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    if (listed < keys)
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("… and %n more key(s): the list on the left has them all.", nullptr, keys - listed)
                             .toHtmlEscaped());
    // Misc files of examples inline (images by content; others say why they are not shown);
    // audio and video play below.
    for (int r = 0; r < listed; ++r) {
        const QString reference = model.index(r, SelfTestsModel::ReferenceColumn, item).data().toString();
        if (const auto path = carton::MarkdownRenderer::miscReferencePath(reference)) {
            const QString key = model.index(r, SelfTestsModel::NameColumn, item).data().toString();
            const carton::Result<QString> type = files.mediaType(*path);
            if (type.ok() && (carton::MediaType::isPlayable(*type) ||
                              carton::MediaType::isPlayable(carton::MediaType::fromExtension(*path)))) {
                html += QStringLiteral("<p><b>%1</b> (%2) — %3</p>")
                            .arg(key.toHtmlEscaped(), path->toHtmlEscaped(),
                                 tr("%1, in the player below").arg(*type).toHtmlEscaped());
                continue;
            }
            html += QStringLiteral("<p><b>%1</b> (%2)<br/><img src=\"%3\"/></p>")
                        .arg(key.toHtmlEscaped(), path->toHtmlEscaped(),
                             QString::fromUtf8(carton::MarkdownRenderer::miscUrl(*path).toEncoded()).toHtmlEscaped());
        }
    }
    return html;
}

} // namespace studio
