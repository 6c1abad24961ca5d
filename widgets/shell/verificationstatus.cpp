// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "verificationstatus.h"

#include "shellicons.h"
#include "verificationrunner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>
#include <algorithm>

namespace studio {

namespace {
// Progress in per mille: byte counts overflow the int of QProgressBar.
int perMille(qint64 done, qint64 total)
{
    if (total <= 0)
        return 0;
    return int(std::clamp<qint64>(done * 1000 / total, 0, 1000));
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}
} // namespace

VerificationStatus::VerificationStatus(QWidget *parent)
    : QWidget(parent), m_icon(new QLabel(this)), m_label(new QLabel(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QToolButton(this))
{
    m_label->setObjectName(QStringLiteral("verificationText"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->setMaximumHeight(m_label->sizeHint().height() + 2);
    m_progress->setTextVisible(false);
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
    layout->addWidget(m_cancel);
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

QString VerificationStatus::text() const
{
    return m_label->text();
}

void VerificationStatus::refresh()
{
    const VerificationRunner::State state = m_runner ? m_runner->state() : VerificationRunner::State::Idle;
    const bool running = state == VerificationRunner::State::Running;
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    QString iconName;
    switch (state) {
    case VerificationRunner::State::Idle:
        m_label->clear();
        m_tone = Tone::Neutral;
        break;
    case VerificationRunner::State::Running:
        m_progress->setValue(perMille(m_runner->bytesDone(), m_runner->bytesTotal()));
        m_label->setText(tr("Verifying…"));
        m_tone = Tone::Neutral;
        iconName = QStringLiteral("state-pending");
        break;
    case VerificationRunner::State::Cancelled:
        m_label->setText(tr("Verification cancelled"));
        m_tone = Tone::Neutral;
        break;
    case VerificationRunner::State::Finished: {
        const int failed = m_runner->failedCount();
        const int total = int(m_runner->report().files.size());
        if (failed == 0) {
            m_label->setText(total == 1 ? tr("1 file verified") : tr("All %1 files verified").arg(total));
            m_tone = Tone::Good;
            iconName = QStringLiteral("state-ok");
        } else {
            m_label->setText(failed == 1 ? tr("1 file failed verification")
                                         : tr("%1 files failed verification").arg(failed));
            m_tone = Tone::Bad;
            iconName = QStringLiteral("state-mismatch");
        }
        break;
    }
    }
    const QIcon icon = iconName.isEmpty() ? QIcon() : shellIcon(iconName);
    m_icon->setVisible(!icon.isNull());
    if (!icon.isNull()) {
        const int side = m_label->fontMetrics().height();
        m_icon->setPixmap(icon.pixmap(QSize(side, side), devicePixelRatio()));
    }
    applyTone();
}

void VerificationStatus::applyTone()
{
    // Readable greens and reds on both light and dark window colours.
    const bool dark = isDark(palette());
    QPalette p = palette();
    QColor color = p.color(QPalette::WindowText);
    if (m_tone == Tone::Good)
        color = dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x1b, 0x5e, 0x20);
    else if (m_tone == Tone::Bad)
        color = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb7, 0x1c, 0x1c);
    QPalette labelPalette = m_label->palette();
    labelPalette.setColor(QPalette::WindowText, color);
    m_label->setPalette(labelPalette);
    QFont font = m_label->font();
    font.setBold(m_tone == Tone::Bad);
    m_label->setFont(font);
}

void VerificationStatus::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTone();
}

} // namespace studio
