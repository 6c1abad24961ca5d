// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal helpers around toml++ for every TOML file Carton reads or writes
// (carton.toml, tensor_data/index.toml, tensor files, LINKS). Part of cartoncore
// and used only inside it (carton_format, carton_tensor, carton_links); not installed.

#include "base/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringView>
#include <string_view>
#include <toml++/toml.h>

namespace carton::tomlutil {

// Parses untrusted TOML text. checkTomlNesting runs first (ErrorCode::Limit at
// "FILE:LINE"), then toml::parse with every exception caught: a syntax error is
// ErrorCode::Format "<what>: <description>" at "FILE:LINE:COL", anything else
// ErrorCode::Format "<what>: <reason>" at FILE. Never throws.
Result<toml::table> parse(QByteArrayView text, const QString &fileName, QStringView what = u"invalid TOML");

// "FILE:LINE:COL" of a source region or node; FILE alone when there is no position.
QString location(const QString &fileName, const toml::source_region &source);
QString location(const QString &fileName, const toml::node &node);

QString toQString(std::string_view text);

// "a string", "an integer", "an array", ... for messages.
QString typeName(const toml::node &node);

// A TOML basic string "..." with escapes for quotes, backslashes and control
// characters (\b \t \n \f \r, others as \u00XX); non-ASCII text stays UTF-8.
QByteArray quote(const QString &text);
// A TOML multi-line basic string ("""...""") for text with newlines: '\n' and '\t'
// are written as they are, and quotes are escaped so that """ never appears inside.
QByteArray quoteMultiLine(const QString &text);

// toml++'s own TOML rendering of a table (keys sorted), "" for an empty table,
// otherwise ending in exactly one '\n', with every float written as floatText()
// does. May throw (std::bad_alloc): callers catch.
QByteArray format(const toml::table &table);

// A TOML float: the shortest text that reads back to the same double (std::to_chars'
// shortest form, fixed or scientific, whichever is shorter), its exponent without
// '+' or leading zeros ("1e-6", "0.5", "1e20"), ".0" added to whole numbers
// ("100.0"); nan, inf, -inf. What every float Carton writes to TOML looks like.
QByteArray floatText(double value);

} // namespace carton::tomlutil
