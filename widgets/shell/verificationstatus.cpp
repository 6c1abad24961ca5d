// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "verificationstatus.h"

#include "base/progresssteps.h"
#include "common/viewutils.h"
#include "document/verificationrunner.h"
#include "shellicons.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>
#include <algorithm>

namespace studio {

VerificationStatus::VerificationStatus(QWidget *parent)
    : QWidget(parent), m_icon(new QLabel(this)), m_label(new QLabel(this)), m_progress(new QProgressBar(this)),
      m_detail(new QLabel(this)), m_file(new QLabel(this)), m_cancel(new QToolButton(this))
{
    m_label->setObjectName(QStringLiteral("verificationText"));
    m_progress->setRange(0, carton::kProgressSteps);
    m_progress->setMaximumWidth(160);
    m_progress->setMaximumHeight(m_label->sizeHint().height() + 2);
    m_progress->setTextVisible(false);
    m_detail->setObjectName(QStringLiteral("verificationProgress"));
    m_detail->setForegroundRole(QPalette::PlaceholderText);
    m_file->setObjectName(QStringLiteral("verificationFile"));
    m_file->setForegroundRole(QPalette::PlaceholderText);
    m_cancel->setAutoRaise(true);
    m_cancel->setToolTip(tr("Cancel verification"));
    m_cancel->setText(tr("Cancel"));
    QIcon stop = QIcon::fromTheme(QStringLiteral("process-stop"));
    m_cancel->setIcon(stop.isNull() ? style()->standardIcon(QStyle::SP_DialogCancelButton) : stop);
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_runner)
            m_runner->cancel();
    });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_icon);
    layout->addWidget(m_label);
    layout->addWidget(m_progress);
    layout->addWidget(m_detail);
    layout->addWidget(m_file);
    layout->addWidget(m_cancel);
    // The same height with or without the progress bar and the cancel button:
    // the status bar must not jump when verification starts or ends.
    setFixedHeight(
        std::max({m_cancel->sizeHint().height(), m_progress->sizeHint().height(), m_label->sizeHint().height()}));
    refresh();
}

void VerificationStatus::setRunner(VerificationRunner *runner)
{
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_runner = runner;
    if (runner) {
        m_connections << connect(runner, &VerificationRunner::stateChanged, this, &VerificationStatus::refresh)
                      << connect(runner, &VerificationRunner::progressChanged, this, &VerificationStatus::refresh)
                      << connect(runner, &QObject::destroyed, this, [this] { setRunner(nullptr); });
    }
    refresh();
}

void VerificationStatus::setCartonState(const CartonState &state)
{
    m_state = state;
    m_hasState = true;
    refresh();
}

void VerificationStatus::clearCartonState()
{
    m_hasState = false;
    refresh();
}

QString VerificationStatus::text() const
{
    return m_label->text();
}

QString VerificationStatus::progressText() const
{
    if (!m_runner || !m_runner->isRunning())
        return {};
    return progressText(m_runner->bytesDone(), m_runner->bytesTotal(), m_runner->elapsedMs());
}

QString VerificationStatus::progressText(qint64 done, qint64 total, qint64 elapsedMs)
{
    if (total <= 0)
        return {};
    const int percent = carton::progressSteps(done, total) / 10;
    QString text = tr("%1% · %2 of %3").arg(percent).arg(humanSize(done), humanSize(total));
    // Rate and time left once there is enough to measure.
    if (elapsedMs >= 500 && done > 0) {
        const double rate = double(done) * 1000.0 / double(elapsedMs);
        text += tr(" · %1/s").arg(humanSize(qint64(rate)));
        const qint64 left = std::max<qint64>(0, qint64(double(total - done) / rate + 0.5));
        if (left >= 60)
            text += tr(" · %1 min %2 s left").arg(left / 60).arg(left % 60);
        else
            text += tr(" · %1 s left").arg(left);
    }
    return text;
}

void VerificationStatus::refresh()
{
    const bool running = m_runner && m_runner->isRunning();
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_detail->setVisible(running);
    const QString file = running ? m_runner->currentFile() : QString();
    m_file->setVisible(!file.isEmpty());
    if (running) {
        m_progress->setValue(carton::progressSteps(m_runner->bytesDone(), m_runner->bytesTotal()));
        m_detail->setText(progressText());
        // The name only, elided: a long path must not push the status bar about.
        const QString name = file.section(u'/', -1);
        m_file->setText(
            m_file->fontMetrics().elidedText(name, Qt::ElideMiddle, 24 * m_file->fontMetrics().averageCharWidth()));
        m_file->setToolTip(file);
    }
    m_label->setText(m_hasState ? m_state.summary() : QString());
    const QIcon icon = m_hasState ? shellIcon(m_state.iconName()) : QIcon();
    m_icon->setVisible(!icon.isNull());
    if (!icon.isNull()) {
        const int side = m_label->fontMetrics().height();
        m_icon->setPixmap(icon.pixmap(QSize(side, side), devicePixelRatio()));
    }
    applyTone();
}

void VerificationStatus::applyTone()
{
    const Tone t = tone();
    const QColor color = toneColor(t, palette());
    QPalette labelPalette = m_label->palette();
    labelPalette.setColor(QPalette::WindowText, color);
    m_label->setPalette(labelPalette);
    QFont font = m_label->font();
    font.setBold(t == Tone::Bad);
    m_label->setFont(font);
}

void VerificationStatus::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTone();
}

} // namespace studio
