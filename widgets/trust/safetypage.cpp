// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "safetypage.h"

#include "jobs/latestjob.h"
#include "package/carton.h"
#include "safetyfindingsmodel.h"
#include "scan/pickleallowlist.h"
#include "scan/safetyscanner.h"
#include "style/tone.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace studio {

using namespace carton;

namespace {
const QString kScanJob = QStringLiteral("scan");
}

SafetyPage::SafetyPage(std::shared_ptr<const Carton> carton, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_jobs(new LatestJob(this)), m_model(new SafetyFindingsModel(this)),
      m_verdict(new QLabel), m_status(new QLabel), m_progress(new QProgressBar),
      m_rescan(new QPushButton(tr("Scan Again"))), m_table(new QTableView), m_details(new QTextBrowser)
{
    m_verdict->setObjectName(QStringLiteral("safetyVerdict"));
    m_status->setObjectName(QStringLiteral("safetyStatus"));
    m_table->setObjectName(QStringLiteral("safetyFindings"));
    m_details->setObjectName(QStringLiteral("safetyDetails"));
    QFont big = m_verdict->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_verdict->setFont(big);
    m_verdict->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(200);
    m_progress->hide();
    m_rescan->setToolTip(tr("Read the carton again and scan everything"));

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(SafetyFindingsModel::SeverityColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->setColumnWidth(SafetyFindingsModel::FileColumn, 220);
    m_table->setColumnWidth(SafetyFindingsModel::FindingColumn, 320);
    m_details->setOpenLinks(false);

    auto *top = new QHBoxLayout;
    top->addWidget(m_verdict, 1);
    top->addWidget(m_progress);
    top->addWidget(m_rescan);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);

    connect(m_rescan, &QPushButton::clicked, this, &SafetyPage::rescan);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SafetyPage::showDetails);
    whenPaletteChanges(this, [this] {
        if (m_report)
            showDetails();
    });
    m_verdict->setText(tr("Not scanned yet"));
}

SafetyPage::~SafetyPage() = default;

void SafetyPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_started)
        rescan();
}

bool SafetyPage::isScanning() const
{
    return m_jobs->isRunning(kScanJob);
}

void SafetyPage::rescan()
{
    m_started = true;
    if (!m_carton)
        return;
    m_verdict->setText(tr("Scanning…"));
    m_verdict->setStyleSheet({});
    m_progress->show();
    m_rescan->setEnabled(false);
    m_jobs->start(
        kScanJob, [path = m_carton->path()](Progress &progress) { return SafetyScanner::scan(path, {}, &progress); },
        [this](const ScanReport &report) { showReport(report); },
        [this](qint64 done, qint64 total) {
            m_progress->setRange(0, int(std::min<qint64>(total, 1 << 30)));
            m_progress->setValue(int(std::min<qint64>(done, 1 << 30)));
        });
}

