// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "commandline.h"

#include "remote/remoteurl.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QUrl>

namespace studio {

CommandLine CommandLine::parse(const QStringList &arguments, const QString &workingDir)
{
    CommandLine result;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("studio::CommandLine", "Browse and check .carton model packages."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption tab(
        QStringList{QStringLiteral("t"), QStringLiteral("tab")},
        QCoreApplication::translate(
            "studio::CommandLine",
            "Show this tab of each carton first: a name (overview, inputs, files, model, tensors, "
            "tests, safety; in English in every language) or a number (1 = first)."),
        QStringLiteral("tab"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("studio::CommandLine",
                                    "Once everything is open and verified, save a picture of the window to <file> "
                                    "and quit (implies --new-instance)."),
        QStringLiteral("file"));
    const QCommandLineOption delay(
        QStringLiteral("screenshot-delay"),
        QCoreApplication::translate("studio::CommandLine", "Wait <ms> after the window is idle before the picture."),
        QStringLiteral("ms"), QStringLiteral("300"));
    const QCommandLineOption newInstance(
        QStringList{QStringLiteral("n"), QStringLiteral("new-instance")},
        QCoreApplication::translate("studio::CommandLine",
                                    "Open a new window even when Carton Studio is already running."));
    const QCommandLineOption quitAfterCard(
        QStringLiteral("quit-after-card"),
        QCoreApplication::translate("studio::CommandLine",
                                    "Quit as soon as the first carton is shown, printing the time it took "
                                    "(startup benchmark; implies --new-instance)."));
    parser.addOptions({tab, screenshot, delay, newInstance, quitAfterCard});
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QCoreApplication::translate("studio::CommandLine",
                                    ".carton files, unpacked carton folders or http(s) URLs of .carton files to open."),
        QStringLiteral("[FILE|FOLDER|URL...]"));

    result.helpText = parser.helpText();
    if (!parser.parse(arguments)) {
        result.error = parser.errorText();
        return result;
    }
    result.helpRequested = parser.isSet(help);
    result.versionRequested = parser.isSet(version);
    result.tab = parser.value(tab);
    result.screenshot = parser.value(screenshot);
    bool ok = false;
    result.screenshotDelayMs = parser.value(delay).toInt(&ok);
    if (!ok || result.screenshotDelayMs < 0 || result.screenshotDelayMs > 600000) {
        result.error = QCoreApplication::translate("studio::CommandLine",
                                                   "--screenshot-delay expects milliseconds (0 to 600000), got \"%1\".")
                           .arg(parser.value(delay));
        return result;
    }
    result.quitAfterCard = parser.isSet(quitAfterCard);
    result.newInstance = parser.isSet(newInstance) || !result.screenshot.isEmpty() || result.quitAfterCard;
    const QDir base(workingDir);
    for (const QString &arg : parser.positionalArguments()) {
        if (arg.isEmpty())
            continue;
        if (carton::isRemoteUrl(arg)) { // opened by range requests
            result.paths << arg;
            continue;
        }
        // File managers may pass file:// URLs.
        const QString path = arg.startsWith(QLatin1StringView("file:")) ? QUrl(arg).toLocalFile() : arg;
        if (!path.isEmpty())
            result.paths << QDir::cleanPath(base.absoluteFilePath(path));
    }
    if (!result.screenshot.isEmpty())
        result.screenshot = QDir::cleanPath(base.absoluteFilePath(result.screenshot));
    return result;
}

} // namespace studio
