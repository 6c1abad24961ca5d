// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shell/singleinstance.h"

#include <QDataStream>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using studio::SingleInstance;

class TestSingleInstance : public QObject {
    Q_OBJECT
private slots:
    void handOver_data();
    void handOver();
    void noServer();
    void secondListenerRefused();
    void garbageIgnored();
    void defaultNameIsPerUser();
    void sessionKeyFollowsTheDisplay();

private:
    static QString uniqueName() { return u"carton-studio-test-"_s + QUuid::createUuid().toString(QUuid::Id128); }
};

void TestSingleInstance::handOver_data()
{
    QTest::addColumn<QStringList>("paths");
    QTest::newRow("none: just raise") << QStringList{};
    QTest::newRow("one") << QStringList{u"/tmp/model.carton"_s};
    QTest::newRow("several, unicode and spaces")
        << QStringList{u"/tmp/a b.carton"_s, u"/home/ü/модель.carton"_s, u"/tmp/folder"_s};
}

void TestSingleInstance::handOver()
{
    QFETCH(QStringList, paths);
    const QString name = uniqueName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    QVERIFY(first.isListening());
    QSignalSpy received(&first, &SingleInstance::filesReceived);

    SingleInstance second(name);
    QVERIFY(second.sendToRunning(paths));
    QTRY_COMPARE(received.count(), 1);
    QCOMPARE(received.at(0).at(0).toStringList(), paths);
    QCOMPARE(received.at(0).at(1).toString(), QString());

    // And again, with --tab: the server keeps serving.
    SingleInstance third(name);
    QVERIFY(third.sendToRunning(QStringList{u"/x.carton"_s}, u"selftests"_s));
    QTRY_COMPARE(received.count(), 2);
    QCOMPARE(received.at(1).at(0).toStringList(), QStringList{u"/x.carton"_s});
    QCOMPARE(received.at(1).at(1).toString(), u"selftests"_s);

    // A launch of the version before (paths only) is still understood.
    QLocalSocket old;
    old.connectToServer(name);
    QVERIFY(old.waitForConnected(1000));
    QByteArray message;
    {
        QDataStream out(&message, QIODevice::WriteOnly);
        out.setVersion(QDataStream::Qt_6_4);
        out << quint32(0x43617274) << quint32(1) << QStringList{u"/old.carton"_s};
    }
    old.write(message);
    QVERIFY(old.waitForBytesWritten(1000));
    QTRY_COMPARE(received.count(), 3);
    QCOMPARE(received.at(2).at(0).toStringList(), QStringList{u"/old.carton"_s});
}

void TestSingleInstance::noServer()
{
    SingleInstance lonely(uniqueName());
    QVERIFY(!lonely.sendToRunning({u"/tmp/a.carton"_s}, {}, 300));
    QVERIFY(!lonely.isListening());
}

void TestSingleInstance::secondListenerRefused()
{
    const QString name = uniqueName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    SingleInstance second(name);
    QVERIFY(!second.listen()); // someone answers: do not steal the socket
    QSignalSpy received(&first, &SingleInstance::filesReceived);
    QVERIFY(second.sendToRunning({u"/a.carton"_s}));
    QTRY_COMPARE(received.count(), 1);
}

void TestSingleInstance::garbageIgnored()
{
    const QString name = uniqueName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    QSignalSpy received(&first, &SingleInstance::filesReceived);
    {
        QLocalSocket socket;
        QSignalSpy closed(&socket, &QLocalSocket::disconnected);
        socket.connectToServer(name);
        QVERIFY(socket.waitForConnected(1000));
        socket.write(QByteArray(64, 'z'));
        QVERIFY(socket.waitForBytesWritten(1000));
        // The server closes the connection once it has read and refused the bytes
        // (a stuck client is dropped only after 10 s).
        QVERIFY(closed.wait(5000));
    }
    QCOMPARE(received.count(), 0);
    // A good client still gets through afterwards.
    SingleInstance second(name);
    QVERIFY(second.sendToRunning({u"/ok.carton"_s}));
    QTRY_COMPARE(received.count(), 1);
}

void TestSingleInstance::defaultNameIsPerUser()
{
    const QString name = SingleInstance::defaultServerName();
    QVERIFY(name.startsWith(u"carton-studio-"_s));
    QCOMPARE(name, SingleInstance::defaultServerName()); // stable
    QVERIFY(!name.contains(u'/'));
    // Per user, home and display or session.
    const QString base = SingleInstance::serverName(u"ann"_s, u"/home/ann"_s, u"x11::0"_s);
    QVERIFY(base != SingleInstance::serverName(u"bob"_s, u"/home/ann"_s, u"x11::0"_s));
    QVERIFY(base != SingleInstance::serverName(u"ann"_s, u"/home/ann"_s, u"x11::1"_s));
    QVERIFY(base != SingleInstance::serverName(u"ann"_s, u"/home/ann"_s, u"wayland:/run/user/1000/wayland-0"_s));
}

// Which display a launch is on, from its environment: another X display or
// Wayland session gets its own instance; the screen number is not a display.
void TestSingleInstance::sessionKeyFollowsTheDisplay()
{
    const QByteArray wayland = qgetenv("WAYLAND_DISPLAY"), display = qgetenv("DISPLAY"),
                     runtime = qgetenv("XDG_RUNTIME_DIR"), session = qgetenv("XDG_SESSION_ID");
    qunsetenv("WAYLAND_DISPLAY");
    qputenv("DISPLAY", ":0");
    const QString zero = SingleInstance::sessionKey();
    QCOMPARE(zero, u"x11::0"_s);
    qputenv("DISPLAY", ":0.1");
    QCOMPARE(SingleInstance::sessionKey(), zero);
    qputenv("DISPLAY", ":1");
    QCOMPARE(SingleInstance::sessionKey(), u"x11::1"_s);
    qputenv("DISPLAY", "remote.example:10.0");
    QCOMPARE(SingleInstance::sessionKey(), u"x11:remote.example:10"_s);
    qputenv("WAYLAND_DISPLAY", "wayland-1");
    qputenv("XDG_RUNTIME_DIR", "/run/user/1000");
    QCOMPARE(SingleInstance::sessionKey(), u"wayland:/run/user/1000/wayland-1"_s);
    qunsetenv("WAYLAND_DISPLAY");
    qunsetenv("DISPLAY");
    qputenv("XDG_SESSION_ID", "c2");
    QCOMPARE(SingleInstance::sessionKey(), u"session:c2"_s);
    const auto restore = [](const char *name, const QByteArray &value) {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    };
    restore("WAYLAND_DISPLAY", wayland);
    restore("DISPLAY", display);
    restore("XDG_RUNTIME_DIR", runtime);
    restore("XDG_SESSION_ID", session);
}

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
