// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "testhttpserver.h"

#include <QHostAddress>
#include <QMutexLocker>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace {
constexpr qint64 kMaxRequestBytes = 64 * 1024;
constexpr qint64 kEndlessLimit = 512ll << 20; // an "endless" body still stops somewhere
constexpr int kStallCloseMs = 20'000;
constexpr qsizetype kEndlessChunk = 256 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 301:
        return "Moved Permanently";
    case 302:
        return "Found";
    case 307:
        return "Temporary Redirect";
    case 404:
        return "Not Found";
    case 500:
        return "Internal Server Error";
    default:
        return "Status";
    }
}
} // namespace

class HttpListener final : public QObject {
    Q_OBJECT

public:
    explicit HttpListener(TestHttpServer *owner) : m_owner(owner) {}

    Q_INVOKABLE quint16 listen()
    {
        m_server = new QTcpServer(this);
        if (!m_server->listen(QHostAddress::LocalHost, 0))
            return 0;
        connect(m_server, &QTcpServer::newConnection, this, &HttpListener::onNewConnection);
        return m_server->serverPort();
    }

    Q_INVOKABLE void shutdown()
    {
        if (m_server)
            m_server->close();
        const QList<QTcpSocket *> sockets = findChildren<QTcpSocket *>();
        for (QTcpSocket *socket : sockets)
            socket->abort();
        qDeleteAll(sockets);
        delete m_server;
        m_server = nullptr;
    }

private:
    void onNewConnection()
    {
        while (QTcpSocket *socket = m_server->nextPendingConnection()) {
            socket->setParent(this);
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                if (socket->property("answered").toBool()) {
                    socket->readAll();
                    return;
                }
                const QByteArray buffer = socket->property("request").toByteArray() + socket->readAll();
                if (buffer.size() > kMaxRequestBytes) {
                    socket->abort();
                    return;
                }
                socket->setProperty("request", buffer);
                const qsizetype end = buffer.indexOf("\r\n\r\n");
                if (end < 0)
                    return;
                socket->setProperty("answered", true);
                answer(socket, buffer.left(end));
            });
        }
    }

    void answer(QTcpSocket *socket, const QByteArray &head)
    {
        const QList<QByteArray> lines = head.split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        const QByteArray path = requestLine.value(1);
        QHash<QByteArray, QByteArray> headers;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
        }
        m_owner->recordRequest(path, headers);
        const std::optional<TestRoute> found = m_owner->route(path);
        TestRoute route = found.value_or(TestRoute{404, {}, "not found\n", TestRoute::Mode::Normal, true});

        QByteArray response =
            "HTTP/1.1 " + QByteArray::number(route.status) + ' ' + reasonPhrase(route.status) + "\r\n";
        for (const auto &[name, value] : route.headers)
            response += name + ": " + value + "\r\n";
        if (route.mode == TestRoute::Mode::Normal && route.sendContentLength)
            response += "Content-Length: " + QByteArray::number(route.body.size()) + "\r\n";
        response += "Connection: close\r\n\r\n";

        switch (route.mode) {
        case TestRoute::Mode::Normal:
            socket->write(response + route.body);
            socket->disconnectFromHost();
            break;
        case TestRoute::Mode::Stall: {
            socket->write(response + route.body);
            QTimer::singleShot(kStallCloseMs, socket, [socket] { socket->abort(); });
            break;
        }
        case TestRoute::Mode::Endless: {
            socket->write(response);
            auto pump = [socket] {
                const QByteArray chunk(kEndlessChunk, 'e');
                qint64 sent = socket->property("sent").toLongLong();
                while (socket->state() == QAbstractSocket::ConnectedState &&
                       socket->bytesToWrite() < 4 * kEndlessChunk && sent < kEndlessLimit) {
                    socket->write(chunk);
                    sent += chunk.size();
                }
                socket->setProperty("sent", sent);
                if (sent >= kEndlessLimit)
                    socket->disconnectFromHost();
            };
            connect(socket, &QTcpSocket::bytesWritten, socket, pump);
            pump();
            break;
        }
        }
    }

    TestHttpServer *m_owner;
    QTcpServer *m_server = nullptr;
};

TestHttpServer::TestHttpServer()
{
    m_thread.setObjectName(QStringLiteral("TestHttpServer"));
}

TestHttpServer::~TestHttpServer()
{
    if (m_listener) {
        QMetaObject::invokeMethod(m_listener, &HttpListener::shutdown, Qt::BlockingQueuedConnection);
    }
    m_thread.quit();
    m_thread.wait();
    delete m_listener; // its thread has finished
}

bool TestHttpServer::start()
{
    m_listener = new HttpListener(this);
    m_listener->moveToThread(&m_thread);
    m_thread.start();
    QMetaObject::invokeMethod(m_listener, &HttpListener::listen, Qt::BlockingQueuedConnection, &m_port);
    return m_port != 0;
}

QString TestHttpServer::url(const QByteArray &path) const
{
    return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(QString::fromLatin1(path));
}

void TestHttpServer::setRoute(const QByteArray &path, const TestRoute &route)
{
    QMutexLocker lock(&m_mutex);
    m_routes.insert(path, route);
}

std::optional<TestRoute> TestHttpServer::route(const QByteArray &path) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_routes.constFind(path);
    if (it == m_routes.cend())
        return std::nullopt;
    return *it;
}

void TestHttpServer::recordRequest(const QByteArray &path, const QHash<QByteArray, QByteArray> &headers)
{
    QMutexLocker lock(&m_mutex);
    ++m_hits[path];
    m_lastHeaders.insert(path, headers);
}

int TestHttpServer::hits(const QByteArray &path) const
{
    QMutexLocker lock(&m_mutex);
    return m_hits.value(path);
}

QByteArray TestHttpServer::lastHeader(const QByteArray &path, const QByteArray &name) const
{
    QMutexLocker lock(&m_mutex);
    return m_lastHeaders.value(path).value(name.toLower());
}

#include "testhttpserver.moc"
