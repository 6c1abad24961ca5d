// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace studio {

class RecentFiles;

// Shown when no carton is open: recent files, Open…, Open Folder…, "Open
// sample carton" and a hint that cartons can be dropped onto the window.
class WelcomePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)
public:
    explicit WelcomePage(RecentFiles *recent, QWidget *parent = nullptr);

    // The bundled sample carton, or empty when it cannot be found.
    static QString sampleCartonPath();

    QListWidget *recentList() const { return m_recentList; }
    QPushButton *sampleButton() const { return m_sample; }

signals:
    void openRequested();
    void openFolderRequested();
    void openPathRequested(const QString &path);

private:
    void refreshRecent();

    RecentFiles *m_recent;
    QListWidget *m_recentList;
    QLabel *m_noRecent;
    QPushButton *m_open;
    QPushButton *m_openFolder;
    QPushButton *m_sample;
};

} // namespace studio
