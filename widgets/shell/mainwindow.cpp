// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "mainwindow.h"

#include "aboutdialog.h"
#include "carton/cartonview.h"
#include "cartonpage.h"
#include "cartontabs.h"
#include "compare/comparepage.h"
#include "diagnostics/diagnosticsdock.h"
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "document/verificationrunner.h"
#include "documentactions.h"
#include "filetabs.h"
#include "model/modelfilepage.h"
#include "model/modelpage.h"
#include "modelpaneactions.h"
#include "package/carton.h"
#include "preferences/preferences.h"
#include "preferences/preferencesdialog.h"
#include "recentfiles.h"
#include "registryactions.h"
#include "remote/importhfdialog.h"
#include "remote/remoteurl.h"
#include "remoteactions.h"
#include "runner/runnerregistry.h"
#include "runner/runnersdialog.h"
#include "selftests/selftestspage.h"
#include "shellicons.h"
#include "shortcutsdialog.h"
#include "tensors/tensorfilepage.h"
#include "userguidedialog.h"
#include "verificationstatus.h"
#include "welcomepage.h"
#include "windowdroptarget.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>
#include <algorithm>

namespace studio {

namespace {
const QString geometryKey = QStringLiteral("mainWindow/geometry");
const QString stateKey = QStringLiteral("mainWindow/state");
const QString lastDirKey = QStringLiteral("mainWindow/lastDirectory");
const QString diagnosticsShownKey = QStringLiteral("mainWindow/diagnosticsShown");
constexpr int stateVersion = 1;

QString cleanAbsolute(const QString &path)
{
    if (carton::isRemoteUrl(path))
        return path; // a URL opens as typed (the tab shows it)
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

// The platform's bindings for Next/Previous Tab, with `spelled` (as users type
// it: Ctrl+Shift+Tab, which X11 delivers as Ctrl+Shift+Backtab) first so that
// the menu shows it that way.
QList<QKeySequence> tabShortcuts(QKeySequence::StandardKey key, const QKeySequence &spelled)
{
    QList<QKeySequence> keys{spelled};
    for (const QKeySequence &k : QKeySequence::keyBindings(key))
        if (!keys.contains(k))
            keys.append(k);
    return keys;
}
} // namespace

MainWindow::MainWindow(QSettings *settings, QWidget *parent)
    : QMainWindow(parent), m_settings(settings), m_recent(new RecentFiles(settings, this)),
      m_central(new QStackedWidget(this)), m_welcome(new WelcomePage(m_recent, this)), m_tabs(new CartonTabs(this)),
      m_diagnostics(new DiagnosticsDock(this)), m_verificationStatus(new VerificationStatus(this)),
      m_problems(new QToolButton(this)), m_documents(new DocumentActions(this, settings)),
      m_fileTabs(new FileTabs(m_tabs, m_settings, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setDocumentMode(true);

    m_central->addWidget(m_welcome);
    m_central->addWidget(m_tabs);
    setCentralWidget(m_central);

    addDockWidget(Qt::BottomDockWidgetArea, m_diagnostics);
    m_problems->setObjectName(QStringLiteral("problemsButton"));
    m_problems->setAutoRaise(true);
    m_problems->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_problems->setToolTip(tr("Show the Diagnostics panel"));
    m_problems->hide();
    connect(m_problems, &QToolButton::clicked, this, [this] {
        setDiagnosticsWanted(true);
        m_diagnostics->show();
        m_diagnostics->raise();
        m_diagnostics->view()->setFocus(Qt::OtherFocusReason);
    });
    statusBar()->addPermanentWidget(m_problems);
    statusBar()->addPermanentWidget(m_verificationStatus);

    connect(m_welcome, &WelcomePage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_welcome, &WelcomePage::openFolderRequested, this, &MainWindow::showOpenFolderDialog);
    connect(m_welcome, &WelcomePage::openPathRequested, this, &MainWindow::openPath);
    m_tabs->setDocumentActions(m_documents);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onCurrentChanged);
    connect(m_tabs, &CartonTabs::pageClosed, this, [this] {
        onCurrentChanged();
        emit busyChanged();
    });
    connect(m_diagnostics, &DiagnosticsDock::locationActivated, this,
            [this](const carton::DiagnosticLocation &location) {
                CartonPage *page = currentPage();
                if (page && !page->revealLocation(location))
                    statusBar()->showMessage(tr("Nothing to show for %1").arg(location.toString()), 4000);
            });
    connect(m_diagnostics, &DiagnosticsDock::useModelSignatureRequested, this, [this] {
        if (CartonPage *page = currentPage())
            page->useModelSignature();
    });
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    connect(m_diagnostics, &DiagnosticsDock::closedByUser, this, [this] { setDiagnosticsWanted(false); });
    connect(m_diagnostics->toggleViewAction(), &QAction::triggered, this, &MainWindow::setDiagnosticsWanted);

    // Drops open cartons and tensor files, and start new documents from models.
    auto *drops = new WindowDropTarget(this);
    connect(drops, &WindowDropTarget::openRequested, this, &MainWindow::openPath);
    connect(drops, &WindowDropTarget::modelDropped, m_documents, &DocumentActions::newFromModel);
    m_remote = new RemoteActions(this, m_settings);
    m_registry = new RegistryActions(this);
    connect(m_fileTabs, &FileTabs::newCartonRequested, m_documents, &DocumentActions::newFromModel);
    connect(m_fileTabs, &FileTabs::compareRequested, this,
            [this](const QString &path) { ComparePage::compareWith(m_tabs, path, m_settings); });
    connect(m_fileTabs, &FileTabs::added, this, [this](QWidget *page, const QString &path, const QString &name) {
        if (auto *model = qobject_cast<ModelFilePage *>(page))
            model->modelPage()->setSettings(m_settings); // the Model panes shown as remembered
        m_recent->add(path);
        onCurrentChanged();
        setWindowTitle(name);
        setWindowFilePath(path);
    });

    createActions();
    restoreWindowSettings();
    onCurrentChanged();
}

MainWindow::~MainWindow()
{
    // Pages cancel their jobs as they are destroyed, before the settings go.
    while (m_tabs->count() > 0) {
        QWidget *w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_documents->newAction());
    QAction *open = file->addAction(shellIcon(QStringLiteral("open"), QStringLiteral("document-open")), tr("&Open…"),
                                    this, &MainWindow::showOpenDialog);
    open->setObjectName(QStringLiteral("actionOpen"));
    open->setShortcut(QKeySequence::Open);
    QAction *openFolder = file->addAction(shellIcon(QStringLiteral("folder"), QStringLiteral("folder-open")),
                                          tr("Open &Folder…"), this, &MainWindow::showOpenFolderDialog);
    openFolder->setObjectName(QStringLiteral("actionOpenFolder"));
    openFolder->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(m_remote->openUrlAction());
    file->addAction(m_remote->pasteUrlAction());
    file->addAction(m_registry->openAction());
    QAction *importHf = file->addAction(tr("Import from &Hugging Face…"), this, [this] {
        auto *dialog = new ImportHfDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ImportHfDialog::imported, this, [this](const QString &path) { openPath(path); });
        dialog->open();
    });
    importHf->setObjectName(QStringLiteral("actionImportHf"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    m_openSampleAction = file->addAction(tr("Open &Sample Carton"), this, &MainWindow::openSample);
    m_openSampleAction->setObjectName(QStringLiteral("actionOpenSample"));
    m_openSampleAction->setEnabled(!WelcomePage::sampleCartonPath().isEmpty());
    m_compareAction = file->addAction(tr("Compare &With…"), this, [this] {
        if (const CartonPage *p = currentPage(); p && !p->path().isEmpty())
            ComparePage::compareWith(m_tabs, p->path(), m_settings);
        else if (const auto *model = qobject_cast<const ModelFilePage *>(m_tabs->currentWidget()))
            ComparePage::compareWith(m_tabs, model->path(), m_settings);
    });
    m_compareAction->setObjectName(QStringLiteral("actionCompareWith"));
    file->addSeparator();
    file->addAction(m_documents->saveAction());
    file->addAction(m_documents->saveAsAction());
    file->addAction(m_remote->saveLocalCopyAction());
    file->addAction(m_remote->saveWithFilesAction());
    file->addAction(m_registry->pushAction());
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close"), this, &MainWindow::closeCurrent);
    m_closeAction->setObjectName(QStringLiteral("actionClose"));
    m_closeAction->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("actionQuit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_documents->undoAction());
    edit->addAction(m_documents->redoAction());
    edit->addSeparator();
    m_copyHashAction = edit->addAction(shellIcon(QStringLiteral("copy"), QStringLiteral("edit-copy")),
                                       tr("Copy Model &Hash"), this, &MainWindow::copyModelHash);
    m_copyHashAction->setObjectName(QStringLiteral("actionCopyModelHash"));
    edit->addSeparator();
    QAction *preferences = edit->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
    preferences->setObjectName(QStringLiteral("actionPreferences"));
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole);
    m_copyHashAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *toggleDiagnostics = m_diagnostics->toggleViewAction();
    toggleDiagnostics->setObjectName(QStringLiteral("actionToggleDiagnostics"));
    toggleDiagnostics->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    view->addAction(toggleDiagnostics);
    m_modelPanes = new ModelPaneActions(this, m_settings, view);
    view->addSeparator();
    m_nextTabAction = view->addAction(tr("&Next Tab"), this, [this] {
        if (m_tabs->count() > 1)
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    m_nextTabAction->setObjectName(QStringLiteral("actionNextTab"));
    m_nextTabAction->setShortcuts(tabShortcuts(QKeySequence::NextChild, QKeySequence(Qt::CTRL | Qt::Key_Tab)));
    m_nextTabAction->setShortcutContext(Qt::WindowShortcut);
    m_previousTabAction = view->addAction(tr("&Previous Tab"), this, [this] {
        if (m_tabs->count() > 1)
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    m_previousTabAction->setObjectName(QStringLiteral("actionPreviousTab"));
    m_previousTabAction->setShortcuts(
        tabShortcuts(QKeySequence::PreviousChild, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)));
    m_previousTabAction->setShortcutContext(Qt::WindowShortcut);
    view->addSeparator();
    QAction *fullScreen = view->addAction(tr("&Full Screen"), this, [this](bool on) {
        setWindowState(on ? (windowState() | Qt::WindowFullScreen) : (windowState() & ~Qt::WindowFullScreen));
    });
    fullScreen->setCheckable(true);
    fullScreen->setShortcut(QKeySequence::FullScreen);

    QMenu *tools = menuBar()->addMenu(tr("&Carton"));
    tools->addAction(m_documents->editAction());
    tools->addSeparator();
    m_verifyAction = tools->addAction(shellIcon(QStringLiteral("verify"), QStringLiteral("view-refresh")),
                                      tr("&Verify Again"), this, &MainWindow::verifyCurrent);
    m_verifyAction->setObjectName(QStringLiteral("actionVerify"));
    m_verifyAction->setShortcut(QKeySequence::Refresh);
    m_runSelfTestsAction = tools->addAction(shellIcon(QStringLiteral("selftest"), QStringLiteral("system-run")),
                                            tr("&Run Self-tests"), this, &MainWindow::runSelfTests);
    m_runSelfTestsAction->setObjectName(QStringLiteral("actionRunSelfTests"));
    m_runSelfTestsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&User Guide"), this, &MainWindow::showUserGuide);
    guide->setObjectName(QStringLiteral("actionUserGuide"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction *keys = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    keys->setObjectName(QStringLiteral("actionShortcuts"));
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    help->addSeparator();
    QAction *about = help->addAction(tr("&About Carton Studio"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
    QAction *runners = help->addAction(tr("&Runners…"), this, &MainWindow::showRunners);
    runners->setObjectName(QStringLiteral("actionRunners"));
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);

    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recent->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString &path = files.at(i);
        QString shown = QDir::toNativeSeparators(path);
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));
        const QString label = i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(shown) : shown;
        QAction *action = m_recentMenu->addAction(label);
        connect(action, &QAction::triggered, this, [this, path] { openPath(path); });
    }
    if (!files.isEmpty())
        m_recentMenu->addSeparator();
    QAction *clear = m_recentMenu->addAction(tr("Clear Recent"), m_recent, &RecentFiles::clear);
    clear->setEnabled(!files.isEmpty());
    m_recentMenu->setEnabled(true);
}

void MainWindow::restoreWindowSettings()
{
    const QByteArray geometry = m_settings->value(geometryKey).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        QSize size(1200, 800);
        if (const QScreen *s = screen())
            size = size.boundedTo(s->availableGeometry().size() * 0.9);
        resize(size);
    }
    m_diagnosticsWanted = m_settings->value(diagnosticsShownKey, true).toBool();
    if (!restoreState(m_settings->value(stateKey).toByteArray(), stateVersion)) {
        // First run: room for six rows of diagnostics, most of the height for the carton.
        resizeDocks({m_diagnostics}, {std::min(m_diagnostics->heightForRows(6), height() / 3)}, Qt::Vertical);
    }
}

void MainWindow::setDiagnosticsWanted(bool wanted)
{
    m_diagnosticsWanted = wanted;
    m_settings->setValue(diagnosticsShownKey, wanted);
}

void MainWindow::saveWindowSettings()
{
    m_settings->setValue(geometryKey, saveGeometry());
    m_settings->setValue(stateKey, saveState(stateVersion));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Quitting asks about each page with unsaved edits. Save starts the save and
    // quits again once it succeeded (the pages already discarded are not asked
    // again); a failed or cancelled save keeps the window open.
    if (!m_quitAfterSave)
        m_discardedOnQuit.clear();
    m_quitAfterSave = false;
    for (int i = 0; i < m_tabs->count(); ++i) {
        CartonPage *p = page(i);
        if (!p || m_discardedOnQuit.contains(p))
            continue;
        m_tabs->setCurrentIndex(i);
        const auto answer = m_documents->askBeforeClose(p, [this] {
            m_quitAfterSave = true;
            close();
        });
        if (answer != DocumentActions::CloseAnswer::Close) {
            event->ignore();
            return;
        }
        m_discardedOnQuit.append(p);
    }
    saveWindowSettings();
    QMainWindow::closeEvent(event);
}

QString MainWindow::lastDirectory() const
{
    const QString dir = m_settings->value(lastDirKey).toString();
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : QDir::homePath();
}

void MainWindow::rememberDirectory(const QString &path)
{
    m_settings->setValue(lastDirKey, path);
}

void MainWindow::showOpenDialog()
{
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Open Carton"), lastDirectory(),
                                      tr("Cartons and tensor files (*.carton *.safetensors *.npy);;Cartons (*.carton);;"
                                         "Tensor files (*.safetensors *.npy);;All files (*)"));
    if (files.isEmpty())
        return;
    rememberDirectory(QFileInfo(files.constFirst()).absolutePath());
    openPaths(files);
}

void MainWindow::showOpenFolderDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Carton Folder"), lastDirectory());
    if (folder.isEmpty())
        return;
    rememberDirectory(QFileInfo(folder).absolutePath());
    openPath(folder);
}

void MainWindow::openSample()
{
    const QString sample = WelcomePage::sampleCartonPath();
    if (!sample.isEmpty())
        openPath(sample);
}

void MainWindow::showAbout()
{
    AboutDialog dialog(this);
    dialog.exec();
}

void MainWindow::showPreferences()
{
    const Preferences before = Preferences::load(*m_settings);
    PreferencesDialog dialog(before, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Preferences after = dialog.preferences();
    after.save(*m_settings);
    if (after.theme != before.theme)
        Preferences::applyTheme(after.theme);
    if (after.language != before.language)
        statusBar()->showMessage(tr("The new language applies the next time Carton Studio starts."), 5000);
    if (after.trustedKeys != before.trustedKeys) {
        // A key trusted (or no longer trusted) changes what every open carton's signature says.
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (CartonView *view = page(i) ? page(i)->view() : nullptr)
                view->refreshSignature();
        }
    }
}

void MainWindow::showRunners()
{
    RunnersDialog dialog(carton::RunnerRegistry::scan(), this);
    dialog.exec();
}

void MainWindow::showUserGuide()
{
    if (!m_userGuide) {
        m_userGuide = new UserGuideDialog(this);
        m_userGuide->setAttribute(Qt::WA_DeleteOnClose, false);
    }
    m_userGuide->show();
    m_userGuide->raise();
    m_userGuide->activateWindow();
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(this, this);
    dialog.exec();
}

void MainWindow::runSelfTests()
{
    CartonPage *page = currentPage();
    if (!page)
        return;
    // The document's state, saved or not, in its Self-tests tab.
    page->runSelfTests();
}

void MainWindow::copyModelHash()
{
    const CartonPage *page = currentPage();
    if (!page || !page->carton() || page->carton()->modelHash().isEmpty())
        return;
    QGuiApplication::clipboard()->setText(QString::fromLatin1(page->carton()->modelHash()));
    statusBar()->showMessage(tr("Model hash copied"), 3000);
}

void MainWindow::verifyCurrent()
{
    if (CartonPage *page = currentPage())
        page->verify();
}

void MainWindow::closeCurrent()
{
    if (m_tabs->count() > 0)
        closePage(m_tabs->currentIndex());
}

void MainWindow::activateWith(const QStringList &paths, const QString &tab)
{
    if (isMinimized())
        showNormal();
    show();
    raise();
    activateWindow();
    for (const QString &path : paths) {
        CartonPage *page = openPath(path);
        if (page && !tab.isEmpty())
            page->setPreferredViewTab(tab);
    }
}

int MainWindow::pageCount() const
{
    return m_tabs->count();
}

CartonPage *MainWindow::page(int index) const
{
    return m_tabs->page(index);
}

CartonPage *MainWindow::currentPage() const
{
    return m_tabs->currentPage();
}

CartonPage *MainWindow::findPage(const QString &path) const
{
    return m_tabs->findTab<CartonPage>(cleanAbsolute(path));
}

bool MainWindow::isBusy() const
{
    return m_tabs->isBusy();
}

void MainWindow::setPreferredViewTab(const QString &tab)
{
    m_preferredTab = tab;
}

void MainWindow::openPaths(const QStringList &paths)
{
    for (const QString &path : paths)
        openPath(path);
}

CartonPage *MainWindow::openPath(const QString &path)
{
    if (path.isEmpty())
        return nullptr;
    if (const FileTabs::Kind kind = carton::isRemoteUrl(path) ? FileTabs::Kind::None : FileTabs::kindOf(path);
        kind != FileTabs::Kind::None) {
        m_fileTabs->open(cleanAbsolute(path), kind);
        return nullptr;
    }
    if (CartonPage *existing = findPage(path)) {
        m_tabs->setCurrentWidget(existing);
        return existing;
    }
    auto *page = new CartonPage(cleanAbsolute(path), m_settings, m_tabs);
    if (!m_preferredTab.isEmpty())
        page->setPreferredViewTab(m_preferredTab);
    addPage(page);
    return page;
}

void MainWindow::addPage(CartonPage *page)
{
    connect(page, &CartonPage::stateChanged, this, [this, page](CartonSession::State state) {
        if (state == CartonSession::State::Open)
            m_recent->add(page->path());
        m_tabs->updateTab(page);
        if (page == currentPage())
            updateActions();
    });
    connect(page, &CartonPage::cartonStateChanged, this, [this, page] {
        m_tabs->updateTab(page);
        if (page == currentPage()) {
            m_verificationStatus->setCartonState(page->cartonState());
            updateDiagnostics(); // its empty text names a safety or signature problem
        }
    });
    connect(page, &CartonPage::busyChanged, this, [this, page] {
        m_tabs->updateTab(page);
        if (page == currentPage())
            updateDiagnostics();
        emit busyChanged();
    });
    connect(page, &CartonPage::diagnosticsChanged, this, [this, page] {
        m_tabs->updateTab(page);
        if (page == currentPage()) {
            updateDiagnostics();
            updateActions(); // an edit may have added the first self-test (Run Self-tests)
        }
    });
    connect(page, &CartonPage::statusMessage, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(page, &CartonPage::closeRequested, this, [this, page] {
        const int i = m_tabs->indexOf(page);
        if (i >= 0)
            closePage(i);
    });

    connect(page, &CartonPage::modifiedChanged, this, [this, page] {
        m_tabs->updateTab(page);
        if (page == currentPage())
            setWindowModified(page->isModified());
    });
    m_documents->addPage(page);

    m_tabs->addPage(page);
    onCurrentChanged();
    emit busyChanged();
}

void MainWindow::pageSaved(CartonPage *page)
{
    m_recent->add(page->path());
    m_tabs->updateTab(page);
    if (page == currentPage()) {
        setWindowTitle(page->displayName() + QStringLiteral("[*]"));
        setWindowFilePath(page->path());
        setWindowModified(page->isModified());
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(page->path())), 5000);
}

TensorFilePage *MainWindow::openTensorFile(const QString &path)
{
    return qobject_cast<TensorFilePage *>(m_fileTabs->open(cleanAbsolute(path), FileTabs::Kind::TensorFile));
}

ModelFilePage *MainWindow::openModelFile(const QString &path)
{
    return qobject_cast<ModelFilePage *>(m_fileTabs->open(cleanAbsolute(path), FileTabs::Kind::ModelFile));
}

void MainWindow::closePage(int index)
{
    m_tabs->closePage(index);
}

void MainWindow::closeOtherPages(int index)
{
    m_tabs->closeOtherPages(index);
}

void MainWindow::closePagesToTheRight(int index)
{
    m_tabs->closePagesToTheRight(index);
}

QMenu *MainWindow::createTabContextMenu(int index)
{
    return m_tabs->createContextMenu(index, this);
}

void MainWindow::onCurrentChanged()
{
    CartonPage *page = currentPage();
    m_central->setCurrentWidget(m_tabs->count() > 0 ? static_cast<QWidget *>(m_tabs) : m_welcome);
    m_verificationStatus->setRunner(page ? page->verification() : nullptr);
    if (page)
        m_verificationStatus->setCartonState(page->cartonState());
    else
        m_verificationStatus->clearCartonState();
    setWindowTitle(page ? page->displayName() + QStringLiteral("[*]") : QString());
    setWindowFilePath(page ? page->path() : QString());
    setWindowModified(page && page->isModified());
    m_documents->setCurrentPage(page);
    updateDiagnostics();
    updateActions();
}

void MainWindow::updateActions()
{
    const CartonPage *page = currentPage();
    const bool open = page && page->carton();
    m_closeAction->setEnabled(page != nullptr);
    m_compareAction->setEnabled((page && !page->path().isEmpty()) ||
                                qobject_cast<const ModelFilePage *>(m_tabs->currentWidget()) != nullptr);
    m_verifyAction->setEnabled(open);
    m_runSelfTestsAction->setEnabled(page && page->view() && !page->document()->info().selfTests.isEmpty());
    m_copyHashAction->setEnabled(open && !page->carton()->modelHash().isEmpty());
    m_remote->update(currentPage());
    m_registry->update(currentPage());
}

void MainWindow::updateDiagnostics()
{
    const CartonPage *page = currentPage();
    if (!page) {
        m_diagnostics->setDiagnostics({});
        m_problems->hide();
        if (m_tabs->count() == 0) {
            m_diagnostics->setEmptyText(tr("No carton open."));
            m_diagnostics->hide(); // not the user's choice: it comes back with a tab
            return;
        }
        // A tensor file or a comparison: the panel keeps its place between tabs.
        m_diagnostics->setEmptyText(tr("Nothing to check in this tab."));
        if (m_diagnosticsWanted && m_diagnostics->isHidden())
            m_diagnostics->show();
        return;
    }
    // "No problems found." only once every check has run.
    if (page->state() == CartonSession::State::Opening)
        m_diagnostics->setEmptyText(tr("Opening…"));
    else if (page->session()->isValidating())
        m_diagnostics->setEmptyText(tr("Checking…"));
    else if (page->verification()->isRunning())
        m_diagnostics->setEmptyText(tr("Verifying…"));
    else if (const CartonState state = page->cartonState(); state.kind() == CartonState::Kind::Unsafe ||
                                                            state.kind() == CartonState::Kind::SignatureInvalid ||
                                                            state.kind() == CartonState::Kind::SignatureUntrusted)
        // The format is sound, the carton is not: never "no problems" beside a critical finding.
        m_diagnostics->setEmptyText(tr("No format problems, but: %1.").arg(state.summary()));
    else
        m_diagnostics->setEmptyText(tr("No problems found."));
    const carton::Diagnostics list = page->diagnostics();
    m_diagnostics->setDiagnostics(list);

    const int errors = m_diagnostics->count(carton::Severity::Error);
    const int warnings = m_diagnostics->count(carton::Severity::Warning);
    const int infos = m_diagnostics->count(carton::Severity::Info);
    QStringList parts;
    if (errors > 0)
        parts << (errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors));
    if (warnings > 0)
        parts << (warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
    if (infos > 0)
        parts << (infos == 1 ? tr("1 info") : tr("%1 infos").arg(infos));
    m_problems->setText(parts.join(QStringLiteral(", ")));
    m_problems->setIcon(shellIcon(errors > 0     ? QStringLiteral("severity-error")
                                  : warnings > 0 ? QStringLiteral("severity-warning")
                                                 : QStringLiteral("severity-info")));
    m_problems->setVisible(!parts.isEmpty());
    if (m_diagnosticsWanted && m_diagnostics->isHidden())
        m_diagnostics->show();
}

} // namespace studio
