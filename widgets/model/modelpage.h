// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "modelpanes.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QLabel;
class QLineEdit;
class QSettings;
class QSplitter;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTextBrowser;
class QTreeView;

namespace carton {
class Carton;
class ModelSet;
struct OnnxInfo;
} // namespace carton

namespace studio {

class FileViewer;
class HfModelTabs;
class LatestJob;
class ModelGraphView;
class ModelInspector;
class ModelWeightsModel;
class RunConsent;
class TensorViewer;

// The Model tab of a carton (every model file under model/, found by content) and
// the window's view of a bare model file or a Hugging Face model folder (its
// config, tokenizer and card too: HfModelTabs): each file's summary (format, producer,
// opsets, parameters, signature, op counts, metadata; a broken file its error),
// its weights as a filterable, sortable tree by module path, and the selected
// weight in the TensorViewer; beside it, the file's graph (ModelGraphView). The model files are read through LatestJob,
// never on the GUI thread: when the page is first shown, or on load().
class ModelPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelPage)

public:
    // The model files of `carton`.
    explicit ModelPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent = nullptr);
    // One bare model file on disk.
    explicit ModelPage(const QString &filePath, QWidget *parent = nullptr);
    ~ModelPage() override;

    // Reads the model files (again) in the background; loaded() follows.
    void load();
    bool isLoading() const;
    bool isLoaded() const;
    const std::shared_ptr<const carton::ModelSet> &modelSet() const;

    // Selects a weight by its ModelSet name ("model/model.onnx:fc.weight"), clearing
    // a filter that hides it; false when there is no such weight.
    bool revealWeight(const QString &name);

    ModelWeightsModel *weightsModel() const { return m_model; }
    QSortFilterProxyModel *weightsProxy() const { return m_proxy; }
    QTreeView *weightsView() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }
    QTextBrowser *summary() const { return m_summary; }
    QLabel *statusLabel() const { return m_status; }
    TensorViewer *viewer() const { return m_viewer; }
    // The graph of the selected model file (ONNX), beside the viewer.
    ModelGraphView *graphView() const { return m_graph; }
    // The viewer's, the graph's and the code's tabs; a Hugging Face model's Config,
    // Tokenizer and Card tabs (HfModelTabs).
    QTabWidget *sideTabs() const { return m_side; }
    HfModelTabs *hfTabs() const { return m_hf; }
    // A TorchScript archive's code/ files, read-only, coloured as Python.
    FileViewer *codeViewer() const { return m_code; }
    // Reads `codeFile` (a code/ file of the selected model file, as its summary
    // links it) off the GUI thread and shows it in codeViewer(); codeShown() follows.
    // False when the selected file has no such code file.
    bool openCodeFile(const QString &codeFile);

    // Where the shown panes are remembered (ModelPanes); applies what it holds.
    void setSettings(QSettings *settings);
    // Shows or hides a side pane (remembered); with the summary and the weights
    // hidden, the values, graph and code take the page's whole width.
    void setPaneShown(ModelPanes::Pane pane, bool shown);
    const ModelPanes &panes() const { return m_panes; }
    void setPanes(const ModelPanes &panes);

    // Who asks before the carton's code runs (the Self-tests page's RunConsent).
    void setConsent(RunConsent *consent);
    // "Inspect with torchscript…", shown when a model file is a TorchScript archive
    // (model/model.pt in a carton, or the bare file), whatever the carton's runner.
    QPushButton *inspectButton() const { return m_inspect; }
    // Asks (RunConsent), then loads the model in the sandboxed runner host without
    // running it (ModelInspector, off the GUI thread); the signature, op counts and
    // the comparison with carton.toml then show in the summary, forward's graph in
    // the graph view, and inspected() follows.
    void inspect();
    ModelInspector *inspector() const { return m_inspector; }

signals:
    // The model files were read (or failed: statusLabel() says why).
    void loaded();
    void valuesLoaded(const QString &name);
    // inspect() finished (the summary shows the signature or why not).
    void inspected();
    // openCodeFile() finished.
    void codeShown(const QString &codeFile);
    // The summary's "Use the model's signature" (carton.toml contradicts the model's).
    void useModelSignatureRequested();

protected:
    void showEvent(QShowEvent *event) override;

private:
    ModelPage(std::shared_ptr<const carton::Carton> carton, const QString &filePath, QWidget *parent);
    void setUp();
    void showLoaded(std::shared_ptr<const carton::ModelSet> set, const QString &error);
    void currentChanged();
    void showSummary(int entry);
    // The selected file's summary, then the runner's inspection when there is one.
    void renderSummary();
    void showInspection();
    // The graph of the selected entry: the inspected one's when there is one.
    void showGraph(int entry);

    std::shared_ptr<const carton::Carton> m_carton;
    QString m_filePath;
    LatestJob *m_jobs = nullptr;
    ModelWeightsModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLabel *m_status = nullptr;
    QTextBrowser *m_summary = nullptr;
    QLineEdit *m_filter = nullptr;
    QTreeView *m_tree = nullptr;
    TensorViewer *m_viewer = nullptr;
    ModelGraphView *m_graph = nullptr;
    QTabWidget *m_side = nullptr;
    QPushButton *m_inspect = nullptr;
    FileViewer *m_code = nullptr;
    ModelInspector *m_inspector = nullptr;
    HfModelTabs *m_hf = nullptr;
    QSplitter *m_left = nullptr; // the summary over the weights
    QWidget *m_weights = nullptr;
    QSettings *m_settings = nullptr;
    ModelPanes m_panes;
    std::shared_ptr<const carton::OnnxInfo> m_inspectedGraph; // forward's, once inspected
    QString m_summaryHtml;                                    // the selected model file's
    QString m_inspectionHtml;                                 // what inspect() learned
    int m_summaryEntry = -2;
    bool m_started = false;
    bool m_shownOnce = false; // the first model set was shown
};

} // namespace studio
