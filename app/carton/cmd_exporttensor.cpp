// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton export-tensor FILE NAME [NAME...] -o OUT.npy|OUT.safetensors
#include "commands.h"
#include "output.h"
#include "tensor/tensorinterchange.h"
#include "tensorfile.h"

namespace cli {

using namespace carton;

int runExportTensor(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Write tensors to a .npy (one tensor) or a .safetensors (one or more), atomically."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("A .carton file, an unpacked carton folder, a .safetensors or a .npy file."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The tensor(s) to export."),
                                 QStringLiteral("NAME [NAME...]"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("OUT.npy or OUT.safetensors."), QStringLiteral("OUT"));
    parser.addOption(output);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("export-tensor"), args, -1, &exit))
        return exit;
    const QStringList positional = parser.positionalArguments();
    if (!parser.isSet(output) || positional.isEmpty()) {
        printError(QStringLiteral("export-tensor: expected FILE NAME -o OUT (see carton export-tensor --help)"));
        return UsageOrInput;
    }
    auto file = TensorFile::open(positional.at(0), &exit);
    if (!file)
        return exit;
    QStringList names = positional.mid(1);
    if (names.isEmpty()) {
        if (file->kind != TensorFile::Kind::Npy) {
            printError(QStringLiteral("export-tensor: name the tensor(s) to export"));
            return UsageOrInput;
        }
        names.append(QString());
    }
    QList<TensorReaderPtr> readers;
    for (const QString &name : std::as_const(names)) {
        Result<TensorReaderPtr> reader = file->reader(name);
        if (!reader) {
            printError(reader.error());
            return exitCodeFor(reader.error());
        }
        readers.append(*reader);
    }
    auto progress = makeProgressBar(QStringLiteral("export"));
    const Status s = exportTensors(readers, parser.value(output), {}, progress.get());
    finishProgressBar(progress.get());
    if (!s) {
        printError(s.error());
        return exitCodeFor(s.error());
    }
    return Success;
}

} // namespace cli
