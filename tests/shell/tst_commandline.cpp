// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shell/commandline.h"

#include <QTest>

using namespace Qt::StringLiterals;
using studio::CommandLine;

class TestCommandLine : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
};

void TestCommandLine::parse_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("screenshot");
    QTest::addColumn<bool>("newInstance");
    QTest::addColumn<bool>("error");

    QTest::newRow("nothing") << QStringList{} << QStringList{} << QString() << QString() << false << false;
    QTest::newRow("relative and absolute")
        << QStringList{u"a.carton"_s, u"/data/b.carton"_s, u"sub/../c"_s}
        << QStringList{u"/work/dir/a.carton"_s, u"/data/b.carton"_s, u"/work/dir/c"_s} << QString() << QString()
        << false << false;
    QTest::newRow("file url") << QStringList{u"file:///data/with%20space.carton"_s}
                              << QStringList{u"/data/with space.carton"_s} << QString() << QString() << false << false;
    QTest::newRow("tab") << QStringList{u"--tab"_s, u"files"_s, u"x.carton"_s} << QStringList{u"/work/dir/x.carton"_s}
                         << u"files"_s << QString() << false << false;
    QTest::newRow("short tab") << QStringList{u"-t"_s, u"3"_s} << QStringList{} << u"3"_s << QString() << false
                               << false;
    QTest::newRow("screenshot implies new instance") << QStringList{u"--screenshot"_s, u"shot.png"_s} << QStringList{}
                                                     << QString() << u"/work/dir/shot.png"_s << true << false;
    QTest::newRow("quit after card implies new instance")
        << QStringList{u"--quit-after-card"_s, u"big.carton"_s} << QStringList{u"/work/dir/big.carton"_s} << QString()
        << QString() << true << false;
    QTest::newRow("new instance") << QStringList{u"-n"_s} << QStringList{} << QString() << QString() << true << false;
    QTest::newRow("unknown option") << QStringList{u"--frobnicate"_s} << QStringList{} << QString() << QString()
                                    << false << true;
    QTest::newRow("tab without value") << QStringList{u"--tab"_s} << QStringList{} << QString() << QString() << false
                                       << true;
    QTest::newRow("bad delay") << QStringList{u"--screenshot-delay"_s, u"soon"_s} << QStringList{} << QString()
                               << QString() << false << true;
}

void TestCommandLine::parse()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, paths);
    QFETCH(QString, tab);
    QFETCH(QString, screenshot);
    QFETCH(bool, newInstance);
    QFETCH(bool, error);

    const CommandLine cl = CommandLine::parse(QStringList{u"carton-studio"_s} + args, u"/work/dir"_s);
    QCOMPARE(!cl.error.isEmpty(), error);
    if (error)
        return;
    QCOMPARE(cl.paths, paths);
    QCOMPARE(cl.tab, tab);
    QCOMPARE(cl.screenshot, screenshot);
    QCOMPARE(cl.newInstance, newInstance);
    QVERIFY(!cl.helpRequested);
    QVERIFY(cl.helpText.contains(u"--screenshot"_s));
}

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
