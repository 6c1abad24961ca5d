// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runconsent.h"

#include "jobs/latestjob.h"
#include "package/carton.h"
#include "runconsentdialog.h"
#include "runner/runnerregistry.h"
#include "runner/sandbox.h"
#include "scan/safetyscanner.h"
#include "trust/safetypage.h"
#include "trust/signaturerow.h"

#include <QFileInfo>
#include <QLabel>
#include <QSettings>

namespace studio {

namespace {

const QString kRememberedKey = QStringLiteral("consent/modelHashes");
const QString kScratchLimitKey = QStringLiteral("preferences/scratchLimit");
const QString kScanJob = QStringLiteral("scan");

// The plugin that will run the carton's code; an error when none matches (the
// run then fails at once saying why, before anything of the carton runs).
carton::Result<carton::RunnerPluginInfo> runnerOf(const carton::Carton &carton, const SelfTestRunner::Request &request)
{
    if (!carton.info())
        return carton::makeError(carton::ErrorCode::Format, QStringLiteral("no readable carton.toml"));
    const carton::RunnerRegistry registry = carton::RunnerRegistry::scan(
        request.runOptions.pluginSearchPaths.isEmpty() ? carton::RunnerRegistry::defaultSearchPaths()
                                                       : request.runOptions.pluginSearchPaths);
    return registry.select(carton.info()->runner, request.choice);
}

} // namespace

RunConsent::RunConsent(std::shared_ptr<const carton::Carton> carton, SafetyPage *safety, SignatureRow *signature,
                       QSettings *settings, QWidget *dialogParent)
    : QObject(dialogParent), m_carton(std::move(carton)), m_safety(safety), m_signature(signature),
      m_settings(settings), m_parent(dialogParent), m_jobs(new LatestJob(this))
{
}

void RunConsent::setBareFile(const QString &path)
{
    if (path != m_bareFile)
        m_bareReport.reset();
    m_bareFile = path;
}

const carton::ScanReport *RunConsent::scanReport() const
{
    if (!m_bareFile.isEmpty())
        return m_bareReport ? &*m_bareReport : nullptr;
    return m_safety && m_safety->report() ? &*m_safety->report() : nullptr;
}

void RunConsent::scanBareFile(RunConsentDialog *dialog)
{
    // The dialog lives on the stack of ask(): the result reaches it only while it is open.
    QPointer<RunConsentDialog> open(dialog);
    m_jobs->start(
        kScanJob,
        [path = m_bareFile](carton::Progress &progress) { return carton::SafetyScanner::scan(path, {}, &progress); },
        [this, open](const carton::ScanReport &report) {
            m_bareReport = report;
            if (open)
                open->setScanReport(report, askEveryRunReason());
        });
}

void RunConsent::setCarton(std::shared_ptr<const carton::Carton> carton, SafetyPage *safety)
{
    m_carton = std::move(carton);
    m_safety = safety;
}

QStringList RunConsent::rememberedModels(const QSettings &settings)
{
    return settings.value(kRememberedKey).toStringList();
}

qint64 RunConsent::scratchLimit(const QSettings &settings)
{
    bool ok = false;
    const qint64 bytes = settings.value(kScratchLimitKey, carton::SandboxPolicy::kDefaultScratchLimit).toLongLong(&ok);
    return ok && bytes >= 0 ? bytes : carton::SandboxPolicy::kDefaultScratchLimit;
}

void RunConsent::setScratchLimit(QSettings &settings, qint64 bytes)
{
    settings.setValue(kScratchLimitKey, bytes);
}

bool RunConsent::signedByTrustedKey() const
{
    return m_signature && m_signature->status().kind == SignatureStatus::Kind::Valid && m_signature->status().trusted;
}

QString RunConsent::askEveryRunReason() const
{
    QStringList reasons;
    const carton::ScanReport *report = scanReport();
    if (!report)
        reasons << tr("the safety scan has not finished");
    else if (const int n = report->count(carton::ScanSeverity::Critical) + report->count(carton::ScanSeverity::High))
        reasons << tr("it has %n high or critical safety finding(s)", nullptr, n);
    if (m_signature) {
        using Kind = SignatureStatus::Kind;
        switch (m_signature->status().kind) {
        case Kind::None:
            break;
        case Kind::Valid:
            if (!m_signature->status().trusted)
                reasons << tr("it is signed by an unknown key");
            break;
        case Kind::NoKey:
            reasons << tr("it is signed by an unknown key");
            break;
        case Kind::Invalid:
        case Kind::Unreadable:
            reasons << tr("its signature is invalid");
            break;
        case Kind::Checking:
        case Kind::Verifying:
        case Kind::NotVerified:
            reasons << tr("its signature has not been checked yet");
            break;
        }
    }
    return reasons.join(tr("; "));
}

bool RunConsent::ask(SelfTestRunner::Request &request, bool inspecting)
{
    if (!request.choice.kserveUrl.isEmpty())
        return true;
    if (m_settings)
        request.runOptions.scratchLimit = scratchLimit(*m_settings);
    const carton::Result<carton::RunnerPluginInfo> plugin = runnerOf(*m_carton, request);
    if (!plugin)
        return true; // nothing will run: the run stops at once and says why (and offers to force)
    const QString hash = QString::fromLatin1(m_carton->modelHash());
    const QString everyRun = askEveryRunReason();
    const bool mayRemember = everyRun.isEmpty() && signedByTrustedKey();
    const bool remembered =
        mayRemember && m_settings && !hash.isEmpty() && rememberedModels(*m_settings).contains(hash);
    if (everyRun.isEmpty() && (m_granted || remembered))
        return true;
    RunConsentFacts facts;
    facts.carton = QFileInfo(m_carton->path()).fileName();
    facts.bareFile = !m_bareFile.isEmpty();
    facts.inspecting = inspecting;
    facts.runner = tr("%1 %2 (%3)").arg(plugin->runnerName, plugin->frameworkVersion, plugin->path);
    facts.sandbox =
        request.runOptions.sandbox
            ? carton::Sandbox::availableVersion()
            : carton::Result<QString>(carton::makeError(carton::ErrorCode::Usage, request.runOptions.noSandboxReason));
    if (m_signature) {
        facts.signature = m_signature->textLabel()->text();
        const SignatureStatus::Kind kind = m_signature->status().kind;
        facts.signatureInvalid = kind == SignatureStatus::Kind::Invalid || kind == SignatureStatus::Kind::Unreadable;
    } else if (facts.bareFile) {
        facts.signature = tr("not checked here: a bare model file has no carton signature (carton verify FILE "
                             "--signature FILE.sig checks a detached one)");
    } else {
        facts.signature = tr("not checked: this run uses the edited state of the carton (or a copy of it), and a "
                             "signature covers a saved carton's MANIFEST only");
    }
    facts.askEveryRun = everyRun;
    facts.mayRemember = mayRemember;
    if (const carton::ScanReport *report = scanReport())
        facts.scan = *report;
    RunConsentDialog dialog(facts, m_parent);
    if (!m_bareFile.isEmpty() && !facts.scan) {
        scanBareFile(&dialog);
    } else if (m_safety && !facts.scan) {
        connect(m_safety, &SafetyPage::scanFinished, &dialog, [this, &dialog] {
            if (m_safety && m_safety->report())
                dialog.setScanReport(*m_safety->report(), askEveryRunReason());
        });
        if (!m_safety->isScanning())
            m_safety->rescan();
    }
    if (dialog.exec() != QDialog::Accepted)
        return false;
    // Without the sandbox: this run only, asked again next time.
    if (dialog.runWithoutSandbox()) {
        request.runOptions.sandbox = false;
        request.runOptions.noSandboxReason = tr("you chose to run this carton without the sandbox (for this run)");
        return true;
    }
    m_granted = true;
    if (mayRemember && dialog.dontAskAgain() && m_settings && !hash.isEmpty()) {
        QStringList models = rememberedModels(*m_settings);
        models.append(hash);
        m_settings->setValue(kRememberedKey, models);
    }
    return true;
}

} // namespace studio
