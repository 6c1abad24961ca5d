// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"
#include "cartonbanners.h"
#include "document/cartondocument.h"
#include "document/cartonsession.h"
#include "document/cartonstate.h"
#include "document/verificationrunner.h"
#include "remote/remotesession.h"

#include <QWidget>
#include <memory>

class QLabel;
class QSettings;
class QStackedWidget;

namespace carton {
class Carton;
}

namespace studio {

class CartonView;
class ErrorPage;
class GuessesBanner;

// One tab of the main window: the view of one carton (file, folder or URL)
// and the document over it. Its CartonSession opens, validates and verifies
// it; the page shows the loading page, then the CartonView of the document
// (browsing, or editing in place) or an error page, the banners and the one
// state.
// Closing the page cancels its jobs; results that arrive later are dropped.
class CartonPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonPage)
public:
    CartonPage(const QString &path, QSettings *settings, QWidget *parent = nullptr);
    // A page for a new document (File ▸ New, a dropped model): no carton on disk
    // yet, shown in edit mode until it is saved. Takes ownership.
    CartonPage(std::unique_ptr<CartonDocument> document, QSettings *settings, QWidget *parent = nullptr);
    ~CartonPage() override;

    QString path() const { return m_session->path(); }
    QString displayName() const;
    CartonSession::State state() const { return m_session->state(); }
    // Opening, validating, verifying, checking the signature or scanning.
    bool isBusy() const;

    std::shared_ptr<const carton::Carton> carton() const { return m_session->carton(); }
    // The tabs of the document (null while opening or when opening failed).
    CartonView *view() const { return m_view; }
    // The carton being edited (null while opening or when opening failed).
    CartonDocument *document() const { return m_session->document(); }
    // Unsaved edits.
    bool isModified() const { return document() && document()->isModified(); }
    // Editing makes the view's tabs editable in place (nothing else changes).
    bool isEditing() const { return m_editing; }
    void setEditing(bool editing);
    // Runs the self-tests of the document as it is now, saved or not, in the
    // Self-tests tab (shown). False without a document.
    bool runSelfTests();
    // The banner listing required fields still missing (each a link).
    QLabel *missingBanner() const { return m_banners->missingBanner(); }
    // The fields a dropped model filled, for the author to confirm.
    GuessesBanner *guessesBanner() const { return m_guesses; }
    // After a successful save to `path`: the page is rebased on that file. The
    // document, its undo stack, the view (tab, editors' selection) and edit mode
    // stay; the pages that read the file, validation and verification follow it.
    void adoptSavedPath(const QString &path);
    ErrorPage *errorPage() const { return m_errorPage; }
    VerificationRunner *verification() const { return m_session->verification(); }
    // Opening, validation, verification and the diagnostics of this carton.
    CartonSession *session() const { return m_session; }
    // Opening by URL, and the questions before anything is downloaded.
    RemoteSession *remote() const { return m_remote; }
    bool isRemote() const { return m_remote->isRemote(); }
    QString errorMessage() const { return m_session->error().toString(); }

    // Load + validation diagnostics, then files that failed verification.
    carton::Diagnostics diagnostics() const { return m_session->diagnostics(document()); }
    // The one state shown everywhere (banner, tab, status bar, Overview).
    const CartonState &cartonState() const { return m_cartonState; }
    QLabel *banner() const { return m_banners->banner(); }

    // Tab of the CartonView to show once open: a name ("files", "inputs") or a
    // 1-based number. Empty: the view's default.
    void setPreferredViewTab(const QString &tab);
    // Selects a tab of the open CartonView (CartonView::selectTab); false when
    // there is no such tab.
    bool selectViewTab(const QString &tab);

    bool revealLocation(const carton::DiagnosticLocation &location);
    // "Use the model's signature" (the Model tab's, the Diagnostics panel's): edit
    // mode, the Inputs / Outputs tab, and its Fill from Model (which asks before
    // replacing declared specs). False when nothing was filled.
    bool useModelSignature();

    // Watching the file (or the folder's metadata files) for changes on disk:
    // a change reloads the carton after a short quiet period, keeping the tab.
    // With unsaved edits it asks first (keep the edits, or reload).
    bool isWatching() const { return m_session->isWatching(); }

public slots:
    void reload();
    void verify();

signals:
    void stateChanged(studio::CartonSession::State state);
    void modifiedChanged(bool modified);
    void editingChanged(bool editing);
    // A new document was created (after opening or reloading): its undo stack changed.
    void documentChanged();
    void cartonStateChanged();
    void diagnosticsChanged();
    void busyChanged();
    void statusMessage(const QString &text);
    void closeRequested();

private:
    void setUpWidgets();
    // Connects the page to a document the session created or was handed.
    void connectDocument();
    // Drops what shows the file (validation, verification) and opens it again;
    // the document and its view too unless keepDocument.
    void reopen(bool keepDocument);
    void updateMissingBanner();
    void onOpened();
    void showError();
    void startVerification(bool interactive);
    void updateCartonState();
    void reloadChangedFile();
    // Shows the view of the document (made when there is none).
    void showView();
    void dropPage(QWidget *page);

    CartonSession *m_session;
    QSettings *m_settings;
    QString m_preferredTab;
    CartonState m_cartonState = CartonState::derive({});

    QStackedWidget *m_pages = nullptr; // loading, view or error page
    CartonView *m_view = nullptr;
    ErrorPage *m_errorPage = nullptr;
    CartonBanners *m_banners = nullptr;
    GuessesBanner *m_guesses = nullptr;
    RemoteSession *m_remote = nullptr;
    bool m_editing = false;
    bool m_documentKept = false; // reopening after a save, with the document kept
};

} // namespace studio
