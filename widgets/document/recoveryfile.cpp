// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "recoveryfile.h"

#include "format/cartontoml.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <utility>

namespace studio {

namespace {

constexpr qint64 maxRecoveryFileSize = qint64(512) << 20;

QString kindName(carton::CartonEdits::FileSource::Kind kind)
{
    using Kind = carton::CartonEdits::FileSource::Kind;
    switch (kind) {
    case Kind::Original:
        return QStringLiteral("original");
    case Kind::Linked:
        return QStringLiteral("linked");
    case Kind::Disk:
        return QStringLiteral("disk");
    case Kind::Bytes:
        return QStringLiteral("bytes");
    }
    return {};
}

carton::Error recoveryError(const QString &file, const QString &what)
{
    return carton::makeError(carton::ErrorCode::Format, what, file);
}

} // namespace

QString RecoveryFile::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

QStringList RecoveryFile::list()
{
    const QDir dir(folder());
    QStringList files;
    const QFileInfoList infos = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Time);
    for (const QFileInfo &info : infos)
        files.append(info.absoluteFilePath());
    return files;
}

carton::Status RecoveryFile::write(const QString &file, const QString &originalPath, const QString &savePath,
                                   const QString &displayName, const DocumentState &state)
{
    QJsonArray files;
    for (const QString &path : state.files.paths()) {
        const carton::CartonEdits::FileSource &source = *state.files.find(path);
        QJsonObject entry{{QStringLiteral("path"), path}, {QStringLiteral("kind"), kindName(source.kind)}};
        if (!source.originalPath.isEmpty())
            entry.insert(QStringLiteral("original"), source.originalPath);
        if (!source.diskPath.isEmpty())
            entry.insert(QStringLiteral("disk"), source.diskPath);
        if (source.kind == carton::CartonEdits::FileSource::Kind::Bytes)
            entry.insert(QStringLiteral("bytes"), QString::fromLatin1(source.bytes.toBase64()));
        files.append(entry);
    }
    const carton::Result<QByteArray> cartonToml = carton::writeCartonToml(state.info);
    if (!cartonToml)
        return cartonToml.error();
    QJsonArray guesses;
    for (const ModelGuess &g : state.guesses)
        guesses.append(QJsonObject{{QStringLiteral("field"), g.field},
                                   {QStringLiteral("value"), g.value},
                                   {QStringLiteral("source"), g.source}});
    const QJsonObject root{
        {QStringLiteral("format"), QStringLiteral("carton-studio-recovery-1")},
        {QStringLiteral("original"), originalPath},
        {QStringLiteral("save_path"), savePath},
        {QStringLiteral("name"), displayName},
        {QStringLiteral("pid"), QCoreApplication::applicationPid()},
        {QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("carton_toml"), QString::fromUtf8(*cartonToml)},
        {QStringLiteral("files"), files},
        {QStringLiteral("guesses"), guesses},
    };
    QDir().mkpath(QFileInfo(file).absolutePath());
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        return carton::makeError(carton::ErrorCode::Io, out.errorString(), file);
    out.write(QJsonDocument(root).toJson(QJsonDocument::Compact));
    if (!out.commit())
        return carton::makeError(carton::ErrorCode::Io, out.errorString(), file);
    return {};
}

