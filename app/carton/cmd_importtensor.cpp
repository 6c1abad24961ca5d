// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton import-tensor DIR NAME SOURCE[:TENSOR]
#include "commands.h"
#include "output.h"
#include "tensor/tensorinterchange.h"
#include "tensorfile.h"

#include <QFileInfo>

namespace cli {

using namespace carton;

int runImportTensor(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Add a tensor from a .npy or .safetensors to an unpacked carton's tensor_data/ (index.toml updated)."));
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("An unpacked carton folder."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The new tensor's name in index.toml."));
    parser.addPositionalArgument(
        QStringLiteral("SOURCE"),
        QStringLiteral("A .npy, or a .safetensors with :TENSOR naming one of its tensors (optional when it has one)."),
        QStringLiteral("SOURCE[:TENSOR]"));
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("import-tensor"), args, 3, &exit))
        return exit;
    const QStringList positional = parser.positionalArguments();
    QString source = positional.at(2);
    QString tensor;
    if (!QFileInfo(source).isFile()) {
        const qsizetype colon = source.lastIndexOf(u':');
        if (colon > 0) {
            tensor = source.mid(colon + 1);
            source = source.left(colon);
        }
    }
    if (!QFileInfo(source).isFile()) {
        printError(QStringLiteral("import-tensor: %1 is not a file").arg(source));
        return UsageOrInput;
    }
    auto file = TensorFile::open(source, &exit);
    if (!file)
        return exit;
    if (!file->tensorFile) { // decided by content: a carton or a model is not imported
        printError(QStringLiteral("import-tensor: %1 is not a .npy or .safetensors file").arg(source));
        return UsageOrInput;
    }
    if (file->safetensors && tensor.isEmpty()) {
        if (file->safetensors->tensors().size() != 1) {
            printError(QStringLiteral("import-tensor: %1 holds %2 tensors; name one as SOURCE:TENSOR")
                           .arg(source)
                           .arg(file->safetensors->tensors().size()));
            return UsageOrInput;
        }
        tensor = file->safetensors->tensors().first().name;
    }
    Result<TensorReaderPtr> reader = file->reader(tensor);
    if (!reader) {
        printError(reader.error());
        return exitCodeFor(reader.error());
    }
    auto progress = makeProgressBar(QStringLiteral("import"));
    const Status s = importTensor(positional.at(0), positional.at(1), **reader, progress.get());
    finishProgressBar(progress.get());
    if (!s) {
        printError(s.error());
        return exitCodeFor(s.error());
    }
    return Success;
}

} // namespace cli
