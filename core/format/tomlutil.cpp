// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tomlutil.h"

#include "base/coretext.h"
#include "base/limits.h"
#include "format/tomlguard.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <exception>
#include <optional>
#include <sstream>

namespace carton::tomlutil {

namespace {

bool isFloatChar(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

// The double a float token of toml++'s output stands for; nothing for other tokens
// (integers, dates, inf/nan).
std::optional<double> floatToken(QByteArrayView token)
{
    if (token.isEmpty() || !std::all_of(token.begin(), token.end(), isFloatChar))
        return std::nullopt;
    if (!token.contains('.') && !token.contains('e') && !token.contains('E'))
        return std::nullopt;
    if (token.startsWith('+'))
        token = token.sliced(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size())
        return std::nullopt;
    return value;
}

// toml++ built without floating-point std::to_chars (GCC) writes doubles with 17
// significant digits: 1e-6 becomes "9.9999999999999995e-07". Rewrites each float in
// a value (outside strings; a token followed by '=' is a key) as floatText() does.
QByteArray shortestFloats(const QByteArray &text)
{
    QByteArray out;
    out.reserve(text.size());
    bool inString = false;
    bool inValue = false;
    int depth = 0; // [ and { open in the current value
    for (qsizetype i = 0; i < text.size();) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            ++i;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '=') {
            inValue = true;
        } else if (c == '\n' && depth == 0) {
            inValue = false;
        } else if (inValue && (c == '[' || c == '{')) {
            ++depth;
        } else if (inValue && (c == ']' || c == '}')) {
            depth = std::max(0, depth - 1);
        } else if (inValue && isFloatChar(c)) {
            qsizetype end = i;
            while (end < text.size() &&
                   (isFloatChar(text[end]) || std::isalnum(uchar(text[end])) || text[end] == '_' || text[end] == ':'))
                ++end;
            const QByteArrayView token = QByteArrayView(text).sliced(i, end - i);
            qsizetype next = end;
            while (next < text.size() && text[next] == ' ')
                ++next;
            const bool isKey = next < text.size() && text[next] == '=';
            const std::optional<double> value = isKey ? std::nullopt : floatToken(token);
            out += value ? floatText(*value) : token.toByteArray();
            i = end;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

void appendEscaped(QByteArray &out, char c)
{
    switch (c) {
    case '"':
        out += "\\\"";
        return;
    case '\\':
        out += "\\\\";
        return;
    case '\b':
        out += "\\b";
        return;
    case '\t':
        out += "\\t";
        return;
    case '\n':
        out += "\\n";
        return;
    case '\f':
        out += "\\f";
        return;
    case '\r':
        out += "\\r";
        return;
    default:
        break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
        static const char hex[] = "0123456789ABCDEF";
        out += "\\u00";
        out += hex[u >> 4];
        out += hex[u & 0xf];
        return;
    }
    out += c; // printable ASCII, or a byte of a UTF-8 sequence (written as is)
}

} // namespace

Result<toml::table> parse(QByteArrayView text, const QString &fileName, QStringView what)
{
    // toml++ overflows its stack on absurdly deep dotted keys: refuse those first.
    if (Status nesting = checkTomlNesting(text, fileName, Limits().maxTomlNesting); !nesting)
        return nesting.error();
    try {
        return toml::parse(std::string_view(text.data(), std::size_t(text.size())));
    } catch (const toml::parse_error &e) {
        return makeError(ErrorCode::Format, QStringLiteral("%1: %2").arg(what, toQString(e.description())),
                         location(fileName, e.source()));
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format, QStringLiteral("%1: %2").arg(what, QString::fromUtf8(e.what())), fileName);
    } catch (...) {
        return makeError(ErrorCode::Format, FormatText::tr("%1: unknown error").arg(what), fileName);
    }
}

QString location(const QString &fileName, const toml::source_region &source)
{
    if (!source.begin)
        return fileName;
    return QStringLiteral("%1:%2:%3").arg(fileName).arg(source.begin.line).arg(source.begin.column);
}

QString location(const QString &fileName, const toml::node &node)
{
    return location(fileName, node.source());
}

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString typeName(const toml::node &node)
{
    switch (node.type()) {
    case toml::node_type::string:
        return FormatText::tr("a string");
    case toml::node_type::integer:
        return FormatText::tr("an integer");
    case toml::node_type::floating_point:
        return FormatText::tr("a float");
    case toml::node_type::boolean:
        return FormatText::tr("a boolean");
    case toml::node_type::date:
        return FormatText::tr("a date");
    case toml::node_type::time:
        return FormatText::tr("a time");
    case toml::node_type::date_time:
        return FormatText::tr("a date-time");
    case toml::node_type::array:
        return FormatText::tr("an array");
    case toml::node_type::table:
        return FormatText::tr("a table");
    case toml::node_type::none:
        break;
    }
    return QStringLiteral("nothing");
}

QByteArray quote(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (char c : utf8)
        appendEscaped(out, c);
    out += '"';
    return out;
}

QByteArray quoteMultiLine(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out = "\"\"\"\n"; // the newline right after the opening delimiter is trimmed by parsers
    int run = 0;
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const char c = utf8.at(i);
        if (c == '"') {
            // Every third quote of a run, and any run that touches the closing delimiter, is escaped.
            qsizetype end = i;
            while (end < utf8.size() && utf8.at(end) == '"')
                ++end;
            const bool trailing = end == utf8.size();
            if (trailing || run % 3 == 2)
                out += "\\\"";
            else
                out += '"';
            ++run;
            continue;
        }
        run = 0;
        if (c == '\n' || c == '\t')
            out += c;
        else
            appendEscaped(out, c);
    }
    out += "\"\"\"";
    return out;
}

QByteArray format(const toml::table &table)
{
    if (table.empty())
        return {};
    // No multi-line strings: toml++ writes a value that starts with a newline as
    // `"""` + newline + value, and TOML drops the first newline after the
    // opening delimiter, so the value would lose it on the next read. Its literal
    // strings keep raw newlines, which TOML forbids in one-line literals.
    constexpr auto flags = toml::toml_formatter::default_flags & ~toml::format_flags::allow_multi_line_strings &
                           ~toml::format_flags::allow_literal_strings;
    std::ostringstream os;
    os << toml::toml_formatter(table, flags);
    QByteArray out = shortestFloats(QByteArray::fromStdString(os.str()));
    while (out.endsWith('\n'))
        out.chop(1);
    out += '\n';
    return out;
}

QByteArray floatText(double value)
{
    if (std::isnan(value))
        return std::signbit(value) ? "-nan" : "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    // Both shortest forms, the exponent tidied, then the shorter (fixed on a tie).
    char buffer[400]; // fixed form of 1e308 is 309 digits
    const auto fixedEnd = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed).ptr;
    QByteArray fixed(buffer, fixedEnd - buffer);
    const auto sciEnd = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific).ptr;
    QByteArray scientific(buffer, sciEnd - buffer);
    if (const qsizetype e = scientific.indexOf('e'); e >= 0) {
        QByteArray exponent = scientific.mid(e + 1);
        const bool negative = exponent.startsWith('-');
        if (negative || exponent.startsWith('+'))
            exponent.remove(0, 1);
        while (exponent.size() > 1 && exponent.startsWith('0'))
            exponent.remove(0, 1);
        scientific = scientific.left(e + 1) + (negative ? "-" : "") + exponent;
    }
    QByteArray out = scientific.size() < fixed.size() ? scientific : fixed;
    if (!out.contains('.') && !out.contains('e'))
        out += ".0";
    return out;
}

} // namespace carton::tomlutil
