// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// runnerbench (not a test; bench/runner-bench.sh runs it):
//   runnerbench startup RUNS     open a noop session (host start + model load),
//                                one empty infer, close; prints the median wall ms and
//                                the CPU ms per run (app + host)
//   runnerbench transfer MIB RUNS  one float32 tensor of MIB MiB to the noop host
//                                and back; prints the best wall GB/s (bytes both ways)
//                                and GB per CPU second (app + host)
//   runnerbench spawn PROGRAM RUNS  start PROGRAM through FramedProcess (the
//                                host's QProcess path: child modifier, pipes) and stop
//                                it (stdin closed, reaped); prints the median wall ms and
//                                the CPU ms per run: the floor under "startup"
//   runnerbench kserve URL MIB RUNS  the same tensor through the kserve runner to the
//                                server's "echo" model (bench/kserve-bench.sh); prints the
//                                median seconds of one inference and the runner host's
//                                peak RSS in KiB
// Uses this build's carton-runner-host and plugins.
#include "package/carton.h"
#include "runner/framedprocess.h"
#include "runner/runnersessionfactory.h"
#include "selftest/benchmark.h"
#include "testpaths.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sys/resource.h>

using namespace carton;

namespace {

// CPU seconds used by this process and its reaped children (the hosts).
double cpuSeconds()
{
    double total = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        struct rusage u;
        getrusage(who, &u);
        total += double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    }
    return total;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    // --no-sandbox: the host runs without bubblewrap (to measure what the sandbox costs).
    const bool sandbox = !args.removeAll(QStringLiteral("--no-sandbox"));
    if (args.size() < 3) {
        std::fputs("usage: runnerbench [--no-sandbox] startup RUNS | transfer MIB RUNS | spawn PROGRAM RUNS\n", stderr);
        return 2;
    }
    QTemporaryDir dir;
    QFile toml(dir.filePath(QStringLiteral("carton.toml")));
    if (!toml.open(QIODevice::WriteOnly) ||
        toml.write("spec_version = 1\n[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\n"
                   "runner_compat_version = 1\n") <= 0)
        return 1;
    toml.close();
    Result<std::unique_ptr<Carton>> carton = Carton::open(dir.path());
    if (!carton)
        return 1;
    RunOptions options;
    options.hostExecutable = testutil::binaryPath(u"/bin/carton-runner-host");
    options.pluginSearchPaths = {testutil::binaryPath(u"/lib/carton-studio/runners")};
    options.addressSpaceLimit = 0;
    options.sandbox = sandbox;

