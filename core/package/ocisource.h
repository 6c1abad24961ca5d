// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "oci/ocireference.h"
#include "package/cartonsource.h"

#include <QHash>

namespace carton {

class OciRegistry;

// A carton pushed to an OCI registry (pushCarton), opened by its `oci://REF`:
// the manifest is fetched and checked at open (parseModelPackManifest), then
// every file is one layer. Small files (carton.toml, MANIFEST, index.toml, LINKS)
// are fetched whole and checked against their digest; a tensor or a weight is read
// by Range requests on its blob (OciBlobSource). Nothing else is fetched at open.
class CARTONCORE_EXPORT OciSource final : public CartonSource {
public:
    static Result<std::unique_ptr<OciSource>> open(const QString &path, const Limits &limits,
                                                   const RemoteOptions &remote);
    ~OciSource() override;

    QString path() const override { return m_path; }
    bool isArchive() const override { return false; }
    bool isRemote() const override { return true; }
    Result<std::unique_ptr<QIODevice>> open(const QString &path, bool checkCrc = true) const override;
    Result<QByteArray> read(const QString &path, qint64 maxSize) const override;
    Result<QByteArray> readRange(const QString &path, qint64 offset, qint64 length) const override;
    std::optional<RawRegion> rawRegion(const QString &) const override { return std::nullopt; }

    // The manifest's digest ("sha256:…") and the reference opened.
    QString manifestDigest() const { return m_manifestDigest; }

protected:
    Result<ByteSourcePtr> directSource(const QString &path, const QString &name) const override;
    SpillSource::StreamOpener streamOpener(const QString &path) const override;

private:
    OciSource() = default;
    Result<ByteSourcePtr> blob(const QString &path) const;

    QString m_path;
    QString m_manifestDigest;
    std::shared_ptr<OciRegistry> m_registry;
    QHash<QString, QString> m_digests; // path -> "sha256:…"
};

} // namespace carton
