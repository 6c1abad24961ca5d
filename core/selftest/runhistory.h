// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The self-test run history: what each run of a model's self-tests found (runner
// and version, sandbox, tolerances, timings, verdicts and figures, date), kept as
// JSON per model hash in the user's data folder, the newest kHistoryRuns runs.

#include "base/result.h"
#include "cartoncore_export.h"
#include "selftest/selftestresult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

inline constexpr int kHistoryRuns = 50;               // runs kept per model
inline constexpr qint64 kHistoryMaxBytes = 8 << 20;   // a history file larger than this is not read
inline constexpr int kHistoryMaxOutputsPerTest = 256; // outputs recorded per self-test
inline constexpr int kHistoryMaxFiles = 500;          // models with a history; those run least recently go

struct HistoryOutput {
    QString name;
    QString verdict;                                  // compareVerdictName, "missing", "unexpected", "spec problem"
    std::optional<double> maxAbs, maxRel, rtol, atol; // absent for exact comparisons
    qint64 mismatches = 0;
    bool operator==(const HistoryOutput &) const = default;
};

struct HistoryTest {
    QString name;
    QString status; // selfTestStatusName
    QString reason;
    std::optional<double> inferenceMs;
    QString bindings; // the shape symbols its inputs bound ("batch=2, seq=128")
    QList<HistoryOutput> outputs;
};

struct RunRecord {
    QDateTime date;    // UTC
    QString modelHash; // the run's; "path-<sha256 of the path>" for a folder without a MANIFEST
    QString carton;    // its path when run
    QString runner;    // "noop 1.0.0"
    QString forced;
    QString sandbox;        // SandboxInfo::summary()
    QJsonObject tolerances; // as in selfTestRunToJson
    double loadMs = 0;
    double wallMs = 0;
    std::optional<double> firstInferenceMs;
    QList<HistoryTest> tests;
    bool cancelled = false;
};

// The key of a carton's history: its model hash, or for a folder without a
// MANIFEST "path-" and the SHA-256 of its absolute path.
CARTONCORE_EXPORT QString historyKey(const QString &modelHash, const QString &cartonPath);
// The record of a finished run, dated `date` (modelHash: historyKey of the run).
CARTONCORE_EXPORT RunRecord runRecordOf(const SelfTestRun &run, const QDateTime &date);
CARTONCORE_EXPORT QJsonObject runRecordToJson(const RunRecord &record);
// Reads one record, checking every field's type; ErrorCode::Format naming `where`
// and the field when one is missing or of the wrong type.
CARTONCORE_EXPORT Result<RunRecord> runRecordFromJson(const QJsonObject &json, const QString &where);

// What differs from `older` to `newer`, one line each: runner, sandbox,
// tolerances, and per self-test its status and per output its verdict and
// figures. Empty when nothing that matters changed (dates and timings aside).
CARTONCORE_EXPORT QStringList runRecordChanges(const RunRecord &older, const RunRecord &newer);

// The history files: FOLDER/<model hash>.json, {"format": "carton-selftest-history",
// "version": 1, "model_hash", "runs": [record, ...]} oldest first.
class CARTONCORE_EXPORT RunHistory {
public:
    // GenericDataLocation/carton-studio/selftest-history: shared by the CLI and the
    // app (as the per-user runner folder is). Empty when there is no such location.
    static QString defaultFolder();
    // The runs kept for `modelHash`, oldest first; none when there is no file.
    // ErrorCode::Limit for a file over kHistoryMaxBytes, Format for one that is
    // not a history (bad JSON, wrong format or hash, a bad record): never trusted in part.
    static Result<QList<RunRecord>> load(const QString &folder, const QString &modelHash);
    // Appends `record` to its model's history, keeping the newest kHistoryRuns
    // (written atomically). Fails without writing when the existing file cannot
    // be loaded (it is left for the user to look at), or for a record without a model hash.
    // The folder keeps the histories of at most `maxFiles` models: those written
    // least recently are removed (temporary folders run once do not pile up).
    static Status append(const QString &folder, const RunRecord &record, int maxFiles = kHistoryMaxFiles);
    static QString filePath(const QString &folder, const QString &modelHash);
};

} // namespace carton
