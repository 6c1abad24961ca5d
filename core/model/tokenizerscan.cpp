// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/tokenizerscan.h"

#include "base/jsonutil.h"
#include "base/utf8.h"
#include "tensor/jsonscanner.h"

namespace carton {

namespace {

int hexDigit(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : 0;
}

int hex4(QByteArrayView text, qsizetype at)
{
    int code = 0;
    for (qsizetype i = at; i < at + 4 && i < text.size(); ++i)
        code = code * 16 + hexDigit(text[i]);
    return code;
}

// Appends, as UTF-8, what the bytes of a string between its quotes mean (escapes
// as JsonScanner::stringView() checked them; a lone surrogate becomes U+FFFD, as
// QString::toUtf8() writes it). Never more bytes than `raw` has.
void appendUnescaped(QByteArrayView raw, QByteArray &out)
{
    for (qsizetype i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\') {
            qsizetype end = i + 1;
            while (end < raw.size() && raw[end] != '\\')
                ++end;
            out.append(raw.sliced(i, end - i));
            i = end - 1;
            continue;
        }
        const char e = i + 1 < raw.size() ? raw[++i] : '\\';
        switch (e) {
        case 'b':
            out.append('\b');
            break;
        case 'f':
            out.append('\f');
            break;
        case 'n':
            out.append('\n');
            break;
        case 'r':
            out.append('\r');
            break;
        case 't':
            out.append('\t');
            break;
        case 'u': {
            char32_t cp = char32_t(hex4(raw, i + 1));
            i += 4;
            if (cp >= 0xd800 && cp < 0xdc00 && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
                const char32_t low = char32_t(hex4(raw, i + 3));
                if (low >= 0xdc00 && low < 0xe000) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                    i += 6;
                }
            }
            appendUtf8(out, cp >= 0xd800 && cp < 0xe000 ? char32_t(0xfffd) : cp);
            break;
        }
        default: // '"', '\\', '/'
            out.append(e);
        }
    }
}

class TokenizerScanner {
public:
    explicit TokenizerScanner(QByteArrayView text) : m_text(text), m_json(text, QStringLiteral("tokenizer.json")) {}

    Status scan(TokenizerScan &out)
    {
        if (Status s = m_json.expect('{'); !s)
            return s;
        if (!m_json.accept('}')) {
            do {
                Result<QString> key = memberKey();
                if (!key)
                    return key.error();
                Status s = *key == u"added_tokens"    ? addedTokens(out)
                           : *key == u"model"         ? model(out)
                           : *key == u"decoder"       ? rawValue(out.decoder)
                           : *key == u"pre_tokenizer" ? rawValue(out.preTokenizer)
                                                      : skip(1);
                if (!s)
                    return s;
            } while (m_json.accept(','));
            if (Status s = m_json.expect('}'); !s)
                return s;
        }
        if (m_json.peek() != '\0')
            return m_json.error(QStringLiteral("garbage after the document"));
        return {};
    }

private:
    Status skip(int depth) { return m_json.skipValue(depth); }

    // A member's value kept as its JSON text.
    Status rawValue(QByteArrayView &out)
    {
        (void)m_json.peek(); // past the whitespace
        const qint64 begin = m_json.position();
        if (Status s = skip(1); !s)
            return s;
        out = m_text.sliced(begin, m_json.position() - begin);
        return {};
    }

    // An object member's key and the ':' after it.
    Result<QString> memberKey()
    {
        Result<QString> key = m_json.string();
        if (key)
            if (Status s = m_json.expect(':'); !s)
                return s.error();
        return key;
    }

    // A vocabulary entry's text, as UTF-8 (the file was checked to be UTF-8).
    Status vocabEntry(TokenizerScan &out, TokenizerScan::Entry::Kind kind)
    {
        bool escaped = false;
        Result<QByteArrayView> raw = m_json.stringView(&escaped);
        if (!raw)
            return raw.error();
        if (!escaped) {
            out.vocab.append({*raw, {}, kind});
            return {};
        }
        // Decoded into the one buffer, whose capacity (the whole text: a string
        // never grows by decoding) was reserved, so earlier views stay valid.
        const qsizetype begin = out.decoded.size();
        appendUnescaped(*raw, out.decoded);
        out.vocab.append({QByteArrayView(out.decoded).sliced(begin), {}, kind});
        return {};
    }

    // "model": {"vocab": {token: id, ...}} (BPE, WordPiece, WordLevel) or
    // {"vocab": [[piece, score], ...]} (Unigram).
    Status model(TokenizerScan &out)
    {
        out.type.clear();
        out.hasMerges = false;
        out.vocabKind = TokenizerScan::VocabKind::None;
        out.vocab.clear();
        // out.decoded keeps what it holds: views into it may not move
        if (m_json.peek() != '{')
            return skip(1);
        (void)m_json.accept('{');
        if (m_json.accept('}'))
            return {};
        do {
            Result<QString> key = memberKey();
            if (!key)
                return key.error();
            if (*key == u"type") {
                out.type.clear();
                if (m_json.peek() == '"') {
                    Result<QString> type = m_json.string();
                    if (!type)
                        return type.error();
                    out.type = *type;
                    continue;
                }
            }
            if (*key == u"merges")
                out.hasMerges = true;
            if (*key != u"vocab") {
                if (Status s = skip(2); !s)
                    return s;
                continue;
            }
            out.vocab.clear();
            // out.decoded keeps what it holds: views into it may not move
            out.vocabKind = TokenizerScan::VocabKind::None;
            if (Status s = vocab(out); !s)
                return s;
        } while (m_json.accept(','));
        return m_json.expect('}');
    }

