// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Private helpers shared by the carton.toml reader and writer (not installed).

#include <QByteArray>
#include <QString>

#include <toml++/toml.h>

#include <sstream>

namespace carton {

// "a string", "an integer", ... for messages.
inline QString tomlTypeName(const toml::node &n)
{
    switch (n.type()) {
    case toml::node_type::string: return QStringLiteral("a string");
    case toml::node_type::integer: return QStringLiteral("an integer");
    case toml::node_type::floating_point: return QStringLiteral("a float");
    case toml::node_type::boolean: return QStringLiteral("a boolean");
    case toml::node_type::date: return QStringLiteral("a date");
    case toml::node_type::time: return QStringLiteral("a time");
    case toml::node_type::date_time: return QStringLiteral("a date-time");
    case toml::node_type::array: return QStringLiteral("an array");
    case toml::node_type::table: return QStringLiteral("a table");
    case toml::node_type::none: break;
    }
    return QStringLiteral("nothing");
}

// toml++'s own TOML rendering of a table (keys sorted), "" for an empty table,
// otherwise ending in exactly one '\n'. May throw (std::bad_alloc): callers catch.
inline QByteArray formatToml(const toml::table &t)
{
    if (t.empty())
        return {};
    std::ostringstream os;
    os << toml::toml_formatter(t);
    QByteArray out = QByteArray::fromStdString(os.str());
    while (out.endsWith('\n'))
        out.chop(1);
    out += '\n';
    return out;
}

} // namespace carton
