// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "singleinstance.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTimer>

namespace studio {

namespace {
constexpr quint32 magic = 0x43617274;  // "Cart"
constexpr quint32 protocolVersion = 2; // 1: paths only
constexpr qint64 maxMessageBytes = 1 << 20;
constexpr int maxPaths = 1000;
} // namespace

SingleInstance::SingleInstance(const QString &serverName, QObject *parent) : QObject(parent), m_serverName(serverName)
{
}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultServerName()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("USERNAME");
    return serverName(user, QDir::homePath(), sessionKey());
}

QString SingleInstance::serverName(const QString &user, const QString &home, const QString &session)
{
    // Unix socket names live in a shared temporary folder: make them per user,
    // and per display, so that each display has its own window.
    QByteArray key = user.toUtf8() + '\0' + home.toUtf8();
    if (!session.isEmpty())
        key += '\0' + session.toUtf8();
    const QByteArray hash = QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex();
    return QStringLiteral("carton-studio-") + QString::fromLatin1(hash.left(16));
}

QString SingleInstance::sessionKey()
{
    const QString wayland = qEnvironmentVariable("WAYLAND_DISPLAY");
    if (!wayland.isEmpty())
        return QStringLiteral("wayland:") + qEnvironmentVariable("XDG_RUNTIME_DIR") + u'/' + wayland;
    QString x11 = qEnvironmentVariable("DISPLAY");
    if (!x11.isEmpty()) {
        // ":0" and ":0.0" are one display (the screen number after the dot).
        const qsizetype colon = x11.lastIndexOf(u':');
        const qsizetype dot = x11.indexOf(u'.', colon < 0 ? 0 : colon);
        if (colon >= 0 && dot > colon)
            x11.truncate(dot);
        return QStringLiteral("x11:") + x11;
    }
    const QString session = qEnvironmentVariable("XDG_SESSION_ID");
    return session.isEmpty() ? QString() : QStringLiteral("session:") + session;
}

bool SingleInstance::sendToRunning(const QStringList &paths, const QString &tab, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(m_serverName);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    QByteArray message;
    {
        QDataStream out(&message, QIODevice::WriteOnly);
        out.setVersion(QDataStream::Qt_6_4);
        out << magic << protocolVersion << paths << tab;
    }
    socket.write(message);
    while (socket.bytesToWrite() > 0) {
        if (!socket.waitForBytesWritten(timeoutMs))
            return false;
    }
    socket.disconnectFromServer();
    if (socket.state() != QLocalSocket::UnconnectedState)
        socket.waitForDisconnected(timeoutMs);
    return true;
}

bool SingleInstance::listen()
{
    if (m_server && m_server->isListening())
        return true;
    // Qt replaces an existing socket file when it listens with socket options:
    // first make sure nobody is answering on it.
    {
        QLocalSocket probe;
        probe.connectToServer(m_serverName);
        if (probe.waitForConnected(500))
            return false;
    }
    // Whatever is left is a stale socket from a crashed instance.
    QLocalServer::removeServer(m_serverName);
    delete m_server;
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
    return m_server->listen(m_serverName);
}

bool SingleInstance::isListening() const
{
    return m_server && m_server->isListening();
}

void SingleInstance::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { readMessage(socket); });
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        // Do not keep silent or stuck clients around forever.
        QTimer::singleShot(10000, socket, [socket] { socket->abort(); });
        if (socket->bytesAvailable() > 0)
            readMessage(socket);
    }
}

void SingleInstance::readMessage(QLocalSocket *socket)
{
    if (socket->bytesAvailable() > maxMessageBytes) {
        socket->abort();
        return;
    }
    QDataStream in(socket);
    in.setVersion(QDataStream::Qt_6_4);
    in.startTransaction();
    quint32 gotMagic = 0;
    quint32 gotVersion = 0;
    in >> gotMagic >> gotVersion;
    if (in.status() == QDataStream::Ok && (gotMagic != magic || gotVersion < 1 || gotVersion > protocolVersion)) {
        in.abortTransaction();
        socket->abort();
        return;
    }
    QStringList paths;
    in >> paths;
    QString tab;
    if (gotVersion >= 2)
        in >> tab;
    if (!in.commitTransaction())
        return; // wait for more bytes
    socket->disconnectFromServer();
    if (paths.size() > maxPaths)
        paths.resize(maxPaths);
    emit filesReceived(paths, tab);
}

} // namespace studio
