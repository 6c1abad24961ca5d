// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// savedriver CARTON OUT: the app's save path in a process of its own, for
// tst_documentkill to SIGKILL: opens CARTON the way a window does, renames the
// model (an edit), saves to OUT through CartonDocument::save (OUT = CARTON is
// Save over the original), waits for saveFinished and prints "saved".
//
// Every way it ends says why, on stderr ("savedriver: ..."), with an exit code
// of its own (killtrials::describeExit names them):
//   0 saved;  2 usage, or CARTON could not be opened;  3 the save reported an
//   error;  4 the event loop ended without a save result;  a fatal signal is
//   named before the process dies of it (SIGKILL cannot be: the test says so).
#include "document/cartondocument.h"
#include "package/carton.h"

#include <QApplication>
#include <csignal>
#include <cstdio>
#include <cstring>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace {

enum Exit { Saved = 0, Usage = 2, SaveFailed = 3, NoResult = 4 };

#ifdef Q_OS_UNIX
// Names the signal on stderr (async-signal-safe: write only), then dies of it.
void onFatalSignal(int sig)
{
    char line[64] = "savedriver: fatal signal ";
    std::size_t n = std::strlen(line);
    if (sig >= 10)
        line[n++] = char('0' + sig / 10);
    line[n++] = char('0' + sig % 10);
    line[n++] = '\n';
    (void)!::write(2, line, n);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}
#endif

} // namespace

int main(int argc, char **argv)
{
#ifdef Q_OS_UNIX
    for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTERM})
        std::signal(sig, onFatalSignal);
#endif
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: savedriver CARTON OUT\n");
        return Usage;
    }
    auto opened = carton::Carton::open(args[1]);
    if (!opened) {
        std::fprintf(stderr, "savedriver: cannot open %s: %s\n", qPrintable(args[1]),
                     qPrintable(opened.error().toString()));
        return Usage;
    }
    studio::CartonDocument document(std::shared_ptr<const carton::Carton>(std::move(opened).value()), args[1]);
    carton::CartonInfo info = document.info();
    info.modelName = QStringLiteral("saved by savedriver");
    document.setInfo(info, QStringLiteral("Edit Model Name"));
    int exitCode = NoResult;
    QObject::connect(&document, &studio::CartonDocument::saveFinished, &app,
                     [&exitCode](bool ok, const QString &, const QString &error) {
                         if (ok)
                             std::puts("saved");
                         else
                             std::fprintf(stderr, "savedriver: the save failed: %s\n",
                                          error.isEmpty() ? "(no message)" : qPrintable(error));
                         std::fflush(stdout);
                         exitCode = ok ? Saved : SaveFailed;
                         QCoreApplication::quit();
                     });
    carton::SaveOptions options;
    options.overwrite = true; // as after the Save As dialog's question
    document.save(args[2], options);
    const int loop = QApplication::exec();
    if (exitCode == NoResult)
        std::fprintf(stderr, "savedriver: the event loop ended (%d) without a save result\n", loop);
    return exitCode;
}
