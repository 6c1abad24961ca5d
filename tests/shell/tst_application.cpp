// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "application.h"

#include <QFileOpenEvent>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

class TestApplication : public QObject {
    Q_OBJECT
private slots:
    void metadata();
    void fileOpenEvent_data();
    void fileOpenEvent();
};

void TestApplication::metadata()
{
    QCOMPARE(QCoreApplication::applicationName(), u"carton-studio"_s);
    QVERIFY(!QCoreApplication::applicationVersion().isEmpty());
    QCOMPARE(QGuiApplication::desktopFileName(), u"carton-studio"_s);
}

void TestApplication::fileOpenEvent_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("plain") << u"/tmp/model.carton"_s;
    QTest::newRow("unicode") << u"/tmp/模型 1.carton"_s;
}

void TestApplication::fileOpenEvent()
{
    QFETCH(QString, file);
    auto *app = qobject_cast<studio::Application *>(qApp);
    QVERIFY(app);
    QSignalSpy spy(app, &studio::Application::fileOpenRequested);
    QFileOpenEvent event(file);
    QCoreApplication::sendEvent(app, &event);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), file);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_application.moc"
