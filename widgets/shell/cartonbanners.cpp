// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonbanners.h"

#include "base/progresssteps.h"
#include "document/cartondocument.h"
#include "document/cartonstate.h"
#include "remotesession.h"

#include <QLabel>
#include <QProgressBar>
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
    : QObject(page), m_loading(new QWidget(page)), m_banner(new QLabel(page)), m_missingBanner(nullptr)
{
    setUpLoadingPage(remote, displayName);
    // A message bar above the view when the carton opened with errors.
    setUpBanner(m_banner, QStringLiteral("cartonBanner"), Qt::PlainText);
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

void CartonBanners::showState(const CartonState &state)
{
    m_banner->setText(state.bannerText());
    m_banner->setVisible(!state.bannerText().isEmpty());
}

void CartonBanners::showRemoved(const QString &displayName)
{
    m_banner->setText(tr("%1 was deleted or moved; what is shown is what was read before.").arg(displayName));
    m_banner->show();
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
}

} // namespace studio
