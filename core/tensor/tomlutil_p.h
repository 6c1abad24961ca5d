// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal helpers of carton_tensor around toml++ (not exported).

#include "base/result.h"

#include <QByteArray>
#include <QString>

#include <toml++/toml.h>

namespace carton::tomlutil {

// Parses TOML text; syntax errors become "FILE:LINE:COL" Format errors.
Result<toml::table> parse(QByteArrayView text, const QString &fileName);
// "FILE:LINE:COL" of a node (FILE alone when the node has no source position).
QString location(const QString &fileName, const toml::source_region &source);
QString location(const QString &fileName, const toml::node &node);
// A TOML basic string literal: "..." with escapes for quotes, backslashes and control characters.
QByteArray quote(const QString &text);
QString toQString(const std::string &text);
// "string", "integer", "array"... for messages.
QString typeName(const toml::node &node);

} // namespace carton::tomlutil
