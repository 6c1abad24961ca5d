// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QPointer>

class QAction;

namespace studio {

class CartonPage;
class MainWindow;
class OpenRegistryDialog;
class PushRegistryDialog;

// File ▸ Open from Registry… (OpenRegistryDialog; the chosen tag opens as
// oci://REF:TAG, the same path as Open URL) and File ▸ Push to Registry… (an open
// carton pushed with PushRegistryDialog).
class RegistryActions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RegistryActions)
public:
    explicit RegistryActions(MainWindow *window);
    ~RegistryActions() override;

    QAction *openAction() const { return m_open; }
    QAction *pushAction() const { return m_push; }

    // Enables Push for a page with an open carton.
    void update(CartonPage *current);

    // The dialogs, shown without blocking (tests drive them).
    OpenRegistryDialog *showOpenDialog();
    PushRegistryDialog *showPushDialog();

private:
    MainWindow *m_window;
    QAction *m_open;
    QAction *m_push;
    QPointer<OpenRegistryDialog> m_openDialog;
    QPointer<PushRegistryDialog> m_pushDialog;
};

} // namespace studio
