// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remotesession.h"

#include "package/carton.h"
#include "remote/remoteurl.h"
#include "remoteconsent.h"

#include <QCoreApplication>
#include <QSettings>
#include <QWidget>

namespace studio {

RemoteSession::RemoteSession(const QString &path, QSettings *settings, QWidget *page)
    : QObject(page), m_settings(settings), m_page(page)
{
    if (carton::isRemoteUrl(path))
        m_url = QUrl(path);
}

RemoteSession::~RemoteSession()
{
    cancelDownload();
}

QString RemoteSession::rememberedHostsKey()
{
    return QStringLiteral("remote/linkHosts");
}

carton::RemoteOptions RemoteSession::openOptions()
{
    cancelDownload();
    QPointer<RemoteSession> self(this);
    m_download = std::make_shared<carton::Progress>([self](qint64 done, qint64 total, const QString &) {
        QMetaObject::invokeMethod(
            qApp,
            [self, done, total] {
                if (self)
                    emit self->downloadProgress(done, total);
            },
            Qt::QueuedConnection);
    });
    carton::RemoteOptions options;
    options.downloadProgress = m_download.get();
    QPointer<QWidget> page = m_page;
    // The lambda keeps the progress alive as long as any copy of the options.
    options.allowDownload = [page, keep = m_download](const QUrl &url, qint64 size) {
        bool accepted = false;
        // Asked on the GUI thread; the worker waits. qApp outlives every page.
        QMetaObject::invokeMethod(
            qApp,
            [&] {
                if (page && !keep->isCancelled())
                    accepted = RemoteConsent::ask(page, {RemoteConsent::Question::Download, url, size, 0, {}}).accepted;
            },
            Qt::BlockingQueuedConnection);
        return accepted;
    };
    return options;
}

void RemoteSession::cancelDownload()
{
    if (m_download)
        m_download->cancel();
}

QStringList RemoteSession::linkedFiles(const carton::Carton &carton)
{
    QStringList paths;
    if (!carton.manifest() || !carton.links())
        return paths;
    for (const carton::ManifestEntry &entry : carton.manifest()->entries())
        if (carton.isLinked(entry.path))
            paths.append(entry.path);
    return paths;
}

QStringList RemoteSession::linkedHosts(const carton::Carton &carton)
{
    QStringList hosts;
    for (const QString &path : linkedFiles(carton)) {
        const QByteArray sha = carton.manifest()->find(path)->sha256;
        for (const QString &url : carton.links()->urlsFor(sha)) {
            const QString host = QUrl(url).host();
            if (!host.isEmpty() && !hosts.contains(host))
                hosts.append(host);
        }
    }
    return hosts;
}

bool RemoteSession::prepareVerify(const carton::Carton &carton, carton::VerifyOptions *options, bool interactive)
{
    if (isRemote()) {
        if (!interactive)
            return false;
        qint64 bytes = 0;
        for (const carton::SourceFile &file : carton.source().files())
            bytes += file.compressedSize; // capped by the reader's limits: no overflow
        if (!RemoteConsent::ask(m_page, {RemoteConsent::Question::Verify, m_url, bytes, 0, {}}).accepted)
            return false;
    }
    const QStringList linked = linkedFiles(carton);
    if (linked.isEmpty())
        return true;
    const QStringList hosts = linkedHosts(carton);
    const QStringList remembered = m_settings ? m_settings->value(rememberedHostsKey()).toStringList() : QStringList();
    bool allRemembered = !hosts.isEmpty();
    for (const QString &host : hosts)
        allRemembered = allRemembered && remembered.contains(host);
    if (allRemembered || m_linksConsent) {
        options->fetchLinks = true;
        return true;
    }
    if (!interactive || m_linksAsked)
        return true; // linked files stay "linked" (not fetched)
    m_linksAsked = true;
    const RemoteConsent::Answer answer = RemoteConsent::ask(
        m_page, {RemoteConsent::Question::FetchLinks, {}, -1, int(linked.size()), hosts.join(QStringLiteral(", "))});
    m_linksConsent = answer.accepted;
    if (answer.remember && m_settings) {
        QStringList list = remembered;
        for (const QString &host : hosts)
            if (!list.contains(host))
                list.append(host);
        m_settings->setValue(rememberedHostsKey(), list);
    }
    options->fetchLinks = m_linksConsent;
    return true;
}

} // namespace studio
