// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartontabs.h"

#include <QList>
#include <QMainWindow>
#include <QPointer>

class QLabel;
class QMenu;
class QMimeData;
class QSettings;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace studio {

class CartonPage;
class DocumentActions;
class TensorFilePage;
class ModelFilePage;
class ModelPaneActions;
class FileTabs;
class DiagnosticsDock;
class UserGuideDialog;
class RecentFiles;
class RegistryActions;
class RemoteActions;
class VerificationStatus;
class WelcomePage;

// The main window: one tab per opened carton (a CartonPage), or the welcome
// page when none is open; the Diagnostics dock and the verification status
// follow the current tab. Settings (recent files, geometry, dock state, last
// folder) go to the QSettings passed in.
class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    explicit MainWindow(QSettings *settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a .carton file or carton folder in a new tab, or switches to its
    // tab when it is already open. Returns the page.
    // A .safetensors or .npy file (or safetensors by content) opens as a read-only
    // tensor browser tab (openTensorFile), a bare model file (ONNX, GGUF... by
    // content) as its Model view (openModelFile); then nullptr is returned.
    CartonPage *openPath(const QString &path);
    TensorFilePage *openTensorFile(const QString &path);
    ModelFilePage *openModelFile(const QString &path);
    void openPaths(const QStringList &paths);

    // Adds a page (opened, or a new document) as a tab and makes it current.
    void addPage(CartonPage *page);
    // A page was saved under a (maybe new) path: tab, title and recent files follow.
    void pageSaved(CartonPage *page);
    DocumentActions *documentActions() const { return m_documents; }
    // Open URL, paste a URL, Save a Local Copy, Save with Files Included.
    RemoteActions *remoteActions() const { return m_remote; }
    // Open from Registry, Push to Registry.
    RegistryActions *registryActions() const { return m_registry; }

    int pageCount() const;
    CartonPage *page(int index) const;
    CartonPage *currentPage() const;
    CartonPage *findPage(const QString &path) const;
    void closePage(int index);
    // Closes every tab but `index` / every tab right of `index`.
    void closeOtherPages(int index);
    void closePagesToTheRight(int index);

    // Some tab is opening, validating or verifying.
    bool isBusy() const;
    // Initial tab of every carton view opened from now on ("files", "3"...).
    void setPreferredViewTab(const QString &tab);

    QTabWidget *tabWidget() const { return m_tabs; }
    WelcomePage *welcomePage() const { return m_welcome; }
    DiagnosticsDock *diagnosticsDock() const { return m_diagnostics; }
    RecentFiles *recentFiles() const { return m_recent; }
    ModelPaneActions *modelPaneActions() const { return m_modelPanes; }
    VerificationStatus *verificationStatus() const { return m_verificationStatus; }
    // Status bar counter of the current carton's problems; clicking it shows the dock.
    QToolButton *problemsButton() const { return m_problems; }
    QMenu *recentMenu() const { return m_recentMenu; }
    QAction *nextTabAction() const { return m_nextTabAction; }
    QAction *previousTabAction() const { return m_previousTabAction; }
    // The context menu of tab `index` (Copy Path, Show in Folder, Close,
    // Close Others, Close Tabs to the Right), parented to the window; the
    // caller shows it and deletes it.
    QMenu *createTabContextMenu(int index);

    void saveWindowSettings();

public slots:
    void showOpenDialog();
    void showOpenFolderDialog();
    void openSample();
    void showAbout();
    void copyModelHash();
    void verifyCurrent();
    // Shows the current carton's Self-tests tab and runs them all.
    void runSelfTests();
    // Help ▸ Runners: the runner plugins found, their versions and problems.
    void showRunners();
    // Help ▸ User Guide (F1): the guide shipped inside the app, beside the window.
    void showUserGuide();
    // Help ▸ Keyboard Shortcuts (Ctrl+/): every shortcut of this window.
    void showShortcuts();
    // Edit ▸ Preferences: saved to the window's QSettings; the theme applies at once.
    void showPreferences();
    void closeCurrent();
    // A second launch asked for attention: raise and open its files, on its
    // --tab `tab` when given (also for a file open already).
    void activateWith(const QStringList &paths, const QString &tab = {});

signals:
    void busyChanged();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void restoreWindowSettings();
    void rebuildRecentMenu();
    void onCurrentChanged();
    void updateActions();
    void updateDiagnostics();
    void setDiagnosticsWanted(bool wanted);
    QString lastDirectory() const;
    void rememberDirectory(const QString &path);

    QSettings *m_settings;
    RecentFiles *m_recent;
    ModelPaneActions *m_modelPanes = nullptr;
    UserGuideDialog *m_userGuide = nullptr;
    QStackedWidget *m_central;
    WelcomePage *m_welcome;
    CartonTabs *m_tabs;
    DiagnosticsDock *m_diagnostics;
    VerificationStatus *m_verificationStatus;
    QToolButton *m_problems;
    DocumentActions *m_documents = nullptr;
    FileTabs *m_fileTabs = nullptr; // tensor files and bare model files
    RemoteActions *m_remote = nullptr;
    RegistryActions *m_registry = nullptr;
    // The Diagnostics panel keeps its place while a carton is open (it says
    // "No problems found." when there are none): it never appears or vanishes
    // under the pointer as problems come and go. Closing it is the user's
    // choice, kept (in the settings too) until they show it again.
    bool m_diagnosticsWanted = true;
    QMenu *m_recentMenu = nullptr;
    QString m_preferredTab;
    // Quitting: the pages whose edits the user chose to discard, kept while a
    // save started by the quit runs (then the window closes again).
    QList<QPointer<CartonPage>> m_discardedOnQuit;
    bool m_quitAfterSave = false;

    QAction *m_closeAction = nullptr;
    QAction *m_compareAction = nullptr; // File ▸ Compare With… (widgets/compare/)
    QAction *m_copyHashAction = nullptr;
    QAction *m_verifyAction = nullptr;
    QAction *m_runSelfTestsAction = nullptr;
    QAction *m_openSampleAction = nullptr;
    QAction *m_nextTabAction = nullptr;
    QAction *m_previousTabAction = nullptr;
};

} // namespace studio
