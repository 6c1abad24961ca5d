// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <QUrl>
#include <optional>

namespace carton {

// Internal to carton_oci: the upload sessions a push left open (cancelled, a
// network error, a killed process), one small JSON file per registry, repository
// and blob digest in `folder` (empty: <generic cache>/carton-studio/oci-uploads),
// so the next push of that blob asks the registry where the session stands and
// goes on from there. A file is trusted for nothing: it must name the same
// registry, repository and digest, and its session URL the registry's own scheme,
// host and port (the Authorization header is only ever sent there).
class OciUploadState {
public:
    OciUploadState(QString folder, QString registry, QString repository, QUrl base);

    // The session URL kept for `digest`, nullopt when there is none or it is not usable.
    std::optional<QUrl> load(const QString &digest) const;
    // Keeps (atomically replaces) the session URL for `digest`; a failure to write
    // only costs the resume, so it is not an error.
    void save(const QString &digest, const QUrl &location) const;
    void remove(const QString &digest) const;

    QString fileFor(const QString &digest) const;

private:
    QString m_folder;
    QString m_registry;
    QString m_repository;
    QUrl m_base;
};

} // namespace carton
