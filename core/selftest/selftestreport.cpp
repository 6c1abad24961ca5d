// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// JSON and HTML reports of a self-test run.
#include "selftest/selftestreport.h"

#include "base/htmlpage.h"
#include "base/jsonutil.h"
#include "validate/symbolbindings.h"

#include <QJsonArray>
#include <QSaveFile>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

QJsonValue number(double v)
{
    if (std::isnan(v))
        return u"nan"_s;
    if (std::isinf(v))
        return v > 0 ? u"inf"_s : u"-inf"_s;
    return v;
}

double ms(std::chrono::nanoseconds ns)
{
    return double(ns.count()) / 1e6;
}

QJsonObject statsJson(const ErrorStats &s)
{
    return {{u"max"_s, number(s.max)},
            {u"mean"_s, number(s.mean)},
            {u"median"_s, number(s.median)},
            {u"p99"_s, number(s.p99)}};
}

QJsonObject nonFiniteJson(const NonFiniteCounts &c)
{
    return {{u"nan"_s, c.nan}, {u"pos_inf"_s, c.posInf}, {u"neg_inf"_s, c.negInf}};
}

QJsonArray histogramJson(const ErrorHistogram &h)
{
    QJsonArray a;
    for (qint64 c : h.counts)
        a.append(c);
    return a;
}

QJsonObject overrideJson(const ToleranceOverride &o)
{
    QJsonObject j;
    if (o.rtol)
        j.insert(u"rtol"_s, *o.rtol);
    if (o.atol)
        j.insert(u"atol"_s, *o.atol);
    if (o.equalNan)
        j.insert(u"equal_nan"_s, *o.equalNan);
    return j;
}

QJsonObject overridesJson(const ToleranceOverride &all, const QMap<QString, ToleranceOverride> &perOutput)
{
    QJsonObject j = overrideJson(all);
    QJsonObject per;
    for (auto it = perOutput.cbegin(); it != perOutput.cend(); ++it)
        per.insert(it.key(), overrideJson(it.value()));
    j.insert(u"per_output"_s, per);
    return j;
}

QString outputKindName(OutputResult::Kind kind)
{
    switch (kind) {
    case OutputResult::Kind::Compared:
        return u"compared"_s;
    case OutputResult::Kind::Missing:
        return u"missing"_s;
    case OutputResult::Kind::Unexpected:
        return u"unexpected"_s;
    }
    return {};
}

