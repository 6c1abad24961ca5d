// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "sariflog.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QUrl>

namespace carton {

namespace {

const QString kSchema = QStringLiteral("https://json.schemastore.org/sarif-2.1.0.json");
const QString kBase = QStringLiteral("CARTON");

QJsonObject text(const QString &s)
{
    return {{QStringLiteral("text"), s}};
}

struct CategoryRule {
    ScanCategory category;
    const char *id;
    const char *name;
    const char *shortDescription;
    const char *help;
};

const CategoryRule kScanRules[] = {
    {ScanCategory::Pickle, "carton-scan/pickle", "PickleImport",
     "A pickle imports or calls something outside the allow-list",
     "Loading a pickle (torch.load, pickle.load, numpy.load with allow_pickle) calls what it imports. The scan "
     "disassembles every pickle without loading it and lists each import and call against an allow-list of what "
     "PyTorch and numpy checkpoints use; names known to run code or reach the system (os, subprocess, eval) are "
     "critical. Do not load the file unless you trust who made it; prefer safetensors."},
    {ScanCategory::Code, "carton-scan/code", "ExecutableCode", "Code that runs when the model is loaded or used",
     "Python files run by the python runner, native executables, scripts and GGUF chat templates (Jinja that "
     "runtimes render) run with the rights of whoever loads the model. Review them, and run the model in the "
     "sandbox (carton selftest does by default)."},
    {ScanCategory::Archive, "carton-scan/archive", "ArchiveEscape",
     "An entry, link or external-data reference that points outside the model",
     "Zip entries with '..' or absolute names, symlinks leading out of the carton and ONNX external_data "
     "locations outside the model's folder make a tool write or read files elsewhere on the machine. Never "
     "extract or load such a file."},
    {ScanCategory::Network, "carton-scan/network", "NetworkHost",
     "A host the carton names: LINKS downloads, remote images",
     "The carton names hosts it fetches from (LINKS) or that a viewer of its description contacts. Plain http "
     "can be changed in transit; check that the hosts are the ones you expect."},
};

} // namespace

SarifLog::SarifLog(const QString &toolVersion, const QString &cartonPath)
    : m_toolVersion(toolVersion), m_cartonPath(cartonPath)
{
}

void SarifLog::addRule(const Rule &rule)
{
    for (const Rule &r : std::as_const(m_rules))
        if (r.id == rule.id)
            return;
    m_rules.append(rule);
}

void SarifLog::addResult(const Result &result)
{
    m_results.append(result);
}

QString SarifLog::level(ScanSeverity severity)
{
    switch (severity) {
    case ScanSeverity::Critical:
    case ScanSeverity::High:
        return QStringLiteral("error");
    case ScanSeverity::Medium:
        return QStringLiteral("warning");
    case ScanSeverity::Info:
        return QStringLiteral("note");
    }
    return QStringLiteral("warning");
}

QString SarifLog::level(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("note");
    }
    return QStringLiteral("warning");
}

std::pair<QString, QString> SarifLog::splitFile(const QString &file)
{
    const qsizetype at = file.indexOf(QStringLiteral(": "));
    if (at < 0)
        return {file, QString()};
    return {file.left(at), file.mid(at + 2)};
}

SarifLog SarifLog::fromScan(const ScanReport &report, const QString &toolVersion)
{
    SarifLog log(toolVersion, report.path);
    for (const CategoryRule &r : kScanRules)
        log.addRule({QString::fromLatin1(r.id), QString::fromLatin1(r.name), QString::fromUtf8(r.shortDescription),
                     QString::fromUtf8(r.help), QStringLiteral("error")});
    for (const ScanFinding &f : report.findings) {
        Result r;
        for (const CategoryRule &rule : kScanRules)
            if (rule.category == f.category)
                r.ruleId = QString::fromLatin1(rule.id);
        r.level = level(f.severity);
        r.message = QStringLiteral("%1 (%2): %3").arg(f.what, scanSeverityName(f.severity), f.why);
        if (!f.detail.isEmpty())
            r.message += QStringLiteral(". ") + f.detail;
        std::tie(r.file, r.inner) = splitFile(f.file);
        r.securitySeverity = f.severity == ScanSeverity::Critical ? 9.5
                             : f.severity == ScanSeverity::High   ? 8.0
                             : f.severity == ScanSeverity::Medium ? 5.0
                                                                  : 1.0;
        log.addResult(r);
    }
    return log;
}

