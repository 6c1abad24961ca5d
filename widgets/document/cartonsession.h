// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"

#include <QObject>
#include <memory>

namespace carton {
class Carton;
struct RemoteOptions;
struct VerifyOptions;
} // namespace carton

namespace studio {

class CartonDocument;
class DiskWatcher;
class LatestJob;
class VerificationRunner;

// The life of one open carton (file, folder or URL) apart from how it is shown:
// opening it on a worker thread, validating what opened, verifying its files,
// watching it on disk, and the diagnostics of the three merged with those of
// the document edited over it. A CartonPage is its view. Reopening drops every
// result of the previous carton; results that arrive late are dropped.
class CartonSession final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonSession)
public:
    enum class State { Opening, Open, Failed };
    Q_ENUM(State)

    explicit CartonSession(const QString &path, QObject *parent = nullptr);
    ~CartonSession() override;

    QString path() const { return m_path; }
    // Where the carton is now (after Save As, it follows the saved file, and
    // watching the disk follows it too).
    void setPath(const QString &path);
    // The carton (file, or folder's metadata files) is watched on disk from
    // construction: changedOnDisk() after a change settled, removedFromDisk().
    bool isWatching() const;

    // Drops the carton, its validation, its verification and the document and
    // opens the path again; opened() or failed() reports (naming it
    // `displayName`). A carton that was never opened: use setNewDocument().
    void open(const carton::RemoteOptions &remote, const QString &displayName);
    // After a save to path() (setPath() first after Save As): the session is
    // rebased on the saved file. Like open(), but the document (with its undo
    // stack, marked clean by the save) stays.
    void rebase(const carton::RemoteOptions &remote, const QString &displayName);
    // A new document with nothing on disk yet: Open, no carton. Takes ownership.
    void setNewDocument(std::unique_ptr<CartonDocument> document);
    // The carton edited over the opened one: created when it opens (before
    // opened()), kept by rebase(), dropped by open(). Null before.
    CartonDocument *document() const { return m_document; }

    State state() const { return m_state; }
    std::shared_ptr<const carton::Carton> carton() const { return m_carton; }
    const carton::Error &error() const { return m_error; }
    bool isValidating() const { return m_validating; }
    VerificationRunner *verification() const { return m_verification; }
    // Verifies the opened carton's files (the caller asked what a remote one may download).
    void verify(const carton::VerifyOptions &options);

    // Load and validation diagnostics of the opened file (or why it did not open).
    const carton::Diagnostics &fileDiagnostics() const { return m_fileDiagnostics; }
    // What is shown: the file's diagnostics, or, when `document` has edits (or
    // typed text not applied), the document's validation of the carton as it
    // will be saved plus the entries' load problems; then what verification found.
    carton::Diagnostics diagnostics(const CartonDocument *document) const;

signals:
    void stateChanged(studio::CartonSession::State state);
    // Opening succeeded (carton() is set) or failed (error()).
    void opened();
    void failed();
    // Validation or verification finished: diagnostics() changed.
    void diagnosticsChanged();
    void busyChanged();
    // The carton on disk differs from what was read (or was last saved).
    void changedOnDisk();
    // The carton is gone from its path (deleted, or moved away).
    void removedFromDisk();

private:
    void updateVerificationDiagnostics();

    QString m_path;
    State m_state = State::Opening;
    std::shared_ptr<const carton::Carton> m_carton;
    carton::Error m_error;
    carton::Diagnostics m_fileDiagnostics;
    carton::Diagnostics m_verifyDiagnostics;
    bool m_validating = false;
    CartonDocument *m_document = nullptr;
    bool m_keepDocument = false;
    VerificationRunner *m_verification;
    DiskWatcher *m_disk;
    LatestJob *m_jobs; // opening and validating
};

} // namespace studio