QJsonArray stringsJson(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

// ---------------------------------------------------------------- HTML

QString esc(const QString &s)
{
    return htmlEscape(s);
}

QString fig(double v)
{
    return htmlNumber(v);
}

QString msText(std::chrono::nanoseconds ns)
{
    return QString::number(ms(ns), 'f', ms(ns) < 10 ? 3 : 1) + u" ms"_s;
}

QString statusClass(const QString &status)
{
    QString c = status;
    c.replace(u' ', u'-');
    return c;
}

QString badge(const QString &status)
{
    return htmlBadge(statusClass(status), status);
}

// A bar chart of one histogram as inline SVG; `markBin` (atol's decade) gets a dashed line.
QString histogramSvg(const ErrorHistogram &h, const QString &title, int markBin)
{
    const int barW = 26, gap = 4, chartH = 90, labelH = 56, left = 4;
    const int width = left + ErrorHistogram::kBins * (barW + gap);
    const qint64 top = std::max<qint64>(1, *std::max_element(h.counts.begin(), h.counts.end()));
    QString svg = u"<figure><figcaption>%1</figcaption><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%2\" "
                  "height=\"%3\" role=\"img\" aria-label=\"%1\">"_s.arg(esc(title))
                      .arg(width)
                      .arg(chartH + labelH);
    for (int b = 0; b < ErrorHistogram::kBins; ++b) {
        const qint64 count = h.counts[size_t(b)];
        // Heights on a log scale so that a few outliers stay visible next to millions.
        const double frac = count > 0 ? std::log10(double(count) + 1) / std::log10(double(top) + 1) : 0.0;
        const int barH = count > 0 ? std::max(2, int(frac * (chartH - 14))) : 0;
        const int x = left + b * (barW + gap);
        svg += u"<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" class=\"bar\"><title>%5: %6</title></rect>"_s.arg(x)
                   .arg(chartH - barH)
                   .arg(barW)
                   .arg(barH)
                   .arg(ErrorHistogram::binLabel(b))
                   .arg(count);
        if (count > 0)
            svg += u"<text x=\"%1\" y=\"%2\" class=\"count\">%3</text>"_s.arg(x + barW / 2)
                       .arg(chartH - barH - 3)
                       .arg(count);
        svg += u"<text transform=\"translate(%1,%2) rotate(55)\" class=\"lbl\">%3</text>"_s.arg(x + 6)
                   .arg(chartH + 6)
                   .arg(ErrorHistogram::binLabel(b));
    }
    if (markBin >= 0) {
        const int x = left + markBin * (barW + gap) - gap / 2;
        svg += u"<line x1=\"%1\" y1=\"0\" x2=\"%1\" y2=\"%2\" class=\"mark\"><title>atol</title></line>"_s.arg(x).arg(
            chartH);
    }
    svg += u"</svg></figure>"_s;
    return svg;
}

// The display bin holding `value` (for the atol marker), -1 for 0.
int binOf(double value)
{
    if (!(value > 0))
        return -1;
    if (value < 1e-12)
        return 1;
    return std::clamp(2 + int(std::floor(std::log10(value))) - ErrorHistogram::kFirstDecade, 2,
                      ErrorHistogram::kBins - 1);
}

QString comparisonHtml(const QString &name, const TensorComparison &c)
{
    QString h;
    h += u"<details open><summary>%1 — %2 %3</summary>"_s.arg(esc(name), badge(compareVerdictName(c.verdict)),
                                                              esc(c.message));
    if (c.elementCount == 0 && c.verdict != CompareVerdict::Passed)
        return h + u"</details>"_s;
    h += u"<table class=\"figs\"><tr><th></th><th>max</th><th>mean</th><th>median</th><th>p99</th></tr>"_s;
    for (const auto &[label, s] :
         {std::pair{u"|actual − expected|"_s, c.absError}, std::pair{u"relative"_s, c.relError}})
        h += u"<tr><th>%1</th><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>"_s.arg(label, fig(s.max), fig(s.mean),
                                                                                       fig(s.median), fig(s.p99));
    h += u"</table><p class=\"small\">%1 elements, %2 compared (both finite), <b>%3 mismatches (%4%)</b>"_s
             .arg(c.elementCount)
             .arg(c.comparedCount)
             .arg(c.mismatchCount)
             .arg(QString::number(c.mismatchFraction * 100, 'g', 3));
    if (!c.exact)
        h += u"; tolerance rtol %1, atol %2%3; would pass with atol ≥ %4 (rtol %1) or rtol ≥ %5 (atol %2)"_s.arg(
            fig(c.tolerance.rtol), fig(c.tolerance.atol), c.tolerance.equalNan ? u", NaN = NaN"_s : QString(),
            fig(c.minAtol.value_or(0)), fig(c.minRtol.value_or(0)));
    else
        h += u"; compared exactly"_s;
    if (!c.quantilesExact)
        h += u"; median and p99 estimated from a histogram (±0.4%)"_s;
    h += u"; NaN/+inf/−inf expected %1/%2/%3, actual %4/%5/%6</p>"_s.arg(c.expectedNonFinite.nan)
             .arg(c.expectedNonFinite.posInf)
             .arg(c.expectedNonFinite.negInf)
             .arg(c.actualNonFinite.nan)
             .arg(c.actualNonFinite.posInf)
             .arg(c.actualNonFinite.negInf);
    if (!c.worst.isEmpty()) {
        h += u"<table class=\"worst\"><tr><th>index</th><th>expected</th><th>actual</th><th>abs error</th>"
             "<th>rel error</th></tr>"_s;
        for (const ElementDifference &d : c.worst)
            h += u"<tr class=\"%1\"><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td></tr>"_s.arg(
                d.mismatch ? u"bad"_s : QString(), esc(shapeText(d.index)), esc(d.expected), esc(d.actual),
                fig(d.absError), fig(d.relError));
        h += u"</table>"_s;
    }
    if (!c.exact && c.absHistogram.total() > 0)
        h += u"<div class=\"hists\">"_s + histogramSvg(c.absHistogram, u"absolute error"_s, binOf(c.tolerance.atol)) +
             histogramSvg(c.relHistogram, u"relative error"_s, binOf(c.tolerance.rtol)) + u"</div>"_s;
    return h + u"</details>"_s;
}

QString tensorText(const std::optional<Tensor> &t)
{
    if (!t)
        return u"—"_s;
    if (t->dtype() == DType::Nested)
        return u"nested (%1)"_s.arg(t->inner().size());
    return dtypeName(t->dtype()) + u' ' + shapeText(t->shape());
}

QString notesHtml(const QString &reason, const QStringList &notes, const QString &log)
{
    QString h;
    if (!reason.isEmpty())
        h += u"<p class=\"reason\">%1</p>"_s.arg(esc(reason));
    if (!notes.isEmpty()) {
        h += u"<ul class=\"notes\">"_s;
        for (const QString &n : notes)
            h += u"<li>%1</li>"_s.arg(esc(n));
        h += u"</ul>"_s;
    }
    if (!log.isEmpty())
        h += u"<details><summary>runner log</summary><pre>%1</pre></details>"_s.arg(esc(log));
    return h;
}

// Beyond the shared report CSS (base/htmlpage.cpp).
const char *const kCss = R"(
.passed,.ran{background:#15803d}.failed,.shape-mismatch,.dtype-mismatch,.malformed{background:#b91c1c}.error{background:#7c2d12}
.cannot-run{background:#b45309}.not-run{background:#6b7280}
tr.bad td{background:#fde8e8}.reason{color:#991b1b;font-weight:600}
summary{cursor:pointer;margin:.5em 0}pre{background:#f3f5f8;padding:.6em;overflow:auto;max-height:20em}
.hists{display:flex;flex-wrap:wrap;gap:2em}figure{margin:.4em 0}figcaption{font-size:.85em;color:#404656}
svg .bar{fill:#3b6fd8}svg .count{font-size:9px;text-anchor:middle;fill:#1d2330}svg .lbl{font-size:9px;fill:#404656}
svg .mark{stroke:#b91c1c;stroke-dasharray:3 2;stroke-width:1.5}
)";

} // namespace

QJsonObject tensorSummaryJson(const Tensor &t)
{
    QJsonObject o{{u"dtype"_s, dtypeName(t.dtype())}};
    if (t.dtype() == DType::Nested)
        o.insert(u"inner_count"_s, t.inner().size());
    else
        o.insert(u"shape"_s, toJsonArray(t.shape()));
    return o;
}

QJsonObject comparisonToJson(const TensorComparison &c)
{
    QJsonObject j{
        {u"verdict"_s, compareVerdictName(c.verdict)},
        {u"message"_s, c.message},
        {u"exact"_s, c.exact},
        {u"expected"_s,
         QJsonObject{{u"dtype"_s, dtypeName(c.expectedDtype)}, {u"shape"_s, toJsonArray(c.expectedShape)}}},
        {u"actual"_s, QJsonObject{{u"dtype"_s, dtypeName(c.actualDtype)}, {u"shape"_s, toJsonArray(c.actualShape)}}},
        {u"tolerance"_s, QJsonObject{{u"rtol"_s, number(c.tolerance.rtol)},
                                     {u"atol"_s, number(c.tolerance.atol)},
                                     {u"equal_nan"_s, c.tolerance.equalNan}}},
        {u"element_count"_s, c.elementCount},
        {u"compared_count"_s, c.comparedCount},
        {u"mismatch_count"_s, c.mismatchCount},
        {u"mismatch_fraction"_s, number(c.mismatchFraction)},
        {u"abs_error"_s, statsJson(c.absError)},
        {u"rel_error"_s, statsJson(c.relError)},
        {u"quantiles_exact"_s, c.quantilesExact},
        {u"non_finite"_s, QJsonObject{{u"expected"_s, nonFiniteJson(c.expectedNonFinite)},
                                      {u"actual"_s, nonFiniteJson(c.actualNonFinite)}}}};
    if (c.minAtol)
        j.insert(u"min_atol"_s, number(*c.minAtol));
    if (c.minRtol)
        j.insert(u"min_rtol"_s, number(*c.minRtol));
    QJsonArray worst;
    for (const ElementDifference &d : c.worst)
        worst.append(QJsonObject{{u"index"_s, toJsonArray(d.index)},
                                 {u"flat_index"_s, d.flatIndex},
                                 {u"expected"_s, d.expected},
                                 {u"actual"_s, d.actual},
                                 {u"abs_error"_s, number(d.absError)},
                                 {u"rel_error"_s, number(d.relError)},
                                 {u"mismatch"_s, d.mismatch}});
    j.insert(u"worst"_s, worst);
    QJsonArray bins;
    for (int b = 0; b < ErrorHistogram::kBins; ++b)
        bins.append(ErrorHistogram::binLabel(b));
    j.insert(u"histogram"_s, QJsonObject{{u"bins"_s, bins},
                                         {u"abs"_s, histogramJson(c.absHistogram)},
                                         {u"rel"_s, histogramJson(c.relHistogram)}});
    return j;
}

QJsonObject selfTestRunToJson(const SelfTestRun &run)
{
    QJsonObject tolerances = overridesJson(run.tolerances.all, run.tolerances.perOutput);
    tolerances.insert(u"preset"_s, tolerancePresetName(run.tolerances.preset));
    tolerances.insert(u"use_carton_tolerances"_s, run.tolerances.useCartonTolerances);

    QJsonObject timings{{u"model_load"_s, ms(run.loadTime)}, {u"wall"_s, ms(run.wallTime)}};
    const QJsonObject sandbox = run.sandbox.toJson();
    if (run.firstInference)
        timings.insert(u"first_inference"_s, ms(*run.firstInference));
    QJsonArray later;
    for (std::chrono::nanoseconds t : run.laterInferences)
        later.append(ms(t));
    timings.insert(u"later_inferences"_s, later);

    QJsonArray tests;
    for (const SelfTestResult &r : run.tests) {
        QJsonObject t{{u"index"_s, r.index},
                      {u"name"_s, r.name},
                      {u"description"_s, r.description},
                      {u"status"_s, selfTestStatusName(r.status)},
                      {u"reason"_s, r.reason},
                      {u"notes"_s, stringsJson(r.notes)},
                      {u"first_inference"_s, r.firstInference}};
        if (r.inferenceTime)
            t.insert(u"inference_ms"_s, ms(*r.inferenceTime));
        if (!r.runnerLog.isEmpty())
            t.insert(u"runner_log"_s, r.runnerLog);
        if (!r.cartonTolerance.isEmpty())
            t.insert(u"carton_tolerance"_s, overridesJson(r.cartonTolerance.all, r.cartonTolerance.perOutput));
        QJsonArray outputs;
        for (const OutputResult &o : r.outputs) {
            QJsonObject oj{{u"name"_s, o.name}, {u"kind"_s, outputKindName(o.kind)}};
            if (!o.specProblem.isEmpty())
                oj.insert(u"spec_problem"_s, o.specProblem);
            if (o.expected)
                oj.insert(u"expected"_s, tensorSummaryJson(*o.expected));
            if (o.actual)
                oj.insert(u"actual"_s, tensorSummaryJson(*o.actual));
            if (o.comparison)
                oj.insert(u"comparison"_s, comparisonToJson(*o.comparison));
            outputs.append(oj);
        }
        t.insert(u"outputs"_s, outputs);
        tests.append(t);
    }

    QJsonArray examples;
    for (const ExampleResult &e : run.examples) {
        QJsonObject ej{{u"index"_s, e.index},
                       {u"name"_s, e.name},
                       {u"description"_s, e.description},
                       {u"status"_s, exampleStatusName(e.status)},
                       {u"reason"_s, e.reason},
                       {u"notes"_s, stringsJson(e.notes)}};
        if (e.inferenceTime)
            ej.insert(u"inference_ms"_s, ms(*e.inferenceTime));
        if (!e.runnerLog.isEmpty())
            ej.insert(u"runner_log"_s, e.runnerLog);
        QJsonArray outputs;
        for (const ExampleOutput &o : e.outputs) {
            QJsonObject oj{{u"name"_s, o.name}, {u"sample_ref"_s, o.sampleRef}};
            if (o.sample)
                oj.insert(u"sample"_s, tensorSummaryJson(*o.sample));
            if (o.actual)
                oj.insert(u"actual"_s, tensorSummaryJson(*o.actual));
            if (o.comparison)
                oj.insert(u"comparison"_s, comparisonToJson(*o.comparison));
            outputs.append(oj);
        }
        ej.insert(u"outputs"_s, outputs);
        examples.append(ej);
    }

    return QJsonObject{{u"carton"_s, run.cartonPath},
                       {u"model_name"_s, run.modelName},
                       {u"model_hash"_s, run.modelHash},
                       {u"runner_name"_s, run.runnerName},
                       {u"runner"_s, run.runner},
                       {u"forced"_s, run.forced.isEmpty() ? QJsonValue() : QJsonValue(run.forced)},
                       {u"cancelled"_s, run.cancelled},
                       {u"exit_code"_s, run.exitCode()},
                       {u"tolerances"_s, tolerances},
                       {u"timings_ms"_s, timings},
                       {u"sandbox"_s, sandbox},
                       {u"summary"_s, QJsonObject{{u"total"_s, run.tests.size()},
                                                  {u"passed"_s, run.count(SelfTestStatus::Passed)},
                                                  {u"failed"_s, run.count(SelfTestStatus::Failed)},
                                                  {u"cannot_run"_s, run.count(SelfTestStatus::CannotRun)},
                                                  {u"error"_s, run.count(SelfTestStatus::Error)},
                                                  {u"not_run"_s, run.count(SelfTestStatus::NotRun)},
                                                  {u"examples_cannot_run"_s, run.count(ExampleStatus::CannotRun)},
                                                  {u"examples_error"_s, run.count(ExampleStatus::Error)}}},
                       {u"self_tests"_s, tests},
                       {u"examples"_s, examples}};
}

QByteArray selfTestReportHtml(const SelfTestRun &run)
{
    const QString title = run.modelName.isEmpty() ? run.cartonPath : run.modelName;
    QString h = htmlPageStart(u"Self-tests: "_s + title, QLatin1StringView(kCss));
    h += u"<p>%1 passed · %2 failed · %3 cannot run · %4 error · %5 not run%6%7</p>\n"_s
             .arg(run.count(SelfTestStatus::Passed))
             .arg(run.count(SelfTestStatus::Failed))
             .arg(run.count(SelfTestStatus::CannotRun))
             .arg(run.count(SelfTestStatus::Error))
             .arg(run.count(SelfTestStatus::NotRun))
             .arg(run.examples.isEmpty()
                      ? QString()
                      : u"; examples: %1 ran · %2 cannot run · %3 error"_s.arg(run.count(ExampleStatus::Ran))
                            .arg(run.count(ExampleStatus::CannotRun))
                            .arg(run.count(ExampleStatus::Error)),
                  run.cancelled ? u" — <b>cancelled</b>"_s : QString());
    QString later;
    if (!run.laterInferences.isEmpty()) {
        QList<std::chrono::nanoseconds> sorted = run.laterInferences;
        std::sort(sorted.begin(), sorted.end());
        later = u"%1 later: min %2, median %3, max %4"_s.arg(sorted.size())
                    .arg(msText(sorted.first()), msText(sorted.at(sorted.size() / 2)), msText(sorted.last()));
    }
    h += u"<table class=\"meta\"><tr><th>carton</th><td>%1</td></tr><tr><th>model hash</th><td><code>%2</code></td>"
         "</tr><tr><th>runner</th><td>%3</td></tr><tr><th>sandbox</th><td>%11</td></tr>"
         "<tr><th>tolerances</th><td>preset %4%5%6</td></tr>"
         "<tr><th>times</th><td>model load %7; first inference %8; %9; whole run %10</td></tr></table>\n"_s
             .arg(esc(run.cartonPath), esc(run.modelHash), esc(run.runnerName),
                  tolerancePresetName(run.tolerances.preset),
                  run.tolerances.all.rtol ? u", rtol %1"_s.arg(fig(*run.tolerances.all.rtol)) : QString(),
                  run.tolerances.all.atol ? u", atol %1"_s.arg(fig(*run.tolerances.all.atol)) : QString(),
                  msText(run.loadTime), run.firstInference ? msText(*run.firstInference) : u"—"_s,
                  later.isEmpty() ? u"no later inferences"_s : later)
             .arg(msText(run.wallTime), run.sandbox.sandboxed
                                            ? esc(run.sandbox.summary())
                                            : u"<b class=\"warn\">%1</b>"_s.arg(esc(run.sandbox.summary())));
    if (!run.forced.isEmpty())
        h += u"<p><b class=\"warn\">Forced run:</b> %1</p>\n"_s.arg(esc(run.forced));

    for (const SelfTestResult &r : run.tests) {
        h += u"<section><h2>%1 %2</h2>"_s.arg(esc(r.name), badge(selfTestStatusName(r.status)));
        if (!r.description.isEmpty())
            h += u"<p>%1</p>"_s.arg(esc(r.description));
        if (r.inferenceTime)
            h += u"<p class=\"small\">inference %1%2</p>"_s.arg(
                msText(*r.inferenceTime), r.firstInference ? u" (first of the run)"_s : QString());
        h += notesHtml(r.reason, r.notes, r.runnerLog);
        if (!r.outputs.isEmpty()) {
            h += u"<table class=\"outputs\"><tr><th>output</th><th>expected</th><th>actual</th><th>verdict</th>"
                 "<th>mismatches</th><th>max abs</th><th>max rel</th><th>min atol</th><th>min rtol</th></tr>"_s;
            for (const OutputResult &o : r.outputs) {
                const TensorComparison *c = o.comparison ? &*o.comparison : nullptr;
                const QString verdict = o.kind == OutputResult::Kind::Missing      ? u"missing"_s
                                        : o.kind == OutputResult::Kind::Unexpected ? u"unexpected"_s
                                        : c                                        ? compareVerdictName(c->verdict)
                                                                                   : QString();
                h += u"<tr><th>%1</th><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td><td>%8</td>"
                     "<td>%9</td></tr>"_s.arg(
                         esc(o.name), esc(tensorText(o.expected)), esc(tensorText(o.actual)), badge(verdict),
                         c ? QString::number(c->mismatchCount) : QString(), c ? fig(c->absError.max) : QString(),
                         c ? fig(c->relError.max) : QString(), c && c->minAtol ? fig(*c->minAtol) : QString(),
                         c && c->minRtol ? fig(*c->minRtol) : QString());
            }
            h += u"</table>"_s;
            for (const OutputResult &o : r.outputs) {
                if (!o.specProblem.isEmpty())
                    h += u"<p class=\"reason\">%1</p>"_s.arg(esc(o.specProblem));
                if (o.comparison)
                    h += comparisonHtml(o.name, *o.comparison);
            }
        }
        h += u"</section>\n"_s;
    }

    if (!run.examples.isEmpty())
        h += u"<h2>Examples</h2>\n"_s;
    for (const ExampleResult &e : run.examples) {
        h += u"<section><h3>%1 %2</h3>"_s.arg(esc(e.name), badge(exampleStatusName(e.status)));
        h += notesHtml(e.reason, e.notes, e.runnerLog);
        if (!e.outputs.isEmpty()) {
            h +=
                u"<table class=\"outputs\"><tr><th>output</th><th>sample_out</th><th>sample</th><th>actual</th></tr>"_s;
            for (const ExampleOutput &o : e.outputs)
                h += u"<tr><th>%1</th><td>%2</td><td>%3</td><td>%4</td></tr>"_s.arg(
                    esc(o.name), esc(o.sampleRef), esc(tensorText(o.sample)), esc(tensorText(o.actual)));
            h += u"</table>"_s;
            for (const ExampleOutput &o : e.outputs)
                if (o.comparison)
                    h += comparisonHtml(o.name + u" (against the sample, for information)"_s, *o.comparison);
        }
        h += u"</section>\n"_s;
    }
    h += htmlPageEnd();
    return h.toUtf8();
}

Status writeReportFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, u"cannot create the report: %1"_s.arg(file.errorString()), path);
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return makeError(ErrorCode::Io, u"cannot write the report: %1"_s.arg(why), path);
    }
    if (!file.commit())
        return makeError(ErrorCode::Io, u"cannot save the report: %1"_s.arg(file.errorString()), path);
    return {};
}

} // namespace carton
