// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>
#include <QString>
#include <functional>

class QWidget;

namespace studio {

// What a colour says. Every colour that carries meaning (a verdict, a finding's
// severity, a cell in error) comes from here, in a light and a dark variant, so a
// theme switch in Preferences keeps all of them readable.
enum class Tone {
    Neutral, // the palette's own text colour
    Muted,   // secondary text (hints): the palette's placeholder colour
    Good,    // passed, verified, allowed
    Info,    // informational, additions in a diff
    Warning, // needs a look
    Severe,  // worse than a warning, short of the worst (a high finding)
    Bad,     // failed, refused, critical
};

// True when `palette` is a dark theme (its window colour is dark).
bool isDarkPalette(const QPalette &palette);
// A text colour for `tone` readable on `palette`'s window and base colours.
QColor toneColor(Tone tone, const QPalette &palette = QGuiApplication::palette());
// A translucent background tint for table cells in `tone` (invalid for Neutral).
QColor toneTint(Tone tone, const QPalette &palette = QGuiApplication::palette());
// toneTint() laid over the palette's base colour: for rich text, which has no alpha.
QColor toneBackground(Tone tone, const QPalette &palette = QGuiApplication::palette());
// A bright colour for frames and markers in `tone` (validation borders).
QColor toneFrame(Tone tone);
// `text` as HTML in `tone` ("<span style=…>"), escaped; bold when asked.
QString toneHtml(Tone tone, const QString &text, bool bold = false,
                 const QPalette &palette = QGuiApplication::palette());

// Shows `widget`'s text in `tone` (bold when asked) and keeps it so when the
// palette changes (a theme switch applies at once). Neutral clears it.
void setTextTone(QWidget *widget, Tone tone, bool bold = false);
// Calls `apply` each time `widget`'s palette changes (a theme switch): for
// content with tone colours baked in, such as rich text.
void whenPaletteChanges(QWidget *widget, std::function<void()> apply);

} // namespace studio
