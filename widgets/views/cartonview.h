// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QWidget>
#include <memory>
#include <optional>

namespace carton {
enum class FilesVerification;
struct VerifyReport;
} // namespace carton

class QIcon;
class QSettings;
class QTabWidget;

namespace carton {
class Carton;
struct DiagnosticLocation;
struct FileCheck;
} // namespace carton

namespace studio {

class CartonFilesModel;
class FilesPage;
class ModelPage;
class OverviewPage;
class SafetyPage;
class SelfTestsPage;
class SignatureRow;
class SpecsPage;
class TensorsPage;

// Everything shown for ONE opened carton, as tabs: Overview (model card),
// Inputs / Outputs, Files, Model (the model files and their weights), Tensor
// data, Self-tests & examples, Safety. Slow work
// (file previews, tensor values, images, extraction) runs off the GUI thread.
class CartonView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonView)

public:
    enum Tab { OverviewTab, SpecsTab, FilesTab, ModelTab, TensorsTab, SelfTestsTab, SafetyTab, TabCount };

    // `settings` (may be null) remembers per-carton choices such as remote images.
    explicit CartonView(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent = nullptr);
    ~CartonView() override;

    std::shared_ptr<const carton::Carton> carton() const { return m_carton; }

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
    // the right tab and selects the row/file. False when the location is unknown.
    bool revealLocation(const carton::DiagnosticLocation &location);
    // The carton's diagnostics (validation): the Inputs / Outputs tables mark the
    // cells they point at. (The Model tab compares carton.toml with the model's
    // signature itself, once it has read the model files.)
    void setDiagnostics(const carton::Diagnostics &diagnostics);

    Tab currentTab() const;
    void setCurrentTab(Tab tab);
    // The tab a user's name means ("overview", "inputs", "outputs", "files",
    // "model", "weights", "tensor", "tests", "self-tests", "examples", "safety"; a prefix of a word
    // of the English title is enough). Matched against fixed English names,
    // never against the (translated) tab titles, so `--tab files` works in
    // every language. nullopt when nothing matches.
    static std::optional<Tab> tabNamed(const QString &name);
    // Selects the tab a user's name means (tabNamed) or its 1-based number;
    // false when there is no such tab.
    bool selectTab(const QString &tab);
    // The "Edit Carton" button in the tabs' corner (editRequested); when not
    // `enabled`, `disabledReason` is its tooltip.
    void addEditButton(bool enabled, const QString &disabledReason);

    QTabWidget *tabWidget() const { return m_tabs; }
    OverviewPage *overviewPage() const { return m_overview; }
    SpecsPage *specsPage() const { return m_specs; }
    FilesPage *filesPage() const { return m_files; }
    // The model files are read when the tab is first shown.
    ModelPage *modelPage() const { return m_model; }
    TensorsPage *tensorsPage() const { return m_tensors; }
    SelfTestsPage *selfTestsPage() const { return m_selfTests; }
    // The safety scan starts when the view is made (its findings are part of the
    // carton's state), not when the tab is first shown; for a carton opened from a
    // URL it waits for the tab (it would download the carton again).
    SafetyPage *safetyPage() const { return m_safety; }
    SignatureRow *signatureRow() const;
    CartonFilesModel *filesModel() const { return m_filesModel; }

signals:
    void statusMessage(const QString &text);
    void editRequested();
    // "Use the model's signature" (the Model tab): [[input]] and [[output]] from
    // the model file's own, as Fill from Model in edit mode.
    void useModelSignatureRequested();
    // The Signature row's verdict changed.
    void signatureChanged();
    // The safety scan finished (safetyPage()->report()).
    void safetyScanned();

private:
    bool revealCartonTomlField(const QString &field, int line);

    std::shared_ptr<const carton::Carton> m_carton;
    QTabWidget *m_tabs = nullptr;
    CartonFilesModel *m_filesModel = nullptr;
    OverviewPage *m_overview = nullptr;
    SpecsPage *m_specs = nullptr;
    FilesPage *m_files = nullptr;
    ModelPage *m_model = nullptr;
    TensorsPage *m_tensors = nullptr;
    SelfTestsPage *m_selfTests = nullptr;
    SafetyPage *m_safety = nullptr;
};

} // namespace studio
