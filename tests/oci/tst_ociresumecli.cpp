// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton push` interrupted with Ctrl-C (SIGINT) in the middle of a 128 MiB blob,
// against Debian's docker-registry: it stops between chunks and the next push
// resumes the registry's upload session instead of sending the blob again.
#include "../cli/clirunner.h"
#include "oci/ociregistry.h"
#include "oci/ocitransfer.h"
#include "package/carton.h"
#include "testpaths.h"
#include "testregistry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>

using namespace carton;

class TestOciResumeCli : public QObject {
    Q_OBJECT

private slots:
    void ctrlCThenPushAgain();
};

void TestOciResumeCli::ctrlCThenPushAgain()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    QTemporaryDir dir;
    constexpr qint64 kSize = 128 << 20; // four of the tool's 32 MiB chunks
    constexpr qint64 kChunk = 32 << 20;
    QByteArray weights(kSize, Qt::Uninitialized);
    QRandomGenerator(128).fillRange(reinterpret_cast<quint32 *>(weights.data()), kSize / 4);
    QString error;
    const QString path =
        packTestCarton(dir.filePath(QStringLiteral("big")), {{QStringLiteral("model/w.bin"), weights}}, &error);
    QVERIFY2(!path.isEmpty(), qPrintable(error));
    weights.clear();
    const QString ref = registry.address() + QStringLiteral("/cli/resume:v1");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), dir.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("DOCKER_CONFIG"), dir.filePath(QStringLiteral("docker")));
    const QString sessions = dir.filePath(QStringLiteral("cache/carton-studio/oci-uploads"));

    QProcess push;
    push.setProcessEnvironment(env);
    push.start(testutil::binaryPath(u"/bin/carton"), {QStringLiteral("push"), path, ref});
    QVERIFY(push.waitForStarted(10000));
    // The weights' session is saved when it opens and again after each chunk: Ctrl-C
    // once the first chunk is in, so the push stops in the middle of the blob.
    QHash<QString, QByteArray> opened; // each session file as first seen
    QElapsedTimer timer;
    timer.start();
    bool afterFirstChunk = false;
    while (!afterFirstChunk && timer.elapsed() < 60000 && push.state() == QProcess::Running) {
        for (const QString &name : QDir(sessions).entryList({QStringLiteral("*.json")}, QDir::Files)) {
            QFile f(sessions + u'/' + name);
            const QByteArray now = f.open(QIODevice::ReadOnly) ? f.read(16 << 10) : QByteArray();
            if (now.isEmpty())
                continue;
            if (!opened.contains(name))
                opened.insert(name, now);
            else if (now != opened.value(name))
                afterFirstChunk = true; // the small blobs' sessions never change: only the weights' does
        }
        QThread::msleep(2);
    }
    QVERIFY2(afterFirstChunk, "the push never saved its session after a chunk");
    ::kill(pid_t(push.processId()), SIGINT);
    QVERIFY(push.waitForFinished(60000));
    const QByteArray err = push.readAllStandardError();
    QVERIFY(push.exitCode() != 0);
    QVERIFY2(err.contains("upload cancelled after"), err.constData());
    QCOMPARE(QDir(sessions).entryList({QStringLiteral("*.json")}, QDir::Files).size(), 1);

    const RunResult again = runProgram(testutil::binaryPath(u"/bin/carton"),
                                       {QStringLiteral("push"), path, ref, QStringLiteral("--json")}, env);
    QVERIFY2(again.exitCode == 0, again.err.constData());
    const qint64 resumed = qint64(again.json().value(u"bytesResumed").toDouble());
    const qint64 uploaded = qint64(again.json().value(u"bytesUploaded").toDouble());
    // At least the first chunk was not sent again, and only whole chunks were kept.
    QVERIFY2(resumed >= kChunk && resumed < kSize && resumed % kChunk == 0, qPrintable(QString::number(resumed)));
    QVERIFY2(uploaded >= kSize - resumed && uploaded < kSize - resumed + (64 << 10),
             qPrintable(QStringLiteral("%1 sent, %2 resumed").arg(uploaded).arg(resumed)));
    QVERIFY(QDir(sessions).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty());

    // What the registry has is the carton: pulled, it has the same model hash.
    auto local = Carton::open(path);
    QVERIFY(local);
    auto parsed = OciReference::parse(ref);
    QVERIFY(parsed);
    OciOptions options;
    options.useDockerConfig = false;
    OciRegistry puller(*parsed, options);
    auto pulled = pullCarton(puller, dir.filePath(QStringLiteral("pulled/")));
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(pulled->modelHash, (*local)->modelHash());
}

QTEST_GUILESS_MAIN(TestOciResumeCli)
#include "tst_ociresumecli.moc"
