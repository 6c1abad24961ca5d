// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/modelpanes.h"

#include <QObject>

class QAction;
class QMenu;
class QSettings;
class QWidget;

namespace studio {

// View ▸ Model Panes: checkable actions that show or hide the Model tab's side
// panes (summary Alt+1, weights Alt+2, graph properties Alt+3, as IDEs toggle their
// tool windows; F7–F9 clash with the Compare tab's F8) in every Model tab of the
// window at once, and remember the choice in the window's settings (ModelPanes).
class ModelPaneActions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelPaneActions)

public:
    // Adds the submenu to `menu`; `window` holds the Model tabs.
    ModelPaneActions(QWidget *window, QSettings *settings, QMenu *menu);

    QAction *action(ModelPanes::Pane pane) const { return m_actions[pane]; }

private:
    void toggled(ModelPanes::Pane pane, bool shown);

    QWidget *m_window = nullptr;
    QSettings *m_settings = nullptr;
    QAction *m_actions[ModelPanes::kCount] = {};
};

} // namespace studio
