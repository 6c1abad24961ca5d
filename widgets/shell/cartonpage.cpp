// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonpage.h"

#include "base/errorlocation.h"
#include "cartonbanners.h"
#include "cartonstateinputs.h"
#include "document/cartondocument.h"
#include "document/cartonsession.h"
#include "editedselftests.h"
#include "editors/documenteditor.h"
#include "errorpage.h"
#include "package/carton.h"
#include "preferences.h"
#include "remote/remoteurl.h"
#include "remotesession.h"
#include "shellicons.h"
#include "verificationrunner.h"
#include "views/cartonview.h"
#include "views/safetypage.h"
#include "views/selftestspage.h"
#include "views/signaturerow.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <utility>

namespace studio {

CartonPage::CartonPage(const QString &path, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_session(new CartonSession(path, this)), m_settings(settings), m_stack(new QStackedWidget(this))
{
    m_remote = new RemoteSession(path, settings, this);
    setUpWidgets();

    reload();
}

CartonPage::CartonPage(std::unique_ptr<CartonDocument> document, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_session(new CartonSession(QString(), this)), m_settings(settings),
      m_stack(new QStackedWidget(this))
{
    m_remote = new RemoteSession(QString(), settings, this);
    setUpWidgets();
    m_session->setNewDocument(std::move(document));
    connectDocument();
    setEditing(true);
    updateCartonState();
}

void CartonPage::setUpWidgets()
{
    m_banners = new CartonBanners(this, m_remote, displayName());
    m_stack->addWidget(m_banners->loadingPage());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banners->banner());
    layout->addWidget(m_banners->missingBanner());
    layout->addWidget(m_stack);
    connect(m_banners, &CartonBanners::fieldRequested, this, [this](const carton::DiagnosticLocation &location) {
        setEditing(true);
        if (m_editor)
            m_editor->revealLocation(location);
    });

    connect(m_session, &CartonSession::opened, this, &CartonPage::onOpened);
    connect(m_session, &CartonSession::failed, this, &CartonPage::showError);
    connect(m_session, &CartonSession::stateChanged, this, [this] { emit stateChanged(state()); });
    connect(m_session, &CartonSession::diagnosticsChanged, this, &CartonPage::diagnosticsChanged);
    connect(m_session, &CartonSession::busyChanged, this, &CartonPage::busyChanged);
    for (auto signal : {&CartonSession::diagnosticsChanged, &CartonSession::busyChanged})
        connect(m_session, signal, this, &CartonPage::updateCartonState);
    connect(m_session->verification(), &VerificationRunner::stateChanged, this, &CartonPage::updateCartonState);
    connect(m_session->verification(), &VerificationRunner::fileChecked, this, [this](const carton::FileCheck &check) {
        if (m_view)
            m_view->setFileCheck(check);
    });

    // The file changed on disk: reload (asking first when there are edits).
    connect(m_session, &CartonSession::changedOnDisk, this, &CartonPage::reloadChangedFile);
    connect(m_session, &CartonSession::removedFromDisk, this, [this] { m_banners->showRemoved(displayName()); });
}

CartonPage::~CartonPage()
{
    // The session (a child) cancels its jobs; their late results are dropped. Every way a page goes away was decided by
    // the user (saved, discarded); only a crash leaves a recovery file behind.
    if (document())
        document()->discardRecovery();
}

QString CartonPage::path() const
{
    return m_session->path();
}

CartonPage::State CartonPage::state() const
{
    switch (m_session->state()) {
    case CartonSession::State::Opening:
        return State::Opening;
    case CartonSession::State::Failed:
        return State::Failed;
    case CartonSession::State::Open:
        break;
    }
    return State::Open;
}

bool CartonPage::isValidating() const
{
    return m_session->isValidating();
}

std::shared_ptr<const carton::Carton> CartonPage::carton() const
{
    return m_session->carton();
}

VerificationRunner *CartonPage::verification() const
{
    return m_session->verification();
}

QString CartonPage::errorMessage() const
{
    return m_session->error().toString();
}

QString CartonPage::displayName() const
{
    const QString file = path();
    if (file.isEmpty() && document())
        return document()->displayName();
    if (m_remote->isRemote())
        return carton::remoteFileName(m_remote->url());
    const QFileInfo info(file);
    const QString name = info.fileName();
    return name.isEmpty() ? QDir::toNativeSeparators(file) : name;
}

QLabel *CartonPage::banner() const
{
    return m_banners->banner();
}

QLabel *CartonPage::missingBanner() const
{
    return m_banners->missingBanner();
}

bool CartonPage::isRemote() const
{
    return m_remote->isRemote();
}

bool CartonPage::isBusy() const
{
    if (state() == State::Opening || isValidating() || verification()->isRunning())
        return true;
    // The signature check and the safety scan are part of the state as well.
    return m_view && (m_view->safetyPage()->isScanning() ||
                      m_view->signatureRow()->status().kind == SignatureStatus::Kind::Checking);
}

carton::Diagnostics CartonPage::diagnostics() const
{
    return m_session->diagnostics(document());
}

bool CartonPage::isModified() const
{
    return document() && document()->isModified();
}

CartonDocument *CartonPage::document() const
{
    return m_session->document();
}

void CartonPage::connectDocument()
{
    CartonDocument *edited = document();
    connect(edited, &CartonDocument::modifiedChanged, this, &CartonPage::modifiedChanged);
    connect(edited, &CartonDocument::modifiedChanged, this, [this] {
        emit diagnosticsChanged();
        updateMissingBanner();
    });
    connect(edited, &CartonDocument::diagnosticsChanged, this, [this, typed = false]() mutable {
        updateMissingBanner();
        // Typed text that was not applied is listed although nothing was edited.
        const bool wasTyped = std::exchange(typed, !document()->unappliedTexts().isEmpty());
        if (document()->isModified() || !carton() || typed || wasTyped)
            emit diagnosticsChanged();
    });
    updateMissingBanner();
    emit documentChanged();
    emit modifiedChanged(edited->isModified());
}

void CartonPage::updateMissingBanner()
{
    m_banners->showMissing(document());
}

void CartonPage::setEditing(bool editing)
{
    if (!document())
        editing = false;
    if (!carton() && document())
        editing = true; // a new document has nothing to browse yet
    if (m_remote->isRemote())
        editing = false; // read-only: save a local copy to edit it
    if (editing && !m_editor) {
        m_editor = new DocumentEditor(document(), m_stack);
        m_stack->addWidget(m_editor);
        addBrowseButton();
    }
    if (editing)
        m_stack->setCurrentWidget(m_editor);
    else if (m_view)
        m_stack->setCurrentWidget(m_view);
    if (editing == m_editing)
        return;
    m_editing = editing;
    emit editingChanged(editing);
}

void CartonPage::addBrowseButton()
{
    if (!m_editor || !carton() || m_editor->findChild<QToolButton *>(QStringLiteral("browseButton")))
        return;
    auto *done = new QToolButton(m_editor);
    done->setObjectName(QStringLiteral("browseButton"));
    done->setText(tr("Done Editing"));
    done->setToolTip(tr("Back to browsing the carton (Ctrl+E); edits stay until you save or close"));
    done->setAutoRaise(true);
    connect(done, &QToolButton::clicked, this, [this] { setEditing(false); });
    m_editor->tabWidget()->setCornerWidget(done, Qt::TopRightCorner);
}

void CartonPage::adoptSavedPath(const QString &path)
{
    m_session->setPath(QDir::cleanPath(QFileInfo(path).absoluteFilePath()));
    if (m_view)
        setPreferredViewTab(QString::number(m_view->tabWidget()->currentIndex() + 1));
    // A save rebases the page on the file it wrote; it does not reload: the
    // document, its undo stack (marked clean by the save) and the editor with
    // its page and selection stay. Only what shows the file on disk follows it:
    // the browse view, validation and verification.
    reopen(true);
}

void CartonPage::reload()
{
    reopen(false);
}

void CartonPage::reopen(bool keepDocument)
{
    if (m_view) {
        m_stack->removeWidget(m_view);
        m_view->deleteLater();
        m_view = nullptr;
    }
    if (m_errorPage) {
        m_stack->removeWidget(m_errorPage);
        m_errorPage->deleteLater();
        m_errorPage = nullptr;
    }
    m_documentKept = keepDocument && document();
    if (m_editor && !m_documentKept) {
        m_stack->removeWidget(m_editor);
        m_editor->deleteLater();
        m_editor = nullptr;
    }
    if (document() && !m_documentKept) {
        // The session drops it (a deferred delete): a validation finishing
        // before must not reach this page's handlers, which read the document.
        document()->disconnect(this);
    }
    m_banners->hideBanners();
    if (!(m_documentKept && m_editing))
        m_stack->setCurrentWidget(m_banners->loadingPage()); // the editor stays in view while the saved file opens
    // An open or validation still running: its result is dropped.
    if (m_documentKept)
        m_session->rebase(m_remote->openOptions(), displayName());
    else
        m_session->open(m_remote->openOptions(), displayName());
    updateCartonState();
}

void CartonPage::onOpened()
{
    const std::shared_ptr<const carton::Carton> opened = carton();
    m_view = new CartonView(opened, m_settings, m_stack);
    connect(m_view, &CartonView::statusMessage, this, &CartonPage::statusMessage);
    // Keep as Tolerance: one undo step of the document, then the results re-judged with it.
    connect(m_view->selfTestsPage(), &SelfTestsPage::keepToleranceRequested, this,
            [this](const carton::SelfTestResult &asRun, const carton::CartonTolerance &tolerance, const QString &what) {
                if (document())
                    keepToleranceFromRun(*document(), *m_view->selfTestsPage(), asRun, tolerance, what);
            });
    // The signature's verdict and the safety scan's findings are part of the state.
    for (auto signal : {&CartonView::signatureChanged, &CartonView::safetyScanned}) {
        connect(m_view, signal, this, &CartonPage::busyChanged);
        connect(m_view, signal, this, &CartonPage::updateCartonState);
    }
    auto *edit = new QToolButton(m_view);
    edit->setObjectName(QStringLiteral("editButton"));
    edit->setText(tr("Edit Carton"));
    edit->setToolTip(tr("Edit metadata, inputs and outputs, self-tests and files (Ctrl+E)"));
    edit->setAutoRaise(true);
    edit->setEnabled(!opened->isReadOnly() && !m_remote->isRemote());
    if (m_remote->isRemote())
        edit->setToolTip(tr("A carton opened from a URL is read-only: save a local copy to edit it"));
    connect(edit, &QToolButton::clicked, this, [this] { setEditing(true); });
    m_view->tabWidget()->setCornerWidget(edit, Qt::TopRightCorner);
    m_stack->addWidget(m_view);
    m_stack->setCurrentWidget(m_view);
    if (!m_preferredTab.isEmpty())
        selectViewTab(m_preferredTab);
    if (m_documentKept) {
        m_documentKept = false; // rebased after a save: the document and its connections stand
        addBrowseButton();
        updateMissingBanner();
    } else {
        connectDocument();
    }
    if (m_editing) {
        m_editing = false;
        setEditing(true);
    }

    if (!m_settings || Preferences::load(*m_settings).verifyOnOpen)
        startVerification(false); // else "Not verified" until F5
    updateCartonState();
}

void CartonPage::showError()
{
    const carton::Error &error = m_session->error();
    m_errorPage = new ErrorPage(m_stack);
    m_errorPage->setError(tr("Could not open %1").arg(displayName()), error.message,
                          error.location.isEmpty() ? QDir::toNativeSeparators(path()) : error.location);
    connect(m_errorPage, &ErrorPage::retryRequested, this, &CartonPage::reload);
    connect(m_errorPage, &ErrorPage::closeRequested, this, &CartonPage::closeRequested);
    m_stack->addWidget(m_errorPage);
    m_stack->setCurrentWidget(m_errorPage);
    updateCartonState();
}

void CartonPage::verify()
{
    startVerification(true);
}

void CartonPage::startVerification(bool interactive)
{
    const std::shared_ptr<const carton::Carton> opened = carton();
    if (!opened)
        return;
    carton::VerifyOptions options;
    if (!m_remote->prepareVerify(*opened, &options, interactive)) {
        if (interactive)
            emit statusMessage(tr("%1 was not verified: nothing was downloaded.").arg(displayName()));
        return;
    }
    if (m_view)
        m_view->resetFileChecks();
    m_session->verify(options);
}

void CartonPage::updateCartonState()
{
    const CartonState state = CartonState::derive(CartonStateInputs::gather(*m_session, m_view));
    m_banners->showState(state);
    if (m_view) {
        m_view->setCartonStateText(state.summary(), shellIcon(state.iconName()));
        if (verification()->state() == VerificationRunner::State::Cancelled)
            m_view->setVerificationStopped();
    }
    if (state == m_cartonState)
        return;
    m_cartonState = state;
    emit cartonStateChanged();
}

bool CartonPage::isWatching() const
{
    return m_session->isWatching();
}

void CartonPage::reloadChangedFile()
{
    if (isModified()) {
        const auto answer = QMessageBox::question(
            this, tr("Carton Changed on Disk"),
            tr("%1 changed on disk. Reload it and lose your unsaved edits, or keep editing (saving will replace "
               "the file on disk)?")
                .arg(displayName()),
            QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Discard)
            return;
    }
    if (m_view)
        setPreferredViewTab(QString::number(m_view->tabWidget()->currentIndex() + 1));
    reload();
    emit statusMessage(tr("%1 changed on disk and was reloaded.").arg(displayName()));
}

void CartonPage::setPreferredViewTab(const QString &tab)
{
    m_preferredTab = tab;
    if (m_view && !tab.isEmpty())
        selectViewTab(tab);
}

bool CartonPage::selectViewTab(const QString &tab)
{
    if (!m_view)
        return false;
    QTabWidget *tabs = m_view->tabWidget();
    if (!tabs)
        return false;
    bool isNumber = false;
    const int number = tab.toInt(&isNumber);
    if (isNumber) {
        if (number < 1 || number > tabs->count())
            return false;
        tabs->setCurrentIndex(number - 1);
        return true;
    }
    const std::optional<CartonView::Tab> named = CartonView::tabNamed(tab);
    if (!named)
        return false;
    m_view->setCurrentTab(*named);
    return true;
}

bool CartonPage::revealLocation(const carton::DiagnosticLocation &location)
{
    // In edit mode a diagnostic leads to the editor of its field.
    if ((m_editing || !m_view) && m_editor)
        return m_editor->revealLocation(location);
    return m_view && m_view->revealLocation(location);
}

EditedSelfTests *CartonPage::editedSelfTests()
{
    if (!document())
        return nullptr;
    if (!m_editedSelfTests || m_editedSelfTests->document() != document()) {
        delete m_editedSelfTests;
        m_editedSelfTests = new EditedSelfTests(document(), m_settings, this);
        connect(m_editedSelfTests, &EditedSelfTests::statusMessage, this, &CartonPage::statusMessage);
    }
    return m_editedSelfTests;
}

} // namespace studio
