// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QApplication>

namespace studio {

// The QApplication of Carton Studio: sets the names used by QSettings and the
// desktop, and turns QFileOpenEvent (macOS Finder, "Open With") into a signal.
class Application final : public QApplication {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Application)
public:
    Application(int &argc, char **argv);
    ~Application() override;

    // Waits for background jobs (open, validate, verify) still running on
    // worker threads; call after the windows are gone, before exit.
    static void waitForBackgroundJobs();

    // Milliseconds since the Application was constructed (startup timing).
    static qint64 elapsedSinceStartMs();

signals:
    void fileOpenRequested(const QString &path);

protected:
    bool event(QEvent *event) override;
};

// Names and icon shared by Application and the tests' own QApplication.
void setApplicationMetadata();
// The part of setApplicationMetadata() that needs no GUI: organization, name and
// version (what QSettings and --version use), for a QCoreApplication.
void setCoreApplicationMetadata();

} // namespace studio
