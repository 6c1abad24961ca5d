// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonbanners.h"

#include "base/progresssteps.h"
#include "document/cartondocument.h"
#include "document/cartonstate.h"
#include "remote/remotesession.h"
#include "statetone.h"
#include "style/tone.h"

#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio {

namespace {

// A message bar above the view, in the colours of a tooltip.
void setUpBanner(QLabel *banner, const QString &name, Qt::TextFormat format)
{
    banner->setObjectName(name);
    banner->setWordWrap(true);
    banner->setTextFormat(format);
    banner->setContentsMargins(8, 6, 8, 6);
    banner->setAutoFillBackground(true);
    banner->setForegroundRole(QPalette::ToolTipText);
    banner->setBackgroundRole(QPalette::ToolTipBase);
    banner->hide();
}

} // namespace

CartonBanners::CartonBanners(QWidget *page, RemoteSession *remote, const QString &displayName)
    : QObject(page), m_loading(new QWidget(page)), m_bannerBar(new QWidget(page)), m_bannerIcon(new QLabel),
      m_banner(new QLabel), m_missingBanner(nullptr)
{
    setUpLoadingPage(remote, displayName);
    // A message bar above the view when the carton opened with errors or is in doubt:
    // its own icon and tone colour (a tooltip's colours are grey in a dark theme).
    m_bannerBar->setObjectName(QStringLiteral("cartonBannerBar"));
    m_bannerBar->setAutoFillBackground(true);
    auto *bar = new QHBoxLayout(m_bannerBar);
    bar->setContentsMargins(8, 6, 8, 6);
    m_bannerIcon->setObjectName(QStringLiteral("cartonBannerIcon"));
    bar->addWidget(m_bannerIcon, 0, Qt::AlignTop);
    bar->addWidget(m_banner, 1);
    m_banner->setObjectName(QStringLiteral("cartonBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    m_bannerBar->hide();
    whenPaletteChanges(m_bannerBar, [this] { applyBannerTone(); });
    m_missingBanner = new QLabel(page);
    setUpBanner(m_missingBanner, QStringLiteral("missingBanner"), Qt::RichText);
    connect(m_missingBanner, &QLabel::linkActivated, this, [this](const QString &field) {
        // The links are the missing fields: carton.toml's ("runner.runner_name") or a folder ("model/").
        emit fieldRequested(field.endsWith(u'/') ? carton::DiagnosticLocation{field}
                                                 : carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, field});
    });
}

void CartonBanners::setUpLoadingPage(RemoteSession *remote, const QString &displayName)
{
    auto *loadingLayout = new QVBoxLayout(m_loading);
    loadingLayout->addStretch();
    auto *loadingLabel = new QLabel(tr("Opening %1…").arg(displayName), m_loading);
    loadingLabel->setAlignment(Qt::AlignCenter);
    auto *busy = new QProgressBar(m_loading);
    busy->setRange(0, 0);
    busy->setMaximumWidth(240);
    busy->setTextVisible(false);
    loadingLayout->addWidget(loadingLabel);
    loadingLayout->addWidget(busy, 0, Qt::AlignHCenter);
    if (remote->isRemote()) {
        // A server without range support: the whole file downloads first.
        auto *cancel = new QToolButton(m_loading);
        cancel->setObjectName(QStringLiteral("cancelDownloadButton"));
        cancel->setText(tr("Cancel"));
        connect(cancel, &QToolButton::clicked, remote, &RemoteSession::cancelDownload);
        connect(remote, &RemoteSession::downloadProgress, this,
                [busy, loadingLabel, remote](qint64 done, qint64 total) {
                    busy->setRange(0, total > 0 ? carton::kProgressSteps : 0);
                    if (total > 0)
                        busy->setValue(carton::progressSteps(done, total));
                    busy->setTextVisible(total > 0);
                    loadingLabel->setText(tr("Downloading %1…").arg(remote->url().toDisplayString()));
                });
        loadingLayout->addWidget(cancel, 0, Qt::AlignHCenter);
    }
    loadingLayout->addStretch();
}

void CartonBanners::showBanner(const QString &text, const QString &iconName, int tone)
{
    m_banner->setText(text);
    m_bannerIconName = iconName;
    m_bannerTone = tone;
    applyBannerTone();
    m_banner->setVisible(!text.isEmpty());
    m_bannerBar->setVisible(!text.isEmpty());
}

void CartonBanners::applyBannerTone()
{
    const Tone tone = Tone(m_bannerTone);
    QPalette palette = m_bannerBar->palette();
    const QPalette app = QGuiApplication::palette();
    palette.setColor(QPalette::Window,
                     tone == Tone::Neutral ? app.color(QPalette::ToolTipBase) : toneBackground(tone, app));
    palette.setColor(QPalette::WindowText, app.color(QPalette::Text));
    m_bannerBar->setPalette(palette);
    const int size = m_bannerIcon->style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_bannerIcon->setPixmap(m_bannerIconName.isEmpty()
                                ? QPixmap()
                                : QIcon(QStringLiteral(":/icons/%1.svg").arg(m_bannerIconName)).pixmap(size, size));
}

void CartonBanners::showState(const CartonState &state)
{
    Tone tone = stateTone(state);
    if (tone == Tone::Good || tone == Tone::Neutral)
        tone = Tone::Warning; // a banner is always something to look at
    showBanner(state.bannerText(), state.iconName(), int(tone));
}

void CartonBanners::showRemoved(const QString &displayName)
{
    showBanner(tr("%1 was deleted or moved; what is shown is what was read before.").arg(displayName),
               QStringLiteral("severity-warning"), int(Tone::Warning));
}

void CartonBanners::showMissing(const CartonDocument *document)
{
    const QStringList missing = document ? document->missingFields() : QStringList();
    if (missing.isEmpty() || (!document->isNew() && !document->isModified())) {
        m_missingBanner->hide();
        return;
    }
    QStringList links;
    for (const QString &field : missing)
        links.append(QStringLiteral("<a href=\"%1\">%2</a>")
                         .arg(field.toHtmlEscaped(), CartonDocument::fieldLabel(field).toHtmlEscaped()));
    m_missingBanner->setText(
        tr("To save a valid carton, fill in or correct: %1").arg(links.join(QStringLiteral(", "))));
    m_missingBanner->show();
}

void CartonBanners::hideBanners()
{
    m_missingBanner->hide();
    m_banner->hide();
    m_bannerBar->hide();
}

} // namespace studio
