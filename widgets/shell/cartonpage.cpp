// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonpage.h"

#include "base/errorlocation.h"
#include "carton/cartonview.h"
#include "carton/documentselftests.h"
#include "cartonbanners.h"
#include "cartonstateinputs.h"
#include "document/cartondocument.h"
#include "document/cartonsession.h"
#include "errorpage.h"
#include "guessesbanner.h"
#include "package/carton.h"
#include "preferences/preferences.h"
#include "remote/remotesession.h"
#include "remote/remoteurl.h"
#include "shellicons.h"
#include "specs/specspage.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <utility>

namespace studio {

CartonPage::CartonPage(const QString &path, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_session(new CartonSession(path, this)), m_settings(settings)
{
    m_remote = new RemoteSession(path, settings, this);
    setUpWidgets();

    reload();
}

CartonPage::CartonPage(std::unique_ptr<CartonDocument> document, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_session(new CartonSession(QString(), this)), m_settings(settings)
{
    m_remote = new RemoteSession(QString(), settings, this);
    setUpWidgets();
    m_session->setNewDocument(std::move(document));
    connectDocument();
    showView();
    setEditing(true);
    updateCartonState();
}

void CartonPage::setUpWidgets()
{
    m_banners = new CartonBanners(this, m_remote, displayName());
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(m_banners->loadingPage());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banners->bannerBar());
    layout->addWidget(m_banners->missingBanner());
    m_guesses = new GuessesBanner(this);
    layout->addWidget(m_guesses);
    layout->addWidget(m_pages);
    const auto revealField = [this](const carton::DiagnosticLocation &location) {
        setEditing(true);
        if (view())
            view()->revealLocation(location);
    };
    connect(m_banners, &CartonBanners::fieldRequested, this, revealField);
    connect(m_guesses, &GuessesBanner::fieldRequested, this, revealField);

    connect(m_session, &CartonSession::opened, this, &CartonPage::onOpened);
    connect(m_session, &CartonSession::failed, this, &CartonPage::showError);
    connect(m_session, &CartonSession::stateChanged, this, &CartonPage::stateChanged);
    connect(m_session, &CartonSession::diagnosticsChanged, this, &CartonPage::diagnosticsChanged);
    connect(m_session, &CartonSession::busyChanged, this, &CartonPage::busyChanged);
    for (auto signal : {&CartonSession::diagnosticsChanged, &CartonSession::busyChanged})
        connect(m_session, signal, this, &CartonPage::updateCartonState);
    connect(m_session->verification(), &VerificationRunner::stateChanged, this, &CartonPage::updateCartonState);
    connect(m_session->verification(), &VerificationRunner::fileChecked, this, [this](const carton::FileCheck &check) {
        if (view())
            view()->setFileCheck(check);
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

bool CartonPage::isBusy() const
{
    return CartonStateInputs::isBusy(*m_session, view());
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
    // Shown, not only logged: the user's safety net against a crash is gone.
    connect(edited, &CartonDocument::autosaveFailed, this, [this](const QString &error) {
        emit statusMessage(tr("Unsaved edits of %1 could not be kept for recovery: %2").arg(displayName(), error));
    });
    updateMissingBanner();
    m_guesses->setDocument(edited);
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
    if (m_remote->isRemote() || (carton() && carton()->isReadOnly()))
        editing = false; // read-only: save a local copy to edit it
    if (m_view)
        m_view->setEditing(editing);
    if (std::exchange(m_editing, editing) != editing)
        emit editingChanged(editing);
}

void CartonPage::dropPage(QWidget *page)
{
    if (!page)
        return;
    m_pages->removeWidget(page);
    page->deleteLater();
}

void CartonPage::showView()
{
    if (!m_view) {
        m_view = new CartonView(document(), m_settings, m_pages);
        connect(m_view, &CartonView::editingRequested, this, &CartonPage::setEditing);
        connect(m_view, &CartonView::statusMessage, this, &CartonPage::statusMessage);
        connect(m_view, &CartonView::useModelSignatureRequested, this, &CartonPage::useModelSignature);
        // The signature's verdict and the safety scan's findings are part of the state.
        for (auto signal : {&CartonView::signatureChanged, &CartonView::safetyScanned}) {
            connect(m_view, signal, this, &CartonPage::busyChanged);
            connect(m_view, signal, this, &CartonPage::updateCartonState);
        }
        m_pages->addWidget(m_view);
    } else if (m_view->carton() != carton()) {
        m_view->setCarton(carton()); // rebased after a save: the tabs and the editors stay
    }
    const bool readOnly = m_remote->isRemote() || (carton() && carton()->isReadOnly());
    m_view->setEditAllowed(!readOnly, m_remote->isRemote()
                                          ? tr("A carton opened from a URL is read-only: save a local copy to edit it")
                                          : tr("Entries were left out as unsafe: this carton is read-only"));
    m_view->setEditing(m_editing && !readOnly);
    m_pages->setCurrentWidget(m_view);
}

void CartonPage::adoptSavedPath(const QString &path)
{
    m_session->setPath(QDir::cleanPath(QFileInfo(path).absoluteFilePath()));
    // A save rebases the page on the file it wrote; it does not reload: the
    // document, its undo stack (marked clean by the save) and the view with its
    // tab and the editors' selection stay. Only what shows the file on disk
    // follows it: the pages that read it, validation and verification.
    reopen(true);
}

void CartonPage::reload()
{
    reopen(false);
}

void CartonPage::reopen(bool keepDocument)
{
    m_documentKept = keepDocument && document();
    dropPage(std::exchange(m_errorPage, nullptr));
    if (!m_documentKept) {
        dropPage(std::exchange(m_view, nullptr));
        m_pages->setCurrentIndex(0); // loading; a kept view stays in sight while the saved file opens
    }
    if (document() && !m_documentKept) {
        // The session drops it (a deferred delete): a validation finishing
        // before must not reach this page's handlers, which read the document.
        document()->disconnect(this);
    }
    m_banners->hideBanners();
    // An open or validation still running: its result is dropped.
    if (m_documentKept)
        m_session->rebase(m_remote->openOptions(), displayName());
    else
        m_session->open(m_remote->openOptions(), displayName());
    updateCartonState();
}

void CartonPage::onOpened()
{
    const bool kept = std::exchange(m_documentKept, false);
    if (kept)
        updateMissingBanner(); // rebased after a save: the document and its connections stand
    else
        connectDocument();
    showView();
    if (!m_preferredTab.isEmpty() && !kept)
        selectViewTab(m_preferredTab);

    if (!m_settings || Preferences::load(*m_settings).verifyOnOpen)
        startVerification(false); // else "Not verified" until F5
    updateCartonState();
}

void CartonPage::showError()
{
    const carton::Error &error = m_session->error();
    dropPage(std::exchange(m_view, nullptr));
    auto *page = new ErrorPage(m_pages);
    page->setError(tr("Could not open %1").arg(displayName()), error.message,
                   error.location.isEmpty() ? QDir::toNativeSeparators(path()) : error.location);
    connect(page, &ErrorPage::retryRequested, this, &CartonPage::reload);
    connect(page, &ErrorPage::closeRequested, this, &CartonPage::closeRequested);
    m_errorPage = page;
    m_pages->addWidget(page);
    m_pages->setCurrentWidget(page);
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
    if (view())
        view()->resetFileChecks();
    m_session->verify(options);
}

void CartonPage::updateCartonState()
{
    const CartonState state = CartonState::derive(CartonStateInputs::gather(*m_session, view()));
    m_banners->showState(state);
    if (CartonView *shown = view()) {
        shown->setCartonStateText(state.summary(), shellIcon(state.iconName()));
        if (verification()->state() == VerificationRunner::State::Cancelled)
            shown->setVerificationStopped();
    }
    if (state == m_cartonState)
        return;
    m_cartonState = state;
    emit cartonStateChanged();
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
    if (view())
        setPreferredViewTab(QString::number(int(view()->currentTab()) + 1));
    reload();
    emit statusMessage(tr("%1 changed on disk and was reloaded.").arg(displayName()));
}

void CartonPage::setPreferredViewTab(const QString &tab)
{
    m_preferredTab = tab;
    if (!tab.isEmpty())
        selectViewTab(tab);
}

bool CartonPage::selectViewTab(const QString &tab)
{
    return view() && view()->selectTab(tab);
}

bool CartonPage::useModelSignature()
{
    setEditing(true);
    if (!view() || !isEditing())
        return false;
    view()->setCurrentTab(CartonView::SpecsTab);
    return view()->specsPage()->fillFromModel();
}

bool CartonPage::revealLocation(const carton::DiagnosticLocation &location)
{
    // In edit mode a diagnostic leads to the editor of its field.
    return view() && view()->revealLocation(location);
}

bool CartonPage::runSelfTests()
{
    if (!view())
        return false;
    view()->setCurrentTab(CartonView::SelfTestsTab);
    view()->selfTestRuns()->run();
    return true;
}

} // namespace studio
