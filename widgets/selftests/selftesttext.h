// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

namespace carton {
enum class SelfTestStatus;
enum class ExampleStatus;
enum class CompareVerdict;
struct SelfTestResult;
struct ExampleResult;
struct TensorComparison;
} // namespace carton

namespace studio {

// The words of a self-test run as the window shows them: translated, numbers in
// the UI locale. Core keeps its English names and messages for the CLI, the JSON
// and HTML reports and the run history; the window words them here from the
// result's fields instead of showing core's text.
class SelfTestText final {
    Q_DECLARE_TR_FUNCTIONS(studio::SelfTestText)

public:
    static QString status(carton::SelfTestStatus status);   // "passed", "failed", "cannot run"...
    static QString status(carton::ExampleStatus status);    // "ran", "cannot run"...
    static QString verdict(carton::CompareVerdict verdict); // "passed", "shape mismatch"...
    // Why a comparison failed: "1 of 3 elements (33.3%) outside rtol 1e-05, atol
    // 1e-08"; core's message for shape, dtype and malformed verdicts; "" when passed.
    static QString comparison(const carton::TensorComparison &comparison);
    // Why a self-test did not pass, worded from its outputs when it ran (missing
    // outputs, comparisons); core's reason for runs that failed before comparing.
    static QString reason(const carton::SelfTestResult &result);
    static QString reason(const carton::ExampleResult &result);
    // A figure with three significant digits in the UI locale ("0,0123" in German);
    // "inf", "-inf", "nan" as they are.
    static QString figure(double value);
    // carton::latencyText in the UI locale ("640 ms", "12,5 ms").
    static QString latency(double ns);
    // A local date and time with seconds in the UI locale's short form
    // ("29.11.26 14:03:07"): two runs a minute apart read differently.
    static QString dateTime(const QDateTime &time);
    // A fraction as a percentage, three significant digits ("33.3%"; "33,3 %" in German).
    static QString percent(double fraction);
};

} // namespace studio
