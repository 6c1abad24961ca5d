// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>
#include <memory>

class QTreeView;

namespace carton {
class Carton;
}

namespace studio {

class DescriptionBrowser;
class SelfTestsModel;

// The Self-tests & examples tab: the tree of tests/examples and their
// references, and a detail pane with the description and the examples' misc
// images shown inline.
class SelfTestsPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestsPage)

public:
    SelfTestsPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent = nullptr);

    SelfTestsModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    DescriptionBrowser *details() const { return m_details; }

    // Selects self_test[number] (or example[number]); with `key`, its row for
    // that input/output ("b" of self_test[0].inputs.b) when there is one.
    bool revealItem(bool example, int number, const QString &key = {});

signals:
    // A tensor reference was activated (double-click): show it in the Tensor data tab.
    void tensorActivated(const QString &name);

private:
    void showDetails();

    std::shared_ptr<const carton::Carton> m_carton;
    SelfTestsModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    DescriptionBrowser *m_details = nullptr;
    int m_shownRow = -2;
};

} // namespace studio