    Status vocab(TokenizerScan &out)
    {
        using Kind = TokenizerScan::Entry::Kind;
        const char open = m_json.peek();
        if (open != '{' && open != '[') {
            out.vocabKind = open == 'n' ? TokenizerScan::VocabKind::None : TokenizerScan::VocabKind::Other;
            return skip(2);
        }
        out.vocabKind = open == '{' ? TokenizerScan::VocabKind::Object : TokenizerScan::VocabKind::Array;
        (void)m_json.accept(open);
        const char close = open == '{' ? '}' : ']';
        if (m_json.accept(close))
            return {};
        do {
            if (open == '{') {
                if (Status s = vocabEntry(out, Kind::Keyed); !s)
                    return s;
                if (Status s = m_json.expect(':'); !s)
                    return s;
                const char c = m_json.peek();
                if (c == '-' || (c >= '0' && c <= '9')) {
                    Result<QByteArrayView> number = m_json.numberView();
                    if (!number)
                        return number.error();
                    out.vocab.last().id = *number;
                } else if (Status s = skip(3); !s) {
                    return s;
                }
                continue;
            }
            // [piece, score]: the piece; a bare string: itself; anything else counts
            // as an empty entry (as QJsonValue::toString() of what is not a string).
            if (m_json.peek() == '"') {
                if (Status s = vocabEntry(out, Kind::Bare); !s)
                    return s;
                continue;
            }
            if (m_json.peek() != '[' || !m_json.accept('[')) {
                if (Status s = skip(3); !s)
                    return s;
                out.vocab.append({QByteArrayView(""), {}, Kind::Other});
                continue;
            }
            if (m_json.accept(']')) {
                out.vocab.append({QByteArrayView(""), {}, Kind::Other});
                continue;
            }
            if (m_json.peek() == '"') {
                if (Status s = vocabEntry(out, Kind::Piece); !s)
                    return s;
            } else {
                if (Status s = skip(4); !s)
                    return s;
                out.vocab.append({QByteArrayView(""), {}, Kind::Other});
            }
            while (m_json.accept(','))
                if (Status s = skip(4); !s)
                    return s;
            if (Status s = m_json.expect(']'); !s)
                return s;
        } while (m_json.accept(','));
        return m_json.expect(close);
    }

    // "added_tokens": [{"content": "...", "special": true, ...}, ...]
    Status addedTokens(TokenizerScan &out)
    {
        out.added.clear();
        if (m_json.peek() != '[')
            return skip(1);
        (void)m_json.accept('[');
        if (m_json.accept(']'))
            return {};
        do {
            TokenizerScan::Added token;
            if (m_json.peek() != '{') {
                if (Status s = skip(2); !s)
                    return s;
                out.added.append(token);
                continue;
            }
            (void)m_json.accept('{');
            if (!m_json.accept('}')) {
                do {
                    Result<QString> key = memberKey();
                    if (!key)
                        return key.error();
                    if (*key == u"content" && m_json.peek() == '"') {
                        Result<QString> content = m_json.string();
                        if (!content)
                            return content.error();
                        token.content = *content;
                        continue;
                    }
                    if (*key == u"id" && (m_json.peek() == '-' || (m_json.peek() >= '0' && m_json.peek() <= '9'))) {
                        Result<qint64> id = tokenId(out.added.size());
                        if (!id)
                            return id.error();
                        token.id = *id;
                        continue;
                    }
                    if (*key == u"id")
                        token.id = -1;
                    if (*key == u"content")
                        token.content.clear();
                    if (*key == u"special")
                        token.special = m_json.peek() == 't';
                    if (Status s = skip(3); !s)
                        return s;
                } while (m_json.accept(','));
                if (Status s = m_json.expect('}'); !s)
                    return s;
            }
            out.added.append(token);
        } while (m_json.accept(','));
        return m_json.expect(']');
    }

    // An added token's id: a whole number, written as QJsonDocument reads it (5, 5.0
    // and 5e0 are 5); a fraction is refused naming the token and what was found.
    Result<qint64> tokenId(qsizetype index)
    {
        Result<QByteArrayView> number = m_json.numberView();
        if (!number)
            return number.error();
        bool ok = false;
        const double value = number->toDouble(&ok);
        std::optional<qint64> id = ok ? wholeNumber(value) : std::nullopt;
        if (!id)
            return makeError(ErrorCode::Format,
                             QStringLiteral("added_tokens[%1].id: expected a whole number (a token id), found %2")
                                 .arg(index)
                                 .arg(QString::fromLatin1(*number)));
        return *id;
    }

    QByteArrayView m_text;
    JsonScanner m_json;
};

} // namespace

QSet<QByteArrayView> TokenizerScan::tokenSet() const
{
    QSet<QByteArrayView> set;
    set.reserve(vocab.size());
    for (const Entry &e : vocab)
        set.insert(e.kind == Entry::Kind::Keyed || e.kind == Entry::Kind::Piece ? e.token : QByteArrayView(""));
    return set;
}

Result<TokenizerScan> scanTokenizer(QByteArrayView text, const QString &path)
{
    if (!isValidUtf8(text))
        return makeError(ErrorCode::Format, QStringLiteral("not JSON: invalid UTF-8"), path);
    TokenizerScan scan;
    scan.decoded.reserve(text.size());
    if (Status s = TokenizerScanner(text).scan(scan); !s) {
        // Valid JSON the scan refused is refused for what it holds (an object) or for
        // not being an object; only text that is no JSON at all is "not JSON".
        JsonScanner whole(text);
        const bool object = whole.peek() == '{';
        const bool json = whole.skipValue() && whole.peek() == '\0';
        return makeError(ErrorCode::Format,
                         json ? (object ? s.error().message : QStringLiteral("expected a JSON object"))
                              : QStringLiteral("not JSON: %1").arg(s.error().message),
                         path);
    }
    return scan;
}

} // namespace carton
