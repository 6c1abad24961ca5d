// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tomlutil.h"

#include "base/coretext.h"
#include "base/limits.h"
#include "format/tomlguard.h"

#include <exception>
#include <sstream>

namespace carton::tomlutil {

namespace {

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
    QByteArray out = QByteArray::fromStdString(os.str());
    while (out.endsWith('\n'))
        out.chop(1);
    out += '\n';
    return out;
}

} // namespace carton::tomlutil
