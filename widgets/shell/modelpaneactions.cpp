// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelpaneactions.h"

#include "model/modelpage.h"

#include <QAction>
#include <QMenu>

namespace studio {

ModelPaneActions::ModelPaneActions(QWidget *window, QSettings *settings, QMenu *menu)
    : QObject(window), m_window(window), m_settings(settings)
{
    QMenu *panes = menu->addMenu(tr("&Model Panes"));
    panes->setObjectName(QStringLiteral("menuModelPanes"));
    const struct {
        ModelPanes::Pane pane;
        QString text;
        QString name;
        QKeyCombination key;
    } items[] = {
        {ModelPanes::Summary, tr("Model &Summary"), QStringLiteral("actionModelSummaryPane"), Qt::ALT | Qt::Key_1},
        {ModelPanes::Weights, tr("Model &Weights"), QStringLiteral("actionModelWeightsPane"), Qt::ALT | Qt::Key_2},
        {ModelPanes::GraphProperties, tr("Graph &Properties"), QStringLiteral("actionGraphPropertiesPane"),
         Qt::ALT | Qt::Key_3},
    };
    const ModelPanes remembered = ModelPanes::read(m_settings);
    for (const auto &item : items) {
        QAction *action = panes->addAction(item.text);
        action->setObjectName(item.name);
        action->setCheckable(true);
        action->setChecked(remembered.isShown(item.pane));
        action->setShortcut(QKeySequence(item.key));
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::toggled, this, [this, pane = item.pane](bool shown) { toggled(pane, shown); });
        m_actions[item.pane] = action;
    }
}

void ModelPaneActions::toggled(ModelPanes::Pane pane, bool shown)
{
    ModelPanes panes = ModelPanes::read(m_settings);
    for (int p = 0; p < ModelPanes::kCount; ++p)
        panes.setShown(ModelPanes::Pane(p), m_actions[p] ? m_actions[p]->isChecked() : true);
    panes.setShown(pane, shown);
    panes.write(m_settings);
    for (ModelPage *page : m_window->findChildren<ModelPage *>())
        page->setPanes(panes);
}

} // namespace studio
