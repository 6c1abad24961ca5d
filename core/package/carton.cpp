// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/carton.h"

#include "base/errorlocation.h"
#include "base/scratchfile.h"
#include "base/sha256.h"
#include "format/cartontoml.h"

namespace carton {

namespace {

const QString kCartonToml = QStringLiteral("carton.toml");
const QString kManifest = QStringLiteral("MANIFEST");
const QString kIndex = QStringLiteral("tensor_data/index.toml");
const QString kLinks = QStringLiteral("LINKS");
const QString kFetchedTemplate = QStringLiteral("carton-linked-XXXXXX");

// A fetched linked file: its temporary file, removed with the last reader.
class FetchedFileSource final : public ByteSource {
public:
    FetchedFileSource(std::unique_ptr<ScratchFile> file, std::shared_ptr<FileRegionSource> region)
        : m_file(std::move(file)), m_region(std::move(region))
    {
    }
    qint64 size() const override { return m_region->size(); }
    QString name() const override { return m_region->name(); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override
    {
        return m_region->read(offset, length, out, progress);
    }
    Result<bool> copyToFile(qint64 offset, qint64 length, int outFd) const override
    {
        return m_region->copyToFile(offset, length, outFd);
    }
    qint64 diskOffset() const override { return m_region->diskOffset(); }

private:
    std::unique_ptr<ScratchFile> m_file; // declared first: destroyed after the region's handles
    std::shared_ptr<FileRegionSource> m_region;
};

} // namespace

Carton::~Carton() = default;

Result<std::unique_ptr<Carton>> Carton::open(const QString &path, const Limits &limits, const RemoteOptions &remote)
{
    auto source = CartonSource::load(path, limits, remote);
    if (!source)
        return source.error();
    std::unique_ptr<Carton> c(new Carton);
    c->m_source = std::move(source).value();
    const CartonSource &src = *c->m_source;
    const qint64 cap = limits.maxMetadataFileSize;
    for (const QuarantinedFile &q : src.quarantined())
        c->m_loadDiagnostics.append(
            Diagnostic{Severity::Error, DiagnosticLocation{q.path},
                       QStringLiteral("unsafe entry left out (the carton is open read-only: it cannot be extracted "
                                      "or saved): %1")
                           .arg(q.reason)});

    // Reads one metadata file; a missing one is not an error here (validation decides).
    auto readMeta = [&](const QString &name) -> std::optional<QByteArray> {
        if (!src.find(name))
            return std::nullopt;
        auto bytes = src.read(name, cap);
        if (!bytes) {
            c->m_loadDiagnostics.append(diagnosticFromError(bytes.error(), name));
            return std::nullopt;
        }
        return std::move(bytes).value();
    };

    if (auto toml = readMeta(kCartonToml)) {
        c->m_tomlBytes = *toml;
        auto info = parseCartonToml(*toml, kCartonToml);
        if (info)
            c->m_info = std::move(info).value();
        else
            c->m_loadDiagnostics.append(diagnosticFromError(info.error(), kCartonToml));
    }
    if (auto manifest = readMeta(kManifest)) {
        c->m_manifestBytes = *manifest;
        c->m_modelHash = Sha256::hashHex(*manifest);
        auto parsed = Manifest::parse(*manifest, kManifest);
        if (parsed)
            c->m_manifest = std::move(parsed).value();
        else
            c->m_loadDiagnostics.append(diagnosticFromError(parsed.error(), kManifest));
    }
    if (auto index = readMeta(kIndex)) {
        auto parsed = TensorIndex::parse(*index, kIndex);
        if (parsed)
            c->m_tensorIndex = std::move(parsed).value();
        else
            c->m_loadDiagnostics.append(diagnosticFromError(parsed.error(), kIndex));
    }
    if (auto links = readMeta(kLinks)) {
        auto parsed = Links::parse(*links, kLinks);
        if (parsed)
            c->m_links = std::move(parsed).value();
        else
            c->m_loadDiagnostics.append(diagnosticFromError(parsed.error(), kLinks));
    }
    return c;
}

bool Carton::isLinked(const QString &path) const
{
    if (!m_manifest || !m_links || m_source->find(path))
        return false;
    const ManifestEntry *entry = m_manifest->find(path);
    return entry && !m_links->urlsFor(entry->sha256).isEmpty();
}

ByteSourceOpener Carton::byteSources(bool fetchLinks, const FetchOptions &fetch) const
{
    return [this, fetchLinks, fetch](const QString &path) -> Result<ByteSourcePtr> {
        if (!fetchLinks || m_source->find(path) || !isLinked(path))
            return m_source->byteSource(path);
        // Into a temporary file, not memory: a linked file may be gigabytes (up to
        // the entry size limit); it goes when the last reader of it does.
        auto spill = std::make_unique<ScratchFile>(kFetchedTemplate);
        if (Status s = spill->open(); !s) {
            Error e = s.error();
            e.message = QStringLiteral("%1 (for linked file %2)").arg(e.message, path);
            return e;
        }
        FetchOptions options = fetch;
        options.maxSize = std::min(options.maxSize, m_source->limits().maxEntrySize);
        const QByteArray sha = m_manifest->find(path)->sha256;
        Status st = fetchLinkedFile(m_links->urlsFor(sha), sha, &spill->device(), options);
        if (st && !spill->device().flush())
            st = makeError(ErrorCode::Io, spill->device().errorString(), spill->device().fileName());
        if (!st) {
            Error e = st.error();
            e.message = QStringLiteral("%1 (fetching linked file %2)").arg(e.message, path);
            return e;
        }
        Result<std::shared_ptr<FileRegionSource>> region = spill->region(0, spill->device().size(), path);
        if (!region)
            return region.error();
        return ByteSourcePtr(std::make_shared<FetchedFileSource>(std::move(spill), std::move(region).value()));
    };
}

Result<Tensor> Carton::loadTensor(const QString &name, bool fetchLinks) const
{
    if (!m_tensorIndex)
        return makeError(ErrorCode::NotFound, QStringLiteral("the carton has no tensor_data/index.toml"), kIndex);
    return carton::loadTensor(*m_tensorIndex, name, byteSources(fetchLinks), m_source->limits());
}

Result<TensorReaderPtr> Carton::openTensor(const QString &name, bool fetchLinks) const
{
    if (!m_tensorIndex)
        return makeError(ErrorCode::NotFound, QStringLiteral("the carton has no tensor_data/index.toml"), kIndex);
    const TensorIndexEntry *entry = m_tensorIndex->find(name);
    if (!entry)
        return makeError(ErrorCode::NotFound, QStringLiteral("no tensor named \"%1\"").arg(name), kIndex);
    return openIndexTensor(*entry, byteSources(fetchLinks), m_source->limits());
}

} // namespace carton
