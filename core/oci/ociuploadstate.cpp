// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ociuploadstate.h"

#include "base/sha256.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

namespace carton {

namespace {

constexpr qint64 kMaxStateFile = 16 << 10;
// Registries drop unfinished uploads after a while (distribution: 168 hours).
constexpr qint64 kMaxAgeSeconds = 7 * 24 * 3600;

} // namespace

OciUploadState::OciUploadState(QString folder, QString registry, QString repository, QUrl base)
    : m_folder(std::move(folder)), m_registry(std::move(registry)), m_repository(std::move(repository)),
      m_base(std::move(base))
{
    if (m_folder.isEmpty())
        m_folder = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                   QStringLiteral("/carton-studio/oci-uploads");
}

QString OciUploadState::fileFor(const QString &digest) const
{
    const QByteArray key = (m_registry + u'/' + m_repository + u'@' + digest).toUtf8();
    return QDir(m_folder).filePath(QString::fromLatin1(Sha256::hashHex(key)) + QStringLiteral(".json"));
}

std::optional<QUrl> OciUploadState::load(const QString &digest) const
{
    QFile file(fileFor(digest));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = file.read(kMaxStateFile + 1);
    if (bytes.size() > kMaxStateFile)
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(bytes).object();
    if (o.value(u"registry").toString() != m_registry || o.value(u"repository").toString() != m_repository ||
        o.value(u"digest").toString() != digest)
        return std::nullopt;
    const QUrl location(o.value(u"location").toString(), QUrl::StrictMode);
    if (!location.isValid() || location.scheme() != m_base.scheme() || location.host() != m_base.host() ||
        location.port(-1) != m_base.port(-1) ||
        !location.path().startsWith(QStringLiteral("/v2/") + m_repository + QStringLiteral("/blobs/uploads/")))
        return std::nullopt;
    return location;
}

void OciUploadState::save(const QString &digest, const QUrl &location) const
{
    if (!QDir().mkpath(m_folder))
        return;
    // Sessions nobody came back for are forgotten after a week.
    const QDateTime oldest = QDateTime::currentDateTimeUtc().addSecs(-kMaxAgeSeconds);
    const QFileInfoList kept = QDir(m_folder).entryInfoList({QStringLiteral("*.json")}, QDir::Files);
    for (const QFileInfo &f : kept)
        if (f.lastModified().toUTC() < oldest)
            QFile::remove(f.filePath());
    const QJsonObject o{{QStringLiteral("registry"), m_registry},
                        {QStringLiteral("repository"), m_repository},
                        {QStringLiteral("digest"), digest},
                        {QStringLiteral("location"), location.toString(QUrl::FullyEncoded)}};
    QSaveFile file(fileFor(digest));
    if (!file.open(QIODevice::WriteOnly))
        return;
    file.write(QJsonDocument(o).toJson(QJsonDocument::Compact));
    file.commit();
}

void OciUploadState::remove(const QString &digest) const
{
    QFile::remove(fileFor(digest));
}

} // namespace carton
