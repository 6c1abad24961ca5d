// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "selftest/selftestresult.h"
#include "selftest/tensorcompare.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace carton {

// Every figure of a run as JSON (for `carton selftest --json` and "Export
// report"). Times are in milliseconds (doubles); non-finite numbers are the
// strings "inf", "-inf" and "nan" (JSON has no such numbers). Tensors themselves
// are not included, only their dtype and shape. Layout:
//   {carton, model_name, model_hash, runner_name, runner, cancelled, exit_code,
//    tolerances: {preset, use_carton_tolerances, rtol?, atol?, equal_nan?, per_output: {NAME: {...}}},
//    timings_ms: {model_load, first_inference?, later_inferences: [...], wall},
//    summary: {total, passed, failed, cannot_run, error, not_run (self-tests),
//              examples_cannot_run, examples_error},
//    self_tests: [{index, name, description, status, reason, notes, inference_ms?,
//                  first_inference, runner_log?, carton_tolerance?,
//                  outputs: [{name, kind, spec_problem?, expected?: {dtype, shape},
//                             actual?: {dtype, shape}, comparison?: {...}}]}],
//    examples: [{index, name, description, status, reason, notes, inference_ms?,
//                outputs: [{name, sample_ref, sample?, actual?, comparison?}]}]}
// and a comparison (comparisonToJson) is
//   {verdict, message, exact, tolerance: {rtol, atol, equal_nan}, element_count,
//    compared_count, mismatch_count, mismatch_fraction, abs_error: {max, mean,
//    median, p99}, rel_error: {...}, quantiles_exact, min_atol?, min_rtol?,
//    worst: [{index: [...], flat_index, expected, actual, abs_error, rel_error, mismatch}],
//    non_finite: {expected: {nan, pos_inf, neg_inf}, actual: {...}},
//    histogram: {bins: ["0", "<1e-12", ...], abs: [...], rel: [...]}}.
CARTONCORE_EXPORT QJsonObject selfTestRunToJson(const SelfTestRun &run);
CARTONCORE_EXPORT QJsonObject comparisonToJson(const TensorComparison &comparison);
// A tensor without its data: {dtype, shape} ({dtype, inner_count} when nested).
CARTONCORE_EXPORT QJsonObject tensorSummaryJson(const Tensor &tensor);

// A self-contained HTML page (UTF-8, inline CSS, inline SVG histograms, no
// scripts, no external resources) with the summary, each self-test's status,
// reason, notes and timings, and per output every figure, the worst elements and
// the error histograms; examples after. All text from the carton is escaped.
CARTONCORE_EXPORT QByteArray selfTestReportHtml(const SelfTestRun &run);

// Writes `bytes` to `path` atomically (a temporary file renamed over it; an
// existing file is never left half-written). ErrorCode::Io naming the file.
CARTONCORE_EXPORT Status writeReportFile(const QString &path, const QByteArray &bytes);

} // namespace carton
