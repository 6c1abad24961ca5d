// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Latency benchmarks of a carton's self-tests (trtexec / perf_analyzer style):
// K warm-up inferences, then N timed ones of each self-test.

#include "base/result.h"
#include "cartoncore_export.h"
#include "runner/runnersession.h"

#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QStringList>
#include <optional>

namespace carton {

class Carton;
class Progress;

struct BenchmarkOptions {
    int iterations = 100; // timed inferences per self-test (>= 1)
    int warmup = 10;      // untimed inferences before them (>= 0)
    QStringList tests;    // as SelfTestOptions::tests; empty: all
    bool fetchLinks = false;
};

// Figures over a list of samples, in nanoseconds. Percentiles as numpy's default
// ('linear' interpolation between the two nearest ranks of the sorted samples).
struct LatencyStats {
    qsizetype count = 0;
    double min = 0, max = 0, mean = 0, p50 = 0, p95 = 0, p99 = 0;
};
CARTONCORE_EXPORT LatencyStats latencyStats(const QList<qint64> &samplesNs);
// A latency in the unit that suits it, three significant digits: "41 ns",
// "3.2 µs", "12.5 ms", "2.1 s" (English: the CLI and the HTML report).
CARTONCORE_EXPORT QString latencyText(double ns);
// The same with `locale`'s digits and decimal separator ("12,5 ms" in German): what
// the window shows.
CARTONCORE_EXPORT QString latencyText(double ns, const QLocale &locale);
// The q-th percentile (0..100) of `sorted`, numpy 'linear'; 0 for no samples.
CARTONCORE_EXPORT double percentile(const QList<qint64> &sorted, double q);

struct TestBenchmark {
    int index = 0;
    QString name;
    QString error; // why it could not be benchmarked (inputs unreadable, an inference failed)
    // Per timed inference, in run order: what the host measured around the model
    // (`model`; falls back to the round trip when the session cannot tell) and the
    // whole infer() call seen from here (`roundTrip`: encoding, transfer, decoding too).
    QList<qint64> modelNs;
    QList<qint64> roundTripNs;
    LatencyStats model;
    LatencyStats transfer; // roundTrip - model, per inference
    double throughput = 0; // inferences per second of model time (1e9 / mean)
    bool modelTimedByHost = true;
};

struct BenchmarkResult {
    BenchmarkOptions options;
    std::chrono::nanoseconds loadTime{0};
    // The benchmark's first infer() (a warm-up one): the model's first inference when
    // the session had run nothing before; a caller that ran it before puts its own here.
    std::optional<std::chrono::nanoseconds> firstInference;
    std::optional<qint64> peakRssBytes; // the runner host's, at the end
    QList<TestBenchmark> tests;
    bool cancelled = false;
};

// Runs the benchmark on `session` (which should not have run anything yet for
// firstInference to be the model's first). Fails on bad options (ErrorCode::Usage:
// iterations < 1 or warmup < 0, an unknown self-test) or a carton without
// carton.toml; a self-test that cannot be benchmarked carries its error.
CARTONCORE_EXPORT Result<BenchmarkResult> runBenchmark(const Carton &carton, RunnerSession &session,
                                                       const BenchmarkOptions &options, Progress *progress = nullptr);

// {"iterations", "warmup", "load_ms", "first_inference_ms", "peak_rss_bytes",
//  "self_tests": [{"name", "samples_ms": [...], "transfer_samples_ms": [...],
//  "latency_ms": {"min","max","mean","p50","p95","p99"}, "transfer_ms": {...},
//  "throughput_per_s", "error"}]}
CARTONCORE_EXPORT QJsonObject benchmarkToJson(const BenchmarkResult &result);
// A <section> for the HTML report (escaped), with a text histogram of each self-test's latencies.
CARTONCORE_EXPORT QString benchmarkHtml(const BenchmarkResult &result);

} // namespace carton
