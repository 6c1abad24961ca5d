// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "scan/scanreport.h"
#include "selftestrunner.h"

#include <QObject>
#include <QPointer>
#include <memory>
#include <optional>

class QSettings;
class QWidget;

namespace studio {

class LatestJob;
class RunConsentDialog;
class SafetyPage;
class SignatureRow;

// Asks before a carton's code runs (RunConsentDialog), with what the Safety tab
// and the Signature row know. A carton with high or critical findings (or a scan
// not finished), an invalid signature or a signer that is not one of the user's
// trusted keys is asked about before EVERY run. Otherwise a yes stands for the
// rest of the session, and for good when the user ticks "Don't ask again" (by
// model hash, in settings: "consent/modelHashes"), which is offered only for a
// carton signed by a trusted key, with every file matching. "Run without the
// sandbox" applies to the one run it was ticked for. A run on a KServe server
// runs nothing of the carton here and is not asked about.
class RunConsent final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunConsent)

public:
    RunConsent(std::shared_ptr<const carton::Carton> carton, SafetyPage *safety, SignatureRow *signature,
               QSettings *settings, QWidget *dialogParent);

    // True when the run may go ahead; may switch the request to no sandbox when
    // the user opted out in the dialog.
    // `inspecting`: for the Model tab's inspection (the dialog says so).
    bool ask(SelfTestRunner::Request &request, bool inspecting = false);
    // Asks about another carton from now on: a new copy of the same document as
    // edited (Run Self-tests on an unsaved state). A yes of this session stands.
    void setCarton(std::shared_ptr<const carton::Carton> carton, SafetyPage *safety);
    // The code asked about is a bare model file's (inspected through a scratch
    // carton): the dialog names the file, not a carton, and the file is scanned
    // here (in the background, while the dialog is open), there being no Safety tab.
    void setBareFile(const QString &path);

    static QStringList rememberedModels(const QSettings &settings);
    // The sandbox's scratch limit in bytes (Preferences, "preferences/scratchLimit";
    // default carton::SandboxPolicy::kDefaultScratchLimit; 0: the tmpfs default).
    static qint64 scratchLimit(const QSettings &settings);
    static void setScratchLimit(QSettings &settings, qint64 bytes);

private:
    std::shared_ptr<const carton::Carton> m_carton;
    QPointer<SafetyPage> m_safety;
    QPointer<SignatureRow> m_signature;
    QSettings *m_settings = nullptr;
    QPointer<QWidget> m_parent;
    // Why this carton is asked about before every run; empty when a yes may stand.
    QString askEveryRunReason() const;
    // A valid signature by one of the user's trusted keys, every file matching.
    bool signedByTrustedKey() const;

    // The scan of a bare file (setBareFile), started by ask() and kept for later asks.
    void scanBareFile(RunConsentDialog *dialog);
    const carton::ScanReport *scanReport() const;

    bool m_granted = false; // asked and said yes (to a sandboxed run) in this session
    QString m_bareFile;
    std::optional<carton::ScanReport> m_bareReport;
    LatestJob *m_jobs = nullptr;
};

} // namespace studio
