// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonedits.h"

#include "base/archivepath.h"
#include "base/limits.h"
#include "base/sha256.h"
#include "format/cartontoml.h"
#include "format/manifest.h"
#include "package/carton.h"

#include <algorithm>

namespace carton {
namespace {
const QString kManifestName = QStringLiteral("MANIFEST");
const QString kWhere = QStringLiteral("carton edits");
} // namespace

CartonEdits::CartonEdits(const Carton *original) : m_original(original)
{
    if (!original)
        return;
    m_files.reserve(original->source().files().size());
    for (const SourceFile &file : original->source().files()) {
        if (file.path == kManifestName)
            continue;
        FileSource source;
        source.kind = FileSource::Kind::Original;
        source.originalPath = file.path;
        m_files.insert(file.path, source);
    }
    if (original->manifest()) {
        for (const ManifestEntry &entry : original->manifest()->entries()) {
            if (m_files.contains(entry.path) || !original->isLinked(entry.path))
                continue;
            FileSource source;
            source.kind = FileSource::Kind::Linked;
            source.originalPath = entry.path;
            source.sha256Hex = entry.sha256;
            m_files.insert(entry.path, source);
        }
    }
}

const CartonEdits::FileSource *CartonEdits::find(const QString &path) const
{
    const auto it = m_files.constFind(path);
    return it == m_files.cend() ? nullptr : &*it;
}

Result<ByteSourcePtr> CartonEdits::byteSource(const QString &path) const
{
    const FileSource *source = find(path);
    if (!source)
        return makeError(ErrorCode::NotFound, QStringLiteral("no such file in the carton"), path);
    switch (source->kind) {
    case FileSource::Kind::Original:
        if (!m_original)
            return makeError(ErrorCode::NotFound, QStringLiteral("no original carton to read from"), path);
        return m_original->byteSources()(source->originalPath);
    case FileSource::Kind::Linked:
        return makeError(ErrorCode::NotFound, QStringLiteral("only reachable through LINKS (not fetched)"), path);
    case FileSource::Kind::Disk: {
        Result<std::shared_ptr<FileRegionSource>> file = FileRegionSource::open(source->diskPath);
        if (!file)
            return file.error();
        return ByteSourcePtr(std::move(file).value());
    }
    case FileSource::Kind::Bytes:
        return ByteSourcePtr(std::make_shared<MemorySource>(source->bytes, path));
    }
    return makeError(ErrorCode::NotFound, QStringLiteral("no such file in the carton"), path);
}

Result<TensorIndex> CartonEdits::tensorIndex() const
{
    static const QString indexPath = QStringLiteral("tensor_data/index.toml");
    if (!find(indexPath))
        return TensorIndex();
    Result<ByteSourcePtr> source = byteSource(indexPath);
    if (!source)
        return source.error();
    Result<QByteArray> bytes = (*source)->readAll(Limits().maxMetadataFileSize);
    if (!bytes)
        return bytes.error();
    return TensorIndex::parse(*bytes, indexPath);
}

QStringList CartonEdits::paths() const
{
    QStringList out = m_files.keys();
    std::sort(out.begin(), out.end(), &Manifest::pathLess);
    return out;
}

Result<QString> CartonEdits::checkedPath(const QString &path) const
{
    Result<QString> safe = checkArchivePath(path, kWhere);
    if (!safe)
        return safe.error();
    if (path == kManifestName)
        return makeError(ErrorCode::Usage, QStringLiteral("MANIFEST is generated on save and cannot be edited"), path);
    return path;
}

void CartonEdits::setInfo(const CartonInfo &info)
{
    Result<QByteArray> toml = writeCartonToml(info);
    if (!toml) {
        m_infoError = toml.error();
        return;
    }
    m_infoError.reset();
    FileSource source;
    source.kind = FileSource::Kind::Bytes;
    source.bytes = std::move(*toml);
    m_files.insert(QStringLiteral("carton.toml"), source);
}

Status CartonEdits::putBytes(const QString &path, QByteArray bytes)
{
    if (Result<QString> p = checkedPath(path); !p)
        return p.error();
    FileSource source;
    source.kind = FileSource::Kind::Bytes;
    source.bytes = std::move(bytes);
    m_files.insert(path, source);
    return {};
}

Status CartonEdits::putFile(const QString &path, const QString &diskPath)
{
    if (Result<QString> p = checkedPath(path); !p)
        return p.error();
    if (diskPath.isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("no file on disk given"), path);
    FileSource source;
    source.kind = FileSource::Kind::Disk;
    source.diskPath = diskPath;
    m_files.insert(path, source);
    return {};
}

Status CartonEdits::putLinked(const QString &path, const QByteArray &sha256Hex)
{
    if (Result<QString> p = checkedPath(path); !p)
        return p.error();
    if (!isSha256Hex(sha256Hex))
        return makeError(ErrorCode::Format,
                         QStringLiteral("a linked file's sha256 must be 64 lowercase hex digits, got \"%1\"")
                             .arg(QString::fromLatin1(sha256Hex.left(80))),
                         path);
    FileSource source;
    source.kind = FileSource::Kind::Linked;
    source.originalPath = path;
    source.sha256Hex = sha256Hex;
    m_files.insert(path, source);
    return {};
}

Status CartonEdits::remove(const QString &path)
{
    if (!m_files.remove(path))
        return makeError(ErrorCode::NotFound, QStringLiteral("no such file in the carton"), path);
    return {};
}

Status CartonEdits::rename(const QString &from, const QString &to)
{
    if (!m_files.contains(from))
        return makeError(ErrorCode::NotFound, QStringLiteral("no such file in the carton"), from);
    if (Result<QString> p = checkedPath(to); !p)
        return p.error();
    if (m_files.contains(to))
        return makeError(ErrorCode::Usage, QStringLiteral("a file with this name exists already"), to);
    m_files.insert(to, m_files.take(from));
    return {};
}

bool CartonEdits::isUnchanged() const
{
    if (!m_original)
        return m_files.isEmpty();
    const CartonEdits fresh(m_original);
    if (fresh.m_files.size() != m_files.size())
        return false;
    for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
        const FileSource *was = fresh.find(it.key());
        if (!was || was->kind != it->kind || was->originalPath != it->originalPath)
            return false;
    }
    return true;
}

} // namespace carton
