// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tomlutil_p.h"

#include "base/limits.h"
#include "format/tomlguard.h"

#include <string_view>

namespace carton::tomlutil {

Result<toml::table> parse(QByteArrayView text, const QString &fileName)
{
    // toml++ overflows its stack on absurdly deep dotted keys: refuse those first.
    if (Status nesting = checkTomlNesting(text, fileName, Limits().maxTomlNesting); !nesting)
        return nesting.error();
    const std::string_view view(text.data(), size_t(text.size()));
    try {
        return toml::parse(view);
    } catch (const toml::parse_error &e) {
        return makeError(ErrorCode::Format,
                         QStringLiteral("invalid TOML: %1").arg(toQString(std::string(e.description()))),
                         location(fileName, e.source()));
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format, QStringLiteral("invalid TOML: %1").arg(QString::fromUtf8(e.what())),
                         fileName);
    }
}

QString location(const QString &fileName, const toml::source_region &source)
{
    if (source.begin.line == 0)
        return fileName;
    return QStringLiteral("%1:%2:%3").arg(fileName).arg(source.begin.line).arg(source.begin.column);
}

QString location(const QString &fileName, const toml::node &node)
{
    return location(fileName, node.source());
}

QByteArray quote(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out.append('"');
    for (char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\t': out.append("\\t"); break;
        case '\r': out.append("\\r"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        default:
            if (c < 0x20 || c == 0x7f)
                out.append(QByteArrayLiteral("\\u00") + QByteArray::number(c, 16).rightJustified(2, '0').toUpper());
            else
                out.append(ch);
        }
    }
    out.append('"');
    return out;
}

QString toQString(const std::string &text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString typeName(const toml::node &node)
{
    switch (node.type()) {
    case toml::node_type::string: return QStringLiteral("a string");
    case toml::node_type::integer: return QStringLiteral("an integer");
    case toml::node_type::floating_point: return QStringLiteral("a float");
    case toml::node_type::boolean: return QStringLiteral("a boolean");
    case toml::node_type::array: return QStringLiteral("an array");
    case toml::node_type::table: return QStringLiteral("a table");
    case toml::node_type::date:
    case toml::node_type::time:
    case toml::node_type::date_time: return QStringLiteral("a date/time");
    case toml::node_type::none: break;
    }
    return QStringLiteral("nothing");
}

} // namespace carton::tomlutil