QJsonObject SarifLog::toJson() const
{
    QJsonArray rules;
    for (const Rule &r : m_rules)
        rules.append(
            QJsonObject{{QStringLiteral("id"), r.id},
                        {QStringLiteral("name"), r.name},
                        {QStringLiteral("shortDescription"), text(r.shortDescription)},
                        {QStringLiteral("fullDescription"), text(r.help)},
                        {QStringLiteral("help"), text(r.help)},
                        {QStringLiteral("defaultConfiguration"), QJsonObject{{QStringLiteral("level"), r.level}}}});
    QJsonArray results;
    for (const Result &r : m_results) {
        int index = -1;
        for (qsizetype i = 0; i < m_rules.size(); ++i)
            if (m_rules[i].id == r.ruleId)
                index = int(i);
        QJsonObject physical{{QStringLiteral("artifactLocation"),
                              QJsonObject{{QStringLiteral("uri"), r.file.isEmpty() ? QStringLiteral(".") : r.file},
                                          {QStringLiteral("uriBaseId"), kBase}}}};
        if (r.line > 0) {
            QJsonObject region{{QStringLiteral("startLine"), r.line}};
            if (r.column > 0)
                region.insert(QStringLiteral("startColumn"), r.column);
            physical.insert(QStringLiteral("region"), region);
        }
        QJsonObject location{{QStringLiteral("physicalLocation"), physical}};
        if (!r.inner.isEmpty())
            location.insert(
                QStringLiteral("logicalLocations"),
                QJsonArray{QJsonObject{{QStringLiteral("fullyQualifiedName"), QString(r.file + u':' + r.inner)},
                                       {QStringLiteral("name"), r.inner},
                                       {QStringLiteral("kind"), QStringLiteral("member")}}});
        QJsonObject result{{QStringLiteral("ruleId"), r.ruleId},
                           {QStringLiteral("level"), r.level},
                           {QStringLiteral("message"), text(r.message)},
                           {QStringLiteral("locations"), QJsonArray{location}}};
        if (index >= 0)
            result.insert(QStringLiteral("ruleIndex"), index);
        if (r.securitySeverity >= 0)
            result.insert(QStringLiteral("properties"), QJsonObject{{QStringLiteral("security-severity"),
                                                                     QString::number(r.securitySeverity, 'f', 1)}});
        results.append(result);
    }
    // The carton as the base of every location: a folder URI, ending in '/' as SARIF requires.
    const QString absolute = QFileInfo(m_cartonPath).absoluteFilePath();
    QString base = QUrl::fromLocalFile(absolute).toString(QUrl::FullyEncoded);
    if (!base.endsWith(u'/'))
        base += u'/';
    const QJsonObject driver{{QStringLiteral("name"), QStringLiteral("carton")},
                             {QStringLiteral("fullName"), QStringLiteral("Carton Studio command-line tool")},
                             {QStringLiteral("version"), m_toolVersion},
                             {QStringLiteral("rules"), rules}};
    const QJsonObject run{
        {QStringLiteral("tool"), QJsonObject{{QStringLiteral("driver"), driver}}},
        {QStringLiteral("originalUriBaseIds"), QJsonObject{{kBase, QJsonObject{{QStringLiteral("uri"), base}}}}},
        {QStringLiteral("columnKind"), QStringLiteral("unicodeCodePoints")},
        {QStringLiteral("results"), results}};
    return {{QStringLiteral("$schema"), kSchema},
            {QStringLiteral("version"), QStringLiteral("2.1.0")},
            {QStringLiteral("runs"), QJsonArray{run}}};
}

Status SarifLog::write(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(file.errorString()), path);
    file.write(QJsonDocument(toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(file.errorString()), path);
    return {};
}

} // namespace carton
