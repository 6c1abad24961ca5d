// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/hfmodelinfo.h"

#include "base/jsonutil.h"
#include "base/utf8.h"
#include "model/tokenizerscan.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <deque>

namespace carton {

namespace {

constexpr qint64 kMaxSmallJson = 4 << 20;      // config.json, generation_config.json, tokenizer_config.json
constexpr qint64 kMaxTokenizerJson = 64 << 20; // tokenizer.json (large vocabularies and merges)
constexpr qint64 kMaxCard = 1 << 20;           // README.md

Result<std::optional<QJsonObject>> readJsonObject(const HfFileReader &read, const QString &location,
                                                  const QString &name, qint64 cap)
{
    Result<std::optional<QByteArray>> bytes = read(name, cap);
    if (!bytes)
        return bytes.error();
    if (!*bytes)
        return std::optional<QJsonObject>();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(**bytes, &error);
    if (!doc.isObject())
        return makeError(ErrorCode::Format,
                         doc.isNull() ? QStringLiteral("not JSON: %1").arg(error.errorString())
                                      : QStringLiteral("expected a JSON object"),
                         QDir(location).filePath(name));
    return std::optional<QJsonObject>(doc.object());
}

std::optional<qint64> firstInt(const QJsonObject &o, std::initializer_list<const char *> keys)
{
    for (const char *key : keys) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isDouble())
            return v.toInteger();
    }
    return std::nullopt;
}

QString scalarText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 12);
    if (v.isNull())
        return QStringLiteral("null");
    return QString::fromUtf8(v.isArray() ? QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)
                                         : QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
}

void readConfig(const QJsonObject &top, HfModelInfo &info)
{
    info.modelType = top.value(u"model_type").toString();
    for (const QJsonValue &a : top.value(u"architectures").toArray())
        info.architectures.append(a.toString());
    // Multimodal models keep the language model's figures in text_config.
    const QJsonObject text = top.value(u"text_config").toObject();
    const auto pick = [&](std::initializer_list<const char *> keys) {
        std::optional<qint64> v = firstInt(top, keys);
        return v ? v : firstInt(text, keys);
    };
    info.layers = pick({"num_hidden_layers", "n_layer", "num_layers"});
    info.hiddenSize = pick({"hidden_size", "n_embd", "d_model"});
    info.heads = pick({"num_attention_heads", "n_head"});
    info.kvHeads = pick({"num_key_value_heads"});
    info.vocabSize = pick({"vocab_size"});
    info.contextLength = pick({"max_position_embeddings", "n_positions", "max_sequence_length", "seq_length"});
    info.dtype = top.value(u"torch_dtype").toString(top.value(u"dtype").toString());
    info.config = top;
}

QString tokenText(const QJsonValue &v)
{
    return v.isObject() ? v.toObject().value(u"content").toString() : v.toString();
}

void readTokenizer(const TokenizerScan &tokenizer, const std::optional<QJsonObject> &config, HfModelInfo &info)
{
    info.tokenizerType = tokenizer.type;
    qint64 added = 0;
    const QSet<QByteArrayView> vocab = tokenizer.tokenSet();
    for (const TokenizerScan::Added &t : tokenizer.added) {
        info.addedTokens.append({t.id, t.content, t.special});
        if (!vocab.contains(QByteArrayView(t.content.toUtf8())))
            ++added;
        if (t.special && !info.specialTokens.contains(t.content))
            info.specialTokens.append(t.content);
    }
    info.tokenizerVocabSize = vocab.size() + added;
    if (!config)
        return;
    for (const char *key : {"bos_token", "eos_token", "unk_token", "pad_token"}) {
        const QString t = tokenText(config->value(QLatin1String(key)));
        if (!t.isEmpty() && !info.specialTokens.contains(t))
            info.specialTokens.append(t);
    }
    const QJsonValue chat = config->value(u"chat_template");
    if (chat.isString()) {
        info.chatTemplate = chat.toString();
    } else {
        QStringList named;
        for (const QJsonValue &t : chat.toArray())
            named.append(t.toObject().value(u"name").toString() + QStringLiteral(":\n") +
                         t.toObject().value(u"template").toString());
        info.chatTemplate = named.join(QStringLiteral("\n\n"));
    }
}

