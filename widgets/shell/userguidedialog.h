// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

class QTextBrowser;

namespace studio {

// Help ▸ User Guide: the guide shipped inside the application (docs/user-guide.md
// as the resource :/help/user-guide.md), rendered with the carton descriptions'
// safe Markdown renderer; works offline, opens nothing from the network.
// Not modal: it can stay open beside the window.
class UserGuideDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UserGuideDialog)
public:
    explicit UserGuideDialog(QWidget *parent = nullptr);

    QTextBrowser *browser() const { return m_browser; }
    // The guide's Markdown (empty when the resource is missing, which a test catches).
    static QString markdown();

private:
    QTextBrowser *m_browser;
};

} // namespace studio
