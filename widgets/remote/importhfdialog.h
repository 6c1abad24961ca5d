// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLineEdit;
class QPushButton;

namespace studio {

class LatestJob;
class ProgressRow;

// File ▸ Import from Hugging Face…: a repository (OWNER/NAME or its URL), a
// revision, the endpoint (HF_ENDPOINT or huggingface.co, as `carton import hf`),
// the .carton to write and whether the weights are linked (LINKS) or downloaded.
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
    bool isImporting() const;
    void cancelImport();
    QString statusText() const;

signals:
    void imported(const QString &cartonPath);
    // An import ended without a carton: the error (or "cancelled").
    void importFailed(const QString &error);

private:
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
    ProgressRow *m_progress;
    QDialogButtonBox *m_buttons;
    QPushButton *m_import;
};

} // namespace studio