    if (args.at(1) == u"startup") {
        const int runs = args.at(2).toInt();
        QList<double> ms;
        const double cpu0 = cpuSeconds();
        for (int i = 0; i < runs; ++i) {
            QElapsedTimer t;
            t.start();
            Result<std::unique_ptr<RunnerSession>> s = openRunnerSession(**carton, {}, options);
            if (!s || !(*s)->infer({})) {
                std::fprintf(stderr, "%s\n", qPrintable(s ? QStringLiteral("infer failed") : s.error().toString()));
                return 1;
            }
            s->reset();
            ms.append(double(t.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        // median wall ms, then CPU ms per run (app + host)
        std::printf("%.2f %.2f\n", ms.at(ms.size() / 2), (cpuSeconds() - cpu0) * 1000.0 / runs);
        return 0;
    }
    if (args.at(1) == u"spawn" && args.size() == 4) {
        const int runs = args.at(3).toInt();
        QList<double> ms;
        const double cpu0 = cpuSeconds();
        for (int i = 0; i < runs; ++i) {
            QElapsedTimer t;
            t.start();
            FramedProcess process;
            FramedProcess::Options o;
            o.program = args.at(2);
            if (Status s = process.start(o); !s) {
                std::fprintf(stderr, "%s\n", qPrintable(s.error().toString()));
                return 1;
            }
            process.stop();
            ms.append(double(t.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        std::printf("%.2f %.2f\n", ms.at(ms.size() / 2), (cpuSeconds() - cpu0) * 1000.0 / runs);
        return 0;
    }
    if (args.at(1) == u"transfer" && args.size() == 4) {
        const qint64 bytes = args.at(2).toLongLong() << 20;
        const int runs = args.at(3).toInt();
        QByteArray data(bytes, '\x01');
        const TensorMap in{
            {QStringLiteral("x"), Tensor::numeric(QStringLiteral("x"), DType::Float32, {bytes / 4}, data)}};
        Result<std::unique_ptr<RunnerSession>> s = openRunnerSession(**carton, {}, options);
        if (!s)
            return 1;
        double best = 0;
        const double cpu0 = cpuSeconds();
        for (int i = 0; i < runs; ++i) {
            QElapsedTimer t;
            t.start();
            Result<TensorMap> out = (*s)->infer(in);
            const double secs = double(t.nsecsElapsed()) / 1e9;
            if (!out || out->value(QStringLiteral("x")).data().size() != bytes) {
                std::fprintf(stderr, "transfer failed\n");
                return 1;
            }
            best = std::max(best, 2.0 * double(bytes) / secs / 1e9);
        }
        s->reset(); // the host exits and is reaped: its CPU time counts
        // best wall GB/s, then GB per CPU second (app + host)
        std::printf("%.2f %.2f\n", best, 2.0 * double(bytes) * runs / (cpuSeconds() - cpu0) / 1e9);
        return 0;
    }
    if (args.at(1) == u"kserve" && args.size() == 5) {
        const qint64 bytes = args.at(3).toLongLong() << 20;
        const int runs = args.at(4).toInt();
        QByteArray data(bytes, Qt::Uninitialized);
        for (qint64 i = 0; i < bytes / 4; ++i) {
            const float v = float(i % 1000) * 0.5f;
            std::memcpy(data.data() + 4 * i, &v, 4);
        }
        const TensorMap in{
            {QStringLiteral("x"), Tensor::numeric(QStringLiteral("x"), DType::Float32, {bytes / 4}, data)}};
        RunnerChoice choice;
        choice.kserveUrl = args.at(2);
        choice.kserveModel = QStringLiteral("echo");
        Result<std::unique_ptr<RunnerSession>> s = openRunnerSession(**carton, choice, options);
        if (!s) {
            std::fprintf(stderr, "%s\n", qPrintable(s.error().toString()));
            return 1;
        }
        QList<double> seconds;
        for (int i = 0; i < runs; ++i) {
            QElapsedTimer t;
            t.start();
            Result<TensorMap> out = (*s)->infer(in);
            seconds.append(double(t.nsecsElapsed()) / 1e9);
            if (!out || out->value(QStringLiteral("x")).data() != data) {
                std::fprintf(stderr, "%s\n",
                             out ? "the echo differs from the input" : qPrintable(out.error().toString()));
                return 1;
            }
        }
        s->reset(); // the host exits and is reaped: its peak RSS counts
        std::sort(seconds.begin(), seconds.end());
        struct rusage u;
        getrusage(RUSAGE_CHILDREN, &u);
        std::printf("%.4f %ld\n", seconds.at(seconds.size() / 2), long(u.ru_maxrss));
        return 0;
    }
    if (args.at(1) == u"benchmark" && args.size() == 3) {
        // `carton selftest --benchmark`'s machinery (runBenchmark through the
        // sandboxed host) on the sample carton (noop runner), against a loop of
        // the noop model's own code (it returns its inputs) in one process.
        const int n = args.at(2).toInt();
        Result<std::unique_ptr<Carton>> sample = Carton::open(testutil::sourcePath(u"/resources/sample"));
        if (!sample)
            return 1;
        Result<std::unique_ptr<RunnerSession>> s = openRunnerSession(**sample, {}, options);
        if (!s) {
            std::fprintf(stderr, "%s\n", qPrintable(s.error().toString()));
            return 1;
        }
        BenchmarkOptions bo;
        bo.iterations = n;
        bo.warmup = 100;
        QElapsedTimer wall;
        wall.start();
        Result<BenchmarkResult> result = runBenchmark(**sample, **s, bo);
        const double wallPerInferenceNs = double(wall.nsecsElapsed()) / (n + bo.warmup);
        if (!result || result->tests.isEmpty() || !result->tests.first().error.isEmpty()) {
            std::fprintf(stderr, "benchmark failed\n");
            return 1;
        }
        const TestBenchmark &t = result->tests.first();
        const TensorMap in{
            {QStringLiteral("x"), Tensor::numeric(QStringLiteral("x"), DType::Float32, {2, 4}, QByteArray(32, '\0'))}};
        auto noop = [](const TensorMap &inputs) -> Result<TensorMap> { return inputs; };
        QList<qint64> timed; // timed around each call, as the host times the model
        timed.reserve(n);
        qsizetype sink = 0;
        for (int i = 0; i < n; ++i) {
            QElapsedTimer one;
            one.start();
            Result<TensorMap> out = noop(in);
            timed.append(one.nsecsElapsed());
            sink += out->size();
        }
        QElapsedTimer loop; // the same calls, one timer around all of them
        loop.start();
        for (int i = 0; i < n; ++i)
            sink += noop(in)->size();
        const double loopNs = double(loop.nsecsElapsed()) / n;
        const LatencyStats timedStats = latencyStats(timed);
        // benchmark mean and p50 (model time, ns), the loop timed per call (mean, p50),
        // the bare loop per call (ns), transfer mean (ns), wall per inference of the whole benchmark (ns)
        std::printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", t.model.mean, t.model.p50, timedStats.mean, timedStats.p50,
                    loopNs, t.transfer.mean, wallPerInferenceNs);
        return sink == qsizetype(2) * n ? 0 : 1; // every call returned the one input
    }
    std::fputs("usage: runnerbench startup RUNS | spawn PROGRAM RUNS | transfer MIB RUNS | kserve URL MIB RUNS | "
               "benchmark N\n",
               stderr);
    return 2;
}
