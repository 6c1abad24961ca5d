// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The one writer of self-contained HTML reports (self-tests, model review): the page
// frame with the shared inline CSS, escaping, numbers and badges. Nothing in a page
// fetches anything: no external stylesheet, script, font or image.

#include "cartoncore_export.h"

#include <QLatin1StringView>
#include <QString>

namespace carton {

// "<!DOCTYPE html>…<body><h1>TITLE</h1>" with the shared CSS and `extraCss`.
CARTONCORE_EXPORT QString htmlPageStart(const QString &title, QLatin1StringView extraCss = {});
CARTONCORE_EXPORT QString htmlPageEnd();
CARTONCORE_EXPORT QString htmlEscape(const QString &text);
// 4 significant digits; "nan", "∞", "−∞".
CARTONCORE_EXPORT QString htmlNumber(double value);
// A coloured pill: <span class="badge CLASS">TEXT</span> (text escaped).
CARTONCORE_EXPORT QString htmlBadge(const QString &cssClass, const QString &text);

} // namespace carton
