// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "documentstate.h"

#include <QDateTime>
#include <QString>

namespace carton {
class Carton;
}

namespace studio {

// Unsaved edits of one document, written to a recovery file so that a crash
// loses at most the last autosave interval. The file (JSON) holds carton.toml
// as text and every file's source: entries of the original carton by their
// original path, files on disk by their path, new bytes inline (base64). It
// does not copy the original: recovering needs the original carton where it
// was (a new document has none).
struct RecoveryFile {
    QString originalPath; // the carton the edits apply to; empty for a new document
    QString savePath;     // where Save wrote (may differ for "Save As" pending)
    QString displayName;  // for the recovery dialog
    QDateTime savedAt;
    qint64 pid = 0;        // the process that wrote it
    QByteArray cartonToml; // writeCartonToml(state.info)

    // The folder recovery files live in (AppLocalDataLocation/recovery).
    static QString folder();
    // Every readable recovery file in folder(), newest first; unreadable ones are skipped.
    static QStringList list();

    static carton::Status write(const QString &file, const QString &originalPath, const QString &savePath,
                                const QString &displayName, const DocumentState &state);
    static carton::Result<RecoveryFile> read(const QString &file);
    // The process that wrote it still runs (another instance editing it): not
    // something to recover.
    bool isOwnedByLiveProcess() const;
    // Rebuilds the document state over `original` (null for a new document).
    carton::Result<DocumentState> restore(const carton::Carton *original) const;

    QByteArray filesJson;      // the "files" array as JSON, decoded by restore()
    QList<ModelGuess> guesses; // the guessed fields not yet confirmed
};

} // namespace studio
