// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton info FILE [--json]
#include "commands.h"
#include "jsonexport.h"
#include "output.h"
#include "package/carton.h"
#include "package/mediasniff.h"
#include "validate/validator.h"

namespace cli {

using namespace carton;

namespace {

QString orDash(const std::optional<QString> &v)
{
    return v && !v->isEmpty() ? *v : QStringLiteral("-");
}

QString specLines(const QList<TensorSpec> &specs)
{
    QString out;
    for (const TensorSpec &s : specs)
        out += QStringLiteral("  %1: %2 %3%4\n")
                   .arg(s.name, s.dtypeText.isEmpty() ? dtypeName(s.dtype) : s.dtypeText, s.shape.toString(),
                        s.description ? QStringLiteral("  (%1)").arg(*s.description) : QString());
    return out.isEmpty() ? QStringLiteral("  (none)\n") : out;
}

QString humanSummary(const Carton &c)
{
    QString out;
    out += QStringLiteral("Model hash:   %1\n")
               .arg(c.modelHash().isEmpty() ? QStringLiteral("-") : QString::fromLatin1(c.modelHash()));
    if (const auto &info = c.info()) {
        out += QStringLiteral("Name:         %1\n").arg(orDash(info->modelName));
        out += QStringLiteral("Description:  %1\n").arg(orDash(info->shortDescription));
        out += QStringLiteral("License:      %1\n").arg(orDash(info->license));
        out += QStringLiteral("Repository:   %1\n").arg(orDash(info->repository));
        out += QStringLiteral("Homepage:     %1\n").arg(orDash(info->homepage));
        out += QStringLiteral("Platforms:    %1\n")
                   .arg(info->requiredPlatforms && !info->requiredPlatforms->isEmpty()
                            ? info->requiredPlatforms->join(QStringLiteral(", "))
                            : QStringLiteral("any"));
        out += QStringLiteral("Runner:       %1 %2 (compat %3)\n")
                   .arg(info->runner.runnerName, info->runner.requiredFrameworkVersion)
                   .arg(info->runner.runnerCompatVersion);
        out += QStringLiteral("Inputs:\n") + specLines(info->inputs);
        out += QStringLiteral("Outputs:\n") + specLines(info->outputs);
        out += QStringLiteral("Self-tests:   %1\nExamples:     %2\n")
                   .arg(info->selfTests.size())
                   .arg(info->examples.size());
    }
    qint64 total = 0, packed = 0;
    for (const SourceFile &f : c.source().files()) {
        total += f.size;
        packed += f.compressedSize;
    }
    out += QStringLiteral("Files:        %1 (%2, %3 packed)\n")
               .arg(c.source().files().size())
               .arg(humanSize(total), humanSize(packed));
    QString misc;
    for (const SourceFile &f : c.source().files()) {
        if (!f.path.startsWith(u"misc/"))
            continue;
        const Result<QString> type = sniffMediaType(c.source(), f.path);
        misc +=
            QStringLiteral("  %1  %2 (%3)\n").arg(f.path, type.ok() ? *type : type.error().message, humanSize(f.size));
    }
    if (!misc.isEmpty())
        out += QStringLiteral("Misc files:\n") + misc;
    out += QStringLiteral("Tensors:      %1\n").arg(c.tensorIndex() ? c.tensorIndex()->entries().size() : 0);
    return out;
}

} // namespace

int runInfo(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Show a carton's metadata (reads only its metadata files)."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file or an unpacked carton folder."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOption(json);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("info"), args, 1, &exit))
        return exit;
    auto carton = openCarton(parser.positionalArguments().constFirst());
    if (!carton)
        return UsageOrInput;
    const Diagnostics diagnostics = validateCarton(*carton);
    if (parser.isSet(json)) {
        printJson(QJsonDocument(cartonToJson(*carton, diagnostics)));
    } else {
        printOut(humanSummary(*carton));
        printDiagnostics(diagnostics);
    }
    return hasErrors(diagnostics) ? CartonErrors : Success;
}

} // namespace cli
