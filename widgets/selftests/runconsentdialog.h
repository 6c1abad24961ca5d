// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "scan/scanreport.h"

#include <QDialog>
#include <optional>

class QCheckBox;
class QDialogButtonBox;
class QLabel;

namespace studio {

// What the user is told before a carton's code runs for the first time.
struct RunConsentFacts {
    QString carton;        // its file name
    bool bareFile = false; // `carton` names a bare model file, not a carton
    QString runner;        // "python 3.11.2 (plugin …/libcarton_runner_python.so)", or why none matches
    std::optional<carton::ScanReport> scan;      // none: the safety scan still runs
    QString signature;                           // the Overview's Signature row, as text
    bool signatureInvalid = false;               // a signature that does not check out, or files that do not match it
    carton::Result<QString> sandbox = QString(); // the sandbox's mechanism, or why none can be made
    bool inspecting = false; // the model is loaded to be inspected (Model tab), not run on self-tests
    QString askEveryRun;     // why this carton is asked about before every run (findings, signer); empty: not
    bool mayRemember = true; // "Don't ask again" is offered (no high/critical finding, a trusted valid signature)
};

// "Run this carton's code?" (or "this model file's", for a bare file): the runner, the files that execute (python
// files, pickles), the safety scan's high and critical findings, the signature state and whether the run is sandboxed.
// With critical findings or an invalid signature the default button is Cancel. "Don't ask again for this model"
// (offered only when facts.mayRemember) and "Run without the sandbox" (for this run only; the Sandbox line then says
// NO) are the user's to tick; with no sandbox available, Run stays disabled until the user opts out explicitly.
class RunConsentDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunConsentDialog)

public:
    explicit RunConsentDialog(const RunConsentFacts &facts, QWidget *parent = nullptr);

    // The scan finished while the dialog was open; `askEveryRun` as it now stands.
    void setScanReport(const carton::ScanReport &report, const QString &askEveryRun);

    bool dontAskAgain() const;
    bool runWithoutSandbox() const;
    // Whether Cancel is the default button (critical findings, invalid signature).
    bool cancelIsDefault() const;
    QLabel *body() const { return m_body; }
    QPushButton *runButton() const { return m_run; }
    QCheckBox *noSandboxBox() const { return m_noSandbox; }
    QCheckBox *dontAskBox() const { return m_dontAsk; }

private:
    void refresh();
    QString bodyHtml() const;

    RunConsentFacts m_facts;
    QLabel *m_body = nullptr;
    QCheckBox *m_dontAsk = nullptr;
    QCheckBox *m_noSandbox = nullptr;
    QLabel *m_noSandboxWarning = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace studio
