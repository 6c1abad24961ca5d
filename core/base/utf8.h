// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QByteArray>
#include <QByteArrayView>

namespace carton {

// True when `s` is well-formed UTF-8: no overlong forms, surrogates or code points
// past U+10FFFF (what TOML requires of a document, and what Python's strict
// "utf-8" codec accepts).
CARTONCORE_EXPORT bool isValidUtf8(QByteArrayView s);

// Appends code point `cp` (at most U+10FFFF, not a surrogate) as UTF-8.
CARTONCORE_EXPORT void appendUtf8(QByteArray &out, char32_t cp);

} // namespace carton
