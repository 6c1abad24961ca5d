// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "preferences/preferences.h"
#include "preferences/translations.h"
#include "shell/application.h"
#include "shell/cardprobe.h"
#include "shell/commandline.h"
#include "shell/documentactions.h"
#include "shell/mainwindow.h"
#include "shell/screenshotter.h"
#include "shell/singleinstance.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <optional>

namespace {

// Prints what --help, --version or bad usage ask for; nullopt when the window is wanted.
std::optional<int> answer(const studio::CommandLine &options)
{
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "carton-studio: %s\n\n%s", qPrintable(options.error), qPrintable(options.helpText));
        return 2;
    }
    if (options.helpRequested) {
        std::fputs(qPrintable(options.helpText), stdout);
        return 0;
    }
    if (options.versionRequested) {
        std::printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
                    qPrintable(QCoreApplication::applicationVersion()));
        return 0;
    }
    return std::nullopt;
}

// The language chosen in Preferences (the system's by default): Qt's own strings
// and ours (embedded from translations/ under :/i18n).
studio::Preferences loadPreferences()
{
    const studio::Preferences preferences = studio::Preferences::load(QSettings());
    studio::Translations::install(preferences.language);
    return preferences;
}

// --help and --version need no display: they are answered by a QCoreApplication,
// before QApplication (which aborts when there is no display) is created. Usage
// errors are left to the GUI pass, which alone knows Qt's own options (-platform...).
std::optional<int> answerWithoutDisplay(int argc, char **argv)
{
    bool asked = false;
    for (int i = 1; i < argc && !asked; ++i)
        for (const char *option : {"-h", "--help", "-v", "--version"})
            asked = asked || std::strcmp(argv[i], option) == 0;
    if (!asked)
        return std::nullopt;
    QCoreApplication core(argc, argv);
    studio::setCoreApplicationMetadata();
    loadPreferences();
    const studio::CommandLine options = studio::CommandLine::parse(core.arguments(), QDir::currentPath());
    if (!options.error.isEmpty())
        return std::nullopt;
    return answer(options);
}

} // namespace

int main(int argc, char **argv)
{
    if (const std::optional<int> status = answerWithoutDisplay(argc, argv))
        return *status;

    studio::Application app(argc, argv);
    const studio::Preferences preferences = loadPreferences();
    if (preferences.theme != studio::Preferences::Theme::System)
        studio::Preferences::applyTheme(preferences.theme);

    const studio::CommandLine options = studio::CommandLine::parse(app.arguments(), QDir::currentPath());
    if (const std::optional<int> status = answer(options))
        return *status;

    studio::SingleInstance instance;
    if (!options.newInstance && instance.sendToRunning(options.paths, options.tab))
        return 0; // the running instance opens them
    if (!options.newInstance)
        instance.listen();

    int status = 0;
    {
        QSettings settings;
        studio::MainWindow window(&settings);
        window.setPreferredViewTab(options.tab);
        QObject::connect(&instance, &studio::SingleInstance::filesReceived, &window, &studio::MainWindow::activateWith);
        QObject::connect(&app, &studio::Application::fileOpenRequested, &window, &studio::MainWindow::openPath);
        window.show();
        window.openPaths(options.paths);
        if (options.screenshot.isEmpty() && !options.quitAfterCard) // unattended runs ask nothing
            QTimer::singleShot(0, window.documentActions(), &studio::DocumentActions::offerRecovery);

        studio::Screenshotter screenshotter(&window, options.screenshot, options.screenshotDelayMs);
        if (!options.screenshot.isEmpty()) {
            QObject::connect(&screenshotter, &studio::Screenshotter::done, &app, [](bool ok, const QString &message) {
                std::fprintf(ok ? stdout : stderr, "%s\n", qPrintable(message));
                QCoreApplication::exit(ok ? 0 : 1);
            });
            screenshotter.start();
        }
        studio::CardProbe probe(&window);
        if (options.quitAfterCard) {
            QObject::connect(&probe, &studio::CardProbe::cardShown, &app, [](const QString &path) {
                std::printf("card shown after %lld ms: %s\n",
                            static_cast<long long>(studio::Application::elapsedSinceStartMs()), qPrintable(path));
                QCoreApplication::exit(0);
            });
            QObject::connect(&probe, &studio::CardProbe::failed, &app, [](const QString &message) {
                std::fprintf(stderr, "carton-studio: %s\n", qPrintable(message));
                QCoreApplication::exit(1);
            });
            probe.start();
        }
        status = app.exec();
        window.saveWindowSettings();
    }
    studio::Application::waitForBackgroundJobs();
    return status;
}
