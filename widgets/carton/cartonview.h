// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QKeySequence>
#include <QList>
#include <QWidget>
#include <array>
#include <memory>
#include <optional>

namespace carton {
class Carton;
enum class FilesVerification;
struct DiagnosticLocation;
struct FileCheck;
struct VerifyReport;
} // namespace carton

class QIcon;
class QScrollArea;
class QSettings;
class QTabWidget;
class QToolButton;

namespace studio {

class CartonDocument;
class CartonFilesModel;
class DocumentSelfTests;
class FilesPage;
class MetadataEditor;
class ModelPage;
class OverviewPage;
class RunConsent;
class RunnerEditor;
class SafetyPage;
class SelfTestsEditor;
class SelfTestsModel;
class SelfTestsPage;
class SignatureRow;
class SpecsPage;
class TensorsPage;

// The one UI of an open carton: its tabs are views of the CartonDocument (and of
// the file it was opened from), browsing and editing alike. Overview (the
// metadata form beside what the opened file says of itself), Runner, Inputs / Outputs, Files, Model (model files and
// weights), Tensor data, Self-tests & Examples, Safety. Read-only until
// setEditing(true) (Ctrl+E): then the same tabs become editable in place — the
// tab, its selection and scroll stay; the Files tab's page edits the files in
// place, the Self-tests panel's tree is the list the Edit tab beside it edits. A carton that cannot be edited (opened
// from a URL, unsafe entries) only ever browses. Slow work (file previews, tensor values, images, extraction) runs off
// the GUI thread.
class CartonView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonView)

public:
    enum Tab {
        OverviewTab,
        // The metadata form is the Overview's (one place for carton.toml's fields).
        MetadataTab = OverviewTab,
        RunnerTab,
        SpecsTab,
        FilesTab,
        ModelTab,
        TensorsTab,
        SelfTestsTab,
        SafetyTab,
        TabCount
    };

    // The tabs of `document`; the pages that read the opened file follow setCarton().
    // `settings` (may be null) remembers per-carton choices such as remote images.
    CartonView(CartonDocument *document, QSettings *settings, QWidget *parent = nullptr);
    ~CartonView() override;

    CartonDocument *document() const { return m_document; }
    // The file the pages read (null for a document never saved).
    std::shared_ptr<const carton::Carton> carton() const { return m_carton; }
    // The opened file (after opening, or after a save: the rebase). The pages that
    // read it are made over it; the document's tabs, the current tab and edit mode stay.
    void setCarton(std::shared_ptr<const carton::Carton> carton);

    // Editing in place: the document's fields become editable. Nothing moves.
    void setEditing(bool editing);
    bool isEditing() const { return m_editing; }
    // The "Edit Carton" / "Done Editing" button in the tabs' corner
    // (editingRequested); when not `allowed`, `reason` is its tooltip.
    void setEditAllowed(bool allowed, const QString &reason = {});
    QToolButton *editButton() const { return m_editButton; }

    // Verification result of one file (GUI thread).
    void setFileCheck(const carton::FileCheck &check);
    // The carton's state as the window shows it (text and icon), for the Overview.
    void setCartonStateText(const QString &text, const QIcon &icon = {});
    // Verification was cancelled: unchecked files read "Not verified".
    void setVerificationStopped();
    // How far the carton's verification got, for the Signature row's verdict
    // (valid only once every file matched).
    void setFileVerification(carton::FilesVerification state, const carton::VerifyReport &report);
    // Checks the signature again (the trusted keys changed).
    void refreshSignature();
    // All files back to "pending".
    void resetFileChecks();
    // Jumps to a diagnostic's location ("carton.toml: input[2].shape", "MANIFEST:3",
    // "tensor_data/index.toml:7: tensor[0].file", "model/main.py"...): switches to
    // the right tab and selects the row, file or field (editing: the field's
    // editor). False when the location is unknown.
    bool revealLocation(const carton::DiagnosticLocation &location);

    Tab currentTab() const;
    void setCurrentTab(Tab tab);
    // The tab a user's name means ("overview", "metadata", "runner", "inputs",
    // "outputs", "files", "model", "weights", "tensor", "tests", "self-tests",
    // "examples", "safety"; a prefix of a word of the English title is enough).
    // Matched against fixed English names, never against the (translated) tab
    // titles, so `--tab files` works in every language. nullopt when nothing matches.
    static std::optional<Tab> tabNamed(const QString &name);
    // Selects the tab a user's name means (tabNamed) or its 1-based number;
    // false when there is no such tab.
    bool selectTab(const QString &tab);

    QTabWidget *tabWidget() const { return m_tabs; }
    MetadataEditor *metadataEditor() const { return m_metadata; }
    RunnerEditor *runnerEditor() const { return m_runner; }
    SpecsPage *specsPage() const { return m_specs; }
    SelfTestsEditor *selfTestsEditor() const { return m_selfTestsEditor; }
    // The document's self-tests and examples: the panel's tree and the editor show it.
    SelfTestsModel *selfTestsModel() const { return m_selfTestsModel; }
    // The document's files (always there; edits them in place while editing).
    FilesPage *filesPage() const { return m_files; }
    // The pages over the opened file (null for a document never saved).
    OverviewPage *overviewPage() const { return m_overview; }
    // The model files are read when the tab is first shown.
    ModelPage *modelPage() const { return m_model; }
    TensorsPage *tensorsPage() const { return m_tensors; }
    // The Self-tests panel; it runs the document's state (DocumentSelfTests), and
    // is made anew over a copy of that state when it has edits. A document never
    // saved has none until its first run.
    SelfTestsPage *selfTestsPage() const;
    DocumentSelfTests *selfTestRuns() const { return m_runs; }
    // The safety scan starts when the pages are made (its findings are part of the
    // carton's state), not when the tab is first shown; for a carton opened from a
    // URL it waits for the tab (it would download the carton again).
    SafetyPage *safetyPage() const { return m_safety; }
    SignatureRow *signatureRow() const;
    CartonFilesModel *filesModel() const { return m_filesModel; }

    // Edit ▸ Redo's keys: the platform's, plus Ctrl+Shift+Z and Ctrl+Y wherever
    // the platform theme binds fewer (X11 without a desktop binds none).
    static QList<QKeySequence> redoKeys();

