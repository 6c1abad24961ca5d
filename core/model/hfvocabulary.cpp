// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/hfvocabulary.h"

#include "base/jsonutil.h"
#include "model/tokenizerscan.h"

#include <QVarLengthArray>
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

// Appends code point `cp` with whitespace made visible.
void appendVisible(QString &out, char32_t cp)
{
    if (cp == u' ')
        out += QChar(0x2423); // ␣
    else if (cp == u'\n')
        out += QChar(0x21b5); // ↵
    else if (cp == u'\t')
        out += QChar(0x21e5); // ⇥
    else if (cp == u'\r')
        out += QStringLiteral("\\r");
    else if (cp < 0x20)
        out += QStringLiteral("<0x%1>").arg(uint(cp), 2, 16, QLatin1Char('0'));
    else if (cp < 0x10000)
        out += QChar(char16_t(cp));
    else
        out += QChar::fromUcs4(cp);
}

QString visibleWhitespace(const QString &s)
{
    if (std::none_of(s.cbegin(), s.cend(), [](QChar c) { return c.unicode() <= 0x20; }))
        return s; // nothing to show differently: shared, not copied
    QString out;
    out.reserve(s.size() + 4);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c.isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate()) {
            out += c;
            out += s[++i];
        } else {
            appendVisible(out, c.unicode());
        }
    }
    return out;
}

