// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/ocisource.h"

#include "base/bytesourcedevice.h"
#include "oci/ociblobsource.h"
#include "oci/ocimodelpack.h"
#include "oci/ociregistry.h"

namespace carton {

OciSource::~OciSource() = default;

Result<std::unique_ptr<OciSource>> OciSource::open(const QString &path, const Limits &limits,
                                                   const RemoteOptions &remote)
{
    Result<OciReference> ref = OciReference::parse(path);
    if (!ref)
        return ref.error();
    OciOptions options;
    options.remote = remote;
    auto registry = std::make_shared<OciRegistry>(*ref, options);
    Result<OciManifestBytes> manifest = registry->fetchManifest(ref->manifestReference());
    if (!manifest)
        return manifest.error();
    Result<PulledArtifact> artifact = parseModelPackManifest(manifest->bytes, manifest->mediaType, limits,
                                                             QStringLiteral("oci://") + ref->toString());
    if (!artifact)
        return artifact.error();
    std::unique_ptr<OciSource> source(new OciSource);
    source->m_path = QStringLiteral("oci://") + ref->toString();
    source->m_manifestDigest = manifest->digest;
    source->m_registry = std::move(registry);
    source->m_limits = limits;
    for (const OciLayer &layer : std::as_const(artifact->layers)) {
        SourceFile file;
        file.path = layer.path;
        file.size = layer.size;
        file.compressedSize = layer.size;
        file.method = 0; // uncompressed, like a Stored entry
        source->m_files.append(file);
        source->m_digests.insert(layer.path, layer.digest);
    }
    source->sortFiles();
    return source;
}

Result<ByteSourcePtr> OciSource::blob(const QString &path) const
{
    const SourceFile *file = find(path);
    if (!file)
        return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" in the carton").arg(path), m_path);
    return ByteSourcePtr(std::make_shared<OciBlobSource>(m_registry, m_digests.value(path), file->size,
                                                         QStringLiteral("%1: %2").arg(m_path, path)));
}

Result<std::unique_ptr<QIODevice>> OciSource::open(const QString &path, bool checkCrc) const
{
    Q_UNUSED(checkCrc); // the layer's sha256 is what a reader checks (verify)
    Result<ByteSourcePtr> source = blob(path);
    if (!source)
        return source.error();
    const qint64 size = (*source)->size();
    return std::unique_ptr<QIODevice>(std::make_unique<ByteSourceDevice>(std::move(source).value(), 0, size));
}

Result<QByteArray> OciSource::read(const QString &path, qint64 maxSize) const
{
    const SourceFile *file = find(path);
    if (!file)
        return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" in the carton").arg(path), m_path);
    if (file->size > maxSize)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("file is %1 bytes, more than the %2 allowed").arg(file->size).arg(maxSize),
                         path);
    Result<QByteArray> bytes = m_registry->fetchBlob(m_digests.value(path), maxSize);
    if (!bytes)
        return bytes.error();
    if (bytes->size() != file->size)
        return makeError(
            ErrorCode::Integrity,
            QStringLiteral("the layer is %1 bytes, its descriptor says %2").arg(bytes->size()).arg(file->size),
            QStringLiteral("%1: %2").arg(m_path, path));
    return bytes;
}

Result<QByteArray> OciSource::readRange(const QString &path, qint64 offset, qint64 length) const
{
    const SourceFile *file = find(path);
    if (!file)
        return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" in the carton").arg(path), m_path);
    if (offset < 0 || length < 0 || offset > file->size - length)
        return makeError(ErrorCode::Usage, QStringLiteral("range outside the file"), path);
    // Exactly the bytes asked for (a media sniff reads a file's first bytes): one request.
    QByteArray out(length, Qt::Uninitialized);
    if (length > 0)
        if (Status s = m_registry->readBlob(m_digests.value(path), file->size, offset, length, out.data()); !s)
            return s.error();
    return out;
}

Result<ByteSourcePtr> OciSource::directSource(const QString &path, const QString &name) const
{
    Q_UNUSED(name);
    return blob(path);
}

SpillSource::StreamOpener OciSource::streamOpener(const QString &path) const
{
    // Never used in practice (every layer has a direct source).
    return [self = this, path]() { return self->open(path, false); };
}

} // namespace carton
