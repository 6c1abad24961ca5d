// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The one way a GUI test leaves a picture to look at. scripts/screenshots.sh runs
// the GUI tests with CARTON_SHOT_DIR set (beside carton-studio --screenshot for the
// whole window); shot() then saves what `widget`'s window paints (QWidget::grab:
// offscreen works too, no X server or `import` needed) as CARTON_SHOT_DIR/NAME.png.
// Without CARTON_SHOT_DIR it does nothing.

#include <QCoreApplication>
#include <QDir>
#include <QString>
#include <QWidget>

namespace testutil {

inline void shot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("CARTON_SHOT_DIR");
    if (dir.isEmpty() || !widget)
        return;
    QCoreApplication::processEvents(); // pending layouts and paints
    QDir().mkpath(dir);
    widget->window()->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

} // namespace testutil
