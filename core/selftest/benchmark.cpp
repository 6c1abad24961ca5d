// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/benchmark.h"

#include "base/coretext.h"
#include "base/progress.h"
#include "package/carton.h"
#include "selftest/selftestengine.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

using Clock = std::chrono::steady_clock;

double ms(double ns)
{
    return ns / 1e6;
}

QJsonObject statsJson(const LatencyStats &s)
{
    return QJsonObject{{u"min"_s, ms(s.min)},        {u"max"_s, ms(s.max)}, {u"mean"_s, ms(s.mean)},
                       {u"p50"_s, ms(s.p50)},        {u"p95"_s, ms(s.p95)}, {u"p99"_s, ms(s.p99)},
                       {u"count"_s, double(s.count)}};
}

QJsonArray samplesJson(const QList<qint64> &ns)
{
    QJsonArray out;
    for (qint64 v : ns)
        out.append(ms(double(v)));
    return out;
}

// Ten equal bins between min and max, as bars of █.
QString histogramHtml(const QList<qint64> &samples, const LatencyStats &s)
{
    if (samples.isEmpty())
        return {};
    constexpr int kBins = 10;
    QList<qsizetype> bins(kBins, 0);
    const double width = (s.max - s.min) / kBins;
    for (qint64 v : samples) {
        const int b = width > 0 ? std::min(kBins - 1, int((double(v) - s.min) / width)) : 0;
        ++bins[b];
    }
    const qsizetype peak = *std::max_element(bins.cbegin(), bins.cend());
    QString html = u"<table class=\"histogram\">"_s;
    for (int b = 0; b < kBins; ++b)
        html += u"<tr><td>%1 – %2</td><td>%3</td><td>%4</td></tr>"_s.arg(
            latencyText(s.min + b * width), latencyText(s.min + (b + 1) * width),
            QString(int(std::ceil(40.0 * double(bins[b]) / double(peak))), QChar(0x2588)), QString::number(bins[b]));
    return html + u"</table>"_s;
}

} // namespace

double percentile(const QList<qint64> &sorted, double q)
{
    if (sorted.isEmpty())
        return 0;
    const double rank = q / 100.0 * double(sorted.size() - 1);
    const qsizetype lo = qsizetype(std::floor(rank));
    const qsizetype hi = std::min(lo + 1, sorted.size() - 1);
    const double frac = rank - double(lo);
    return double(sorted[lo]) + (double(sorted[hi]) - double(sorted[lo])) * frac;
}

LatencyStats latencyStats(const QList<qint64> &samplesNs)
{
    LatencyStats s;
    s.count = samplesNs.size();
    if (samplesNs.isEmpty())
        return s;
    QList<qint64> sorted = samplesNs;
    std::sort(sorted.begin(), sorted.end());
    s.min = double(sorted.first());
    s.max = double(sorted.last());
    double sum = 0;
    for (qint64 v : sorted)
        sum += double(v);
    s.mean = sum / double(sorted.size());
    s.p50 = percentile(sorted, 50);
    s.p95 = percentile(sorted, 95);
    s.p99 = percentile(sorted, 99);
    return s;
}

Result<BenchmarkResult> runBenchmark(const Carton &carton, RunnerSession &session, const BenchmarkOptions &options,
                                     Progress *progress)
{
    if (options.iterations < 1 || options.warmup < 0)
        return makeError(ErrorCode::Usage, u"a benchmark needs at least 1 timed inference and no negative warm-up "
                                           u"count (got %1 and %2)"_s.arg(options.iterations)
                                               .arg(options.warmup));
    if (!carton.info())
        return makeError(ErrorCode::Format, u"the carton has no readable carton.toml; nothing to run"_s, carton.path());
    const Result<QList<int>> selected = selectSelfTests(*carton.info(), options.tests);
    if (!selected)
        return selected.error();
    BenchmarkResult result;
    result.options = options;
    result.loadTime = session.loadTime();
    if (progress)
        progress->setTotal(qint64(selected->size()) * (options.iterations + options.warmup));
    for (int index : *selected) {
        TestBenchmark t;
        t.index = index;
        t.name = selfTestName(carton.info()->selfTests.at(index), index);
        const Result<TensorMap> inputs = loadSelfTestInputs(carton, index, options.fetchLinks);
        if (!inputs)
            t.error = inputs.error().message;
        for (int i = 0; t.error.isEmpty() && i < options.warmup + options.iterations; ++i) {
            if (progress && progress->isCancelled()) {
                result.cancelled = true;
                t.error = u"cancelled"_s;
                break;
            }
            const auto start = Clock::now();
            const Result<TensorMap> out = session.infer(*inputs, progress);
            const qint64 roundTrip = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
            if (!out) {
                t.error = out.error().toString();
                break;
            }
            if (!result.firstInference)
                result.firstInference = std::chrono::nanoseconds(roundTrip);
            if (progress)
                progress->advance(1, t.name);
            if (i < options.warmup)
                continue;
            const std::optional<std::chrono::nanoseconds> model = session.lastModelTime();
            t.modelTimedByHost = t.modelTimedByHost && model.has_value();
            t.modelNs.append(model ? model->count() : roundTrip);
            t.roundTripNs.append(roundTrip);
        }
        QList<qint64> transfer;
        for (qsizetype i = 0; i < t.modelNs.size(); ++i)
            transfer.append(std::max<qint64>(0, t.roundTripNs[i] - t.modelNs[i]));
        t.model = latencyStats(t.modelNs);
        t.transfer = latencyStats(transfer);
        t.throughput = t.model.mean > 0 ? 1e9 / t.model.mean : 0;
        result.tests.append(t);
        if (result.cancelled)
            break;
    }
    result.peakRssBytes = session.peakRssBytes();
    return result;
}

