// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "scan/pickledisassembler.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

enum class ScanSeverity { Critical, High, Medium, Info };
// What the scan looked at when it found something.
enum class ScanCategory { Pickle, Code, Archive, Network };
// Whether every file the scan should read was read.
enum class ScanStatus { Complete, Incomplete, Failed };
// The answer: NoFindings only when the scan is complete and found nothing above
// Info; Unknown when it could not read something and found nothing above Info.
enum class ScanVerdict { NoFindings, Findings, Unknown };

CARTONCORE_EXPORT QString scanSeverityName(ScanSeverity s); // "critical", "high", "medium", "info"
CARTONCORE_EXPORT QString scanCategoryName(ScanCategory c); // "pickle", "code", "archive", "network"
CARTONCORE_EXPORT QString scanStatusName(ScanStatus s);     // "complete", "incomplete", "failed"
CARTONCORE_EXPORT QString scanVerdictName(ScanVerdict v);   // "no findings", "findings", "unknown"

// One thing that can execute or reach out. `file` is the carton path, with the
// inner entry after ": " for files inside a file ("model/model.pt: m/data.pkl").
struct ScanFinding {
    ScanSeverity severity = ScanSeverity::High;
    ScanCategory category = ScanCategory::Pickle;
    QString file;
    QString what;   // one line: "imports os.system"
    QString why;    // why it matters: "runs a shell command when the pickle is loaded"
    QString detail; // optional: the opcode and offset, the imports of a Python file, the URLs...
    bool operator==(const ScanFinding &) const = default;
};

// A pickle that was disassembled, with everything it imports or calls.
struct ScannedPickle {
    QString file;
    PickleListing listing;
    QList<bool> allowed; // per listing.imports entry: on the allow-list (calls: their target is)
};

// A Python file and the modules it imports.
struct ScannedCode {
    QString file;
    QStringList imports;
};

struct CARTONCORE_EXPORT ScanReport {
    QString path; // the carton (or file) scanned
    ScanStatus status = ScanStatus::Complete;
    QList<ScanFinding> findings; // most severe first, then by file
    QStringList problems;        // what could not be read, each naming the file ("incomplete" / "failed")
    QList<ScannedPickle> pickles;
    QList<ScannedCode> code;
    QStringList hosts; // every host named by LINKS or a remote image, sorted, unique
    int filesExamined = 0;

    ScanVerdict verdict() const;
    // The number of findings of a severity.
    int count(ScanSeverity severity) const;
    // The findings of `severity` or more severe (High: the high and critical ones),
    // most severe first.
    QList<ScanFinding> findingsAtLeast(ScanSeverity severity) const;
    // Sorts the findings (most severe first, then file, then what).
    void sortFindings();
};

CARTONCORE_EXPORT QJsonObject scanReportToJson(const ScanReport &report);

} // namespace carton