void SafetyPage::showReport(const ScanReport &report)
{
    m_report = report;
    m_progress->hide();
    m_rescan->setEnabled(true);
    m_model->setFindings(report.findings);
    const ScanVerdict verdict = report.verdict();
    QString text;
    Tone tone = Tone::Neutral;
    switch (verdict) {
    case ScanVerdict::NoFindings:
        text = report.findings.isEmpty() ? tr("No findings")
                                         : tr("No findings (%n note(s))", nullptr, int(report.findings.size()));
        tone = Tone::Good;
        break;
    case ScanVerdict::Findings: {
        QStringList parts;
        for (ScanSeverity s : {ScanSeverity::Critical, ScanSeverity::High, ScanSeverity::Medium, ScanSeverity::Info})
            if (const int n = report.count(s))
                parts << QStringLiteral("%1 %2").arg(n).arg(SafetyFindingsModel::severityText(s).toLower());
        text = tr("Findings: %1").arg(parts.join(QStringLiteral(", ")));
        tone = report.count(ScanSeverity::Critical) ? Tone::Bad
               : report.count(ScanSeverity::High)   ? Tone::Severe
                                                    : Tone::Warning;
        break;
    }
    case ScanVerdict::Unknown:
        text = report.status == ScanStatus::Failed ? tr("Unknown: the carton could not be scanned")
                                                   : tr("Unknown: parts of the carton could not be read");
        tone = Tone::Warning;
        break;
    }
    m_verdict->setText(text);
    setTextTone(m_verdict, tone);

    int imports = 0, allowed = 0;
    for (const ScannedPickle &p : report.pickles)
        for (qsizetype i = 0; i < p.listing.imports.size(); ++i)
            if (pickleRefImports(p.listing.imports[i].ref)) {
                ++imports;
                allowed += p.allowed.value(i) ? 1 : 0;
            }
    const int files = int(report.filesExamined);
    const QString scanned =
        report.status == ScanStatus::Complete     ? tr("Scan complete · %n file(s) examined", nullptr, files)
        : report.status == ScanStatus::Incomplete ? tr("Scan incomplete · %n file(s) examined", nullptr, files)
                                                  : tr("Scan failed · %n file(s) examined", nullptr, files);
    QString status =
        scanned + u" · " + tr("%n pickle(s) disassembled (never loaded)", nullptr, int(report.pickles.size())) +
        u" · " + tr("%1 of %n import(s) on the allow-list", nullptr, imports).arg(allowed) + u" · " +
        tr("%n Python file(s)", nullptr, int(report.code.size())) + u" · " +
        (report.hosts.isEmpty() ? tr("no hosts") : tr("hosts: %1").arg(report.hosts.join(QStringLiteral(", "))));
    for (const QString &p : report.problems)
        status += u'\n' + tr("Not read: %1").arg(p);
    m_status->setText(status);
    showDetails();
    emit scanFinished();
}

QString SafetyPage::readHtml() const
{
    if (!m_report)
        return {};
    QString html = QStringLiteral("<h3>%1</h3>").arg(tr("What the scan read"));
    for (const ScannedPickle &p : m_report->pickles) {
        html += QStringLiteral("<p><b>%1</b> — %2</p><ul>")
                    .arg(p.file.toHtmlEscaped(), tr("pickle protocol %1, %2 opcodes%3")
                                                     .arg(p.listing.protocol)
                                                     .arg(p.listing.opcodes)
                                                     .arg(p.listing.complete() ? QString() : tr(", stopped early")));
        if (p.listing.imports.isEmpty())
            html += QStringLiteral("<li>%1</li>").arg(tr("no imports"));
        for (qsizetype i = 0; i < p.listing.imports.size(); ++i) {
            const PickleImport &imp = p.listing.imports[i];
            const bool ok = p.allowed.value(i);
            html += QStringLiteral("<li>%1 <code>%2</code> %3 ×%4</li>")
                        .arg(toneHtml(ok ? Tone::Good : Tone::Bad, ok ? tr("allowed") : tr("not allowed")),
                             (imp.resolved ? imp.qualifiedName() : tr("(unresolved)")).toHtmlEscaped(),
                             pickleRefName(imp.ref))
                        .arg(imp.count);
        }
        html += QStringLiteral("</ul>");
    }
    for (const ScannedCode &c : m_report->code)
        html +=
            QStringLiteral("<p><b>%1</b> — %2</p>")
                .arg(c.file.toHtmlEscaped(),
                     c.imports.isEmpty() ? tr("no imports")
                                         : tr("imports %1").arg(c.imports.join(QStringLiteral(", ")).toHtmlEscaped()));
    if (m_report->pickles.isEmpty() && m_report->code.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(tr("No pickles and no Python code in this carton."));
    return html;
}

void SafetyPage::showDetails()
{
    const carton::ScanFinding *f = m_model->finding(m_table->currentIndex().row());
    if (!f) {
        m_details->setHtml(readHtml());
        return;
    }
    QString html =
        QStringLiteral("<h3 style=\"color:%1\">%2: %3</h3><p><b>%4</b></p><p>%5</p>")
            .arg(SafetyFindingsModel::severityColor(f->severity).name(), SafetyFindingsModel::severityText(f->severity),
                 f->what.toHtmlEscaped(), f->file.toHtmlEscaped(), f->why.toHtmlEscaped());
    if (!f->detail.isEmpty())
        html += QStringLiteral("<p><code>%1</code></p>").arg(f->detail.toHtmlEscaped());
    m_details->setHtml(html + readHtml());
}

} // namespace studio
