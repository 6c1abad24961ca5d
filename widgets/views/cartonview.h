// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

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
class OverviewPage;
class SelfTestsPage;
class SpecsPage;
class TensorsPage;

// Everything shown for ONE opened carton, as tabs: Overview (model card),
// Inputs / Outputs, Files, Tensor data, Self-tests & examples. Slow work
// (file previews, tensor values, images, extraction) runs off the GUI thread.
class CartonView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonView)

public:
    enum Tab { OverviewTab, SpecsTab, FilesTab, TensorsTab, SelfTestsTab, SafetyTab, TabCount };

    // `settings` (may be null) remembers per-carton choices such as remote images.
    explicit CartonView(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent = nullptr);
    ~CartonView() override;

    std::shared_ptr<const carton::Carton> carton() const { return m_carton; }

    // Verification result of one file (GUI thread).
    void setFileCheck(const carton::FileCheck &check);
    // The carton's state as the window shows it, for the Overview.
    void setCartonStateText(const QString &text);
    // Verification was cancelled: unchecked files read "Not verified".
    void setVerificationStopped();
    // All files back to "pending".
    void resetFileChecks();
    // Jumps to a diagnostic's location ("carton.toml: input[2].shape", "MANIFEST:3",
    // "tensor_data/index.toml:7: tensor[0].file", "model/main.py"...): switches to
    // the right tab and selects the row/file. False when the location is unknown.
    bool revealLocation(const carton::DiagnosticLocation &location);

    Tab currentTab() const;
    void setCurrentTab(Tab tab);
    // The tab a user's name means ("overview", "inputs", "outputs", "files",
    // "tensor", "tests", "self-tests", "examples", "safety"; a prefix of a word
    // of the English title is enough). Matched against fixed English names,
    // never against the (translated) tab titles, so `--tab files` works in
    // every language. nullopt when nothing matches.
    static std::optional<Tab> tabNamed(const QString &name);

    QTabWidget *tabWidget() const { return m_tabs; }
    OverviewPage *overviewPage() const { return m_overview; }
    SpecsPage *specsPage() const { return m_specs; }
    FilesPage *filesPage() const { return m_files; }
    TensorsPage *tensorsPage() const { return m_tensors; }
    SelfTestsPage *selfTestsPage() const { return m_selfTests; }
    CartonFilesModel *filesModel() const { return m_filesModel; }

signals:
    void statusMessage(const QString &text);

private:
    bool revealCartonTomlField(const QString &field, int line);

    std::shared_ptr<const carton::Carton> m_carton;
    QTabWidget *m_tabs = nullptr;
    CartonFilesModel *m_filesModel = nullptr;
    OverviewPage *m_overview = nullptr;
    SpecsPage *m_specs = nullptr;
    FilesPage *m_files = nullptr;
    TensorsPage *m_tensors = nullptr;
    SelfTestsPage *m_selfTests = nullptr;
};

} // namespace studio
