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
constexpr qint64 kPacedChunk = 16 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 301:
        return "Moved Permanently";
    case 302:
        return "Found";
    case 206:
        return "Partial Content";
    case 307:
        return "Temporary Redirect";
    case 416:
        return "Range Not Satisfiable";
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
                // A body announced by Content-Length is read before the answer.
                const QByteArray head = buffer.left(end);
                const qsizetype at = head.toLower().indexOf("\ncontent-length:");
                const qint64 length =
                    at < 0 ? 0 : head.mid(at + 16, head.indexOf('\n', at + 1) - at - 16).trimmed().toLongLong();
                if (buffer.size() - end - 4 < length)
                    return;
                socket->setProperty("answered", true);
                answer(socket, head, buffer.mid(end + 4, length));
            });
        }
    }

    void answer(QTcpSocket *socket, const QByteArray &head, const QByteArray &body)
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
        m_owner->recordRequest(path, headers, body);
        const std::optional<TestRoute> found = m_owner->route(path);
        TestRoute route = found.value_or(TestRoute{404, {}, "not found\n", TestRoute::Mode::Normal, true});
        if (route.delayMs > 0) {
            QPointer<QTcpSocket> guard(socket);
            QTimer::singleShot(route.delayMs, this, [this, guard, route, headers, path]() mutable {
                if (guard)
                    respond(guard, path, applyRange(route, headers.value("range")));
            });
            return;
        }
        respond(socket, path, applyRange(route, headers.value("range")));
    }

    // The slice a Range header asks for, as the route says to answer it.
    static TestRoute applyRange(TestRoute route, const QByteArray &range)
    {
        if (!route.ranges || range.isEmpty() || route.status != 200 || route.mode != TestRoute::Mode::Normal)
            return route;
        const qint64 total = route.body.size();
        qint64 first = -1;
        qint64 last = total - 1;
        const QByteArray spec = range.startsWith("bytes=") ? range.mid(6) : QByteArray();
        const qsizetype dash = spec.indexOf('-');
        bool ok = dash >= 0;
        if (ok && dash == 0) {
            first = std::max<qint64>(0, total - spec.mid(1).toLongLong(&ok));
        } else if (ok) {
            first = spec.left(dash).toLongLong(&ok);
            if (ok && dash + 1 < spec.size())
                last = std::min(total - 1, spec.mid(dash + 1).toLongLong(&ok));
        }
        if (!ok || first < 0 || first > last || first >= total) {
            route.status = 416;
            route.headers.append({"Content-Range", "bytes */" + QByteArray::number(total)});
            route.body.clear();
            return route;
        }
        route.status = 206;
        const qint64 shift = route.fault == TestRoute::Fault::WrongRange ? 1 : 0;
        route.headers.append({"Content-Range", "bytes " + QByteArray::number(first + shift) + '-' +
                                                   QByteArray::number(last + shift) + '/' + QByteArray::number(total)});
        route.body = route.body.mid(first, last - first + 1);
        return route;
    }

    void respond(QTcpSocket *socket, const QByteArray &path, TestRoute route)
    {
        qint64 bodyToSend = route.body.size();
        if (route.fault == TestRoute::Fault::Truncate)
            bodyToSend = route.body.size() / 2;
        if (route.fault == TestRoute::Fault::Oversize) {
            route.sendContentLength = false;
            route.body += QByteArray(1000, 'x');
            bodyToSend = route.body.size();
        }

        QByteArray response =
            "HTTP/1.1 " + QByteArray::number(route.status) + ' ' + reasonPhrase(route.status) + "\r\n";
        for (const auto &[name, value] : route.headers)
            response += name + ": " + value + "\r\n";
        if (route.mode == TestRoute::Mode::Normal && route.sendContentLength)
            response += "Content-Length: " + QByteArray::number(route.body.size()) + "\r\n";
        response += "Connection: close\r\n\r\n";

        switch (route.mode) {
        case TestRoute::Mode::Normal:
            if (route.paced) {
                socket->setSocketOption(QAbstractSocket::SendBufferSizeSocketOption, int(kPacedChunk));
                socket->write(response);
                const QByteArray body = route.body.left(bodyToSend);
                auto pump = [this, socket, body, path] {
                    qint64 sent = socket->property("sent").toLongLong();
                    while (socket->state() == QAbstractSocket::ConnectedState && socket->bytesToWrite() < kPacedChunk &&
                           sent < body.size()) {
                        const qint64 n = std::min<qint64>(kPacedChunk, body.size() - sent);
                        socket->write(body.constData() + sent, n);
                        m_owner->addBytesSent(path, n);
                        sent += n;
                    }
                    socket->setProperty("sent", sent);
                    if (sent >= body.size())
                        socket->disconnectFromHost();
                };
                connect(socket, &QTcpSocket::bytesWritten, socket, pump);
                pump();
                break;
            }
            socket->write(response + route.body.left(bodyToSend));
            m_owner->addBytesSent(path, bodyToSend);
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

void TestHttpServer::recordRequest(const QByteArray &path, const QHash<QByteArray, QByteArray> &headers,
                                   const QByteArray &body)
{
    QMutexLocker lock(&m_mutex);
    ++m_hits[path];
    m_lastHeaders.insert(path, headers);
    m_lastBodies.insert(path, body);
}

QByteArray TestHttpServer::lastBody(const QByteArray &path) const
{
    QMutexLocker lock(&m_mutex);
    return m_lastBodies.value(path);
}

qint64 TestHttpServer::bytesSent(const QByteArray &path) const
{
    QMutexLocker lock(&m_mutex);
    return m_bytesSent.value(path);
}

void TestHttpServer::addBytesSent(const QByteArray &path, qint64 bytes)
{
    QMutexLocker lock(&m_mutex);
    m_bytesSent[path] += bytes;
}

void TestHttpServer::resetCounts()
{
    QMutexLocker lock(&m_mutex);
    m_hits.clear();
    m_bytesSent.clear();
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
