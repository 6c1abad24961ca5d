// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "scan/scanreport.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace carton {

// A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) with one
// run: what `carton scan --sarif` and `carton verify --sarif` write so that CI
// systems and code-scanning dashboards show our findings. Rules carry an id, a
// name, a short description and help text; results a rule, a level (error,
// warning, note), a message and a location inside the carton: an artifact URI
// relative to the base id CARTON, which run.originalUriBaseIds maps to the
// carton (file:///…/model.carton/), with the member of a file inside a file
// ("model/model.pt: m/data.pkl") as a logical location.
class CARTONCORE_EXPORT SarifLog final {
public:
    struct Rule {
        QString id; // "carton-scan/pickle"
        QString name;
        QString shortDescription;
        QString help;
        QString level = QStringLiteral("warning"); // default configuration
    };
    struct Result {
        QString ruleId;
        QString level; // "error", "warning", "note"
        QString message;
        QString file;  // inside the carton ("model/model.pt"); empty: the carton itself
        QString inner; // a member of that file ("m/data.pkl"), or a field ("runner.runner_name")
        int line = 0;
        int column = 0;
        double securitySeverity = -1; // GitHub's "security-severity" (0-10); < 0: none
    };

    SarifLog(const QString &toolVersion, const QString &cartonPath);
    // Once per id; results refer to rules added before them.
    void addRule(const Rule &rule);
    void addResult(const Result &result);
    QJsonObject toJson() const;
    // Written atomically; the error names the file.
    Status write(const QString &path) const;

    // The safety scan's findings: one rule per category, levels from severities
    // (critical and high: error, medium: warning, info: note).
    static SarifLog fromScan(const ScanReport &report, const QString &toolVersion);
    static QString level(ScanSeverity severity);
    static QString level(Severity severity);
    // A finding's or diagnostic's "file" split into the carton path and its member
    // ("model/model.pt: m/data.pkl" -> {"model/model.pt", "m/data.pkl"}).
    static std::pair<QString, QString> splitFile(const QString &file);

private:
    QString m_toolVersion;
    QString m_cartonPath;
    QList<Rule> m_rules;
    QList<Result> m_results;
};

} // namespace carton
