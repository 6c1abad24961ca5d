// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"
#include "cartonstate.h"

#include <QWidget>
#include <memory>

class QLabel;
class QSettings;
class QStackedWidget;

namespace carton {
class Carton;
}

namespace studio {

class CartonBanners;
class CartonDocument;
class CartonView;
class DocumentEditor;
class EditedSelfTests;
class ErrorPage;
class CartonSession;
class RemoteSession;
class VerificationRunner;

// One tab of the main window: the view of one carton (file, folder or URL)
// and the document edited over it. Its CartonSession opens, validates and
// verifies it; the page shows the session (loading, CartonView or an error
// page, or the DocumentEditor in edit mode), the banners and the one state.
// Closing the page cancels its jobs; results that arrive later are dropped.
class CartonPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonPage)
public:
    enum class State { Opening, Open, Failed };
    Q_ENUM(State)

    CartonPage(const QString &path, QSettings *settings, QWidget *parent = nullptr);
    // A page for a new document (File ▸ New, a dropped model): no carton on disk
    // yet, shown in edit mode until it is saved. Takes ownership.
    CartonPage(std::unique_ptr<CartonDocument> document, QSettings *settings, QWidget *parent = nullptr);
    ~CartonPage() override;

    QString path() const;
    QString displayName() const;
    State state() const;
    bool isValidating() const;
    // Opening, validating, verifying, checking the signature or scanning.
    bool isBusy() const;

    std::shared_ptr<const carton::Carton> carton() const;
    CartonView *view() const { return m_view; }
    // The carton being edited (null while opening or when opening failed).
    CartonDocument *document() const;
    // Unsaved edits.
    bool isModified() const;
    // Edit mode shows the DocumentEditor instead of the CartonView.
    bool isEditing() const { return m_editing; }
    void setEditing(bool editing);
    DocumentEditor *editor() const { return m_editor; }
    // Run Self-tests on the document as edited (saved or not), in a window of its
    // own beside the editor; null without a document.
    EditedSelfTests *editedSelfTests();
    // The banner listing required fields still missing (each a link).
    QLabel *missingBanner() const;
    // After a successful save to `path`: the page is rebased on that file. The
    // document, its undo stack, the editor (page and selection) and edit mode
    // stay; the browse view, validation and verification follow the saved file.
    void adoptSavedPath(const QString &path);
    ErrorPage *errorPage() const { return m_errorPage; }
    VerificationRunner *verification() const;
    // Opening, validation, verification and the diagnostics of this carton.
    CartonSession *session() const { return m_session; }
    // Opening by URL, and the questions before anything is downloaded.
    RemoteSession *remote() const { return m_remote; }
    bool isRemote() const;
    QString errorMessage() const;

    // Load + validation diagnostics, then files that failed verification.
    carton::Diagnostics diagnostics() const;
    // The one state shown everywhere (banner, tab, status bar, Overview).
    const CartonState &cartonState() const { return m_cartonState; }
    QLabel *banner() const;

    // Tab of the CartonView to show once open: a name ("files", "inputs") or a
    // 1-based number. Empty: the view's default.
    void setPreferredViewTab(const QString &tab);
    // Selects a tab of the open CartonView; false when there is no such tab.
    bool selectViewTab(const QString &tab);

    bool revealLocation(const carton::DiagnosticLocation &location);

    // Watching the file (or the folder's metadata files) for changes on disk:
    // a change reloads the carton after a short quiet period, keeping the tab.
    // With unsaved edits it asks first (keep the edits, or reload).
    bool isWatching() const;

public slots:
    void reload();
    void verify();

signals:
    void stateChanged(studio::CartonPage::State state);
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
    // Drops what shows the file (view, validation, verification) and opens it
    // again; the document and the editor too unless keepDocument.
    void reopen(bool keepDocument);
    // The editor's "Done Editing" button, once there is a carton to browse.
    void addBrowseButton();
    void updateMissingBanner();
    void onOpened();
    void showError();
    void startVerification(bool interactive);
    void updateCartonState();
    void reloadChangedFile();

    CartonSession *m_session;
    QSettings *m_settings;
    QString m_preferredTab;
    CartonState m_cartonState = CartonState::derive({});

    QStackedWidget *m_stack;
    CartonBanners *m_banners = nullptr;
    CartonView *m_view = nullptr;
    ErrorPage *m_errorPage = nullptr;
    RemoteSession *m_remote = nullptr;
    DocumentEditor *m_editor = nullptr;
    bool m_editing = false;
    bool m_documentKept = false;                  // reopening after a save, with the document kept
    EditedSelfTests *m_editedSelfTests = nullptr; // a child, made by editedSelfTests()
};

} // namespace studio
