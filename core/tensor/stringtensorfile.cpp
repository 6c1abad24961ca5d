// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/stringtensorfile.h"

#include "base/utf8.h"
#include "format/tomlutil.h"

#include <algorithm>
#include <optional>

namespace carton {

namespace {

// Files up to this size that the scanner does not follow go through toml++.
constexpr qsizetype kGeneralParseCap = 1 << 20;

// Why the scanner stopped: where and what it found instead of the layout.
struct Bail {
    qsizetype offset = 0;
    QString what;
};

// A control character TOML forbids in strings (tab is allowed).
bool isForbiddenControl(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\t') || u == 0x7F;
}

// Scans `data = [ strings ]` in one pass.
class Scanner {
public:
    explicit Scanner(QByteArrayView text) : m_text(text) {}

    qsizetype pos() const { return m_pos; }
    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek(qsizetype ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text.at(m_pos + ahead) : '\0'; }
    bool startsWith(const char *s) const { return m_text.sliced(m_pos).startsWith(QByteArrayView(s)); }

    // Spaces, tabs, comments and (when allowed) newlines.
    void skipBlank(bool newlines)
    {
        while (!atEnd()) {
            const char c = peek();
            if (c == ' ' || c == '\t') {
                ++m_pos;
            } else if (newlines && (c == '\n' || (c == '\r' && peek(1) == '\n'))) {
                m_pos += c == '\r' ? 2 : 1;
            } else if (c == '#') {
                while (!atEnd() && peek() != '\n' && peek() != '\r')
                    ++m_pos;
            } else {
                return;
            }
        }
    }

    // The key `data`, bare or quoted.
    bool key()
    {
        for (const char *k : {"data", "\"data\"", "'data'"}) {
            if (startsWith(k)) {
                m_pos += qsizetype(qstrlen(k));
                const char c = peek();
                if (c == ' ' || c == '\t' || c == '=')
                    return true;
                m_pos -= qsizetype(qstrlen(k));
            }
        }
        return false;
    }

    bool accept(char c)
    {
        if (peek() != c)
            return false;
        ++m_pos;
        return true;
    }

    // One string value in any of TOML's four forms, as UTF-8 bytes.
    std::optional<QByteArray> string(Bail &bail)
    {
        const qsizetype start = m_pos;
        const bool literal = peek() == '\'';
        const char quote = literal ? '\'' : '"';
        const bool multi = peek(1) == quote && peek(2) == quote;
        m_pos += multi ? 3 : 1;
        if (multi && (peek() == '\n' || (peek() == '\r' && peek(1) == '\n'))) // a newline after the opening is trimmed
            m_pos += peek() == '\r' ? 2 : 1;
        QByteArray out;
        for (;;) {
            if (atEnd()) {
                bail = {start, QStringLiteral("a string that is not closed")};
                return std::nullopt;
            }
            const char c = peek();
            if (c == quote) {
                if (!multi) {
                    ++m_pos;
                    return out;
                }
                qsizetype run = 0;
                while (peek(run) == quote)
                    ++run;
                if (run >= 3) {
                    if (run > 5) {
                        bail = {m_pos, QStringLiteral("too many quotes closing a string")};
                        return std::nullopt;
                    }
                    out.append(run - 3, quote);
                    m_pos += run;
                    return out;
                }
                out.append(run, quote);
                m_pos += run;
                continue;
            }
            if (c == '\n' || (c == '\r' && peek(1) == '\n')) {
                if (!multi) {
                    bail = {start, QStringLiteral("a string that is not closed on its line")};
                    return std::nullopt;
                }
                out.append('\n');
                m_pos += c == '\r' ? 2 : 1;
                continue;
            }
            if (isForbiddenControl(c)) {
                bail = {m_pos, QStringLiteral("a control character in a string")};
                return std::nullopt;
            }
            if (c == '\\' && !literal) {
                if (!escape(out, multi, bail))
                    return std::nullopt;
                continue;
            }
            out.append(c);
            ++m_pos;
        }
    }

private:
    bool escape(QByteArray &out, bool multi, Bail &bail)
    {
        const qsizetype at = m_pos;
        const char e = peek(1);
        m_pos += 2;
        switch (e) {
        case 'b':
            out.append('\b');
            return true;
        case 't':
            out.append('\t');
            return true;
        case 'n':
            out.append('\n');
            return true;
        case 'f':
            out.append('\f');
            return true;
        case 'r':
            out.append('\r');
            return true;
        case '"':
            out.append('"');
            return true;
        case '\\':
            out.append('\\');
            return true;
        case 'u':
        case 'U': {
            const int digits = e == 'u' ? 4 : 8;
            char32_t cp = 0;
            for (int i = 0; i < digits; ++i) {
                const int d = QChar::fromLatin1(peek(i)).isDigit() ? peek(i) - '0'
                              : (peek(i) >= 'a' && peek(i) <= 'f') ? peek(i) - 'a' + 10
                              : (peek(i) >= 'A' && peek(i) <= 'F') ? peek(i) - 'A' + 10
                                                                   : -1;
                if (d < 0) {
                    bail = {
                        at,
                        QStringLiteral("a \\%1 escape without %2 hex digits").arg(QChar::fromLatin1(e)).arg(digits)};
                    return false;
                }
                cp = (cp << 4) | char32_t(d);
            }
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                bail = {at, QStringLiteral("an escape that is not a Unicode scalar value")};
                return false;
            }
            m_pos += digits;
            appendUtf8(out, cp);
            return true;
        }
        default:
            break;
        }
        if (multi) { // a line-ending backslash trims the newline and the blanks after it
            m_pos = at + 1;
            while (peek() == ' ' || peek() == '\t')
                ++m_pos;
            if (peek() == '\n' || (peek() == '\r' && peek(1) == '\n')) {
                while (peek() == ' ' || peek() == '\t' || peek() == '\n' || (peek() == '\r' && peek(1) == '\n'))
                    m_pos += peek() == '\r' ? 2 : 1;
                return true;
            }
        }
        bail = {at, QStringLiteral("an unknown escape sequence")};
        return false;
    }

