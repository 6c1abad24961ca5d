// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/scanreport.h"

#include <QJsonArray>
#include <algorithm>
#include <iterator>

namespace carton {

QString scanSeverityName(ScanSeverity s)
{
    switch (s) {
    case ScanSeverity::Critical:
        return QStringLiteral("critical");
    case ScanSeverity::High:
        return QStringLiteral("high");
    case ScanSeverity::Medium:
        return QStringLiteral("medium");
    case ScanSeverity::Info:
        return QStringLiteral("info");
    }
    return {};
}

QString scanCategoryName(ScanCategory c)
{
    switch (c) {
    case ScanCategory::Pickle:
        return QStringLiteral("pickle");
    case ScanCategory::Code:
        return QStringLiteral("code");
    case ScanCategory::Archive:
        return QStringLiteral("archive");
    case ScanCategory::Network:
        return QStringLiteral("network");
    }
    return {};
}

QString scanStatusName(ScanStatus s)
{
    switch (s) {
    case ScanStatus::Complete:
        return QStringLiteral("complete");
    case ScanStatus::Incomplete:
        return QStringLiteral("incomplete");
    case ScanStatus::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

QString scanVerdictName(ScanVerdict v)
{
    switch (v) {
    case ScanVerdict::NoFindings:
        return QStringLiteral("no findings");
    case ScanVerdict::Findings:
        return QStringLiteral("findings");
    case ScanVerdict::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

ScanVerdict ScanReport::verdict() const
{
    const bool found = std::any_of(findings.cbegin(), findings.cend(),
                                   [](const ScanFinding &f) { return f.severity != ScanSeverity::Info; });
    if (found)
        return ScanVerdict::Findings;
    return status == ScanStatus::Complete ? ScanVerdict::NoFindings : ScanVerdict::Unknown;
}

int ScanReport::count(ScanSeverity severity) const
{
    return int(std::count_if(findings.cbegin(), findings.cend(),
                             [severity](const ScanFinding &f) { return f.severity == severity; }));
}

QList<ScanFinding> ScanReport::findingsAtLeast(ScanSeverity severity) const
{
    QList<ScanFinding> out;
    std::copy_if(findings.cbegin(), findings.cend(), std::back_inserter(out),
                 [severity](const ScanFinding &f) { return f.severity <= severity; });
    std::stable_sort(out.begin(), out.end(),
                     [](const ScanFinding &a, const ScanFinding &b) { return a.severity < b.severity; });
    return out;
}

void ScanReport::sortFindings()
{
    std::stable_sort(findings.begin(), findings.end(), [](const ScanFinding &a, const ScanFinding &b) {
        if (a.severity != b.severity)
            return a.severity < b.severity;
        if (a.file != b.file)
            return a.file < b.file;
        return a.what < b.what;
    });
}

QJsonObject scanReportToJson(const ScanReport &report)
{
    QJsonArray findings;
    for (const ScanFinding &f : report.findings)
        findings.append(QJsonObject{{QStringLiteral("severity"), scanSeverityName(f.severity)},
                                    {QStringLiteral("category"), scanCategoryName(f.category)},
                                    {QStringLiteral("file"), f.file},
                                    {QStringLiteral("what"), f.what},
                                    {QStringLiteral("why"), f.why},
                                    {QStringLiteral("detail"), f.detail}});
    QJsonArray pickles;
    for (const ScannedPickle &p : report.pickles) {
        QJsonArray imports;
        for (qsizetype i = 0; i < p.listing.imports.size(); ++i) {
            const PickleImport &imp = p.listing.imports[i];
            imports.append(QJsonObject{{QStringLiteral("opcode"), pickleRefName(imp.ref)},
                                       {QStringLiteral("module"), imp.module},
                                       {QStringLiteral("name"), imp.name},
                                       {QStringLiteral("resolved"), imp.resolved},
                                       {QStringLiteral("allowed"), p.allowed.value(i)},
                                       {QStringLiteral("count"), imp.count},
                                       {QStringLiteral("offset"), imp.offset},
                                       {QStringLiteral("detail"), imp.detail}});
        }
        QJsonObject o{{QStringLiteral("file"), p.file},
                      {QStringLiteral("protocol"), p.listing.protocol},
                      {QStringLiteral("pickles"), p.listing.pickles},
                      {QStringLiteral("opcodes"), p.listing.opcodes},
                      {QStringLiteral("bytes"), p.listing.bytes},
                      {QStringLiteral("complete"), p.listing.complete()},
                      {QStringLiteral("imports"), imports}};
        if (p.listing.error)
            o.insert(QStringLiteral("error"), p.listing.error->toString());
        pickles.append(o);
    }
    QJsonArray code;
    for (const ScannedCode &c : report.code)
        code.append(QJsonObject{{QStringLiteral("file"), c.file},
                                {QStringLiteral("imports"), QJsonArray::fromStringList(c.imports)}});
    return QJsonObject{
        {QStringLiteral("path"), report.path},
        {QStringLiteral("status"), scanStatusName(report.status)},
        {QStringLiteral("verdict"), scanVerdictName(report.verdict())},
        {QStringLiteral("files_examined"), report.filesExamined},
        {QStringLiteral("counts"), QJsonObject{{QStringLiteral("critical"), report.count(ScanSeverity::Critical)},
                                               {QStringLiteral("high"), report.count(ScanSeverity::High)},
                                               {QStringLiteral("medium"), report.count(ScanSeverity::Medium)},
                                               {QStringLiteral("info"), report.count(ScanSeverity::Info)}}},
        {QStringLiteral("findings"), findings},
        {QStringLiteral("problems"), QJsonArray::fromStringList(report.problems)},
        {QStringLiteral("pickles"), pickles},
        {QStringLiteral("code"), code},
        {QStringLiteral("hosts"), QJsonArray::fromStringList(report.hosts)},
    };
}

} // namespace carton