QString unquote(QString v)
{
    v = v.trimmed();
    if (v.size() >= 2 && ((v.startsWith(u'"') && v.endsWith(u'"')) || (v.startsWith(u'\'') && v.endsWith(u'\''))))
        return v.mid(1, v.size() - 2);
    return v;
}

QString yamlValue(const QString &raw)
{
    const QString v = raw.trimmed();
    if (v.startsWith(u'[') && v.endsWith(u']')) {
        QStringList items;
        for (const QString &item : v.mid(1, v.size() - 2).split(u','))
            if (!item.trimmed().isEmpty())
                items.append(unquote(item));
        return items.join(QStringLiteral(", "));
    }
    return unquote(v);
}

// The card's first paragraph: the first run of text lines that is not a heading,
// an image, HTML, a table or a code fence.
QString firstParagraph(const QString &text)
{
    QStringList lines;
    bool inFence = false;
    for (const QString &raw : text.split(u'\n')) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("```"))) {
            inFence = !inFence;
            if (!lines.isEmpty())
                break;
            continue;
        }
        if (inFence)
            continue;
        const bool skip = line.startsWith(u'#') || line.startsWith(u'!') || line.startsWith(u'<') ||
                          line.startsWith(u'|') || line.startsWith(QLatin1String("[!["));
        if (line.isEmpty() || skip) {
            if (!lines.isEmpty())
                break;
            continue;
        }
        lines.append(line);
    }
    return lines.join(u' ');
}

} // namespace

QString HfModelInfo::cardField(const QString &key) const
{
    for (const auto &[k, v] : cardFields)
        if (k == key)
            return v;
    return {};
}

std::optional<QList<std::pair<QString, QString>>> cardFrontMatter(const QString &card, QString *rest)
{
    QStringList lines = card.split(u'\n');
    for (QString &l : lines)
        if (l.endsWith(u'\r'))
            l.chop(1);
    if (lines.isEmpty() || lines.first().trimmed() != u"---") {
        if (rest)
            *rest = card;
        return std::nullopt;
    }
    qsizetype end = 1;
    while (end < lines.size() && lines[end].trimmed() != u"---")
        ++end;
    if (end == lines.size()) {
        if (rest)
            *rest = card;
        return std::nullopt;
    }
    QList<std::pair<QString, QString>> fields;
    QString listKey;
    QStringList listItems;
    const auto flush = [&] {
        if (!listKey.isEmpty())
            fields.append({listKey, listItems.join(QStringLiteral(", "))});
        listKey.clear();
        listItems.clear();
    };
    for (qsizetype i = 1; i < end; ++i) {
        const QString &line = lines[i];
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(u'#'))
            continue;
        const bool indented = line.startsWith(u' ') || line.startsWith(u'\t');
        const QString t = line.trimmed();
        if (indented || t.startsWith(QLatin1String("- "))) {
            if (!listKey.isEmpty() && t.startsWith(QLatin1String("- ")))
                listItems.append(yamlValue(t.mid(2)));
            else if (!listKey.isEmpty() && t.startsWith(u'-'))
                listItems.append(yamlValue(t.mid(1)));
            else if (!listKey.isEmpty() && indented && t.contains(u':'))
                listItems.append(t.left(t.indexOf(u':')).trimmed()); // a nested map: its keys
            continue;
        }
        flush();
        const qsizetype colon = t.indexOf(u':');
        if (colon <= 0)
            continue;
        const QString key = t.left(colon).trimmed();
        const QString value = t.mid(colon + 1).trimmed();
        if (value.isEmpty())
            listKey = key;
        else
            fields.append({key, yamlValue(value)});
    }
    flush();
    if (rest)
        *rest = lines.mid(end + 1).join(u'\n');
    return fields;
}

