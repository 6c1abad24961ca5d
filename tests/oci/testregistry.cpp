// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "testregistry.h"

#include "pack/packer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

TestRegistry::~TestRegistry()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.terminate();
        if (!m_process.waitForFinished(5000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
}

QString TestRegistry::address() const
{
    return QStringLiteral("127.0.0.1:%1").arg(m_port);
}

QByteArray runTool(const QString &program, const QStringList &args, QString *error, const QByteArray &stdinData)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(10000)) {
        *error =
            QStringLiteral("%1 cannot start (%2): install it (scripts/install-deps.sh)").arg(program, p.errorString());
        return {};
    }
    p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 failed: %3")
                     .arg(program, args.join(u' '), QString::fromUtf8(p.readAllStandardError()));
        return {};
    }
    QByteArray out = p.readAllStandardOutput();
    if (out.isNull())
        out = QByteArray("");
    return out;
}

bool TestRegistry::start(const QString &user, const QString &password)
{
    if (QStandardPaths::findExecutable(QStringLiteral("docker-registry")).isEmpty()) {
        m_error = QStringLiteral("docker-registry is not installed (scripts/install-deps.sh installs it)");
        return false;
    }
    {
        QTcpServer probe; // a free port
        if (!probe.listen(QHostAddress::LocalHost)) {
            m_error = QStringLiteral("no free loopback port");
            return false;
        }
        m_port = probe.serverPort();
    }
    QByteArray config =
        "version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: " + storage().toUtf8() +
        "\n  delete:\n    enabled: true\nhttp:\n  addr: 127.0.0.1:" + QByteArray::number(m_port) + "\n";
    if (!user.isEmpty()) {
        const QString htpasswd = m_dir.filePath(QStringLiteral("htpasswd"));
        QString error;
        const QByteArray line = runTool(QStringLiteral("htpasswd"), {QStringLiteral("-Bbn"), user, password}, &error);
        if (line.isNull()) {
            m_error = error;
            return false;
        }
        QFile f(htpasswd);
        if (!f.open(QIODevice::WriteOnly) || f.write(line) != line.size()) {
            m_error = QStringLiteral("cannot write %1").arg(htpasswd);
            return false;
        }
        config += "auth:\n  htpasswd:\n    realm: carton-test\n    path: " + htpasswd.toUtf8() + "\n";
    }
    const QString configPath = m_dir.filePath(QStringLiteral("config.yml"));
    QFile f(configPath);
    if (!f.open(QIODevice::WriteOnly) || f.write(config) != config.size()) {
        m_error = QStringLiteral("cannot write %1").arg(configPath);
        return false;
    }
    f.close();
    // Its log (a line per 404, which pushes cause on purpose) stays in the temporary folder.
    m_process.setStandardOutputFile(m_dir.filePath(QStringLiteral("registry.log")));
    m_process.setStandardErrorFile(m_dir.filePath(QStringLiteral("registry.log")), QIODevice::Append);
    m_process.start(QStringLiteral("docker-registry"), {QStringLiteral("serve"), configPath});
    if (!m_process.waitForStarted(10000)) {
        m_error = QStringLiteral("docker-registry cannot start: %1").arg(m_process.errorString());
        return false;
    }
    for (int i = 0; i < 100; ++i) { // up to 10 s for the port to answer
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_port);
        if (socket.waitForConnected(100))
            return true;
        if (m_process.state() == QProcess::NotRunning)
            break;
        QThread::msleep(100);
    }
    m_error = QStringLiteral("docker-registry did not listen on %1").arg(address());
    return false;
}

QString packTestCarton(const QString &folder, const QList<QPair<QString, QByteArray>> &files, QString *error)
{
    QList<QPair<QString, QByteArray>> all = files;
    bool hasToml = false;
    for (const auto &f : files)
        hasToml = hasToml || f.first == u"carton.toml";
    if (!hasToml)
        all.append({QStringLiteral("carton.toml"),
                    "spec_version = 1\nmodel_name = \"resume-test\"\n[runner]\nrunner_name = \"python\"\n"
                    "required_framework_version = \"=3.11\"\nrunner_compat_version = 1\n"});
    for (const auto &[path, bytes] : std::as_const(all)) {
        const QString target = QDir(folder).filePath(path);
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile f(target);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
            *error = QStringLiteral("cannot write %1").arg(target);
            return {};
        }
    }
    carton::PackOptions options;
    options.method = carton::ZipMethod::Stored;
    const QString out = QDir::cleanPath(folder) + QStringLiteral(".carton");
    auto packed = carton::packFolder(folder, out, options);
    if (!packed) {
        *error = packed.error().toString();
        return {};
    }
    return out;
}
