// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphexportjob.h"

#include "graphexport.h"
#include "graphpicture.h"
#include "jobs/latestjob.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QProgressBar>
#include <QPushButton>

namespace studio {

using namespace carton;

namespace {
const QString kJob = QStringLiteral("export");
} // namespace

GraphExportJob::GraphExportJob(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_progress(new QProgressBar),
      m_cancel(new QPushButton(tr("Cancel")))
{
    m_progress->setObjectName(QStringLiteral("graphExportProgress"));
    m_progress->setMaximumWidth(260);
    m_progress->setTextVisible(true);
    m_cancel->setObjectName(QStringLiteral("graphExportCancel"));
    m_cancel->setToolTip(tr("Stop the export (nothing is written)"));
    connect(m_cancel, &QPushButton::clicked, this, &GraphExportJob::cancel);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    layout->addStretch(1);
    hide();
}

bool GraphExportJob::isRunning() const
{
    return m_jobs->isRunning(kJob);
}

void GraphExportJob::start(std::shared_ptr<const GraphPicture> picture, const QString &path, bool svg,
                           const QString &title)
{
    if (isRunning())
        cancel();
    m_path = path;
    m_progress->setRange(0, 0);
    m_progress->setFormat(tr("Exporting… %p%"));
    show();
    m_jobs->start(
        kJob,
        [picture = std::move(picture), path, svg, title](Progress &progress) {
            return svg ? GraphExport::writeSvg(*picture, path, title, &progress)
                       : GraphExport::writePng(*picture, path, &progress);
        },
        [this, path](const Status &written) {
            hide();
            emit finished(path, written ? QString() : written.error().toString());
        },
        [this](qint64 done, qint64 total) {
            const qint64 scale = std::max<qint64>(1, total / 1000);
            m_progress->setRange(0, int(total / scale));
            m_progress->setValue(int(std::min(done, total) / scale));
        });
}

void GraphExportJob::ask(std::shared_ptr<const GraphPicture> picture, const QString &fileName, bool svg,
                         const QString &title)
{
    const QString path =
        QFileDialog::getSaveFileName(parentWidget(), svg ? tr("Export Graph as SVG") : tr("Export Graph as PNG"),
                                     fileName, svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
    if (!path.isEmpty())
        start(std::move(picture), path, svg, title);
}

void GraphExportJob::cancel()
{
    if (!isRunning())
        return;
    m_jobs->cancel(kJob); // the work stops at its next step and removes its temporary file
    hide();
    emit finished(m_path, tr("export cancelled"));
}

} // namespace studio
