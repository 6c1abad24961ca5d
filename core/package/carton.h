// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "format/manifest.h"
#include "links/linkfetcher.h"
#include "links/links.h"
#include "package/cartonsource.h"
#include "tensor/tensor.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorio.h"

#include <memory>
#include <optional>

namespace carton {

// An opened carton (a .carton file or an unpacked folder): its file list and its
// metadata files, read and parsed at open. Nothing else is read at open, so
// opening a multi-GB carton costs the same as a tiny one. Immutable and
// thread-safe after open().
class CARTONCORE_EXPORT Carton final {
public:
    // Fails only when the source cannot be read at all (not a zip, unreadable,
    // unsafe entry names). Missing or broken carton.toml / MANIFEST / index.toml /
    // LINKS do not fail: they are left empty and reported in loadDiagnostics().
    // An http(s) URL is read through range requests (CartonSource::load).
    static Result<std::unique_ptr<Carton>> open(const QString &path, const Limits &limits = {},
                                                const RemoteOptions &remote = {});
    ~Carton();

    const CartonSource &source() const { return *m_source; }
    QString path() const { return m_source->path(); }

    const std::optional<CartonInfo> &info() const { return m_info; }
    const QByteArray &cartonTomlBytes() const { return m_tomlBytes; }
    const std::optional<Manifest> &manifest() const { return m_manifest; }
    const QByteArray &manifestBytes() const { return m_manifestBytes; }
    // sha256 hex of the MANIFEST bytes as stored (empty without MANIFEST).
    const QByteArray &modelHash() const { return m_modelHash; }
    const std::optional<TensorIndex> &tensorIndex() const { return m_tensorIndex; }
    const std::optional<Links> &links() const { return m_links; }
    // What went wrong reading carton.toml, MANIFEST, index.toml and LINKS.
    const Diagnostics &loadDiagnostics() const { return m_loadDiagnostics; }
    // True when unsafe entries were left out (Limits::quarantineUnsafeEntries):
    // the carton may be looked at, not extracted or saved.
    bool isReadOnly() const { return !m_source->quarantined().isEmpty(); }

    // True when `path` is listed in MANIFEST, absent from the source, and LINKS has
    // URLs for its sha256.
    bool isLinked(const QString &path) const;
    // Random access to files through the source (CartonSource::byteSource()). With
    // fetchLinks, a file that is only in LINKS is downloaded into a temporary file
    // ("carton-linked-*" in the temporary folder; sha256-checked, blocking: not on
    // a GUI thread), removed when the last source reading it goes.
    ByteSourceOpener byteSources(bool fetchLinks = false, const FetchOptions &fetch = {}) const;
    // Loads a tensor of tensor_data by its index name, whole.
    Result<Tensor> loadTensor(const QString &name, bool fetchLinks = false) const;
    // Opens a numeric tensor of tensor_data for reading any region of it; the
    // reader keeps what it needs alive (it may outlive this Carton).
    Result<TensorReaderPtr> openTensor(const QString &name, bool fetchLinks = false) const;

private:
    Carton() = default;
    std::unique_ptr<CartonSource> m_source;
    std::optional<CartonInfo> m_info;
    QByteArray m_tomlBytes;
    std::optional<Manifest> m_manifest;
    QByteArray m_manifestBytes;
    QByteArray m_modelHash;
    std::optional<TensorIndex> m_tensorIndex;
    std::optional<Links> m_links;
    Diagnostics m_loadDiagnostics;
};

} // namespace carton