QJsonObject benchmarkToJson(const BenchmarkResult &result)
{
    QJsonArray tests;
    for (const TestBenchmark &t : result.tests) {
        QList<qint64> transfer;
        for (qsizetype i = 0; i < t.modelNs.size(); ++i)
            transfer.append(std::max<qint64>(0, t.roundTripNs[i] - t.modelNs[i]));
        QJsonObject o{{u"name"_s, t.name},
                      {u"index"_s, t.index},
                      {u"samples_ms"_s, samplesJson(t.modelNs)},
                      {u"transfer_samples_ms"_s, samplesJson(transfer)},
                      {u"latency_ms"_s, statsJson(t.model)},
                      {u"transfer_ms"_s, statsJson(t.transfer)},
                      {u"throughput_per_s"_s, t.throughput},
                      {u"timed_by_host"_s, t.modelTimedByHost}};
        if (!t.error.isEmpty())
            o.insert(u"error"_s, t.error);
        tests.append(o);
    }
    QJsonObject out{{u"iterations"_s, result.options.iterations},
                    {u"warmup"_s, result.options.warmup},
                    {u"load_ms"_s, ms(double(result.loadTime.count()))},
                    {u"self_tests"_s, tests},
                    {u"cancelled"_s, result.cancelled}};
    if (result.firstInference)
        out.insert(u"first_inference_ms"_s, ms(double(result.firstInference->count())));
    if (result.peakRssBytes)
        out.insert(u"peak_rss_bytes"_s, double(*result.peakRssBytes));
    return out;
}

QString latencyText(double ns)
{
    return latencyText(ns, QLocale::c());
}

QString latencyText(double ns, const QLocale &locale)
{
    // 999.5 would print as "1e+03" with three digits: the next unit takes it.
    const auto number = [&locale](double v) {
        return locale.toString(v, 'g', 3).remove(locale.groupSeparator()); // "1000 s", not "1,000 s"
    };
    if (ns < 999.5)
        return LatencyText::tr("%1 ns").arg(number(ns));
    if (ns < 999.5e3)
        return LatencyText::tr("%1 µs").arg(number(ns / 1e3));
    if (ns < 999.5e6)
        return LatencyText::tr("%1 ms").arg(number(ns / 1e6));
    return LatencyText::tr("%1 s").arg(number(ns / 1e9));
}

QString benchmarkHtml(const BenchmarkResult &result)
{
    QString html = u"<section id=\"benchmark\"><h2>Benchmark</h2><p>%1 warm-up and %2 timed inferences per "
                   u"self-test; model load %3"_s.arg(result.options.warmup)
                       .arg(result.options.iterations)
                       .arg(latencyText(double(result.loadTime.count())));
    if (result.firstInference)
        html += u"; first inference %1"_s.arg(latencyText(double(result.firstInference->count())));
    if (result.peakRssBytes)
        html += u"; runner host peak RSS %1 MiB"_s.arg(double(*result.peakRssBytes) / 1048576.0, 0, 'f', 1);
    html += u".</p>"_s;
    for (const TestBenchmark &t : result.tests) {
        html += u"<h3>%1</h3>"_s.arg(t.name.toHtmlEscaped());
        if (!t.error.isEmpty()) {
            html += u"<p>%1</p>"_s.arg(t.error.toHtmlEscaped());
            continue;
        }
        html += u"<table><tr><th></th><th>min</th><th>p50</th><th>p95</th><th>p99</th><th>mean</th><th>max</th></tr>"_s;
        for (const auto &[label, s] : {std::pair{u"latency"_s, t.model}, std::pair{u"transfer"_s, t.transfer}})
            html += u"<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>"_s.arg(
                label, latencyText(s.min), latencyText(s.p50), latencyText(s.p95), latencyText(s.p99),
                latencyText(s.mean), latencyText(s.max));
        html += u"</table><p>throughput %1 inferences/s</p>"_s.arg(t.throughput, 0, 'f', 1);
        html += histogramHtml(t.modelNs, t.model);
    }
    return html + u"</section>"_s;
}

} // namespace carton
