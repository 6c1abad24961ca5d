// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The runner host's sandbox, attacked by real models: python-runner cartons
// written in code try to write to $HOME, /tmp and their own folder, read a secret
// in a temporary $HOME, connect to a loopback listener, leave a process behind,
// kill a sentinel process and fork without bound. Each attempt must leave no
// trace outside and be reported; a benign model still passes. Each attack also
// runs once without the sandbox (RunOptions::sandbox = false) where that is
// harmless, to show the test would see the escape.

#include "runner/hostsession.h"
#include "runner/tcpconnectlimit.h"
#include "runnertestutil.h"
#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kAttacks = R"(import os, socket, subprocess, time
import numpy as np

class Model:
    def __init__(self, action, target=""):
        self.action = action
        self.target = target

    def infer_with_tensors(self, tensors):
        a, t = self.action, self.target
        result = "done"
        if a == "benign":
            return {"y": tensors["x"] * 2}
        if a == "write":
            os.makedirs(os.path.dirname(t), exist_ok=True)
            with open(t, "w") as f:
                f.write("escaped")
        elif a == "write_home":
            with open(os.path.join(os.path.expanduser("~"), "carton-escape.txt"), "w") as f:
                f.write("escaped")
            with open(t, "w") as f:
                f.write("escaped")
        elif a == "read":
            with open(t) as f:
                result = f.read()
        elif a == "connect":
            s = socket.create_connection(("127.0.0.1", int(t)), timeout=5)
            s.sendall(b"escaped")
            s.close()
        elif a == "daemon":
            subprocess.Popen(["/bin/sleep", t], start_new_session=True,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elif a == "kill":
            os.kill(int(t), 9)
        elif a == "forkbomb":
            children = []
            for i in range(3000):
                pid = os.fork()
                if pid == 0:
                    time.sleep(20)
                    os._exit(0)
                children.append(pid)
        return {"y": np.array(result)}

def get_model(action, target=""):
    return Model(action, target)
)";

TensorMap input()
{
    return {{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {2}, runnertest::floats({1.f, 2.f}))}};
}

// The processes whose command line has `token`.
int processesWith(const QByteArray &token)
{
    int n = 0;
    QDirIterator it(u"/proc"_s, QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        QFile cmdline(it.next() + u"/cmdline"_s);
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(token))
            ++n;
    }
    return n;
}

QString uniqueDigits()
{
    return QString::number(QRandomGenerator::global()->bounded(100000000u, 999999999u));
}

} // namespace

class TestSandbox : public QObject {
    Q_OBJECT

private:
    // Runs `action` on `target` once; returns the inference result and keeps the session's report.
    Result<TensorMap> attack(const QString &action, const QString &target, bool sandboxed = true,
                             SandboxInfo *info = nullptr, QString *log = nullptr, int maxProcesses = 256);
    QTemporaryDir m_cartonDir;

private Q_SLOTS:
    void initTestCase();
    void benignModelPassesAndIsReportedSandboxed();
    void writeToHomeIsBlocked();
    void writeToTmpIsBlocked();
    void writeToTheCartonIsBlocked();
    void secretInHomeCannotBeRead();
    void loopbackListenerIsUnreachable();
    void daemonDoesNotSurviveTheRun();
    void sentinelProcessCannotBeKilled();
    void forkBombHitsTheProcessLimit();
    void sharedMemoryTransferStillWorks();
    void tcpConnectsOnlyToTheServersPort();
};

void TestSandbox::initTestCase()
{
    const Result<QString> version = Sandbox::availableVersion();
    QVERIFY2(version.ok(), version.ok() ? "" : qPrintable(version.error().toString()));
}

Result<TensorMap> TestSandbox::attack(const QString &action, const QString &target, bool sandboxed, SandboxInfo *info,
                                      QString *log, int maxProcesses)
{
    RunOptions options = runnertest::runOptions();
    options.sandbox = sandboxed;
    options.maxProcesses = maxProcesses;
    options.inferTimeout = std::chrono::seconds(60);
    return runnertest::runAttack(kAttacks, action, target, options, info, log);
}

void TestSandbox::benignModelPassesAndIsReportedSandboxed()
{
    SandboxInfo info;
    QElapsedTimer timer;
    timer.start();
    Result<TensorMap> out = attack(u"benign"_s, {}, true, &info);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    QCOMPARE(runnertest::toFloats(out->value(u"y"_s).data()), (QList<float>{2.f, 4.f}));
    QVERIFY(info.sandboxed);
    QVERIFY2(info.mechanism.startsWith(u"bubblewrap"_s), qPrintable(info.mechanism));
    QVERIFY2(info.summary().contains(u"no network"_s), qPrintable(info.summary()));
    // Opted out: the report says so.
    out = attack(u"benign"_s, {}, false, &info);
    QVERIFY(out.ok());
    QVERIFY(!info.sandboxed);
    QVERIFY2(info.summary().startsWith(u"NOT sandboxed"_s), qPrintable(info.summary()));
}

