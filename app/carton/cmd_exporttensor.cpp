// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton export-tensor FILE NAME [NAME...] -o OUT.npy|OUT.safetensors
// carton export-tensor FILE --all -o OUT.safetensors
#include "commands.h"
#include "output.h"
#include "tensor/tensorinterchange.h"
#include "tensorfile.h"

namespace cli {

using namespace carton;

namespace {

// Every weight of the file's model files (a carton's, or a bare model file's) or every
// tensor of a .safetensors; weights whose values cannot be read are skipped with a warning.
QStringList allTensorNames(const TensorFile &file)
{
    QStringList names;
    if (file.kind == TensorFile::Kind::Safetensors) {
        for (const SafetensorsTensor &t : file.safetensors->tensors())
            names.append(t.name);
        return names;
    }
    const ModelSet &models = file.models();
    for (const ModelEntry &entry : models.entries()) {
        if (!entry.model) {
            printWarning(QStringLiteral("skipped %1: %2").arg(entry.path, entry.error->toString()));
            continue;
        }
        for (const ModelWeight &w : entry.model->weights()) {
            if (!w.dtype || !w.note.isEmpty()) {
                printWarning(QStringLiteral("skipped %1: %2 (cannot show values%3)")
                                 .arg(models.weightName(entry, w), w.typeName,
                                      w.note.isEmpty() ? QString() : QStringLiteral(": ") + w.note));
                continue;
            }
            names.append(models.weightName(entry, w));
        }
    }
    return names;
}

} // namespace

int runExportTensor(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Write tensors to a .npy (one tensor) or a .safetensors (one or more), atomically."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("A .carton file, an unpacked carton folder, a model file (PyTorch, ONNX, GGUF), a "
                       ".safetensors or a .npy file."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The tensor(s) to export."),
                                 QStringLiteral("NAME [NAME...]"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("OUT.npy or OUT.safetensors."), QStringLiteral("OUT"));
    parser.addOption(output);
    const QCommandLineOption all(
        QStringLiteral("all"), QStringLiteral("Every weight of the model files (a PyTorch checkpoint converted to "
                                              "safetensors without PyTorch, never unpickled) or of the .safetensors."));
    parser.addOption(all);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("export-tensor"), args, -1, &exit))
        return exit;
    const QStringList positional = parser.positionalArguments();
    if (!parser.isSet(output) || positional.isEmpty()) {
        printError(QStringLiteral("export-tensor: expected FILE NAME -o OUT or FILE --all -o OUT (see carton "
                                  "export-tensor --help)"));
        return UsageOrInput;
    }
    auto file = TensorFile::open(positional.at(0), &exit);
    if (!file)
        return exit;
    QStringList names = positional.mid(1);
    if (parser.isSet(all)) {
        if (!names.isEmpty() || file->kind == TensorFile::Kind::Npy) {
            printError(QStringLiteral("export-tensor: --all takes no NAME and needs a carton or a model file"));
            return UsageOrInput;
        }
        names = allTensorNames(*file);
        if (names.isEmpty()) {
            printError(QStringLiteral("export-tensor: %1 has no weight to export").arg(positional.at(0)));
            return UsageOrInput;
        }
    } else if (names.isEmpty()) {
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
