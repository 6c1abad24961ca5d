// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runconsentdialog.h"

#include "style/tone.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

namespace studio {

namespace {

constexpr int kMaxListed = 12; // files and findings listed; the rest are counted

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString listHtml(const QStringList &items)
{
    QString h = QStringLiteral("<ul style=\"margin-top:0\">");
    for (qsizetype i = 0; i < items.size() && i < kMaxListed; ++i)
        h += QStringLiteral("<li>%1</li>").arg(items[i]);
    if (items.size() > kMaxListed)
        h += QStringLiteral("<li>%1</li>")
                 .arg(RunConsentDialog::tr("… and %n more", nullptr, int(items.size() - kMaxListed)));
    return h + QStringLiteral("</ul>");
}

} // namespace

RunConsentDialog::RunConsentDialog(const RunConsentFacts &facts, QWidget *parent) : QDialog(parent), m_facts(facts)
{
    setWindowTitle(m_facts.bareFile ? tr("Run this model file's code?") : tr("Run this carton's code?"));
    setObjectName(QStringLiteral("runConsentDialog"));
    m_body = new QLabel(this);
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::RichText);
    m_body->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_body->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumHeight(200);

    m_dontAsk = new QCheckBox(tr("Don't ask again for this model (its model hash)"), this);
    m_dontAsk->setObjectName(QStringLiteral("dontAskBox"));
    m_dontAsk->setVisible(m_facts.mayRemember);
    m_noSandbox = new QCheckBox(tr("Run without the sandbox (this run only)"), this);
    m_noSandbox->setObjectName(QStringLiteral("noSandboxBox"));
    m_noSandboxWarning = new QLabel(
        tr("<b>Without the sandbox the model runs with your full rights:</b> it can read, change and send away your "
           "files, reach the network and leave processes running after the run. Only for cartons you trust."),
        this);
    m_noSandboxWarning->setWordWrap(true);
    setTextTone(m_noSandboxWarning, Tone::Bad);

    m_buttons = new QDialogButtonBox(this);
    m_run = m_buttons->addButton(tr("&Run"), QDialogButtonBox::AcceptRole);
    m_cancel = m_buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_noSandbox, &QCheckBox::toggled, this, &RunConsentDialog::refresh);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_dontAsk);
    layout->addWidget(m_noSandbox);
    layout->addWidget(m_noSandboxWarning);
    layout->addWidget(m_buttons);
    resize(620, 460);
    refresh();
}

void RunConsentDialog::setScanReport(const carton::ScanReport &report, const QString &askEveryRun)
{
    m_facts.scan = report;
    m_facts.askEveryRun = askEveryRun;
    refresh();
}

bool RunConsentDialog::dontAskAgain() const
{
    return m_dontAsk->isChecked();
}

bool RunConsentDialog::runWithoutSandbox() const
{
    return m_noSandbox->isChecked();
}

bool RunConsentDialog::cancelIsDefault() const
{
    return m_cancel->isDefault();
}

void RunConsentDialog::refresh()
{
    m_body->setText(bodyHtml());
    const bool critical = m_facts.scan && m_facts.scan->count(carton::ScanSeverity::Critical) > 0;
    const bool risky = critical || m_facts.signatureInvalid || !m_facts.scan;
    m_noSandboxWarning->setVisible(m_noSandbox->isChecked());
    // No sandbox: nothing runs unless the user opts out, knowingly.
    m_run->setEnabled(m_facts.sandbox.ok() || m_noSandbox->isChecked());
    m_run->setText(m_noSandbox->isChecked() ? tr("&Run Without Sandbox") : tr("&Run in Sandbox"));
    m_run->setDefault(!risky);
    m_cancel->setDefault(risky);
    (risky ? m_cancel : m_run)->setFocus();
}

QString RunConsentDialog::bodyHtml() const
{
    QString intro;
    if (m_facts.bareFile)
        intro = m_facts.inspecting ? tr("Inspecting the model file <b>%1</b> loads it in its runner, which runs code "
                                        "that comes with the file. This is what will run:")
                                   : tr("Running the model file <b>%1</b> runs code that comes with the file. This is "
                                        "what will run:");
    else
        intro = m_facts.inspecting
                    ? tr("Inspecting the model of <b>%1</b> loads it in its runner, which runs code that comes with "
                         "it. This is what will run:")
                    : tr("Running the self-tests of <b>%1</b> runs code that comes with it. This is what will run:");
    QString h = QStringLiteral("<p>%1</p>").arg(intro.arg(esc(m_facts.carton)));
    h += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Runner:"), esc(m_facts.runner));

    h += QStringLiteral("<p><b>%1</b> ").arg(tr("Sandbox:"));
    if (m_noSandbox && m_noSandbox->isChecked())
        h += toneHtml(Tone::Bad,
                      tr("NO, for this run: the model runs with your full rights (your files, the network, "
                         "processes that outlive the run)."),
                      true);
    else if (m_facts.sandbox.ok())
        h += esc(tr("yes (%1): no network, no view of your files or other processes, writes only to a private "
                    "scratch space, dangerous system calls denied, nothing survives the run.")
                     .arg(*m_facts.sandbox));
    else
        h += toneHtml(Tone::Bad, tr("none can be made here."), true) + u' ' +
             toneHtml(Tone::Bad, m_facts.sandbox.error().message);
    h += QStringLiteral("</p>");

    h += QStringLiteral("<p><b>%1</b> %2</p>")
             .arg(tr("Signature:"),
                  m_facts.signatureInvalid ? toneHtml(Tone::Bad, m_facts.signature) : esc(m_facts.signature));

    if (!m_facts.askEveryRun.isEmpty())
        h += QStringLiteral("<p>%1</p>")
                 .arg(toneHtml(Tone::Warning, tr("Asked before every run: %1.").arg(m_facts.askEveryRun)));
    if (!m_facts.scan) {
        h += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Safety scan:"), tr("still running…"));
        return h;
    }
    const carton::ScanReport &scan = *m_facts.scan;
    QStringList executables;
    for (const carton::ScannedCode &c : scan.code)
        executables << tr("%1 (Python code)").arg(esc(c.file));
    for (const carton::ScannedPickle &p : scan.pickles)
        executables << tr("%1 (pickle: loading it can run code)").arg(esc(p.file));
    h += QStringLiteral("<p><b>%1</b></p>").arg(tr("Files that execute:"));
    h += executables.isEmpty()
             ? QStringLiteral("<p>%1</p>").arg(tr("none found (the runner's own code runs the model)"))
             : listHtml(executables);

    QStringList findings;
    for (const carton::ScanFinding &f : scan.findings) {
        if (f.severity != carton::ScanSeverity::Critical && f.severity != carton::ScanSeverity::High)
            continue;
        const QString severity = f.severity == carton::ScanSeverity::Critical ? tr("critical") : tr("high");
        findings << QStringLiteral("%1: %2 — %3 (%4)")
                        .arg(toneHtml(Tone::Bad, severity, true), esc(f.file), esc(f.what), esc(f.why));
    }
    h += QStringLiteral("<p><b>%1</b> ").arg(tr("Safety scan:"));
    if (findings.isEmpty())
        h += scan.status == carton::ScanStatus::Complete ? tr("no high or critical findings.")
                                                         : tr("incomplete: %1").arg(esc(scan.problems.join(u"; ")));
    else
        h += tr("%n high or critical finding(s) — see the Safety tab.", nullptr, int(findings.size()));
    h += QStringLiteral("</p>");
    if (!findings.isEmpty())
        h += listHtml(findings);
    return h;
}

} // namespace studio
