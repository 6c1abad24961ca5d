// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "application.h"

#include "jobs/jobpools.h"
#include "media/mediastreams.h"
#include "shellicons.h"
#include "titlefit.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileOpenEvent>
#include <QThreadPool>

namespace studio {

void setCoreApplicationMetadata()
{
    QCoreApplication::setOrganizationName(QStringLiteral("CartonStudio"));
    QCoreApplication::setApplicationName(QStringLiteral("carton-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CARTON_STUDIO_VERSION));
}

void setApplicationMetadata()
{
    setCoreApplicationMetadata();
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Carton Studio"));
    QGuiApplication::setDesktopFileName(QStringLiteral("carton-studio"));
    const QIcon icon = shellIcon(QStringLiteral("carton-studio"), QStringLiteral("application-x-carton"));
    if (!icon.isNull())
        QGuiApplication::setWindowIcon(icon);
}

namespace {
QElapsedTimer &processClock()
{
    static QElapsedTimer timer;
    return timer;
}
} // namespace

qint64 Application::elapsedSinceStartMs()
{
    return processClock().isValid() ? processClock().elapsed() : -1;
}

Application::Application(int &argc, char **argv) : QApplication(argc, argv)
{
    processClock().start();
    setApplicationMetadata();
    installEventFilter(new TitleFit(this)); // dialogs wide enough for their titles
    // Media copies that a crashed or killed instance left in the temporary folder.
    JobPools::pool(JobPools::Kind::Files)->start([] { MediaStreams::removeStaleCopies(QDir::tempPath()); });
}

Application::~Application() = default;

void Application::waitForBackgroundJobs()
{
    JobPools::waitForAll();
}

bool Application::event(QEvent *event)
{
    if (event->type() == QEvent::FileOpen) {
        const auto *open = static_cast<QFileOpenEvent *>(event);
        const QString path = open->file().isEmpty() ? open->url().toLocalFile() : open->file();
        if (!path.isEmpty())
            emit fileOpenRequested(path);
        return true;
    }
    return QApplication::event(event);
}

} // namespace studio
