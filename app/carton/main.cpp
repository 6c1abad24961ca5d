// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton`: the command-line tool over the core library.
#include "commands.h"
#include "output.h"
#include "remoteaccess.h"

#include <QCoreApplication>
#include <functional>

namespace {

const char kUsage[] =
    "usage: carton COMMAND [ARGS...]\n"
    "\n"
    "Commands:\n"
    "  info FILE [--json]                    show a carton's metadata\n"
    "  verify FILE [--json] [--fetch-links]  validate and check every file's sha256\n"
    "         [--signature FILE.sig] --key PUB.pem   ... and a detached signature\n"
    "  sign FILE --key KEY.pem [-o FILE.sig] sign the MANIFEST (OpenSSF model-signing bundle)\n"
    "  pack DIR -o OUT [--compression stored|deflate|zstd] [--level N] [--force]\n"
    "       [--runner NAME --framework-version REQ [--compat N] [--name TEXT]]\n"
    "                                        (a folder without carton.toml: files go under model/)\n"
    "  edit FILE --set KEY=VALUE... [-o OUT] change metadata; unchanged files copied as they are\n"
    "  unpack FILE -o DIR [--fetch-links]    extract safely into a folder\n"
    "  tensors FILE [--json]                 list the tensors of a carton (and its model files' weights,\n"
    "                                        ENTRY:TENSOR), a .safetensors or a model file\n"
    "  model FILE [--json] [--graph]         a carton's model files (ONNX, GGUF): format, producer, opset,\n"
    "                                        parameters, inputs/outputs, op counts (--graph: the nodes)\n"
    "  tensor FILE NAME [--json] [--limit N] [--slice SPEC]\n"
    "                                        print one tensor (or a slice; reads only what it prints)\n"
    "  export-tensor FILE NAME [NAME...] -o OUT.npy|OUT.safetensors\n"
    "  import-tensor DIR NAME SOURCE[:TENSOR] add a .npy/.safetensors tensor to a carton folder\n"
    "  runners [--json]                      list runner plugins, versions, paths, problems\n"
    "  selftest FILE [--runner NAME] [--force] [--kserve-url URL] [--kserve-model NAME] [--rtol R]\n"
    "           [--atol A] [--test NAME] [--json]\n"
    "                                        run the self-tests and compare with expected_out\n"
    "  record FILE [-o OUT] [--test NAME] [--overwrite] [--runner NAME] [--kserve-url URL]\n"
    "                                        run the model on the self-tests' inputs and keep the outputs\n"
    "                                        as expected_out (a folder in place, a .carton to -o OUT)\n"
    "  diff A B [--json]                     compare two cartons (exit 0 same model hash, 1 different)\n"
    "  scan FILE [--json]                    safety scan: pickle imports, code, archive, hosts (exit 1 findings)\n"
    "  push FILE REF [--mount-from REPO] [--fetch-links]\n"
    "                                        push to an OCI registry (CNCF ModelPack, one layer per file;\n"
    "                                        files only in LINKS stay there, or are fetched and pushed)\n"
    "  pull REF -o OUT.carton|DIR/           pull from an OCI registry (same model hash)\n"
    "  import hf REPO[@REV] -o OUT.carton [--link] [--include GLOB] [--endpoint URL] [--runner NAME]\n"
    "                                        a Hugging Face Hub repository as a carton (files downloaded,\n"
    "                                        sizes and sha256 checked, resumable; fields guessed; --link:\n"
    "                                        the weights as LINKS entries to the Hub, not downloaded)\n"
    "       (push, pull: [--plain-http] [--username USER --password-stdin] [--json];\n"
    "        REF is host[:port]/repository[:tag|@sha256:...]; credentials also from ~/.docker/config.json)\n"
    "\n"
    "FILE is a .carton file or an unpacked carton folder (tensor commands also take .safetensors\n"
    "and .npy files). info, verify, unpack, tensors and tensor also take an http(s) URL of a\n"
    ".carton: only the bytes needed are fetched (range requests); --download fetches the whole\n"
    "file without asking when the server cannot send ranges, --remote-stats prints the requests\n"
    "and bytes fetched on stderr. They (and diff, scan) also take oci://REF, a carton pushed to\n"
    "an OCI registry: the card costs its manifest and small layers, a tensor range requests.\n"
    "`carton COMMAND --help` for details.\n"
    "Exit codes: 0 success, 1 the carton has errors, 2 usage error or unreadable input.\n";

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("carton"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CARTON_VERSION));
    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        cli::printOut(QString::fromLatin1(kUsage));
        return cli::UsageOrInput;
    }
    const QString command = args.takeFirst();
    if (command == u"-h" || command == u"--help" || command == u"help") {
        cli::printOut(QString::fromLatin1(kUsage));
        return cli::Success;
    }
    if (command == u"--version") {
        cli::printOut(QStringLiteral("carton %1\n").arg(QCoreApplication::applicationVersion()));
        return cli::Success;
    }
    const QHash<QString, std::function<int(const QStringList &)>> commands{
        {QStringLiteral("info"), cli::runInfo},
        {QStringLiteral("verify"), cli::runVerify},
        {QStringLiteral("pack"), cli::runPack},
        {QStringLiteral("unpack"), cli::runUnpack},
        {QStringLiteral("edit"), cli::runEdit},
        {QStringLiteral("tensor"), cli::runTensor},
        {QStringLiteral("tensors"), cli::runTensors},
        {QStringLiteral("export-tensor"), cli::runExportTensor},
        {QStringLiteral("import-tensor"), cli::runImportTensor},
        {QStringLiteral("runners"), cli::runRunners},
        {QStringLiteral("selftest"), cli::runSelfTest},
        {QStringLiteral("record"), cli::runRecord},
        {QStringLiteral("diff"), cli::runDiff},
        {QStringLiteral("scan"), cli::runScan},
        {QStringLiteral("sign"), cli::runSign},
        {QStringLiteral("model"), cli::runModel},
        {QStringLiteral("push"), cli::runPush},
        {QStringLiteral("pull"), cli::runPull},
        {QStringLiteral("import"), cli::runImport},
    };
    const auto it = commands.constFind(command);
    if (it == commands.cend()) {
        cli::printError(QStringLiteral("unknown command \"%1\" (see carton --help)").arg(command));
        return cli::UsageOrInput;
    }
    cli::takeRemoteOptions(args);
    const int exitCode = (*it)(args);
    cli::printRemoteStats();
    return exitCode;
}
