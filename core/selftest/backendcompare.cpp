// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/backendcompare.h"

#include "selftest/selftestreport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

// The model ran and returned outputs (a failure against expected_out included).
bool modelRan(SelfTestStatus status)
{
    return status == SelfTestStatus::Passed || status == SelfTestStatus::Failed;
}

const SelfTestResult *findTest(const SelfTestRun &run, int index)
{
    for (const SelfTestResult &t : run.tests) {
        if (t.index == index)
            return &t;
    }
    return nullptr;
}

// What a side returned, by output name, in its order.
QList<std::pair<QString, Tensor>> returned(const SelfTestResult &t)
{
    QList<std::pair<QString, Tensor>> out;
    for (const OutputResult &o : t.outputs) {
        if (o.actual)
            out.append({o.name, *o.actual});
    }
    return out;
}

std::optional<Tensor> take(const QList<std::pair<QString, Tensor>> &list, const QString &name)
{
    for (const auto &[n, tensor] : list) {
        if (n == name)
            return tensor;
    }
    return std::nullopt;
}

QString sideProblem(const QString &side, const SelfTestResult *t)
{
    if (!t)
        return QStringLiteral("backend %1 did not run this self-test").arg(side);
    return QStringLiteral("backend %1: %2%3")
        .arg(side, selfTestStatusName(t->status), t->reason.isEmpty() ? QString() : u" — "_s + t->reason);
}

} // namespace

bool BackendTestDiff::agrees() const
{
    if (!problem.isEmpty())
        return statusA == SelfTestStatus::CannotRun && statusB == SelfTestStatus::CannotRun;
    for (const BackendOutputDiff &o : outputs) {
        if (!o.agrees())
            return false;
    }
    return true;
}

qsizetype BackendComparison::disagreements() const
{
    qsizetype n = 0;
    for (const BackendTestDiff &t : tests)
        n += !t.agrees();
    return n;
}

BackendComparison compareBackends(const SelfTestRun &a, const SelfTestRun &b, const ToleranceSettings &tolerances,
                                  const CompareOptions &compare)
{
    BackendComparison result;
    result.backendA = a.runner;
    result.backendB = b.runner;
    for (const SelfTestResult &ta : a.tests) {
        const SelfTestResult *tb = findTest(b, ta.index);
        BackendTestDiff diff;
        diff.index = ta.index;
        diff.name = ta.name;
        diff.statusA = ta.status;
        diff.statusB = tb ? tb->status : SelfTestStatus::NotRun;
        if (!modelRan(ta.status) || !tb || !modelRan(tb->status)) {
            QStringList problems;
            if (!modelRan(ta.status))
                problems << sideProblem(u"A"_s, &ta);
            if (!tb || !modelRan(tb->status))
                problems << sideProblem(u"B"_s, tb);
            diff.problem = problems.join(u"; ");
            result.tests.append(diff);
            continue;
        }
        const auto fromA = returned(ta);
        const auto fromB = returned(*tb);
        QStringList names;
        for (const auto &[name, tensor] : fromA)
            names << name;
        for (const auto &[name, tensor] : fromB) {
            if (!names.contains(name))
                names << name;
        }
        for (const QString &name : std::as_const(names)) {
            BackendOutputDiff o;
            o.name = name;
            o.a = take(fromA, name);
            o.b = take(fromB, name);
            if (!o.a)
                o.problem = QStringLiteral("returned by backend B only");
            else if (!o.b)
                o.problem = QStringLiteral("not returned by backend B");
            else
                o.comparison = compareTensors(
                    *o.b, *o.a, resolveTolerance(tolerances, ta.cartonTolerance, name, o.a->dtype()), compare);
            diff.outputs.append(o);
        }
        result.tests.append(diff);
    }
    return result;
}

QJsonObject backendComparisonToJson(const BackendComparison &comparison)
{
    QJsonArray tests;
    for (const BackendTestDiff &t : comparison.tests) {
        QJsonObject tj{{u"index"_s, t.index},
                       {u"name"_s, t.name},
                       {u"status_a"_s, selfTestStatusName(t.statusA)},
                       {u"status_b"_s, selfTestStatusName(t.statusB)},
                       {u"agree"_s, t.agrees()}};
        if (!t.problem.isEmpty())
            tj.insert(u"problem"_s, t.problem);
        QJsonArray outputs;
        for (const BackendOutputDiff &o : t.outputs) {
            QJsonObject oj{{u"name"_s, o.name}, {u"agree"_s, o.agrees()}};
            if (!o.problem.isEmpty())
                oj.insert(u"problem"_s, o.problem);
            if (o.a)
                oj.insert(u"a"_s, tensorSummaryJson(*o.a));
            if (o.b)
                oj.insert(u"b"_s, tensorSummaryJson(*o.b));
            if (o.comparison)
                oj.insert(u"comparison"_s, comparisonToJson(*o.comparison));
            outputs.append(oj);
        }
        tj.insert(u"outputs"_s, outputs);
        tests.append(tj);
    }
    return {{u"backend_a"_s, comparison.backendA},
            {u"backend_b"_s, comparison.backendB},
            {u"agree"_s, comparison.agrees()},
            {u"disagreements"_s, comparison.disagreements()},
            {u"self_tests"_s, tests}};
}

} // namespace carton
