// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace studio {

// Watches one carton on disk — a .carton file (and its folder: a rename over it
// replaces the watched file) or a carton folder and its metadata files — and
// says when it really changed: writers write in chunks or replace the file by a
// rename, so it waits for a quiet moment and compares size and times with what
// it saw last.
class DiskWatcher final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiskWatcher)
public:
    explicit DiskWatcher(QObject *parent = nullptr);

    // Watches `path` from now on; what is there now is what later states are
    // compared with. An empty path stops watching.
    void watch(const QString &path);
    QString path() const { return m_path; }
    bool isWatching() const;
    // The quiet period after the last change event (ms).
    void setQuietPeriod(int ms);

signals:
    // The carton on disk differs from what was seen last (and still exists).
    void changed();
    // The carton is gone from its path (deleted, or moved away).
    void removed();

private:
    void rewatch();
    QString fingerprint() const;
    void check();

    QString m_path;
    QString m_fingerprint;
    QFileSystemWatcher *m_watcher;
    QTimer *m_quiet;
};

} // namespace studio
