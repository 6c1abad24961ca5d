// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/outputdiff.h"

#include "base/htmlpage.h"
#include "diff/errormaphtml.h"

#include <QJsonObject>
#include <algorithm>

namespace carton {

using namespace Qt::StringLiterals;

namespace {

QString sideName(const QString &from)
{
    return from == u"b" ? u"B's"_s : u"A's"_s;
}

QString figure(double v)
{
    return QString::number(v, 'g', 4);
}

} // namespace

void OutputsDiff::judge(const ToleranceSettings &tolerances, const CompareOptions &compare)
{
    const QString a = comparison.backendA, b = comparison.backendB;
    comparison = compareBackends(runA, runB, tolerances, compare);
    comparison.backendA = a;
    comparison.backendB = b;
}

Result<QList<OutputsDiff>> runOutputsDiff(const Carton &a, const QString &pathA, const Carton &b, const QString &pathB,
                                          const QStringList &inputsFrom, const OpenSession &open,
                                          const SelfTestOptions &options, Progress *progress)
{
    QList<OutputsDiff> out;
    for (const QString &from : inputsFrom) {
        if (from != u"a" && from != u"b")
            return makeError(ErrorCode::Usage, u"inputs from \"%1\": expected a or b"_s.arg(from));
        out.append(OutputsDiff{});
        out.last().inputsFrom = from;
    }
    // Each model loads once and runs on every side's inputs asked for.
    for (const auto &[model, isA] : {std::pair{&a, true}, std::pair{&b, false}}) {
        Result<std::unique_ptr<RunnerSession>> session = open(*model, progress);
        if (!session)
            return session.error();
        for (OutputsDiff &d : out) {
            Result<SelfTestRun> ran = runSelfTests(d.inputsFrom == u"b" ? b : a, **session, options, progress);
            if (!ran)
                return ran.error();
            if (ran->cancelled || (progress && progress->isCancelled()))
                return makeError(ErrorCode::Cancelled, u"cancelled"_s);
            (isA ? d.runA : d.runB) = std::move(ran).value();
        }
        session->reset(); // on this thread, as openRunnerSession requires
    }
    for (OutputsDiff &d : out) {
        d.comparison.backendA = pathA + u" ("_s + d.runA.runner + u')';
        d.comparison.backendB = pathB + u" ("_s + d.runB.runner + u')';
        d.judge(options.tolerances, options.compare);
    }
    return out;
}

QJsonArray outputsDiffJson(const QList<OutputsDiff> &outputs)
{
    QJsonArray out;
    for (const OutputsDiff &d : outputs)
        for (const BackendTestDiff &t : d.comparison.tests) {
            if (t.outputs.isEmpty()) {
                out.append(QJsonObject{{u"test"_s, t.name},
                                       {u"inputs"_s, d.inputsFrom},
                                       {u"passed"_s, t.agrees()},
                                       {u"problem"_s, t.problem}});
                continue;
            }
            for (const BackendOutputDiff &o : t.outputs) {
                QJsonObject row{
                    {u"test"_s, t.name}, {u"inputs"_s, d.inputsFrom}, {u"output"_s, o.name}, {u"passed"_s, o.agrees()}};
                if (!o.problem.isEmpty())
                    row.insert(u"problem"_s, o.problem);
                if (const auto &c = o.comparison) {
                    row.insert(u"max_abs_diff"_s, c->absError.max);
                    row.insert(u"mean_abs_diff"_s, c->absError.mean);
                    row.insert(u"max_rel_diff"_s, c->relError.max);
                    row.insert(u"mean_rel_diff"_s, c->relError.mean);
                    row.insert(u"elements_off"_s, c->mismatchCount);
                    row.insert(u"elements"_s, c->elementCount);
                    if (!c->exact) {
                        row.insert(u"rtol"_s, c->tolerance.rtol);
                        row.insert(u"atol"_s, c->tolerance.atol);
                    }
                    if (!c->passed() && !c->message.isEmpty() && o.problem.isEmpty())
                        row.insert(u"problem"_s, c->message);
                }
                out.append(row);
            }
        }
    return out;
}

QString outputsDiffText(const QList<OutputsDiff> &outputs)
{
    QString s;
    for (const OutputsDiff &d : outputs) {
        s += u"\nOutputs (both models on %1 self-test inputs; B against A):\n"_s.arg(sideName(d.inputsFrom));
        for (const BackendTestDiff &t : d.comparison.tests) {
            if (t.outputs.isEmpty()) {
                s += u"  FAIL %1: %2\n"_s.arg(t.name, t.problem);
                continue;
            }
            for (const BackendOutputDiff &o : t.outputs) {
                s += u"  %1 %2 %3: "_s.arg(o.agrees() ? u"PASS"_s : u"FAIL"_s, t.name, o.name);
                if (const auto &c = o.comparison; c && c->comparedCount > 0)
                    s += u"max abs %1, mean abs %2, max rel %3, mean rel %4, %5 of %6 elements off"_s
                             .arg(figure(c->absError.max), figure(c->absError.mean), figure(c->relError.max),
                                  figure(c->relError.mean))
                             .arg(c->mismatchCount)
                             .arg(c->elementCount);
                else
                    s += o.problem.isEmpty() && o.comparison ? o.comparison->message : o.problem;
                s += u'\n';
            }
        }
        s += u"  %1 of %2 self-tests on %3 inputs disagree; %4\n"_s.arg(d.comparison.disagreements())
                 .arg(d.comparison.tests.size())
                 .arg(sideName(d.inputsFrom), d.runB.sandbox.summary());
    }
    return s;
}

QString outputsDiffHtml(const QList<OutputsDiff> &outputs)
{
    QString h = u"<section><h2>Outputs</h2>"_s;
    QString maps;
    for (const OutputsDiff &d : outputs) {
        const QString side = sideName(d.inputsFrom);
        h += u"<h3>On %1 self-test inputs</h3><p>Both models ran on %1 self-test inputs (A: %2, B: %3); B's "
             "outputs compared with A's. %4 of %5 self-tests disagree.</p>"_s
                 .arg(side, htmlEscape(d.comparison.backendA), htmlEscape(d.comparison.backendB))
                 .arg(d.comparison.disagreements())
                 .arg(d.comparison.tests.size());
        h += u"<table><tr><th class=\"l\">Self-test</th><th class=\"l\">Output</th><th>Verdict</th>"
             "<th>max |B−A|</th><th>mean |B−A|</th><th>max rel</th><th>mean rel</th><th>elements off</th></tr>"_s;
        for (const BackendTestDiff &t : d.comparison.tests) {
            if (t.outputs.isEmpty()) {
                h += u"<tr><td class=\"name\">%1</td><td class=\"l\" colspan=\"7\">%2 %3</td></tr>"_s.arg(
                    htmlEscape(t.name), htmlBadge(u"removed"_s, u"fail"_s), htmlEscape(t.problem));
                continue;
            }
            for (const BackendOutputDiff &o : t.outputs) {
                const auto &c = o.comparison;
                const bool figures = c && c->comparedCount > 0;
                h += u"<tr><td class=\"name\">%1</td><td class=\"name\">%2</td><td>%3</td>"_s.arg(
                    htmlEscape(t.name), htmlEscape(o.name),
                    o.agrees() ? htmlBadge(u"added"_s, u"pass"_s) : htmlBadge(u"removed"_s, u"fail"_s));
                if (figures)
                    h += u"<td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5 of %6</td></tr>"_s
                             .arg(htmlNumber(c->absError.max), htmlNumber(c->absError.mean),
                                  htmlNumber(c->relError.max), htmlNumber(c->relError.mean))
                             .arg(c->mismatchCount)
                             .arg(c->elementCount);
                else
                    h += u"<td class=\"l\" colspan=\"5\">%1</td></tr>"_s.arg(
                        htmlEscape(o.problem.isEmpty() && c ? c->message : o.problem));
                // One small map of |B−A| per output both sides returned.
                if (o.a && o.b)
                    maps += errorMapFigureHtml(*o.a, *o.b, u"%1 inputs · %2 · %3"_s.arg(side, t.name, o.name));
            }
        }
        h += u"</table>"_s;
    }
    if (!maps.isEmpty())
        h += u"<h3>Error maps</h3><div class=\"maps\">"_s + maps + u"</div>"_s;
    return h + u"</section>\n"_s;
}

bool outputsAgree(const QList<OutputsDiff> &outputs)
{
    return std::all_of(outputs.begin(), outputs.end(), [](const OutputsDiff &d) { return d.comparison.agrees(); });
}

QString outputsInputsFrom(const QList<OutputsDiff> &outputs)
{
    return outputs.size() > 1 ? u"both"_s : outputs.isEmpty() ? QString() : outputs.first().inputsFrom;
}

} // namespace carton
