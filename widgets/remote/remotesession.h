// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/verifier.h"
#include "remote/remoteoptions.h"

#include <QObject>
#include <QPointer>
#include <QUrl>
#include <memory>

class QSettings;
class QWidget;

namespace carton {
class Carton;
}

namespace studio {

// What a CartonPage needs to show a carton that is not (all) on this disk: the
// options of an open by URL (a server without range support is asked about on the
// GUI thread, its download reports progress and can be cancelled), and the
// questions before a verification downloads anything (the whole remote carton;
// the files of LINKS: once per carton, or never again for a host the user chose
// to remember, stored in QSettings only then).
class RemoteSession final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RemoteSession)
public:
    RemoteSession(const QString &path, QSettings *settings, QWidget *page);
    ~RemoteSession() override;

    bool isRemote() const { return m_url.isValid(); }
    QUrl url() const { return m_url; }

    // For Carton::open on a worker thread (a fresh download progress each time).
    carton::RemoteOptions openOptions();
    // Stops a whole-file download of the open in progress.
    void cancelDownload();

    // Before a verification: asks what has to be asked (interactive) and fills
    // `options`. False: the user refused to download the remote carton.
    // Not interactive (verification on open): linked files are fetched only from
    // remembered hosts, and a remote carton is not verified.
    bool prepareVerify(const carton::Carton &carton, carton::VerifyOptions *options, bool interactive);

    // Linked files of the carton (paths) and the hosts they come from.
    static QStringList linkedFiles(const carton::Carton &carton);
    static QStringList linkedHosts(const carton::Carton &carton);
    // The QSettings key of the remembered hosts.
    static QString rememberedHostsKey();

signals:
    // A whole-file download of the open advanced (total -1: unknown).
    void downloadProgress(qint64 done, qint64 total);

private:
    QUrl m_url;
    QSettings *m_settings;
    QPointer<QWidget> m_page;
    std::shared_ptr<carton::Progress> m_download;
    bool m_linksConsent = false; // asked and accepted for this carton
    bool m_linksAsked = false;
};

} // namespace studio