signals:
    void statusMessage(const QString &text);
    // The corner button was pressed: edit (true) or browse (false).
    void editingRequested(bool editing);
    // "Use the model's signature" (the Model tab): [[input]] and [[output]] from
    // the model file's own, as Fill from Model on the Inputs / Outputs tab.
    void useModelSignatureRequested();
    // The Signature row's verdict changed.
    void signatureChanged();
    // The safety scan finished (safetyPage()->report()).
    void safetyScanned();

protected:
    // Undo/Redo keys in the text fields go to the document's undo stack
    // (Edit ▸ Undo), not to the field's own little history: every keystroke is
    // already a document edit.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *slot(Tab tab) const { return m_slots[size_t(tab)]; }
    void dropCartonPages();
    void updateTabs();
    bool revealWhileBrowsing(const carton::DiagnosticLocation &location);
    bool revealWhileEditing(const carton::DiagnosticLocation &location);
    bool revealCartonTomlField(const QString &field, int line);

    CartonDocument *m_document;
    QSettings *m_settings;
    std::shared_ptr<const carton::Carton> m_carton;
    QTabWidget *m_tabs = nullptr;
    QToolButton *m_editButton = nullptr;
    std::array<QWidget *, TabCount> m_slots{};
    bool m_editing = false;
    // The document's editors.
    MetadataEditor *m_metadata = nullptr;
    RunnerEditor *m_runner = nullptr;
    SpecsPage *m_specs = nullptr;
    SelfTestsModel *m_selfTestsModel = nullptr; // the panel's tree and the editing alike
    SelfTestsEditor *m_selfTestsEditor = nullptr;
    QScrollArea *m_selfTestsEdit = nullptr; // holds the editor: in the panel's Edit tab, or alone
    DocumentSelfTests *m_runs = nullptr;
    CartonFilesModel *m_filesModel = nullptr;
    FilesPage *m_files = nullptr;
    // Over the opened file.
    OverviewPage *m_overview = nullptr;
    ModelPage *m_model = nullptr;
    TensorsPage *m_tensors = nullptr;
    SafetyPage *m_safety = nullptr;
    RunConsent *m_consent = nullptr;
};

} // namespace studio
