// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QStringList>

class QLocalServer;
class QLocalSocket;

namespace studio {

// One running Carton Studio per user: the first launch listens on a local
// socket; later launches hand their (absolute) paths to it and exit.
//
// Wire format: a QDataStream (Qt 6.4) of quint32 magic, quint32 version,
// QStringList paths. A message is at most 1 MiB.
class SingleInstance final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SingleInstance)
public:
    // `serverName` defaults to a per-user name.
    explicit SingleInstance(const QString &serverName = defaultServerName(), QObject *parent = nullptr);
    ~SingleInstance() override;

    static QString defaultServerName();
    QString serverName() const { return m_serverName; }

    // Hands `paths` (may be empty: "just raise the window") to a running
    // instance. True when one was listening and the message was written.
    bool sendToRunning(const QStringList &paths, int timeoutMs = 2000);

    // Becomes the running instance (removing a stale socket left by a crash).
    bool listen();
    bool isListening() const;

signals:
    // A later launch asked to open `paths` (possibly none) and raise the window.
    void filesReceived(const QStringList &paths);

private:
    void onNewConnection();
    void readMessage(QLocalSocket *socket);

    QString m_serverName;
    QLocalServer *m_server = nullptr;
};

} // namespace studio
