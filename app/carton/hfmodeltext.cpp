// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hfmodeltext.h"

#include <QJsonArray>

namespace cli {

using namespace carton;

namespace {

constexpr qsizetype kShownTemplate = 2000; // characters of the chat template in text output

QJsonValue optionalJson(const std::optional<qint64> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QString optionalText(const std::optional<qint64> &v)
{
    return v ? QString::number(*v) : QStringLiteral("?");
}

QJsonObject pairsJson(const QList<std::pair<QString, QString>> &pairs)
{
    QJsonObject o;
    for (const auto &[k, v] : pairs)
        o.insert(k, v);
    return o;
}

} // namespace

QString hfModelText(const HfModelInfo &info)
{
    QString out = QStringLiteral("Hugging Face model folder\n");
    out += QStringLiteral("  model type: %1 (%2)\n")
               .arg(info.modelType.isEmpty() ? QStringLiteral("?") : info.modelType,
                    info.architectures.isEmpty() ? QStringLiteral("no architectures") : info.architectures.join(u", "));
    out += QStringLiteral("  layers %1, hidden size %2, attention heads %3%4, vocabulary %5, context %6%7\n")
               .arg(optionalText(info.layers), optionalText(info.hiddenSize), optionalText(info.heads),
                    info.kvHeads ? QStringLiteral(" (%1 key/value)").arg(*info.kvHeads) : QString(),
                    optionalText(info.vocabSize), optionalText(info.contextLength),
                    info.dtype.isEmpty() ? QString() : QStringLiteral(", dtype %1").arg(info.dtype));
    if (!info.generation.isEmpty()) {
        QStringList g;
        for (const auto &[k, v] : info.generation)
            g.append(k + u'=' + v);
        out += QStringLiteral("  generation: %1\n").arg(g.join(u", "));
    }
    if (info.hasTokenizer) {
        out += QStringLiteral("  tokenizer: %1 tokens, special: %2\n")
                   .arg(info.tokenizerVocabSize)
                   .arg(info.specialTokens.isEmpty() ? QStringLiteral("none") : info.specialTokens.join(u' '));
        if (!info.chatTemplate.isEmpty())
            out += QStringLiteral("  chat template (%1 characters):\n    %2%3\n")
                       .arg(info.chatTemplate.size())
                       .arg(info.chatTemplate.left(kShownTemplate).replace(u'\n', QStringLiteral("\n    ")),
                            info.chatTemplate.size() > kShownTemplate ? QStringLiteral(" …") : QString());
    } else {
        out += QStringLiteral("  tokenizer: none (no tokenizer.json)\n");
    }
    if (!info.hasCard) {
        out += QStringLiteral("  model card: none (no README.md)\n");
    } else if (!info.cardHasFrontMatter) {
        out += QStringLiteral("  model card: no YAML front matter\n");
    } else {
        out += QStringLiteral("  model card:\n");
        for (const auto &[k, v] : info.cardFields)
            out += QStringLiteral("    %1: %2\n").arg(k, v);
    }
    if (!info.cardFirstParagraph.isEmpty())
        out += QStringLiteral("  summary: %1\n").arg(info.cardFirstParagraph);
    out += u'\n';
    return out;
}

QJsonObject hfModelJson(const HfModelInfo &info)
{
    QJsonObject config{{QStringLiteral("model_type"), info.modelType},
                       {QStringLiteral("architectures"), QJsonArray::fromStringList(info.architectures)},
                       {QStringLiteral("layers"), optionalJson(info.layers)},
                       {QStringLiteral("hidden_size"), optionalJson(info.hiddenSize)},
                       {QStringLiteral("attention_heads"), optionalJson(info.heads)},
                       {QStringLiteral("key_value_heads"), optionalJson(info.kvHeads)},
                       {QStringLiteral("vocab_size"), optionalJson(info.vocabSize)},
                       {QStringLiteral("context_length"), optionalJson(info.contextLength)},
                       {QStringLiteral("dtype"), info.dtype}};
    QJsonObject o{{QStringLiteral("config"), config}, {QStringLiteral("generation"), pairsJson(info.generation)}};
    if (info.hasTokenizer)
        o.insert(QStringLiteral("tokenizer"),
                 QJsonObject{{QStringLiteral("vocab_size"), info.tokenizerVocabSize},
                             {QStringLiteral("special_tokens"), QJsonArray::fromStringList(info.specialTokens)},
                             {QStringLiteral("chat_template"), info.chatTemplate}});
    if (info.hasCard)
        o.insert(QStringLiteral("card"),
                 QJsonObject{{QStringLiteral("front_matter"),
                              info.cardHasFrontMatter ? QJsonValue(pairsJson(info.cardFields)) : QJsonValue()},
                             {QStringLiteral("summary"), info.cardFirstParagraph}});
    if (!info.weightsIndex.isEmpty())
        o.insert(QStringLiteral("weights_index"), info.weightsIndex);
    return o;
}

} // namespace cli
