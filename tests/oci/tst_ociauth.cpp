// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Bearer challenge flow for real: Debian's docker-registry behind a token server
// and Bearer-checking front (bearerproxy.py, python3's http.server), the `carton`
// tool with --username/--password-stdin and with a docker-credential-* helper named
// in a temporary config.json; secrets never appear in what it prints.
#include "../cli/clirunner.h"
#include "base/sha256.h"
#include "fixturepolicy.h"
#include "oci/ociregistry.h"
#include "package/carton.h"
#include "testpaths.h"
#include "testregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;

namespace {

const QString kPassword = QStringLiteral("s3cret-pw-never-printed");

QString fixture()
{
    return testutil::sharedPath(u"/fixtures/upstream/test.carton");
}

// bearerproxy.py in front of `upstream`, stopped with the object.
class BearerProxy {
public:
    ~BearerProxy()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    bool start(const TestRegistry &upstream, const QString &mode)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PROXY_USER"), QStringLiteral("alice"));
        env.insert(QStringLiteral("PROXY_PASSWORD"), kPassword);
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QStringLiteral("python3"),
                        {testutil::sourcePath(u"/tests/oci/bearerproxy.py"), upstream.address().section(u':', 1), mode,
                         m_dir.filePath(QStringLiteral("proxy.log"))});
        if (!m_process.waitForStarted(10000) || !m_process.waitForReadyRead(10000))
            return false;
        m_port = m_process.readLine().trimmed().toUShort();
        return m_port != 0;
    }
    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_port); }
    QString log() const
    {
        QFile f(m_dir.filePath(QStringLiteral("proxy.log")));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.read(1 << 20)) : QString();
    }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
};

// The environment for `carton`: no docker login of this machine, every logging
// category on (so a secret in any log line would show), and `extra`.
QProcessEnvironment cliEnvironment(const QString &dockerConfig, const QString &pathFirst = {})
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DOCKER_CONFIG"), dockerConfig);
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=true"));
    if (!pathFirst.isEmpty())
        env.insert(QStringLiteral("PATH"), pathFirst + u':' + env.value(QStringLiteral("PATH")));
    return env;
}

RunResult runCli(const QStringList &args, const QProcessEnvironment &env, const QByteArray &stdinData = {})
{
    return runProgram(testutil::binaryPath(u"/bin/carton"), args, env, 120'000, stdinData);
}

bool writeFile(const QString &path, const QByteArray &bytes, QFile::Permissions permissions = {})
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return false;
    return permissions == QFile::Permissions() || f.setPermissions(permissions);
}

QString printed(const RunResult &r)
{
    return QString::fromUtf8(r.out + r.err);
}

} // namespace

class TestOciAuth : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        if (!QFileInfo::exists(fixture()))
            CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton");
    }
    void bearerWithPasswordStdin();
    void bearerWithCredentialHelper();
    void tokenServerGarbage_data();
    void tokenServerGarbage();
};

void TestOciAuth::bearerWithPasswordStdin()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    BearerProxy proxy;
    QVERIFY(proxy.start(registry, QStringLiteral("token")));
    QTemporaryDir config; // an empty docker configuration
    const QProcessEnvironment env = cliEnvironment(config.path());
    const QString ref = proxy.address() + QStringLiteral("/team/model:v1");

    const RunResult pushed =
        runCli({QStringLiteral("push"), fixture(), ref, QStringLiteral("--username"), QStringLiteral("alice"),
                QStringLiteral("--password-stdin"), QStringLiteral("--json")},
               env, kPassword.toUtf8() + '\n');
    QVERIFY2(pushed.exitCode == 0, qPrintable(printed(pushed)));
    const QString digest = pushed.json().value(u"digest").toString();
    QVERIFY2(isSha256Digest(digest), qPrintable(printed(pushed)));
    QVERIFY(!printed(pushed).contains(kPassword));
    QVERIFY(!printed(pushed).contains(u"tok-"));
    // The token server got alice's basic credentials with the challenge's scope,
    // the registry every request with the token after one 401.
    const QString log = proxy.log();
    QVERIFY2(log.contains(u"token alice service=fake-registry&scope=repository:team/model:pull,push"), qPrintable(log));
    QVERIFY2(log.contains(u"registry PUT bearer"), qPrintable(log));
    QVERIFY(!log.contains(u"registry PUT none"));
    QVERIFY(!log.contains(u"wrong"));

    // What went through the proxy is in the registry behind it: skopeo (straight
    // to the registry) finds the manifest under the digest carton printed.
    QString error;
    const QByteArray raw =
        runTool(QStringLiteral("skopeo"),
                {QStringLiteral("inspect"), QStringLiteral("--tls-verify=false"), QStringLiteral("--raw"),
                 QStringLiteral("docker://") + registry.address() + u"/team/model:v1"},
                &error);
    QVERIFY2(!raw.isNull(), qPrintable(error));
    QCOMPARE(QStringLiteral("sha256:") + QString::fromLatin1(Sha256::hashHex(raw)), digest);

    // A wrong password: the token service refuses; the message names alice, not the secret.
    const RunResult refused =
        runCli({QStringLiteral("pull"), ref, QStringLiteral("-o"), config.filePath(QStringLiteral("x.carton")),
                QStringLiteral("--username"), QStringLiteral("alice"), QStringLiteral("--password-stdin")},
               env, QByteArray("wrong-pw-also-secret\n"));
    QVERIFY(refused.exitCode != 0);
    QVERIFY2(printed(refused).contains(u"token service") && printed(refused).contains(u"\"alice\""),
             qPrintable(printed(refused)));
    QVERIFY(!printed(refused).contains(u"wrong-pw-also-secret"));
    QVERIFY(!QFile::exists(config.filePath(QStringLiteral("x.carton"))));
}

