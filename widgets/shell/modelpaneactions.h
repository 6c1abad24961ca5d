// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "views/modelpanes.h"

#include <QObject>

class QAction;
class QMenu;
class QSettings;
class QWidget;

namespace studio {

// View ▸ Model Panes: checkable actions that show or hide the Model tab's side
// panes (summary F7, weights F8, graph properties F9) in every Model tab of the
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
