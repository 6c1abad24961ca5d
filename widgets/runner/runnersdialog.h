// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

class QTreeWidget;

namespace carton {
class RunnerRegistry;
}

namespace studio {

// Help ▸ Runners: the runner plugins found on this machine (name, framework
// version, compat versions, file, options with types and defaults), the folders
// searched, and the plugin files that could not be used with the reason — what
// `carton runners` prints.
class RunnersDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunnersDialog)

public:
    explicit RunnersDialog(const carton::RunnerRegistry &registry, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }

private:
    QTreeWidget *m_tree = nullptr;
};

} // namespace studio