void TestSandbox::writeToHomeIsBlocked()
{
    QTemporaryDir home;
    const QByteArray oldHome = qgetenv("HOME");
    qputenv("HOME", QFile::encodeName(home.path()));
    const QString target = home.filePath(u"pwned.txt"_s);
    Result<TensorMap> out = attack(u"write_home"_s, target);
    qputenv("HOME", oldHome);
    // The model's own /tmp does not have the folder: the write fails, nothing lands in the real home.
    QVERIFY(!out.ok());
    QVERIFY2(out.error().message.contains(u"No such file or directory"_s), qPrintable(out.error().message));
    QVERIFY(!QFileInfo::exists(target));
    QVERIFY(!QFileInfo::exists(home.filePath(u"carton-escape.txt"_s)));
    QCOMPARE(QDir(home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
}

void TestSandbox::writeToTmpIsBlocked()
{
    const QString target = u"/tmp/carton-escape-"_s + uniqueDigits() + u"/file.txt"_s;
    Result<TensorMap> out = attack(u"write"_s, target);
    // The write succeeds inside (a private /tmp) and is gone with the run.
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    QVERIFY(!QFileInfo::exists(target));
    QVERIFY(!QFileInfo::exists(QFileInfo(target).path()));
    // Without the sandbox the same model does write there: the check above can see an escape.
    out = attack(u"write"_s, target, false);
    QVERIFY(out.ok());
    QVERIFY(QFileInfo::exists(target));
    QDir(QFileInfo(target).path()).removeRecursively();
}

void TestSandbox::writeToTheCartonIsBlocked()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(),
                                    runnertest::attackRunnerToml(u"write"_s, dir.filePath(u"model/planted.py"_s)),
                                    {{u"model/attacks.py"_s, kAttacks}}));
    auto carton = runnertest::openCarton(dir.path());
    QVERIFY(carton);
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    Result<TensorMap> out = (*session)->infer(input());
    QVERIFY(!out.ok());
    QVERIFY2(out.error().message.contains(u"Read-only file system"_s), qPrintable(out.error().message));
    QVERIFY(!QFileInfo::exists(dir.filePath(u"model/planted.py"_s)));
}

void TestSandbox::secretInHomeCannotBeRead()
{
    QTemporaryDir home;
    const QString secret = home.filePath(u".secret"_s);
    QVERIFY(testutil::writeFile(secret, "hunter2-" + uniqueDigits().toUtf8()));
    QString log;
    Result<TensorMap> out = attack(u"read"_s, secret, true, nullptr, &log);
    QVERIFY(!out.ok());
    QVERIFY2(out.error().message.contains(u"No such file or directory"_s), qPrintable(out.error().message));
    QVERIFY(!log.contains(u"hunter2"_s));
    // Without the sandbox it reads the secret back.
    out = attack(u"read"_s, secret, false);
    QVERIFY(out.ok());
    QVERIFY(out->value(u"y"_s).stringValues().value(0).startsWith(u"hunter2-"_s));
}

void TestSandbox::loopbackListenerIsUnreachable()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    Result<TensorMap> out = attack(u"connect"_s, QString::number(server.serverPort()));
    QVERIFY(!out.ok());
    // The sandbox's own network namespace (bubblewrap --unshare-all) has a loopback
    // of its own where nothing listens: the host's listener is never reached.
    QVERIFY2(out.error().message.contains(u"Connection refused"_s), qPrintable(out.error().message));
    QVERIFY(!server.waitForNewConnection(200));
    QVERIFY(!server.hasPendingConnections());
}

void TestSandbox::daemonDoesNotSurviveTheRun()
{
    // sleep's argument is unique: any process with it on its command line is the daemon.
    const QString seconds = u"30."_s + uniqueDigits();
    Result<TensorMap> out = attack(u"daemon"_s, seconds);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    // The session is gone: so is every process the model started.
    QTRY_COMPARE_WITH_TIMEOUT(processesWith(seconds.toUtf8()), 0, 2000);
    // Without the sandbox the daemon outlives the run (then it is ended here).
    const QString other = u"30."_s + uniqueDigits();
    out = attack(u"daemon"_s, other, false);
    QVERIFY(out.ok());
    QTRY_COMPARE_WITH_TIMEOUT(processesWith(other.toUtf8()), 1, 5000);
    QProcess::execute(u"pkill"_s, {u"-f"_s, u"sleep "_s + other});
}

