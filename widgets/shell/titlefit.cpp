// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "titlefit.h"

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QFontMetrics>
#include <QScreen>
#include <algorithm>

namespace studio {

int TitleFit::titleWidth(const QWidget *window)
{
    QString title = window->windowTitle();
    title.remove(QStringLiteral("[*]"));
    const QString app = QGuiApplication::applicationDisplayName();
    if (!app.isEmpty() && !title.contains(app))
        title += QStringLiteral(" — ") + app; // as QPlatformWindow::formatWindowTitle shows it
    QFont font = QApplication::font();
    font.setBold(true);
    // Title bars: close, maximise and minimise buttons, an icon and margins.
    const int frame = 5 * QFontMetrics(font).height() + 48;
    return QFontMetrics(font).horizontalAdvance(title) + frame;
}

void TitleFit::widen(QDialog *dialog)
{
    const QScreen *screen = dialog->screen();
    const int limit = screen ? screen->availableGeometry().width() * 4 / 5 : 1000;
    const int wanted = std::min(titleWidth(dialog), limit);
    if (dialog->width() >= wanted)
        return;
    if (dialog->minimumWidth() == dialog->maximumWidth())
        dialog->setFixedWidth(wanted); // QMessageBox fixes its size as it is shown
    else
        dialog->resize(wanted, dialog->height());
}

bool TitleFit::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Show) {
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (dialog && dialog->isWindow() && !dialog->windowTitle().isEmpty()) {
            widen(dialog);
            // Once more after the dialog's own showEvent(): a QMessageBox sizes itself there.
            QMetaObject::invokeMethod(
                dialog, [dialog] { widen(dialog); }, Qt::QueuedConnection);
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace studio