void TestOciAuth::bearerWithCredentialHelper()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    BearerProxy proxy;
    QVERIFY(proxy.start(registry, QStringLiteral("token")));
    QTemporaryDir dir;
    // docker-credential-test: records the registry it was asked for, answers alice.
    const QString bin = dir.filePath(QStringLiteral("bin"));
    QVERIFY(QDir().mkpath(bin));
    const QString asked = dir.filePath(QStringLiteral("asked.txt"));
    QVERIFY(
        writeFile(bin + u"/docker-credential-test",
                  "#!/bin/sh\n[ \"$1\" = get ] || exit 1\nread -r server\necho \"$server\" >> '" + asked.toUtf8() +
                      "'\nprintf '{\"ServerURL\":\"%s\",\"Username\":\"alice\",\"Secret\":\"%s\"}\\n' \"$server\" '" +
                      kPassword.toUtf8() + "'\n",
                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const QString config = dir.filePath(QStringLiteral("docker"));
    QVERIFY(QDir().mkpath(config));
    QVERIFY(writeFile(config + u"/config.json", "{\"credHelpers\": {\"" + proxy.address().toUtf8() + "\": \"test\"}}"));
    const QProcessEnvironment env = cliEnvironment(config, bin);
    const QString ref = proxy.address() + QStringLiteral("/team/model:v1");

    const RunResult pushed = runCli({QStringLiteral("push"), fixture(), ref, QStringLiteral("--json")}, env);
    QVERIFY2(pushed.exitCode == 0, qPrintable(printed(pushed)));
    QFile askedFile(asked);
    QVERIFY(askedFile.open(QIODevice::ReadOnly));
    QCOMPARE(askedFile.readLine().trimmed(), proxy.address().toUtf8());

    const QString out = dir.filePath(QStringLiteral("pulled.carton"));
    const RunResult pulled =
        runCli({QStringLiteral("pull"), ref, QStringLiteral("-o"), out, QStringLiteral("--json")}, env);
    QVERIFY2(pulled.exitCode == 0, qPrintable(printed(pulled)));
    auto local = Carton::open(fixture());
    QVERIFY(local);
    QCOMPARE(pulled.json().value(u"modelHash").toString().toLatin1(), (*local)->modelHash());
    auto reopened = Carton::open(out);
    QVERIFY(reopened);
    QCOMPARE((*reopened)->modelHash(), (*local)->modelHash());

    // oci:// opened lazily through the same helper and token.
    const RunResult info =
        runCli({QStringLiteral("info"), QStringLiteral("oci://") + ref, QStringLiteral("--json")}, env);
    QVERIFY2(info.exitCode == 0, qPrintable(printed(info)));
    QVERIFY(info.out.contains((*local)->modelHash()));

    for (const RunResult *r : {&pushed, &pulled, &info}) {
        QVERIFY(!printed(*r).contains(kPassword));
        QVERIFY(!printed(*r).contains(u"tok-"));
    }
    const QString log = proxy.log();
    QVERIFY2(log.contains(u"token alice"), qPrintable(log));
    QVERIFY2(log.contains(u"registry GET bearer"), qPrintable(log));
}

void TestOciAuth::tokenServerGarbage_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("expected");
    QTest::addRow("not JSON") << QStringLiteral("garbage") << QStringLiteral("no usable \"token\"");
    QTest::addRow("1 MiB") << QStringLiteral("huge") << QStringLiteral("larger than 65536 bytes");
}

void TestOciAuth::tokenServerGarbage()
{
    QFETCH(QString, mode);
    QFETCH(QString, expected);
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    BearerProxy proxy;
    QVERIFY(proxy.start(registry, mode));
    auto ref = OciReference::parse(proxy.address() + QStringLiteral("/team/model"));
    QVERIFY(ref);
    OciOptions options;
    options.useDockerConfig = false;
    options.credentials = RegistryCredentials{QStringLiteral("alice"), kPassword, false, QStringLiteral("--username")};
    OciRegistry client(*ref, options);
    auto tags = client.listTags();
    QVERIFY(!tags);
    const QString message = tags.error().toString();
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY2(message.contains(u"http://" + proxy.address() + u"/token"), qPrintable(message)); // names the realm
    QVERIFY(!message.contains(kPassword));
    QVERIFY(!message.contains(u"xxxxxxxx"));
}

QTEST_GUILESS_MAIN(TestOciAuth)
#include "tst_ociauth.moc"