void TestSandbox::sentinelProcessCannotBeKilled()
{
    QProcess sentinel;
    sentinel.start(u"/bin/sleep"_s, {u"30"_s});
    QVERIFY(sentinel.waitForStarted());
    Result<TensorMap> out = attack(u"kill"_s, QString::number(sentinel.processId()));
    QVERIFY(!out.ok());
    QVERIFY2(out.error().message.contains(u"ProcessLookupError"_s), qPrintable(out.error().message));
    QVERIFY(!sentinel.waitForFinished(200));
    QCOMPARE(sentinel.state(), QProcess::Running);
    sentinel.kill();
    sentinel.waitForFinished();
}

void TestSandbox::forkBombHitsTheProcessLimit()
{
    QString log;
    QElapsedTimer timer;
    timer.start();
    Result<TensorMap> out = attack(u"forkbomb"_s, {}, true, nullptr, &log, 64);
    QVERIFY(!out.ok());
    // Python reports the refused fork; the report names the limit.
    QVERIFY2(out.error().message.contains(u"Resource temporarily unavailable"_s), qPrintable(out.error().message));
    if (::geteuid() == 0)
        QVERIFY2(out.error().message.contains(u"its limit of 64 was reached"_s), qPrintable(out.error().message));
    QVERIFY2(timer.elapsed() < 30'000, qPrintable(QString::number(timer.elapsed())));
}

void TestSandbox::sharedMemoryTransferStillWorks()
{
    // 4 MiB each way: over SharedTensorFiles::kMinimumBytes, which unsandboxed would
    // go through /dev/shm files; sandboxed nothing of the machine's /dev/shm is
    // writable inside, so the tensors go through the pipe.
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), runnertest::attackRunnerToml(u"benign"_s, {}),
                                    {{u"model/attacks.py"_s, kAttacks}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    QByteArray data(4 << 20, Qt::Uninitialized);
    for (qsizetype i = 0; i < data.size() / 4; ++i) {
        const float v = float(i % 1000);
        std::memcpy(data.data() + i * 4, &v, 4);
    }
    TensorMap in{{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {data.size() / 4}, data)}};
    Result<TensorMap> out = (*session)->infer(in);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    const QList<float> y = runnertest::toFloats(out->value(u"y"_s).data());
    QCOMPARE(y.size(), data.size() / 4);
    QCOMPARE(y.at(999), 1998.f);
    QCOMPARE(y.at(1000), 0.f);
    // No file or folder of the session in the machine's /dev/shm.
    auto *host = dynamic_cast<HostSession *>(session->get());
    QVERIFY(host);
    const QStringList left = QDir(u"/dev/shm"_s)
                                 .entryList({u"*"_s + host->sharedMemoryTag() + u"*"_s},
                                            QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
    QVERIFY2(left.isEmpty(), qPrintable(left.join(u", "_s)));
}

void TestSandbox::tcpConnectsOnlyToTheServersPort()
{
    // A kserve host shares the network; Landlock leaves it one TCP port. Here a
    // child process restricts itself and tries both listeners and a bind.
    QVERIFY2(TcpConnectLimit::isSupported(), qPrintable(QString::number(TcpConnectLimit::landlockAbi())));
    QTcpServer server;
    QTcpServer other;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    QVERIFY(other.listen(QHostAddress::LocalHost));
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        auto tryConnect = [](quint16 port) {
            const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in to{};
            to.sin_family = AF_INET;
            to.sin_port = htons(port);
            to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            const int rc = ::connect(fd, reinterpret_cast<sockaddr *>(&to), sizeof to);
            const int error = rc == 0 ? 0 : errno;
            ::close(fd);
            return error;
        };
        if (!TcpConnectLimit::restrictTo(server.serverPort()))
            ::_exit(10);
        if (tryConnect(server.serverPort()) != 0)
            ::_exit(11); // the server's port must stay reachable
        if (tryConnect(other.serverPort()) != EACCES)
            ::_exit(12); // any other port is refused
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in any{};
        any.sin_family = AF_INET;
        any.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        any.sin_port = htons(other.serverPort() + 1);
        if (::bind(fd, reinterpret_cast<sockaddr *>(&any), sizeof any) == 0 || errno != EACCES)
            ::_exit(13); // and no listening
        ::_exit(0);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    QVERIFY(server.waitForNewConnection(2000));
    QVERIFY(!other.hasPendingConnections());
}

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