    QByteArrayView m_text;
    qsizetype m_pos = 0;
};

QString lineColumn(QByteArrayView text, qsizetype offset)
{
    const QByteArrayView before = text.first(std::min(offset, text.size()));
    const qsizetype line = before.count('\n') + 1;
    const qsizetype lastNewline = before.lastIndexOf('\n');
    return QStringLiteral("%1:%2").arg(line).arg(offset - lastNewline);
}

// The count check, located at the array (line:column), as the TOML parser's is.
Error countError(qint64 found, qint64 expected, const QString &location, bool more)
{
    const QString message =
        more
            ? QStringLiteral("field \"data\" has more strings than the %1 the tensor's shape needs").arg(expected)
            : QStringLiteral("field \"data\" has %1 strings, but the tensor's shape needs %2").arg(found).arg(expected);
    return makeError(ErrorCode::Format, message, location);
}

// The streaming path. nullopt + bail: the text is not in the one-array layout.
std::optional<Result<QStringList>> scan(QByteArrayView text, qint64 expectedCount, const QString &fileName, Bail &bail)
{
    if (!isValidUtf8(text)) {
        bail = {0, QStringLiteral("bytes that are not UTF-8")};
        return std::nullopt;
    }
    Scanner s(text);
    s.skipBlank(true);
    if (!s.key()) {
        bail = {s.pos(), QStringLiteral("something other than the key \"data\"")};
        return std::nullopt;
    }
    s.skipBlank(false);
    if (!s.accept('=')) {
        bail = {s.pos(), QStringLiteral("no \"=\" after the key")};
        return std::nullopt;
    }
    s.skipBlank(false);
    const QString arrayAt = QStringLiteral("%1:%2").arg(fileName, lineColumn(text, s.pos()));
    if (!s.accept('[')) {
        bail = {s.pos(), QStringLiteral("a value that is not an array")};
        return std::nullopt;
    }
    QStringList values;
    values.reserve(qsizetype(std::min<qint64>(expectedCount, 1 << 16)));
    for (;;) {
        s.skipBlank(true);
        if (s.accept(']'))
            break;
        if (s.peek() != '"' && s.peek() != '\'') {
            bail = {s.pos(), QStringLiteral("an array element that is not a string")};
            return std::nullopt;
        }
        std::optional<QByteArray> value = s.string(bail);
        if (!value)
            return std::nullopt;
        if (values.size() == expectedCount)
            return Result<QStringList>(countError(expectedCount, expectedCount, arrayAt, true));
        values.append(QString::fromUtf8(*value));
        s.skipBlank(true);
        if (s.accept(']'))
            break;
        if (!s.accept(',')) {
            bail = {s.pos(), QStringLiteral("no \",\" between array elements")};
            return std::nullopt;
        }
    }
    s.skipBlank(true);
    if (!s.atEnd()) {
        bail = {s.pos(), QStringLiteral("more after the array")};
        return std::nullopt;
    }
    if (values.size() != expectedCount)
        return Result<QStringList>(countError(values.size(), expectedCount, arrayAt, false));
    return Result<QStringList>(std::move(values));
}

// Any TOML layout, through the DOM (small files only).
Result<QStringList> parseGeneral(QByteArrayView text, qint64 expectedCount, const QString &fileName)
{
    Result<toml::table> root = tomlutil::parse(text, fileName);
    if (!root)
        return root.error();
    const toml::node *data = root->get("data");
    if (!data)
        return makeError(ErrorCode::Format, QStringLiteral("missing required field \"data\" (an array of strings)"),
                         fileName);
    const toml::array *array = data->as_array();
    if (!array)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("field \"data\" must be an array of strings, found %1").arg(tomlutil::typeName(*data)),
            tomlutil::location(fileName, *data));
    if (qint64(array->size()) != expectedCount)
        return makeError(ErrorCode::Format,
                         QStringLiteral("field \"data\" has %1 strings, but the tensor's shape needs %2")
                             .arg(array->size())
                             .arg(expectedCount),
                         tomlutil::location(fileName, *data));
    QStringList values;
    values.reserve(qsizetype(array->size()));
    for (const toml::node &item : *array) {
        const toml::value<std::string> *value = item.as_string();
        if (!value)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("field \"data\": elements must be strings, found %1").arg(tomlutil::typeName(item)),
                tomlutil::location(fileName, item));
        values.append(tomlutil::toQString(value->get()));
    }
    return values;
}

} // namespace

Result<QStringList> decodeStringTensorFile(QByteArrayView text, qint64 expectedCount, const QString &fileName,
                                           const Limits &limits)
{
    if (expectedCount > limits.maxStringTensorElements)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("the tensor's shape needs %1 strings, more than the limit of %2")
                             .arg(expectedCount)
                             .arg(limits.maxStringTensorElements),
                         fileName);
    Bail bail;
    if (std::optional<Result<QStringList>> scanned = scan(text, expectedCount, fileName, bail))
        return std::move(*scanned);
    if (text.size() <= kGeneralParseCap)
        return parseGeneral(text, expectedCount, fileName);
    return makeError(ErrorCode::Format,
                     QStringLiteral("a string tensor file over %1 bytes must hold only data = [ strings ]; found %2")
                         .arg(kGeneralParseCap)
                         .arg(bail.what),
                     QStringLiteral("%1:%2").arg(fileName, lineColumn(text, bail.offset)));
}

} // namespace carton