// The code point of the UTF-8 sequence of `len` bytes at `p` (its lead byte
// checked), or -1 when it is not a whole, shortest-form scalar value.
qint32 decodeUtf8(const uchar *p, int len)
{
    qint32 cp = len == 2 ? (p[0] & 0x1f) : len == 3 ? (p[0] & 0x0f) : (p[0] & 0x07);
    for (int k = 1; k < len; ++k) {
        if ((p[k] & 0xc0) != 0x80)
            return -1;
        cp = (cp << 6) | (p[k] & 0x3f);
    }
    static constexpr qint32 smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < smallest[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1;
    return cp;
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
    QVarLengthArray<uchar, 64> bytes;
    bool plain = true; // printable ASCII only: the text is the token
    for (const QChar c : token) {
        const int b = c.unicode() < 512 ? byteOfCodePoint()[c.unicode()] : -1;
        if (b < 0)
            return visibleWhitespace(token); // not byte-level spelling (an added token)
        bytes.append(uchar(b));
        plain = plain && b > 0x20 && b < 0x7f;
    }
    if (plain)
        return token;
    // ASCII with spaces, newlines and tabs (most of the rest): one character each.
    if (std::all_of(bytes.cbegin(), bytes.cend(),
                    [](uchar b) { return b < 0x7f && (b >= 0x20 || b == u'\n' || b == u'\t'); })) {
        QString out(bytes.size(), Qt::Uninitialized);
        QChar *o = out.data();
        for (const uchar b : bytes)
            *o++ = b == u' '    ? QChar(0x2423)
                   : b == u'\n' ? QChar(0x21b5)
                   : b == u'\t' ? QChar(0x21e5)
                                : QChar(char16_t(b));
        return out;
    }
    QString out;
    out.reserve(bytes.size() + 4);
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n) {
        // The longest run that decodes cleanly; a lone byte of a character split across tokens as <0xNN>.
        const uchar lead = bytes[i];
        if (lead < 0x80) {
            appendVisible(out, lead);
            ++i;
            continue;
        }
        const int len = (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 0;
        const qint32 cp = len && i + len <= n ? decodeUtf8(bytes.constData() + i, len) : -1;
        if (cp >= 0) {
            appendVisible(out, char32_t(cp));
            i += len;
        } else {
            out += QStringLiteral("<0x%1>").arg(QString::number(lead, 16).toUpper().rightJustified(2, u'0'));
            ++i;
        }
    }
    return out;
}

Result<HfVocabulary> HfVocabulary::fromJson(const QByteArray &tokenizerJson, const QString &location)
{
    Result<TokenizerScan> scanned = scanTokenizer(tokenizerJson, location);
    if (!scanned)
        return scanned.error();
    const TokenizerScan &scan = *scanned;
    HfVocabulary v;
    v.m_type = scan.type;
    if (v.m_type.isEmpty() && scan.hasMerges)
        v.m_type = QStringLiteral("BPE");
    auto mentions = [&](QByteArrayView word) {
        return scan.decoder.contains(word) || scan.preTokenizer.contains(word);
    };
    if (mentions("ByteLevel"))
        v.m_spelling = Spelling::ByteLevel;
    else if (mentions("Metaspace") || scan.decoder.contains("\xe2\x96\x81") ||
             scan.decoder.toByteArray().toLower().contains("\\u2581"))
        v.m_spelling = Spelling::Metaspace;
    if (scan.vocabKind == TokenizerScan::VocabKind::Other)
        return makeError(ErrorCode::Format, QStringLiteral("model.vocab: expected an object or a list"), location);

    const qint64 count = scan.vocab.size() + scan.added.size();
    if (count > maxTokens)
        return makeError(ErrorCode::Limit, QStringLiteral("%1 tokens, more than %2").arg(count).arg(maxTokens),
                         location);
    // Every entry's id first (checked), then one table of that size filled in.
    QList<qint64> ids(count);
    const bool keyed = scan.vocabKind == TokenizerScan::VocabKind::Object;
    for (qsizetype i = 0; i < scan.vocab.size(); ++i) {
        const TokenizerScan::Entry &e = scan.vocab[i];
        if (!keyed) {
            if (e.kind == TokenizerScan::Entry::Kind::Other)
                return makeError(ErrorCode::Format, QStringLiteral("model.vocab[%1]: expected [piece, score]").arg(i),
                                 location);
            ids[i] = i;
            continue;
        }
        std::optional<qint64> id;
        if (!e.id.isEmpty() && e.id.size() < 16 &&
            std::all_of(e.id.begin(), e.id.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            id = 0;
            for (const char c : e.id)
                *id = *id * 10 + (c - '0');
        } else if (!e.id.isEmpty()) {
            bool ok = false;
            const double value = e.id.toDouble(&ok);
            id = ok ? wholeNumber(value) : std::nullopt;
        }
        if (!id)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("model.vocab: the id of \"%1\" is not a whole number").arg(QString::fromUtf8(e.token)),
                location);
        ids[i] = *id;
    }
    for (qsizetype i = 0; i < scan.added.size(); ++i)
        ids[scan.vocab.size() + i] = scan.added[i].id;
    // Ids index a table: a few gaps are normal, a file whose ids are mostly gaps is refused.
    const qint64 idLimit = std::min<qint64>(maxId, 2 * count + 65536);
    qint64 largest = -1;
    for (qsizetype i = 0; i < count; ++i) {
        const qint64 id = ids[i];
        if (id < 0 || id >= idLimit)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("token id %1 of \"%2\" is outside 0..%3 (%4 tokens)")
                                 .arg(id)
                                 .arg(i < scan.vocab.size() ? QString::fromUtf8(scan.vocab[i].token)
                                                            : scan.added[i - scan.vocab.size()].content)
                                 .arg(idLimit - 1)
                                 .arg(count),
                             location);
        largest = std::max(largest, id);
    }
    v.m_tokens.resize(largest + 1);
    v.m_texts.resize(largest + 1);
    v.m_flags.resize(largest + 1, '\0');
    auto place = [&v](qint64 id, QString token, quint8 flags) {
        if (v.m_tokens[id].isNull())
            ++v.m_count;
        v.m_tokens[id] = token.isNull() ? QStringLiteral("") : std::move(token);
        v.m_flags[id] = char(quint8(v.m_flags[id]) | flags);
    };
    for (qsizetype i = 0; i < scan.vocab.size(); ++i)
        place(ids[i], QString::fromUtf8(scan.vocab[i].token), 0);
    for (qsizetype i = 0; i < scan.added.size(); ++i) {
        const TokenizerScan::Added &a = scan.added[i];
        place(ids[scan.vocab.size() + i], a.content, quint8(Added | (a.special ? Special : 0)));
    }
    for (qsizetype id = 0; id < v.m_tokens.size(); ++id)
        if (!v.m_tokens[id].isNull())
            v.m_texts[id] = (quint8(v.m_flags[id]) & Added) ? visibleWhitespace(v.m_tokens[id])
                                                            : spelledText(v.m_tokens[id], v.m_spelling);
    return v;
}

} // namespace carton
