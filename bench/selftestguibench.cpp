// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// selftestguibench [TESTS] [MIB] [TICK_MS]: GUI responsiveness during a self-test
// run (bench/selftest-gui-bench.sh). Builds a carton folder in code whose TESTS
// self-tests each feed one float32 tensor of MIB MiB to the noop runner and
// expect it back (one of them 0.1 % off, so the error map and the worst elements
// have work to do), opens it in a SelfTestsPage (offscreen), presses Run all and,
// until the run has finished, records the gaps between the ticks of a TICK_MS
// QTimer on the GUI thread. Prints key=value lines: the run's wall time, the
// ticks, the largest gap beyond the tick interval (the worst event-loop stall),
// its p99, the number of stalls over 50 ms, and the largest GUI-thread CPU time
// between two ticks (the work that stalled the loop, whatever the machine's load:
// on a busy machine a wall-clock gap also holds time spent waiting for a core).
#include "jobs/jobpools.h"
#include "package/carton.h"
#include "selftests/selftestrunner.h"
#include "selftests/selftestspage.h"
#include "selftesttestutil.h"
#include "testpaths.h"
#include "testsession.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>

using namespace carton;
using namespace selftesttest;

namespace {
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}
} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int tests = args.size() > 1 ? args.at(1).toInt() : 4;
    const qint64 mib = args.size() > 2 ? args.at(2).toLongLong() : 64;
    const int tickMs = args.size() > 3 ? args.at(3).toInt() : 5;
    if (tests < 1 || tests > 100 || mib < 1 || mib > 4096 || tickMs < 0) {
        std::fprintf(stderr, "usage: selftestguibench [TESTS 1..100] [MIB 1..4096] [TICK_MS]\n");
        return 2;
    }
    QTemporaryDir dir;
    const qint64 n = mib * (1 << 20) / 4;
    QByteArray x(n * 4, Qt::Uninitialized);
    for (qint64 i = 0; i < n; ++i) {
        const float v = float(i % 1009) * 0.25f - 100.0f;
        std::memcpy(x.data() + 4 * i, &v, 4);
    }
    QByteArray off = x;
    for (qint64 i = 0; i < n; i += 1000) {
        float v;
        std::memcpy(&v, off.constData() + 4 * i, 4);
        v += 0.01f;
        std::memcpy(off.data() + 4 * i, &v, 4);
    }
    CartonFolder folder;
    folder.info.runner.requiredFrameworkVersion = QStringLiteral("*");
    folder.info.inputs = {spec(QStringLiteral("x"), DType::Float32, Shape::dims({Dim::value(n)}))};
    folder.info.outputs = folder.info.inputs;
    folder.add(Tensor::numeric(QStringLiteral("x"), DType::Float32, {n}, x));
    folder.add(Tensor::numeric(QStringLiteral("x_off"), DType::Float32, {n}, off));
    for (int t = 0; t < tests; ++t) {
        SelfTest test;
        test.name = QStringLiteral("t%1").arg(t);
        test.inputs = refs({{"x", "@tensor_data/x"}});
        test.expectedOut = t == 0 ? refs({{"x", "@tensor_data/x_off"}}) : refs({{"x", "@tensor_data/x"}});
        folder.info.selfTests.append(test);
    }
    if (!folder.write(dir.path())) {
        std::fprintf(stderr, "selftestguibench: cannot write the carton folder\n");
        return 2;
    }
    auto opened = Carton::open(dir.path());
    if (!opened) {
        std::fprintf(stderr, "selftestguibench: %s\n", qPrintable(opened.error().toString()));
        return 2;
    }
    std::shared_ptr<const Carton> carton = std::move(*opened);

    studio::SelfTestsPage page(carton, nullptr); // nothing remembered
    RunOptions options;
    options.hostExecutable = testutil::binaryPath(u"/bin/carton-runner-host");
    options.pluginSearchPaths = {testutil::binaryPath(u"/lib/carton-studio/runners")};
    page.setRunOptions(options);
    page.resize(1200, 800);
    page.show();
    QApplication::processEvents();

    QList<double> gaps;   // ms beyond the tick interval
    double maxCpuGap = 0; // GUI-thread CPU ms between two ticks
    double lastCpu = threadCpuMs();
    QElapsedTimer sinceTick;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(tickMs);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        gaps.append(std::max(0.0, double(sinceTick.nsecsElapsed()) / 1e6 - tickMs));
        sinceTick.restart();
        const double cpu = threadCpuMs();
        maxCpuGap = std::max(maxCpuGap, cpu - lastCpu);
        lastCpu = cpu;
    });
    bool finished = false;
    QObject::connect(&page, &studio::SelfTestsPage::runFinished, [&] { finished = true; });
    QElapsedTimer run;
    run.start();
    sinceTick.start();
    ticker.start();
    page.runAllAction()->trigger();
    while (!finished && run.elapsed() < 600'000)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents);
    // Until the results are shown: the events queued by the end of the run.
    QApplication::processEvents();
    ticker.stop();
    const double runMs = double(run.nsecsElapsed()) / 1e6;
    studio::JobPools::waitForAll();
    if (!finished || !page.lastRun()) {
        std::fprintf(stderr, "selftestguibench: the run did not finish\n");
        return 1;
    }
    std::sort(gaps.begin(), gaps.end());
    const double maxGap = gaps.isEmpty() ? runMs : gaps.last();
    const double p99 = gaps.isEmpty() ? runMs : gaps.at(std::min<qsizetype>(gaps.size() - 1, gaps.size() * 99 / 100));
    const auto over50 = std::count_if(gaps.cbegin(), gaps.cend(), [](double g) { return g > 50; });
    std::printf("tests=%d\ntensor_mib=%lld\ntick_ms=%d\nrun_ms=%.1f\nticks=%lld\nmax_stall_ms=%.1f\np99_stall_ms=%.1f\n"
                "stalls_over_50ms=%lld\nmax_gui_cpu_between_ticks_ms=%.1f\n",
                tests, mib, tickMs, runMs, qint64(gaps.size()), maxGap, p99, qint64(over50), maxCpuGap);
    return 0;
}
