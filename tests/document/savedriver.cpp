// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// savedriver CARTON OUT: the app's save path in a process of its own, for
// tst_documentkill to SIGKILL: opens CARTON the way a window does, renames the
// model (an edit), saves to OUT through CartonDocument::save (OUT = CARTON is
// Save over the original), waits for saveFinished and prints "saved".
#include "document/cartondocument.h"
#include "package/carton.h"

#include <QApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: savedriver CARTON OUT\n");
        return 2;
    }
    auto opened = carton::Carton::open(args[1]);
    if (!opened) {
        std::fprintf(stderr, "savedriver: %s\n", qPrintable(opened.error().toString()));
        return 2;
    }
    studio::CartonDocument document(std::shared_ptr<const carton::Carton>(std::move(opened).value()), args[1]);
    carton::CartonInfo info = document.info();
    info.modelName = QStringLiteral("saved by savedriver");
    document.setInfo(info, QStringLiteral("Edit Model Name"));
    int exitCode = 1;
    QObject::connect(&document, &studio::CartonDocument::saveFinished, &app,
                     [&exitCode](bool ok, const QString &, const QString &error) {
                         if (ok)
                             std::puts("saved");
                         else
                             std::fprintf(stderr, "savedriver: %s\n", qPrintable(error));
                         exitCode = ok ? 0 : 1;
                         QCoreApplication::quit();
                     });
    carton::SaveOptions options;
    options.overwrite = true; // as after the Save As dialog's question
    document.save(args[2], options);
    QApplication::exec();
    return exitCode;
}
