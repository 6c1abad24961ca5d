// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "progressrow.h"

#include "base/progresssteps.h"
#include "jobs/latestjob.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

ProgressRow::ProgressRow(const QString &name, QWidget *parent)
    : QWidget(parent), m_bar(new QProgressBar(this)), m_status(new QLabel(this))
{
    m_bar->setObjectName(name + QStringLiteral("Progress"));
    m_bar->setRange(0, carton::kProgressSteps);
    m_bar->setValue(0);
    m_bar->setTextVisible(false); // no "0%" before anything started
    m_status->setObjectName(name + QStringLiteral("Status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar);
    layout->addWidget(m_status);
}

ProgressRow::~ProgressRow() = default;

void ProgressRow::follow(LatestJob *jobs, const QString &key, QDialog *dialog, QDialogButtonBox *buttons)
{
    m_jobs = jobs;
    m_key = key;
    m_buttons = buttons;
    connect(jobs, &LatestJob::runningChanged, this, [this](const QString &changed) {
        if (changed == m_key)
            updateClose();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, [this, dialog] {
        if (isRunning())
            cancel();
        else
            dialog->reject();
    });
    updateClose();
}

bool ProgressRow::isRunning() const
{
    return m_jobs && m_jobs->isRunning(m_key);
}

void ProgressRow::begin(const QString &text)
{
    m_bar->setValue(0);
    m_bar->setTextVisible(true);
    m_status->setText(text);
}

std::function<void(qint64, qint64, const QString &)> ProgressRow::progress()
{
    return [row = QPointer<ProgressRow>(this)](qint64 done, qint64 total, const QString &what) {
        if (!row || total <= 0)
            return;
        row->m_bar->setValue(carton::progressSteps(done, total));
        const QLocale locale;
        const QString bytes = tr("%1 of %2").arg(locale.formattedDataSize(done), locale.formattedDataSize(total));
        row->m_status->setText(what.isEmpty() ? bytes : tr("%1 — %2").arg(bytes, what));
    };
}

void ProgressRow::cancel()
{
    if (!m_jobs)
        return;
    m_jobs->interrupt(m_key);
    m_status->setText(tr("Cancelling…"));
}

void ProgressRow::complete(const QString &text)
{
    m_bar->setValue(carton::kProgressSteps);
    m_status->setText(text);
}

void ProgressRow::setStatus(const QString &text)
{
    m_status->setText(text);
}

QString ProgressRow::status() const
{
    return m_status->text();
}

void ProgressRow::updateClose()
{
    if (QPushButton *close = m_buttons ? m_buttons->button(QDialogButtonBox::Close) : nullptr)
        close->setText(isRunning() ? tr("Cancel") : tr("Close"));
}

} // namespace studio
