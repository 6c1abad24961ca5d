// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ocicredentials.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

namespace carton {

namespace {

constexpr qint64 kMaxConfig = 1 << 20;
constexpr qint64 kMaxHelperOutput = 64 << 10;
constexpr int kHelperTimeoutMs = 30'000;

Result<std::optional<RegistryCredentials>> runHelper(const QString &helper, const QString &registry,
                                                     const QString &configFile)
{
    static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
    if (!nameRe.match(helper).hasMatch())
        return makeError(
            ErrorCode::Format,
            QStringLiteral("the credential helper name \"%1\" is not a plain program name").arg(helper.left(80)),
            configFile);
    const QString program = QStringLiteral("docker-credential-") + helper;
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(program, {QStringLiteral("get")});
    if (!process.waitForStarted(kHelperTimeoutMs))
        return makeError(ErrorCode::Io, QStringLiteral("cannot run the credential helper %1 (named in %2): %3")
                                            .arg(program, configFile, process.errorString()));
    process.write(registry.toUtf8());
    process.closeWriteChannel();
    QByteArray out;
    QElapsedTimer clock;
    clock.start();
    while (process.state() != QProcess::NotRunning && clock.elapsed() < kHelperTimeoutMs) {
        process.waitForReadyRead(100);
        out += process.readAllStandardOutput();
        process.readAllStandardError(); // never shown: a helper may echo what it got
        if (out.size() > kMaxHelperOutput)
            break;
    }
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(1000);
        return makeError(
            ErrorCode::Limit,
            out.size() > kMaxHelperOutput
                ? QStringLiteral("the credential helper %1 wrote more than %2 bytes").arg(program).arg(kMaxHelperOutput)
                : QStringLiteral("the credential helper %1 did not finish within %2 s")
                      .arg(program)
                      .arg(kHelperTimeoutMs / 1000));
    }
    out += process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        // docker-credential-* says "credentials not found in native keychain" on stdout.
        if (out.contains("not found"))
            return std::optional<RegistryCredentials>();
        return makeError(ErrorCode::Io, QStringLiteral("the credential helper %1 failed (exit code %2) for %3")
                                            .arg(program)
                                            .arg(process.exitCode())
                                            .arg(registry));
    }
    const QJsonDocument doc = QJsonDocument::fromJson(out);
    if (!doc.isObject() || !doc.object().value(u"Secret").isString())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the credential helper %1 did not answer a JSON object with a \"Secret\" "
                                        "string for %2")
                             .arg(program, registry));
    RegistryCredentials c;
    c.username = doc.object().value(u"Username").toString();
    c.secret = doc.object().value(u"Secret").toString();
    c.identityToken = c.username == u"<token>";
    c.origin = program;
    return std::optional<RegistryCredentials>(std::move(c));
}

} // namespace

Result<std::optional<RegistryCredentials>> dockerCredentials(const QString &registry, const QString &configDir)
{
    QString dir = configDir;
    if (dir.isEmpty())
        dir = qEnvironmentVariable("DOCKER_CONFIG");
    if (dir.isEmpty())
        dir = QDir::home().filePath(QStringLiteral(".docker"));
    const QString path = QDir(dir).filePath(QStringLiteral("config.json"));
    QFile file(path);
    if (!file.exists())
        return std::optional<RegistryCredentials>();
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot read it: %1").arg(file.errorString()), path);
    const QByteArray bytes = file.read(kMaxConfig + 1);
    if (bytes.size() > kMaxConfig)
        return makeError(ErrorCode::Limit, QStringLiteral("larger than %1 bytes").arg(kMaxConfig), path);
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject())
        return makeError(
            ErrorCode::Format,
            QStringLiteral("not a JSON object (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset),
            path);
    const QJsonObject root = doc.object();
    if (const QJsonValue helper = root.value(u"credHelpers").toObject().value(registry); helper.isString())
        return runHelper(helper.toString(), registry, path);
    const QJsonObject auths = root.value(u"auths").toObject();
    const QStringList keys{registry, QStringLiteral("https://") + registry, QStringLiteral("http://") + registry};
    for (const QString &key : keys) {
        const QJsonValue entry = auths.value(key);
        if (!entry.isObject())
            continue;
        const QJsonObject o = entry.toObject();
        RegistryCredentials c;
        c.origin = path;
        if (o.value(u"identitytoken").isString()) {
            c.secret = o.value(u"identitytoken").toString();
            c.identityToken = true;
            return std::optional<RegistryCredentials>(std::move(c));
        }
        const QByteArray decoded =
            QByteArray::fromBase64(o.value(u"auth").toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        const qsizetype colon = decoded.indexOf(':');
        if (colon <= 0)
            return makeError(ErrorCode::Format,
                             QStringLiteral("auths.\"%1\".auth is not base64 of \"user:password\"").arg(key), path);
        c.username = QString::fromUtf8(decoded.left(colon));
        c.secret = QString::fromUtf8(decoded.mid(colon + 1));
        return std::optional<RegistryCredentials>(std::move(c));
    }
    if (const QJsonValue store = root.value(u"credsStore"); store.isString() && !store.toString().isEmpty())
        return runHelper(store.toString(), registry, path);
    return std::optional<RegistryCredentials>();
}

} // namespace carton
