// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "singleinstance.h"

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

    // And again: the server keeps serving.
    SingleInstance third(name);
    QVERIFY(third.sendToRunning(QStringList{u"/x.carton"_s}));
    QTRY_COMPARE(received.count(), 2);
    QCOMPARE(received.at(1).at(0).toStringList(), QStringList{u"/x.carton"_s});
}

void TestSingleInstance::noServer()
{
    SingleInstance lonely(uniqueName());
    QVERIFY(!lonely.sendToRunning({u"/tmp/a.carton"_s}, 300));
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
        socket.connectToServer(name);
        QVERIFY(socket.waitForConnected(1000));
        socket.write(QByteArray(64, 'z'));
        QVERIFY(socket.waitForBytesWritten(1000));
        socket.disconnectFromServer();
    }
    QTest::qWait(200);
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
}

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
