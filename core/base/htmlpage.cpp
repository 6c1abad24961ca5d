// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/htmlpage.h"

#include <cmath>

namespace carton {

using namespace Qt::StringLiterals;

namespace {

const char *const kCss = R"(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:70em;color:#1d2330;padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin:1.6em 0 .3em;border-bottom:1px solid #d8dce4}
table{border-collapse:collapse;margin:.4em 0}td,th{padding:.2em .6em;border:1px solid #d8dce4;text-align:right;font-variant-numeric:tabular-nums}
th{background:#f3f5f8;font-weight:600}table.meta td,table.meta th{text-align:left}
.badge{display:inline-block;padding:.05em .55em;border-radius:.8em;font-size:.85em;font-weight:600;color:#fff;background:#6b7280}
b.warn{color:#b91c1c}.small{font-size:.9em;color:#404656}
)";

} // namespace

QString htmlPageStart(const QString &title, QLatin1StringView extraCss)
{
    return u"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width\"><title>%1</title><style>%2%3</style>"
           "</head><body>\n<h1>%1</h1>\n"_s.arg(htmlEscape(title), QLatin1StringView(kCss), extraCss);
}

QString htmlPageEnd()
{
    return u"</body></html>\n"_s;
}

QString htmlEscape(const QString &text)
{
    return text.toHtmlEscaped();
}

QString htmlNumber(double value)
{
    if (std::isnan(value))
        return u"nan"_s;
    if (std::isinf(value))
        return value > 0 ? u"∞"_s : u"−∞"_s;
    return QString::number(value, 'g', 4);
}

QString htmlBadge(const QString &cssClass, const QString &text)
{
    return u"<span class=\"badge %1\">%2</span>"_s.arg(htmlEscape(cssClass), htmlEscape(text));
}

} // namespace carton
