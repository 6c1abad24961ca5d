// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// A small HTTP/1.1 server for the fetcher and remote-source tests: listens on
// 127.0.0.1 (a free port), runs in its own thread, answers one request per
// connection ("Connection: close", after the request's body if it has one), stops with the object. Routes may serve
// byte ranges (206 + Content-Range), refuse them (200 with the whole body), or
// misbehave on purpose (Fault). It counts requests and body bytes sent per path.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QPair>
#include <QThread>

class HttpListener;

struct TestRoute {
    enum class Mode {
        Normal,  // status line, headers, body, close
        Endless, // 200 without Content-Length, then body bytes until the client leaves (bounded)
        Stall,   // headers and `body`, then silence until the client leaves (bounded)
    };
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    Mode mode = Mode::Normal;
    bool sendContentLength = true;
    // Answers "Range: bytes=A-B", "bytes=A-" and "bytes=-N" with 206 and the slice
    // (416 when it is outside the body); false ignores Range (200, whole body).
    bool ranges = false;
    enum class Fault {
        None,
        Truncate,   // announces the slice, sends half of it, closes
        Oversize,   // no Content-Length; sends 1000 bytes more than the Content-Range says
        WrongRange, // Content-Range names the slice one byte later than asked
    };
    Fault fault = Fault::None;
    int delayMs = 0; // waits this long before answering (a slow server)
    // Normal mode only: the body goes out in 16 KiB pieces as the client takes them
    // (a small send buffer), and bytesSent() counts only what was written before
    // the client left: what a client that stops early really cost.
    bool paced = false;
};

class TestHttpServer final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestHttpServer)

public:
    TestHttpServer();
    ~TestHttpServer() override;

    bool start();
    quint16 port() const { return m_port; }
    QString url(const QByteArray &path) const;

    void setRoute(const QByteArray &path, const TestRoute &route);
    // Called from the server thread.
    std::optional<TestRoute> route(const QByteArray &path) const;
    void recordRequest(const QByteArray &path, const QHash<QByteArray, QByteArray> &headers, const QByteArray &body);
    int hits(const QByteArray &path) const;
    // Body bytes sent for `path` (all requests together).
    qint64 bytesSent(const QByteArray &path) const;
    void addBytesSent(const QByteArray &path, qint64 bytes);
    void resetCounts();
    QByteArray lastHeader(const QByteArray &path, const QByteArray &name) const;
    // The body of the last request to `path` (as its Content-Length announced; 64 KiB at most).
    QByteArray lastBody(const QByteArray &path) const;

private:
    QThread m_thread;
    HttpListener *m_listener = nullptr;
    quint16 m_port = 0;
    mutable QMutex m_mutex;
    QHash<QByteArray, TestRoute> m_routes;
    QHash<QByteArray, int> m_hits;
    QHash<QByteArray, qint64> m_bytesSent;
    QHash<QByteArray, QHash<QByteArray, QByteArray>> m_lastHeaders;
    QHash<QByteArray, QByteArray> m_lastBodies;
};

// A file served like a static file server does: ranges on (Accept-Ranges: bytes)
// or off (Accept-Ranges: none, every request gets the whole body).
inline TestRoute staticFileRoute(const QByteArray &body, bool ranges = true)
{
    TestRoute r;
    r.body = body;
    r.ranges = ranges;
    r.headers.append(QPair<QByteArray, QByteArray>("Accept-Ranges", ranges ? "bytes" : "none"));
    return r;
}
