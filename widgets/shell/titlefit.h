// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>

class QDialog;
class QWidget;

namespace studio {

// Widens a dialog that is too narrow for its title as it is shown: a window
// manager elides a long title in the middle ("Impor… Studio", "Run on a T… on
// Studio"), and the title is what says what the dialog is for. Installed on the
// application (Application), so every QDialog, QInputDialog and QProgressDialog
// gets it; never wider than 80% of the screen.
class TitleFit final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TitleFit)

public:
    explicit TitleFit(QObject *parent = nullptr) : QObject(parent) {}

    // The width `window`'s title needs in a title bar: the title as the platform
    // shows it (" — Carton Studio" appended), in a bold title font, plus the
    // frame's buttons.
    static int titleWidth(const QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static void widen(QDialog *dialog);
};

} // namespace studio