carton::Result<RecoveryFile> RecoveryFile::read(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return carton::makeError(carton::ErrorCode::Io, in.errorString(), file);
    if (in.size() > maxRecoveryFileSize)
        return recoveryError(file, QStringLiteral("larger than %1 bytes").arg(maxRecoveryFileSize));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(in.read(maxRecoveryFileSize), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return recoveryError(file, QStringLiteral("not JSON: %1").arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != u"carton-studio-recovery-1")
        return recoveryError(file, QStringLiteral("format: expected \"carton-studio-recovery-1\""));
    RecoveryFile result;
    result.originalPath = root.value(QStringLiteral("original")).toString();
    result.savePath = root.value(QStringLiteral("save_path")).toString();
    result.displayName = root.value(QStringLiteral("name")).toString();
    result.savedAt = QDateTime::fromString(root.value(QStringLiteral("saved_at")).toString(), Qt::ISODateWithMs);
    result.pid = root.value(QStringLiteral("pid")).toInteger();
    result.cartonToml = root.value(QStringLiteral("carton_toml")).toString().toUtf8();
    if (!root.value(QStringLiteral("files")).isArray())
        return recoveryError(file, QStringLiteral("files: expected an array"));
    result.filesJson = QJsonDocument(root.value(QStringLiteral("files")).toArray()).toJson(QJsonDocument::Compact);
    for (const QJsonValue &value : root.value(QStringLiteral("guesses")).toArray()) {
        const QJsonObject g = value.toObject();
        result.guesses.append({g.value(QStringLiteral("field")).toString(), g.value(QStringLiteral("value")).toString(),
                               g.value(QStringLiteral("source")).toString()});
    }
    return result;
}

bool RecoveryFile::isOwnedByLiveProcess() const
{
    if (pid <= 0 || pid == QCoreApplication::applicationPid())
        return false;
#ifdef Q_OS_LINUX
    // A process killed a moment ago stays a zombie until its parent reaps it, and
    // a pid is reused: the writer is alive only if the pid names a running (not
    // zombie) process of the same program as this one.
    const auto stat = [](const QString &which) -> std::pair<QByteArray, char> {
        QFile file(QStringLiteral("/proc/%1/stat").arg(which));
        if (!file.open(QIODevice::ReadOnly))
            return {{}, 0};
        const QByteArray line = file.read(4096); // "pid (comm) S ..."; comm may hold ')' and spaces
        const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < open || close + 2 >= line.size())
            return {{}, 0};
        return {line.mid(open + 1, close - open - 1), line.at(close + 2)};
    };
    const auto [comm, state] = stat(QString::number(pid));
    if (comm.isEmpty() || state == 'Z' || state == 'X' || state == 'x')
        return false;
    return comm == stat(QStringLiteral("self")).first;
#else
    return false;
#endif
}

carton::Result<DocumentState> RecoveryFile::restore(const carton::Carton *original) const
{
    auto info = carton::parseCartonToml(cartonToml);
    if (!info)
        return info.error();
    DocumentState state{std::move(info).value(), original ? carton::CartonEdits(original) : carton::CartonEdits(),
                        guesses};
    const QJsonArray files = QJsonDocument::fromJson(filesJson).array();

    // Which original files survive, and under which names.
    QHash<QString, QString> kept; // original path -> new path
    for (const QJsonValue &value : files) {
        const QJsonObject entry = value.toObject();
        const QString kind = entry.value(QStringLiteral("kind")).toString();
        if (kind == u"original" || kind == u"linked")
            kept.insert(
                entry.value(QStringLiteral("original")).toString(entry.value(QStringLiteral("path")).toString()),
                entry.value(QStringLiteral("path")).toString());
    }
    const QStringList originalPaths = state.files.paths();
    for (const QString &path : originalPaths) {
        if (!kept.contains(path)) {
            if (auto s = state.files.remove(path); !s)
                return s.error();
        }
    }
    // Renames go through temporary names so that swapped names work.
    int n = 0;
    QHash<QString, QString> temporary;
    for (auto it = kept.cbegin(); it != kept.cend(); ++it) {
        if (it.key() == it.value() || !state.files.find(it.key()))
            continue;
        const QString tmp = QStringLiteral("recovery-%1/%2").arg(++n).arg(it.key());
        if (auto s = state.files.rename(it.key(), tmp); !s)
            return s.error();
        temporary.insert(tmp, it.value());
    }
    for (auto it = temporary.cbegin(); it != temporary.cend(); ++it) {
        if (auto s = state.files.rename(it.key(), it.value()); !s)
            return s.error();
    }
    for (const QJsonValue &value : files) {
        const QJsonObject entry = value.toObject();
        const QString kind = entry.value(QStringLiteral("kind")).toString();
        const QString path = entry.value(QStringLiteral("path")).toString();
        carton::Status status;
        if (kind == u"disk")
            status = state.files.putFile(path, entry.value(QStringLiteral("disk")).toString());
        else if (kind == u"bytes")
            status = state.files.putBytes(
                path, QByteArray::fromBase64(entry.value(QStringLiteral("bytes")).toString().toLatin1()));
        else if (!state.files.find(path))
            return carton::makeError(carton::ErrorCode::NotFound,
                                     QStringLiteral("the original carton no longer has this file"), path);
        if (!status)
            return status.error();
    }
    return state;
}

} // namespace studio
