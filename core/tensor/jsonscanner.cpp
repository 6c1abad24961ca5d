// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/jsonscanner.h"

#include <limits>
#include <string_view>

namespace carton {

namespace {
constexpr int kMaxDepth = 64;

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}
} // namespace

void JsonScanner::skipSpace()
{
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        ++m_pos;
    }
}

char JsonScanner::peek()
{
    skipSpace();
    return atEnd() ? '\0' : m_text[m_pos];
}

Error JsonScanner::error(const QString &message) const
{
    return makeError(ErrorCode::Format, QStringLiteral("at byte %1 of %2: %3").arg(m_pos).arg(m_what, message));
}

QString JsonScanner::found() const
{
    if (atEnd())
        return QStringLiteral("the end of %1").arg(m_what);
    const char c = m_text[m_pos];
    if (c >= 0x20 && c < 0x7f)
        return QStringLiteral("'%1'").arg(QLatin1Char(c));
    return QStringLiteral("byte 0x%1").arg(quint8(c), 2, 16, QLatin1Char('0'));
}

Status JsonScanner::expect(char c)
{
    if (peek() == c && !atEnd()) {
        ++m_pos;
        return {};
    }
    return error(QStringLiteral("expected '%1', found %2").arg(QLatin1Char(c)).arg(found()));
}

bool JsonScanner::accept(char c)
{
    if (peek() == c && !atEnd()) {
        ++m_pos;
        return true;
    }
    return false;
}

Result<QString> JsonScanner::string()
{
    if (Status s = expect('"'); !s)
        return s.error();
    QString out;
    qint64 runStart = m_pos;
    auto flush = [&] { out += QString::fromUtf8(m_text.sliced(runStart, m_pos - runStart)); };
    while (true) {
        if (atEnd())
            return error(QStringLiteral("unterminated string"));
        const char c = m_text[m_pos];
        if (c == '"') {
            flush();
            ++m_pos;
            return out;
        }
        if (quint8(c) < 0x20)
            return error(QStringLiteral("control character 0x%1 in a string must be escaped")
                             .arg(quint8(c), 2, 16, QLatin1Char('0')));
        if (c != '\\') {
            ++m_pos;
            continue;
        }
        flush();
        if (m_pos + 1 >= m_text.size())
            return error(QStringLiteral("unterminated escape"));
        const char e = m_text[m_pos + 1];
        m_pos += 2;
        switch (e) {
        case '"':
            out += u'"';
            break;
        case '\\':
            out += u'\\';
            break;
        case '/':
            out += u'/';
            break;
        case 'b':
            out += u'\b';
            break;
        case 'f':
            out += u'\f';
            break;
        case 'n':
            out += u'\n';
            break;
        case 'r':
            out += u'\r';
            break;
        case 't':
            out += u'\t';
            break;
        case 'u': {
            if (m_pos + 4 > m_text.size())
                return error(QStringLiteral("truncated \\u escape"));
            int code = 0;
            for (int i = 0; i < 4; ++i) {
                const int h = hexValue(m_text[m_pos + i]);
                if (h < 0)
                    return error(QStringLiteral("bad \\u escape"));
                code = code * 16 + h;
            }
            m_pos += 4;
            out += QChar(char16_t(code));
            break;
        }
        default:
            m_pos -= 1;
            return error(QStringLiteral("unknown escape \\%1").arg(QLatin1Char(e)));
        }
        runStart = m_pos;
    }
}

