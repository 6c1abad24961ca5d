// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Benchmark helper for bench/selftest-bench.sh (not a test): compares two raw
// little-endian float32 files with the self-test comparison (allclose verdict and
// every error figure) and prints one JSON line with the best time of N runs.
//   selftestbench ACTUAL.f32 EXPECTED.f32 [--repeat N] [--rtol R] [--atol A] [--threads T]

#include "selftest/selftestreport.h"
#include "selftest/tensorcompare.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>
#include <ctime>
#include <limits>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "selftestbench: %s\n", qPrintable(message));
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.size() < 2)
        return fail(u"usage: selftestbench ACTUAL.f32 EXPECTED.f32 [--repeat N] [--rtol R] [--atol A] [--threads T]"_s);
    int repeat = 3;
    Tolerance tol;
    CompareOptions options;
    for (qsizetype i = 2; i + 1 < args.size(); i += 2) {
        bool ok = false;
        const QString &name = args.at(i);
        const double v = args.at(i + 1).toDouble(&ok);
        if (!ok)
            return fail(u"%1: not a number: %2"_s.arg(name, args.at(i + 1)));
        if (name == u"--repeat")
            repeat = int(v);
        else if (name == u"--rtol")
            tol.rtol = v;
        else if (name == u"--atol")
            tol.atol = v;
        else if (name == u"--threads")
            options.threads = int(v);
        else
            return fail(u"unknown option %1"_s.arg(name));
    }
    QByteArray data[2];
    for (int k = 0; k < 2; ++k) {
        QFile f(args.at(k));
        if (!f.open(QIODevice::ReadOnly))
            return fail(u"%1: %2"_s.arg(args.at(k), f.errorString()));
        data[k] = f.readAll();
    }
    if (data[0].size() != data[1].size() || data[0].size() % 4 != 0)
        return fail(u"the files must hold the same number of float32 values"_s);
    const qint64 n = data[0].size() / 4;
    const Tensor actual = Tensor::numeric(u"actual"_s, DType::Float32, {n}, data[0]);
    const Tensor expected = Tensor::numeric(u"expected"_s, DType::Float32, {n}, data[1]);

    qint64 best = std::numeric_limits<qint64>::max();
    double bestCpu = std::numeric_limits<double>::max();
    TensorComparison c;
    for (int r = 0; r < std::max(1, repeat); ++r) {
        QElapsedTimer timer;
        const std::clock_t cpuStart = std::clock();
        timer.start();
        c = compareTensors(actual, expected, tol, options);
        best = std::min(best, timer.nsecsElapsed());
        bestCpu = std::min(bestCpu, double(std::clock() - cpuStart) / CLOCKS_PER_SEC);
    }
    const double seconds = double(best) / 1e9;
    QJsonObject out = comparisonToJson(c);
    out.remove(u"worst"_s);
    out.remove(u"histogram"_s);
    out.insert(u"seconds"_s, seconds);
    out.insert(u"cpu_seconds"_s, bestCpu); // all threads
    out.insert(u"input_bytes"_s, double(data[0].size()) * 2);
    out.insert(u"gb_per_s"_s, double(data[0].size()) * 2 / seconds / 1e9);
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    return 0;
}
