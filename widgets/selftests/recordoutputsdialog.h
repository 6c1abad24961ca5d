// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/outputrecorder.h"

#include <QDialog>
#include <QPointer>
#include <QTemporaryDir>
#include <memory>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace carton {
class Carton;
}

namespace studio {

class CartonDocument;
class LatestJob;
class RunConsent;
class SafetyPage;

// Record Outputs of one self-test: the document's state as edited is written to
// a temporary .carton (writeStateCopy), the user is asked as before any run
// (RunConsent, with that copy's safety scan), and the model runs on the
// self-test's inputs through the runner host (carton::recordOutputs, as `carton
// record`). The outputs are shown for review (name, dtype, shape, first values);
// Keep adds them to tensor_data/ with the self-test's expected_out as ONE undo
// step of the document (carton::applyRecording); Discard changes nothing.
class RecordOutputsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordOutputsDialog)

public:
    RecordOutputsDialog(CartonDocument *document, int selfTestIndex, QWidget *parent = nullptr);
    ~RecordOutputsDialog() override;

    // Writes the copy, asks, records (in the background); recorded() or failed() follows.
    void start();
    // Keeps the recorded outputs in the document (one undo step) and closes.
    carton::Status keep();

    const std::optional<carton::Recording> &recording() const { return m_recording; }
    QTableWidget *table() const { return m_table; }
    QLabel *status() const { return m_status; }
    QPushButton *keepButton() const { return m_keep; }

signals:
    void recorded();
    void failed(const QString &message);

private:
    void copied(std::shared_ptr<const carton::Carton> copy);
    void showRecording(carton::Result<carton::Recording> recording);
    void fail(const QString &message);

    QPointer<CartonDocument> m_document;
    int m_index;
    QString m_testName;
    QTemporaryDir m_dir;
    LatestJob *m_jobs;
    std::shared_ptr<const carton::Carton> m_copy;
    SafetyPage *m_safety = nullptr;
    RunConsent *m_consent = nullptr;
    std::optional<carton::Recording> m_recording;
    QLabel *m_status;
    QTableWidget *m_table;
    QPushButton *m_keep;
    QDialogButtonBox *m_buttons;
};

// Opens a RecordOutputsDialog for self_test[index] over `parent` and starts it.
RecordOutputsDialog *openRecordOutputs(CartonDocument *document, int index, QWidget *parent);

} // namespace studio
