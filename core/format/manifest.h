// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace carton {

struct ManifestEntry {
    QString path;
    QByteArray sha256; // 64 lowercase hex characters
    bool operator==(const ManifestEntry &) const = default;
};

// The MANIFEST file: `{path}={sha256}\n` lines, sorted by the UTF-8 bytes of the
// path, listing every file but MANIFEST and LINKS.
class CARTONCORE_EXPORT Manifest {
public:
    Manifest() = default;
    explicit Manifest(QList<ManifestEntry> entries); // sorts them

    // Strict: every line `path=64-lowercase-hex\n` (the last one too), no
    // blanks, no spaces, safe relative paths, sorted, no duplicates, no entry for
    // MANIFEST or LINKS. Errors name "MANIFEST:LINE".
    static Result<Manifest> parse(QByteArrayView text, const QString &fileName = QStringLiteral("MANIFEST"));

    QByteArray serialize() const;
    // sha256 hex of serialize(): the model hash.
    QByteArray modelHash() const;

    const QList<ManifestEntry> &entries() const { return m_entries; }
    const ManifestEntry *find(const QString &path) const;

    // Byte-wise UTF-8 ordering used for MANIFEST lines.
    static bool pathLess(const QString &a, const QString &b);

private:
    QList<ManifestEntry> m_entries;
};

} // namespace carton
