// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>
#include <QMessageBox>
#include <QPointer>
#include <memory>

class QCheckBox;
class QDialogButtonBox;
class QLineEdit;
class QPushButton;

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;
class ProgressRow;

// File ▸ Push to Registry…: pushes an open carton (core's pushCarton, off the GUI
// thread) to host[:port]/repository[:tag]; progress in bytes and the blob being
// sent, Cancel stops it (the manifest is pushed last, so nothing is tagged; the
// next Push resumes the interrupted upload). A carton with files only in LINKS
// gets a check box: consent to fetch them and push them as layers.
// Failure shows an error box, success one with the manifest digest.
class PushRegistryDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PushRegistryDialog)
public:
    PushRegistryDialog(std::shared_ptr<const carton::Carton> carton, const QString &name, QWidget *parent = nullptr);
    ~PushRegistryDialog() override;

    void setReference(const QString &reference);
    void push();
    bool isPushing() const;
    void cancelPush();
    // The box that told the outcome (an error or the digest); null before.
    QMessageBox *outcomeBox() const { return m_outcome; }

signals:
    // A push ended: `digest` is the manifest's on success, `error` empty then.
    void pushFinished(const QString &digest, const QString &error);

private:
    void finish(const QString &digest, const QString &reference, const QString &error, bool cancelled,
                qint64 resumed = 0);
    void updateState();

    std::shared_ptr<const carton::Carton> m_carton;
    LatestJob *m_jobs;
    QLineEdit *m_reference;
    QCheckBox *m_fetchLinks;
    ProgressRow *m_progress;
    QDialogButtonBox *m_buttons;
    QPushButton *m_push;
    QPointer<QMessageBox> m_outcome;
};

} // namespace studio
