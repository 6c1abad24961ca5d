// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QStringList>

class QLocalServer;
class QLocalSocket;

namespace studio {

// One running Carton Studio per user and display or session: the first launch
// listens on a local socket; later launches on the same display hand their
// (absolute) paths and --tab to it and exit. A launch on another X display or
// Wayland session opens its own window.
//
// Wire format: a QDataStream (Qt 6.4) of quint32 magic, quint32 version,
// QStringList paths, and from version 2 QString tab. A message is at most 1 MiB.
class SingleInstance final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SingleInstance)
public:
    // `serverName` defaults to a name per user and session.
    explicit SingleInstance(const QString &serverName = defaultServerName(), QObject *parent = nullptr);
    ~SingleInstance() override;

    static QString defaultServerName();
    // The name for `user` with `home` on `session` (see sessionKey()).
    static QString serverName(const QString &user, const QString &home, const QString &session);
    // Which display or session this process shows on: "wayland:<runtime dir>/<display>",
    // "x11:<host>:<display>" (the screen number dropped), else the login session, else empty.
    static QString sessionKey();
    QString serverName() const { return m_serverName; }

    // Hands `paths` (may be empty: "just raise the window") to a running
    // instance. True when one was listening and the message was written.
    // `tab` (may be empty) is the --tab the later launch was given.
    bool sendToRunning(const QStringList &paths, const QString &tab = {}, int timeoutMs = 2000);

    // Becomes the running instance (removing a stale socket left by a crash).
    bool listen();
    bool isListening() const;

signals:
    // A later launch asked to open `paths` (possibly none) and raise the window.
    void filesReceived(const QStringList &paths, const QString &tab);

private:
    void onNewConnection();
    void readMessage(QLocalSocket *socket);

    QString m_serverName;
    QLocalServer *m_server = nullptr;
};

} // namespace studio
