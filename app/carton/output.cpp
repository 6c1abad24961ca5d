// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "output.h"

#include "commands.h"

#include <QElapsedTimer>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif
#ifdef Q_OS_WIN
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#endif

namespace cli {

namespace {

void writeErr(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
}

bool stderrIsTerminal()
{
    return isatty(fileno(stderr));
}

} // namespace

void printError(const QString &message)
{
    writeErr(QStringLiteral("error: %1\n").arg(message));
}

void printWarning(const QString &message)
{
    writeErr(QStringLiteral("warning: %1\n").arg(message));
}

void printError(const carton::Error &error)
{
    printError(error.toString());
}

void printDiagnostics(const carton::Diagnostics &diagnostics)
{
    // A hostile carton can have one diagnostic per entry (200,000): the terminal
    // gets the first ones and a count; --json has them all.
    constexpr qsizetype kMaxShown = 1000;
    for (qsizetype i = 0; i < diagnostics.size() && i < kMaxShown; ++i) {
        const carton::Diagnostic &d = diagnostics.at(i);
        writeErr(carton::severityName(d.severity) + QStringLiteral(": ") + d.toString() + u'\n');
    }
    if (diagnostics.size() > kMaxShown)
        writeErr(QStringLiteral("note: %1 more diagnostics not shown (--json lists them all)\n")
                     .arg(diagnostics.size() - kMaxShown));
}

void printOut(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
}

void printJson(const QJsonDocument &doc)
{
    const QByteArray bytes = doc.toJson(QJsonDocument::Indented);
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
}

bool parseArgs(QCommandLineParser &parser, const QString &command, const QStringList &args, int expectedPositional,
               int *exitCode)
{
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(QStringList{QStringLiteral("carton ") + command} + args)) {
        printError(parser.errorText());
        *exitCode = UsageOrInput;
        return false;
    }
    if (parser.isSet(help)) {
        printOut(parser.helpText());
        *exitCode = Success;
        return false;
    }
    if (expectedPositional >= 0 && parser.positionalArguments().size() != expectedPositional) {
        printError(QStringLiteral("%1: expected %2 argument(s), got %3 (see carton %1 --help)")
                       .arg(command)
                       .arg(expectedPositional)
                       .arg(parser.positionalArguments().size()));
        *exitCode = UsageOrInput;
        return false;
    }
    return true;
}

std::unique_ptr<carton::Progress> makeProgressBar(const QString &label)
{
    if (!stderrIsTerminal())
        return std::make_unique<carton::Progress>();
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    return std::make_unique<carton::Progress>([label, timer](qint64 done, qint64 total, const QString &) {
        if (total <= 0)
            return;
        const int width = 30;
        const int filled = int(double(done) / double(total) * width);
        const double secs = std::max(0.001, timer->elapsed() / 1000.0);
        writeErr(QStringLiteral("\r%1 [%2%3] %4% %5 / %6 (%7/s)  ")
                     .arg(label)
                     .arg(QString(filled, u'#'), QString(width - filled, u'.'))
                     .arg(int(100.0 * double(done) / double(total)), 3)
                     .arg(humanSize(done), humanSize(total), humanSize(qint64(double(done) / secs))));
    });
}

void finishProgressBar(const carton::Progress *progress)
{
    if (progress && stderrIsTerminal() && progress->total() > 0)
        writeErr(QStringLiteral("\n"));
}

} // namespace cli

#include "model/classifypath.h"
#include "package/carton.h"
#include "remote/remoteurl.h"
#include "remoteaccess.h"

namespace cli {

std::unique_ptr<carton::Carton> openCarton(const QString &path, const carton::Limits &limits)
{
    auto opened = carton::isRemoteUrl(path) ? carton::Carton::open(path, limits, remoteOptions())
                                            : carton::Carton::open(path, limits);
    if (!opened) {
        carton::Error e = opened.error();
        if (e.location.isEmpty())
            e.location = path;
        printError(e);
        return nullptr;
    }
    return std::move(opened).value();
}

bool isPlainModel(const QString &path)
{
    if (carton::isRemoteUrl(path))
        return false;
    const carton::Result<carton::OpenKind> kind = carton::classifyPath(path);
    return kind && *kind != carton::OpenKind::CartonFile && *kind != carton::OpenKind::CartonFolder;
}

} // namespace cli