Result<QByteArrayView> JsonScanner::stringView(bool *escaped)
{
    if (Status s = expect('"'); !s)
        return s.error();
    const qint64 start = m_pos;
    *escaped = false;
    while (true) {
        if (atEnd())
            return error(QStringLiteral("unterminated string"));
        const char c = m_text[m_pos];
        if (c == '"') {
            ++m_pos;
            return m_text.sliced(start, m_pos - 1 - start);
        }
        if (quint8(c) < 0x20)
            return error(QStringLiteral("control character 0x%1 in a string must be escaped")
                             .arg(quint8(c), 2, 16, QLatin1Char('0')));
        if (c != '\\') {
            ++m_pos;
            continue;
        }
        *escaped = true;
        if (m_pos + 1 >= m_text.size())
            return error(QStringLiteral("unterminated escape"));
        const char e = m_text[m_pos + 1];
        m_pos += 2;
        if (e == 'u') {
            if (m_pos + 4 > m_text.size())
                return error(QStringLiteral("truncated \\u escape"));
            for (int i = 0; i < 4; ++i)
                if (hexValue(m_text[m_pos + i]) < 0)
                    return error(QStringLiteral("bad \\u escape"));
            m_pos += 4;
        } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
            m_pos -= 1;
            return error(QStringLiteral("unknown escape \\%1").arg(QLatin1Char(e)));
        }
    }
}

Result<qint64> JsonScanner::unsignedInteger()
{
    skipSpace();
    const qint64 start = m_pos;
    if (atEnd() || m_text[m_pos] < '0' || m_text[m_pos] > '9')
        return error(QStringLiteral("expected a non-negative integer, found %1").arg(found()));
    if (m_text[m_pos] == '0' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] >= '0' && m_text[m_pos + 1] <= '9')
        return error(QStringLiteral("integers must not have leading zeros"));
    qint64 value = 0;
    while (!atEnd() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
        const int digit = m_text[m_pos] - '0';
        if (value > (std::numeric_limits<qint64>::max() - digit) / 10) {
            m_pos = start;
            return error(QStringLiteral("integer too large (more than 2^63 - 1)"));
        }
        value = value * 10 + digit;
        ++m_pos;
    }
    if (!atEnd() && (m_text[m_pos] == '.' || m_text[m_pos] == 'e' || m_text[m_pos] == 'E'))
        return error(QStringLiteral("expected an integer, found a fraction or exponent"));
    return value;
}

Result<QByteArrayView> JsonScanner::numberView()
{
    skipSpace();
    const qint64 start = m_pos;
    if (Status s = skipNumber(); !s)
        return s.error();
    return m_text.sliced(start, m_pos - start);
}

Status JsonScanner::skipNumber()
{
    accept('-');
    if (atEnd() || m_text[m_pos] < '0' || m_text[m_pos] > '9')
        return error(QStringLiteral("expected a value, found %1").arg(found()));
    auto digits = [this] {
        while (!atEnd() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
            ++m_pos;
    };
    digits();
    if (!atEnd() && m_text[m_pos] == '.') {
        ++m_pos;
        digits();
    }
    if (!atEnd() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
        ++m_pos;
        if (!atEnd() && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
            ++m_pos;
        digits();
    }
    return {};
}

Status JsonScanner::skipValue(int depth)
{
    if (depth > kMaxDepth)
        return error(QStringLiteral("nested more than %1 levels deep").arg(kMaxDepth));
    const char c = peek();
    if (c == '"') {
        bool escaped = false;
        return stringView(&escaped).ok() ? Status() : Status(error(QStringLiteral("bad string")));
    }
    if (c == '{' || c == '[') {
        const char close = c == '{' ? '}' : ']';
        ++m_pos;
        if (accept(close))
            return {};
        do {
            if (c == '{') {
                bool escaped = false;
                Result<QByteArrayView> key = stringView(&escaped);
                if (!key)
                    return key.error();
                if (Status s = expect(':'); !s)
                    return s;
            }
            if (Status s = skipValue(depth + 1); !s)
                return s;
        } while (accept(','));
        return expect(close);
    }
    for (const char *word : {"true", "false", "null"}) {
        const QByteArrayView w(word);
        if (m_text.sliced(m_pos).startsWith(w)) {
            m_pos += w.size();
            return {};
        }
    }
    return skipNumber();
}

} // namespace carton
