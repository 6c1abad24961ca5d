// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"
#include "documentstate.h"
#include "pack/cartonsaver.h"
#include "validate/symbolcheck.h"

#include <QMap>
#include <QObject>
#include <QStringList>
#include <memory>

class QTimer;
class QUndoStack;

namespace carton {
class Carton;
class ModelSet;
} // namespace carton

namespace studio {

class LatestJob;
struct ModelFiles;
struct TensorIndexCache;
struct ModelSetCache;

// The carton being edited: its carton.toml (typed) and its files (where each
// one's bytes come from: an entry of the original carton, a file on disk or new
// bytes), an undo stack, live validation, saving and autosave. Widgets are its
// views: they read state(), call the edit functions (every edit is one undo
// step, named for the Edit menu) and follow the change signals.
//
// "Modified" means the undo stack is not clean (or the document was never saved).
class CartonDocument final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonDocument)

public:
    // A document over an opened carton; `savePath` is where Save writes (empty:
    // Save asks, as for a folder carton or a new document). `original` may be
    // null: a new, empty document.
    CartonDocument(std::shared_ptr<const carton::Carton> original, const QString &savePath, QObject *parent = nullptr);
    // A new document holding a model's files under model/, runner guessed,
    // model_name from the folder or file name.
    static std::unique_ptr<CartonDocument> fromModelFiles(const ModelFiles &files, QObject *parent = nullptr);
    ~CartonDocument() override;

    std::shared_ptr<const carton::Carton> original() const { return m_original; }
    const DocumentState &state() const { return m_state; }
    const carton::CartonInfo &info() const { return m_state.info; }
    const carton::CartonEdits &files() const { return m_state.files; }
    QUndoStack *undoStack() const { return m_undo; }
    // The model files under model/ as the document has them now, recognised by
    // content (read once after model/ changes, normally by a validation job
    // already; the first call may wait for it).
    const carton::ModelSet &models() const;

    // Never saved (a new document, or a folder carton not yet packed).
    bool isNew() const { return m_savePath.isEmpty(); }
    bool isModified() const;
    // The original is read-only (hostile entries left out): it cannot be saved.
    bool isReadOnly() const;
    QString savePath() const { return m_savePath; }
    QString displayName() const;

    // --- edits (each one undo step) --------------------------------------
    // Replaces carton.toml. `what` names the step ("Edit Model Name"); edits with
    // the same non-empty `mergeKey` in a row are one step (typing in one field).
    void setInfo(const carton::CartonInfo &info, const QString &what, const QString &mergeKey = {});
    carton::Status addFile(const QString &archivePath, const QString &diskPath);
    carton::Status addBytes(const QString &archivePath, const QByteArray &bytes, const QString &what);
    carton::Status removeFile(const QString &archivePath);
    carton::Status renameFile(const QString &from, const QString &to);
    // Any state (for edits that change info and files together).
    void setState(const DocumentState &state, const QString &what, const QString &mergeKey = {});

    // --- guessed fields (a new document from a dropped model) ---------------
    // The fields filled from what the model says, not yet confirmed by the
    // author; the values are in info() (editing one is an ordinary edit).
    const QList<ModelGuess> &guesses() const { return m_state.guesses; }
    // The author confirms them: one undo step that empties guesses().
    void confirmGuesses();
    // The current value of a guessed field as the banner lists it.
    QString guessedFieldText(const QString &field) const;

    // --- validation (re-run after every change, off the GUI thread) --------
    const carton::Diagnostics &diagnostics() const { return m_diagnostics; }
    // The shape symbols of the inputs/outputs: where each is used and the values
    // each self-test and example binds it to (checked against the shapes of the
    // original carton's tensor_data tensors). Updated with diagnostics().
    const QList<carton::SymbolSummary> &symbolSummary() const { return m_symbols; }
    bool isValidating() const;
    // The required parts the last validation found empty or wrong, as carton.toml
    // field paths ("runner.runner_name", "runner.required_framework_version") and
    // "model/" when model/ has no file: read off diagnostics(), not checked again.
    QStringList missingFields() const;
    static QString fieldLabel(const QString &field);
    // Validates the current state now, on the calling thread (before a save asks
    // about errors; tests).
    void validateNow();

    // --- text typed but not applied ----------------------------------------
    // What the user typed into a field that could not be applied (a shape that
    // does not parse), keyed by field path ("input[2].shape"). The editor keeps
    // showing it, marked; diagnostics() lists it as an error with `message`
    // until the field gets a valid value or its row goes (the editor's model
    // decides both). Not an undo step; Save refuses while any is pending: what
    // would be written is not what the cell shows.
    struct UnappliedText {
        QString text;
        QString message;
        bool operator==(const UnappliedText &) const = default;
    };
    using UnappliedTexts = QMap<QString, UnappliedText>;
    void setUnappliedText(const QString &field, const QString &text, const QString &message);
    void clearUnappliedText(const QString &field);
    // Replaces every entry (diagnosticsChanged when that changes anything).
    void setUnappliedTexts(const UnappliedTexts &texts);
    const UnappliedTexts &unappliedTexts() const { return m_unapplied; }
    const UnappliedText *unappliedText(const QString &field) const;

    // --- saving -------------------------------------------------------------
    // Saves in the background (saveCarton: atomic, unchanged entries copied as
    // their compressed bytes); saveFinished() reports. Edits made while saving
    // are kept but the document stays modified.
    void save(const QString &path, const carton::SaveOptions &options);
    void cancelSave();
    bool isSaving() const;
    // The .carton path a new document would be saved to by default.
    QString suggestedSavePath() const;

    // --- recovery -----------------------------------------------------------
    // Where this document's unsaved edits are autosaved.
    QString recoveryPath() const { return m_recoveryPath; }
    // Writes the recovery file now when there are unsaved edits (else removes it).
    // A write that fails is logged (studio.document) and reported by
    // autosaveFailed(), once until a write succeeds again; false when it failed.
    bool autosave();
    void discardRecovery();
    // Replaces the state with a recovered one (one undo step, document modified).
    void restoreState(const DocumentState &state);

signals:
    void infoChanged();
    void filesChanged();
    void guessesChanged();
    void modifiedChanged(bool modified);
    void diagnosticsChanged();
    void validatingChanged(bool validating);
    void saveProgress(qint64 done, qint64 total);
    void saveFinished(bool ok, const QString &path, const QString &error);
    // The unsaved edits could not be written to the recovery file (`error` names it).
    void autosaveFailed(const QString &error);

private:
    void apply(const DocumentState &state);
    void scheduleValidation();
    void startValidation();
    void adoptValidation(carton::Diagnostics diagnostics, QList<carton::SymbolSummary> symbols);
    void mergeDiagnostics();

    std::shared_ptr<const carton::Carton> m_original;
    QString m_savePath;
    QString m_name;
    DocumentState m_state;
    QUndoStack *m_undo;
    LatestJob *m_jobs;
    QTimer *m_validateTimer;
    QTimer *m_autosaveTimer;
    carton::Diagnostics m_diagnostics; // m_unapplied's, then m_validated
    carton::Diagnostics m_validated;
    UnappliedTexts m_unapplied;
    QList<carton::SymbolSummary> m_symbols;
    std::shared_ptr<TensorIndexCache> m_tensorIndex; // read once, by the first validation job
    std::shared_ptr<ModelSetCache> m_models;         // likewise, until model/ changes
    QString m_recoveryPath;
    QString m_autosaveError;   // the last failed autosave's, reported once; empty after a success
    bool m_neverSaved = false; // built from files: modified until saved
    int m_saveIndex = -1;      // undo index when the running save started
};

} // namespace studio
