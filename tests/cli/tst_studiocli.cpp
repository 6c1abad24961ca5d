// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton-studio --help` and `--version` on a machine without a display (a
// server, a CI job, ssh without X forwarding): answered, not an abort.
#include "clirunner.h"
#include "testpaths.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestStudioCli : public QObject {
    Q_OBJECT
private slots:
    void withoutDisplay_data();
    void withoutDisplay();
};

namespace {
// This environment without anything that names a display or a platform plugin.
QProcessEnvironment noDisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : {u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s, u"XDG_SESSION_TYPE"_s})
        env.remove(name);
    return env;
}
} // namespace

void TestStudioCli::withoutDisplay_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected"); // a line of stdout
    const QString version = u"carton-studio "_s + QStringLiteral(CARTON_STUDIO_VERSION);
    QTest::newRow("--version") << QStringList{u"--version"_s} << version;
    QTest::newRow("-v") << QStringList{u"-v"_s} << version;
    QTest::newRow("--help") << QStringList{u"--help"_s} << u"Usage: "_s;
    QTest::newRow("-h with a file") << QStringList{u"-h"_s, u"model.carton"_s} << u"Usage: "_s;
}

void TestStudioCli::withoutDisplay()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const RunResult r = runProgram(testutil::binaryPath(u"/bin/carton-studio"), args, noDisplay(), 60'000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.startsWith(expected), qPrintable(out));
    if (expected.startsWith(u"Usage"_s)) {
        QVERIFY2(out.contains(u"--new-instance"_s), qPrintable(out)); // the options are listed
        QVERIFY2(out.contains(u"--version"_s), qPrintable(out));
    } else {
        QCOMPARE(out, expected + u'\n');
    }
    QVERIFY2(r.err.isEmpty(), r.err.constData());
}

QTEST_GUILESS_MAIN(TestStudioCli)
#include "tst_studiocli.moc"
