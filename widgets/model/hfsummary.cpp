// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hfsummary.h"

#include "model/hfmodelinfo.h"
#include "model/hfvocabulary.h"

#include <QLocale>

namespace studio {

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QString row(const QString &label, const QString &valueHtml)
{
    return QStringLiteral("<tr><td style=\"padding-right:12px\"><b>%1</b></td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), valueHtml);
}

QString number(const std::optional<qint64> &v)
{
    return v ? QLocale().toString(*v) : QString();
}

QString code(const QString &text)
{
    return QStringLiteral("<code>%1</code>").arg(text.toHtmlEscaped());
}

constexpr int kMaxTokensListed = 200;

} // namespace

QString HfSummary::architectureHtml(const HfModelInfo &info)
{
    QString rows;
    const auto add = [&rows](const QString &label, const QString &value) {
        if (!value.isEmpty())
            rows += row(label, value.toHtmlEscaped());
    };
    add(tr("Model type"), info.modelType);
    add(tr("Architecture"), info.architectures.join(QStringLiteral(", ")));
    add(tr("Layers"), number(info.layers));
    add(tr("Hidden size"), number(info.hiddenSize));
    if (info.heads && info.kvHeads && *info.kvHeads != *info.heads)
        add(tr("Attention heads"), tr("%1 (%2 key/value)").arg(number(info.heads), number(info.kvHeads)));
    else
        add(tr("Attention heads"), number(info.heads));
    add(tr("Vocabulary"), number(info.vocabSize));
    add(tr("Context length"), number(info.contextLength));
    add(tr("Data type"), info.dtype);
    if (info.hasTokenizer) {
        QString text = info.tokenizerType.isEmpty() ? tr("tokenizer.json") : info.tokenizerType;
        text += u", " + tr("%1 tokens").arg(QLocale().toString(info.tokenizerVocabSize));
        if (!info.specialTokens.isEmpty())
            text += u", " + tr("%n special", nullptr, int(info.specialTokens.size()));
        add(tr("Tokenizer"), text);
    }
    if (info.hasCard) {
        QStringList card;
        for (const char *key : {"license", "language", "pipeline_tag", "base_model"})
            if (const QString v = info.cardField(QLatin1String(key)); !v.isEmpty())
                card.append(QStringLiteral("%1: %2").arg(QLatin1String(key), v));
        add(tr("Model card"), card.isEmpty() ? tr("README.md") : card.join(QStringLiteral("; ")));
    }
    QStringList generation;
    for (const auto &[key, value] : info.generation)
        generation.append(code(key + QStringLiteral(" = ") + value));
    if (!generation.isEmpty())
        rows += row(tr("Generation"), generation.join(QStringLiteral(", ")));
    return u"<h3>"_s + tr("Hugging Face model (config.json)").toHtmlEscaped() + u"</h3><table>"_s + rows +
           u"</table>"_s;
}

QString HfSummary::tokenizerHtml(const HfModelInfo &info, const HfVocabulary *vocabulary)
{
    QString html = u"<h3>"_s + tr("Tokenizer").toHtmlEscaped() + u"</h3><table>"_s;
    const QString type = vocabulary && !vocabulary->type().isEmpty() ? vocabulary->type() : info.tokenizerType;
    if (!type.isEmpty())
        html += row(tr("Type"), type.toHtmlEscaped());
    const qint64 size = vocabulary ? vocabulary->tokenCount() : info.tokenizerVocabSize;
    html += row(tr("Vocabulary size"), QLocale().toString(size).toHtmlEscaped());
    if (info.vocabSize && *info.vocabSize != size)
        html += row(tr("config.json"), tr("vocab_size %1 (the embedding's rows; may be padded)")
                                           .arg(QLocale().toString(*info.vocabSize))
                                           .toHtmlEscaped());
    QStringList special;
    for (const QString &t : info.specialTokens)
        special.append(code(t));
    html += row(tr("Special tokens"), special.isEmpty() ? tr("none").toHtmlEscaped() : special.join(u' '));
    html += u"</table>"_s;
    if (!info.addedTokens.isEmpty()) {
        html += u"<h4>"_s + tr("Added tokens (%1)").arg(info.addedTokens.size()).toHtmlEscaped() + u"</h4><table>"_s;
        for (const HfModelInfo::AddedToken &t : info.addedTokens.mid(0, kMaxTokensListed))
            html +=
                QStringLiteral("<tr><td align=\"right\" style=\"padding-right:8px\">%1</td><td>%2</td><td>%3</td></tr>")
                    .arg(t.id)
                    .arg(code(t.content), t.special ? tr("special").toHtmlEscaped() : QString());
        if (info.addedTokens.size() > kMaxTokensListed)
            html += QStringLiteral("<tr><td></td><td>%1</td></tr>")
                        .arg(tr("… and %1 more (in the vocabulary below)")
                                 .arg(info.addedTokens.size() - kMaxTokensListed)
                                 .toHtmlEscaped());
        html += u"</table>"_s;
    }
    if (!info.chatTemplate.isEmpty())
        html += u"<h4>"_s + tr("Chat template").toHtmlEscaped() + u"</h4><pre>"_s + info.chatTemplate.toHtmlEscaped() +
                u"</pre>"_s;
    return html;
}

QString HfSummary::cardFieldsHtml(const HfModelInfo &info)
{
    if (!info.cardHasFrontMatter)
        return u"<p><i>"_s + tr("The card has no front matter (license, tags…).").toHtmlEscaped() + u"</i></p><hr/>"_s;
    QString html = u"<table>"_s;
    for (const auto &[key, value] : info.cardFields)
        html += row(key, value.toHtmlEscaped());
    return html + u"</table><hr/>"_s;
}

} // namespace studio
