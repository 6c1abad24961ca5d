// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton-studio --help` and `--version` on a machine without a display (a
// server, a CI job, ssh without X forwarding): answered, not an abort. And
// `--quit-after-card` (the startup benchmark) exits once a bare model file is shown.
#include "clirunner.h"
#include "ggufwriter.h"
#include "testpaths.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestStudioCli : public QObject {
    Q_OBJECT
private slots:
    void withoutDisplay_data();
    void withoutDisplay();
    void quitAfterCardOfABareModelFile();
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

void TestStudioCli::quitAfterCardOfABareModelFile()
{
    using W = testutil::GgufWriter;
    W w;
    w.kv("general.architecture", W::String, W::str("llama"));
    QByteArray values;
    for (float v : {1.5f, -2.0f, 0.25f, 8.0f, -0.5f, 3.0f})
        values.append(reinterpret_cast<const char *>(&v), 4);
    w.tensor({"blk.0.attn_q.weight", {3, 2}, 0 /* F32 */, values, std::nullopt});
    QTemporaryDir dir;
    const QString path = dir.filePath(u"tiny.gguf"_s);
    QVERIFY(testutil::writeFile(path, w.build()));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s)); // no settings of the user's
    const RunResult r =
        runProgram(testutil::binaryPath(u"/bin/carton-studio"), {u"--quit-after-card"_s, path}, env, 60'000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("card shown after ") && r.out.trimmed().endsWith(path.toUtf8()), r.out.constData());
}

QTEST_GUILESS_MAIN(TestStudioCli)
#include "tst_studiocli.moc"
