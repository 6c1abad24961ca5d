// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/hfvocabulary.h"

#include "base/jsonutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#include <algorithm>
#include <array>

namespace carton {

namespace {

// GPT-2's bytes_to_unicode(): printable Latin-1 bytes stand for themselves, the
// others (controls, space, 0x7f-0xa0, 0xad) for U+0100 upward in byte order.
const std::array<int, 512> &byteOfCodePoint()
{
    static const std::array<int, 512> table = [] {
        std::array<int, 512> t{};
        t.fill(-1);
        int next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
            t[std::size_t(printable ? b : next++)] = b;
        }
        return t;
    }();
    return table;
}

QString visibleWhitespace(const QString &s)
{
    QString out;
    out.reserve(s.size());
    for (const QChar c : s) {
        if (c == u' ')
            out += QChar(0x2423); // ␣
        else if (c == u'\n')
            out += QChar(0x21b5); // ↵
        else if (c == u'\t')
            out += QChar(0x21e5); // ⇥
        else if (c == u'\r')
            out += QStringLiteral("\\r");
        else if (c.unicode() < 0x20)
            out += QStringLiteral("<0x%1>").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

bool mentions(const QJsonValue &v, QLatin1StringView word)
{
    return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact).contains(word.data());
}

} // namespace

QString HfVocabulary::spelledText(const QString &token, Spelling spelling)
{
    if (spelling == Spelling::Metaspace) {
        QString t = token;
        t.replace(QChar(0x2581), u' ');
        return visibleWhitespace(t);
    }
    if (spelling != Spelling::ByteLevel)
        return visibleWhitespace(token);
    QByteArray bytes;
    bytes.reserve(token.size());
    for (const QChar c : token) {
        const int b = c.unicode() < 512 ? byteOfCodePoint()[c.unicode()] : -1;
        if (b < 0)
            return visibleWhitespace(token); // not byte-level spelling (an added token)
        bytes.append(char(b));
    }
    QString out;
    qsizetype i = 0;
    while (i < bytes.size()) {
        // The longest run that decodes cleanly; a lone byte of a character split across tokens as <0xNN>.
        const uchar lead = uchar(bytes[i]);
        const int len = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 0;
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString ch =
            len && i + len <= bytes.size() ? utf8.decode(QByteArrayView(bytes).sliced(i, len)) : QString();
        if (len && !utf8.hasError() && !ch.isEmpty()) {
            out += ch;
            i += len;
        } else {
            out += QStringLiteral("<0x%1>").arg(QString::number(lead, 16).toUpper().rightJustified(2, u'0'));
            ++i;
        }
    }
    return visibleWhitespace(out);
}

Result<HfVocabulary> HfVocabulary::fromJson(const QByteArray &tokenizerJson, const QString &location)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(tokenizerJson, &error);
    if (!doc.isObject())
        return makeError(ErrorCode::Format,
                         doc.isNull() ? QStringLiteral("not JSON: %1").arg(error.errorString())
                                      : QStringLiteral("expected a JSON object"),
                         location);
    const QJsonObject top = doc.object();
    const QJsonObject model = top.value(u"model").toObject();
    HfVocabulary v;
    v.m_type = model.value(u"type").toString();
    if (v.m_type.isEmpty() && model.contains(u"merges"))
        v.m_type = QStringLiteral("BPE");
    if (mentions(top.value(u"decoder"), QLatin1StringView("ByteLevel")) ||
        mentions(top.value(u"pre_tokenizer"), QLatin1StringView("ByteLevel")))
        v.m_spelling = Spelling::ByteLevel;
    else if (mentions(top.value(u"decoder"), QLatin1StringView("Metaspace")) ||
             mentions(top.value(u"pre_tokenizer"), QLatin1StringView("Metaspace")) ||
             QJsonDocument(top.value(u"decoder").toObject()).toJson().contains("\xe2\x96\x81"))
        v.m_spelling = Spelling::Metaspace;

    struct Entry {
        qint64 id;
        QString token;
        quint8 flags;
    };
    QList<Entry> entries;
    const QJsonValue vocab = model.value(u"vocab");
    const QJsonArray added = top.value(u"added_tokens").toArray();
    const qint64 count = (vocab.isObject() ? vocab.toObject().size() : vocab.toArray().size()) + added.size();
    if (count > maxTokens)
        return makeError(ErrorCode::Limit, QStringLiteral("%1 tokens, more than %2").arg(count).arg(maxTokens),
                         location);
    entries.reserve(count);
    if (vocab.isObject()) {
        const QJsonObject o = vocab.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::optional<qint64> id = it.value().isDouble() ? wholeNumber(it.value().toDouble()) : std::nullopt;
            if (!id)
                return makeError(ErrorCode::Format,
                                 QStringLiteral("model.vocab: the id of \"%1\" is not a whole number").arg(it.key()),
                                 location);
            entries.append({*id, it.key(), 0});
        }
    } else if (vocab.isArray()) {
        const QJsonArray a = vocab.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QJsonValue piece = a[i].isArray() ? a[i].toArray().first() : a[i];
            if (!piece.isString())
                return makeError(ErrorCode::Format, QStringLiteral("model.vocab[%1]: expected [piece, score]").arg(i),
                                 location);
            entries.append({i, piece.toString(), 0});
        }
    } else if (!vocab.isUndefined() && !vocab.isNull()) {
        return makeError(ErrorCode::Format, QStringLiteral("model.vocab: expected an object or a list"), location);
    }
    for (qsizetype i = 0; i < added.size(); ++i) {
        const QJsonObject o = added[i].toObject();
        const QJsonValue idValue = o.value(u"id");
        const std::optional<qint64> id = idValue.isDouble() ? wholeNumber(idValue.toDouble()) : qint64(-1);
        if (!id)
            return makeError(ErrorCode::Format,
                             QStringLiteral("added_tokens[%1].id: expected a whole number (a token id), found %2")
                                 .arg(i)
                                 .arg(idValue.toDouble(), 0, 'g', 17),
                             location);
        entries.append(
            {*id, o.value(u"content").toString(), quint8(Added | (o.value(u"special").toBool() ? Special : 0))});
    }
    // Ids index a table: a few gaps are normal, a file whose ids are mostly gaps is refused.
    const qint64 idLimit = std::min<qint64>(maxId, 2 * entries.size() + 65536);
    qint64 largest = -1;
    for (const Entry &e : entries) {
        if (e.id < 0 || e.id >= idLimit)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("token id %1 of \"%2\" is outside 0..%3 (%4 tokens)")
                                 .arg(e.id)
                                 .arg(e.token)
                                 .arg(idLimit - 1)
                                 .arg(entries.size()),
                             location);
        largest = std::max(largest, e.id);
    }
    v.m_tokens.resize(largest + 1);
    v.m_flags.resize(largest + 1, '\0');
    for (Entry &e : entries) {
        if (v.m_tokens[e.id].isNull())
            ++v.m_count;
        v.m_tokens[e.id] = e.token.isNull() ? QStringLiteral("") : std::move(e.token);
        v.m_flags[e.id] = char(quint8(v.m_flags[e.id]) | e.flags);
    }
    v.m_texts.resize(v.m_tokens.size());
    for (qsizetype id = 0; id < v.m_tokens.size(); ++id)
        if (!v.m_tokens[id].isNull())
            v.m_texts[id] = (quint8(v.m_flags[id]) & Added) ? visibleWhitespace(v.m_tokens[id])
                                                            : spelledText(v.m_tokens[id], v.m_spelling);
    return v;
}

} // namespace carton
