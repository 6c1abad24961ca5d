// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// kservebench URL MIB RUNS (not a test; bench/kserve-bench.sh runs it): one
// float32 tensor of MIB MiB through the kserve runner (runner host + plugin) to
// the server's "echo" model and back, RUNS times; prints the median seconds of
// one inference and the maximum resident set size of the runner host (KiB).
// Uses this build's carton-runner-host and plugins.
#include "package/carton.h"
#include "runner/runnersessionfactory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sys/resource.h>

using namespace carton;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    bool ok1 = false;
    bool ok2 = false;
    const qint64 mib = args.value(2).toLongLong(&ok1);
    const int runs = args.value(3).toInt(&ok2);
    if (args.size() != 4 || !ok1 || !ok2 || mib <= 0 || runs <= 0) {
        std::fputs("usage: kservebench URL MIB RUNS\n", stderr);
        return 2;
    }
    QTemporaryDir dir;
    QFile toml(dir.filePath(QStringLiteral("carton.toml")));
    if (!toml.open(QIODevice::WriteOnly) ||
        toml.write("spec_version = 1\nmodel_name = \"echo\"\n[runner]\nrunner_name = \"noop\"\n"
                   "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n") <= 0)
        return 1;
    toml.close();
    Result<std::unique_ptr<Carton>> carton = Carton::open(dir.path());
    if (!carton)
        return 1;
    RunOptions options;
    options.hostExecutable = QStringLiteral(CARTON_BINARY_DIR "/bin/carton-runner-host");
    options.pluginSearchPaths = {QStringLiteral(CARTON_BINARY_DIR "/lib/carton-studio/runners")};
    RunnerChoice choice;
    choice.kserveUrl = args.at(1);
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(**carton, choice, options);
    if (!session) {
        std::fprintf(stderr, "kservebench: %s\n", qPrintable(session.error().toString()));
        return 1;
    }
    QByteArray data(mib << 20, Qt::Uninitialized);
    for (qsizetype i = 0; i < data.size() / 4; ++i) {
        const float v = float(i % 1000) * 0.5f;
        std::memcpy(data.data() + 4 * i, &v, 4);
    }
    const TensorMap inputs{
        {QStringLiteral("x"), Tensor::numeric(QStringLiteral("x"), DType::Float32, {(mib << 20) / 4}, data)}};
    QList<double> seconds;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        Result<TensorMap> out = (*session)->infer(inputs);
        seconds << double(t.nsecsElapsed()) / 1e9;
        if (!out || out->value(QStringLiteral("x")).data() != data) {
            std::fprintf(stderr, "kservebench: %s\n",
                         out ? "the echo differs from the input" : qPrintable(out.error().toString()));
            return 1;
        }
    }
    session->reset(); // ends the host, so that its peak memory is in RUSAGE_CHILDREN
    std::sort(seconds.begin(), seconds.end());
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    std::printf("%.4f %ld\n", seconds.at(seconds.size() / 2), long(u.ru_maxrss));
    return 0;
}