bool isHfModelFolder(const QString &dir)
{
    const QDir d(dir);
    return QFileInfo(d.filePath(QStringLiteral("config.json"))).isFile() &&
           (QFileInfo(d.filePath(QStringLiteral("model.safetensors"))).isFile() ||
            QFileInfo(d.filePath(QStringLiteral("model.safetensors.index.json"))).isFile());
}

Result<HfModelInfo> readHfModelInfo(const QString &dirPath, const Limits &limits)
{
    Q_UNUSED(limits);
    const QDir dir(dirPath);
    Result<HfModelInfo> info = readHfModelInfo(hfFolderReader(dirPath), dirPath);
    if (!info)
        return info;
    if (QFileInfo(dir.filePath(QStringLiteral("model.safetensors.index.json"))).isFile())
        info->weightsIndex = QStringLiteral("model.safetensors.index.json");
    else if (QFileInfo(dir.filePath(QStringLiteral("model.safetensors"))).isFile())
        info->weightFiles.append(QStringLiteral("model.safetensors"));
    return info;
}

Result<HfModelInfo> readHfModelInfo(const HfFileReader &read, const QString &location,
                                    std::optional<QByteArray> *tokenizerJson)
{
    HfModelInfo info;
    Result<std::optional<QJsonObject>> config =
        readJsonObject(read, location, QStringLiteral("config.json"), kMaxSmallJson);
    if (!config)
        return config.error();
    if (!*config)
        return makeError(ErrorCode::NotFound, QStringLiteral("no config.json: not a Hugging Face model folder"),
                         location);
    readConfig(**config, info);

    Result<std::optional<QJsonObject>> generation =
        readJsonObject(read, location, QStringLiteral("generation_config.json"), kMaxSmallJson);
    if (!generation)
        return generation.error();
    if (*generation)
        for (auto it = (*generation)->begin(); it != (*generation)->end(); ++it)
            info.generation.append({it.key(), scalarText(it.value())});

    Result<std::optional<QByteArray>> tokenizerBytes = read(QStringLiteral("tokenizer.json"), kMaxTokenizerJson);
    if (!tokenizerBytes)
        return tokenizerBytes.error();
    std::optional<TokenizerScan> tokenizer;
    if (*tokenizerBytes) {
        Result<TokenizerScan> scanned =
            scanTokenizer(**tokenizerBytes, QDir(location).filePath(QStringLiteral("tokenizer.json")));
        if (!scanned)
            return scanned.error();
        tokenizer = std::move(scanned).value();
    }
    Result<std::optional<QJsonObject>> tokenizerConfig =
        readJsonObject(read, location, QStringLiteral("tokenizer_config.json"), kMaxSmallJson);
    if (!tokenizerConfig)
        return tokenizerConfig.error();
    if (tokenizer) {
        info.hasTokenizer = true;
        readTokenizer(*tokenizer, *tokenizerConfig, info);
    }

    Result<std::optional<QByteArray>> card = read(QStringLiteral("README.md"), kMaxCard);
    if (!card)
        return card.error();
    if (*card) {
        info.hasCard = true;
        const QString text = QString::fromUtf8(**card);
        std::optional<QList<std::pair<QString, QString>>> fields = cardFrontMatter(text, &info.cardText);
        info.cardHasFrontMatter = fields.has_value();
        if (fields)
            info.cardFields = *fields;
        info.cardFirstParagraph = firstParagraph(info.cardText);
    }
    tokenizer.reset(); // its vocabulary views the bytes handed out here
    if (tokenizerJson)
        *tokenizerJson = std::move(*tokenizerBytes);
    return info;
}

} // namespace carton
