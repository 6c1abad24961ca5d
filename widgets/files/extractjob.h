// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <memory>

class QProgressDialog;
class QWidget;

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;

// Extracts some files of a carton into a folder with carton::unpackCarton on a
// worker thread (a LatestJob), showing a QProgressDialog with Cancel. Deletes itself when done.
class ExtractJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExtractJob)

public:
    struct Outcome {
        bool ok = false;
        bool cancelled = false;
        int filesWritten = 0;
        qint64 bytesWritten = 0;
        QStringList skippedLinked;
        QString error;
    };

    // `paths` empty extracts everything; overwrite allows a non-empty folder.
    static ExtractJob *start(std::shared_ptr<const carton::Carton> carton, const QStringList &paths,
                             const QString &folder, bool overwrite, QWidget *dialogParent);

    void cancel();
    QString folder() const { return m_folder; }

signals:
    void finished(const studio::ExtractJob::Outcome &outcome);

private:
    ExtractJob(QString folder, QWidget *dialogParent);
    void onProgress(qint64 done, qint64 total, const QString &what);
    void onFinished(const Outcome &outcome);

    QString m_folder;
    LatestJob *m_jobs;
    bool m_cancelled = false;
    QPointer<QProgressDialog> m_dialog;
};

} // namespace studio

Q_DECLARE_METATYPE(studio::ExtractJob::Outcome)
