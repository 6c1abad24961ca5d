// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

namespace carton {
struct HfPreview;
struct HfImportOptions;
struct HfRepoRef;
} // namespace carton

class QCheckBox;
class QTextBrowser;
class QDialogButtonBox;
class QLineEdit;
class QPushButton;

namespace studio {

class ProgressRow;

class LatestJob;

// File ▸ Import from Hugging Face…: a repository (OWNER/NAME or its URL), a
// revision, the endpoint (HF_ENDPOINT or huggingface.co, as `carton import hf`),
// the .carton to write and whether the weights are linked (LINKS) or downloaded.
// Preview (also run when the repository, revision or endpoint is edited, or the
// link box toggled) fills a pane before anything large is fetched: the files with
// their sizes and whether each is downloaded or linked, the architecture from
// config.json, the card's license, and each safetensors file's tensors, parameters
// and types from its header (previewHfRepo: Range requests).
// importHfRepo runs off the GUI thread (a LatestJob) with progress in bytes and
// the file being fetched; Cancel stops it (the downloads so far are kept for the
// next import of the same output). A token from HF_TOKEN or the token file goes
// to the endpoint's host only. On success imported(path) is emitted and the
// dialog closes.
class ImportHfDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImportHfDialog)
public:
    explicit ImportHfDialog(QWidget *parent = nullptr);
    ~ImportHfDialog() override;

    void startImport();
    void startPreview();
    bool isImporting() const;
    bool isPreviewing() const;
    // The preview pane as plain text (for tests).
    QString previewText() const;
    void cancelImport();
    QString statusText() const;

signals:
    void imported(const QString &cartonPath);
    // A preview ended: shown in the pane, or its error.
    void previewed();
    // An import ended without a carton: the error (or "cancelled").
    void importFailed(const QString &error);

private:
    // The endpoint, repository and revision as typed; false (the error shown) when one is not valid.
    bool readInputs(carton::HfImportOptions &options, carton::HfRepoRef &ref);
    void showPreview(const carton::HfPreview &preview);
    void finish(const QString &path, const QString &error, bool cancelled);
    void updateState();
    void browse();

    LatestJob *m_jobs;
    QLineEdit *m_repo;
    QLineEdit *m_revision;
    QLineEdit *m_endpoint;
    QLineEdit *m_output;
    QPushButton *m_browse;
    QCheckBox *m_link;
    QTextBrowser *m_preview;
    QPushButton *m_previewButton;
    ProgressRow *m_progress;
    QDialogButtonBox *m_buttons;
    QPushButton *m_import;
};

} // namespace studio
