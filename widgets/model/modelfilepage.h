// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QPushButton;
class QSettings;

namespace studio {

class ModelPage;
class SignatureRow;

// A main-window tab for a bare model file (ONNX, GGUF... recognised by content,
// carton::classifyPath): its Model view, read-only, and New Carton from This Model,
// which starts a new carton with the file under model/ (the same flow as dropping
// it on the window), and Compare With… (a model review against another model file
// or carton). Above the model, the Signature row of an OpenSSF model signature
// found beside it (SignatureRow, checked with the user's trusted keys).
class ModelFilePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelFilePage)

public:
    // `path` must be clean and absolute (it identifies the tab). `settings` (may be
    // null): the trusted keys.
    ModelFilePage(const QString &path, QSettings *settings, QWidget *parent = nullptr);

    const QString &path() const { return m_path; }
    QString displayName() const;
    ModelPage *modelPage() const { return m_model; }
    QPushButton *newCartonButton() const { return m_newCarton; }
    QPushButton *compareButton() const { return m_compare; }
    SignatureRow *signatureRow() const { return m_signature; }

signals:
    void newCartonRequested(const QString &path);
    // Compare With…: review this model against another file.
    void compareRequested(const QString &path);

private:
    QString m_path;
    ModelPage *m_model = nullptr;
    QPushButton *m_newCarton = nullptr;
    QPushButton *m_compare = nullptr;
    SignatureRow *m_signature = nullptr;
};

} // namespace studio
