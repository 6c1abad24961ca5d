// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/sha256.h"
#include "format/manifest.h"
#include "testutil.h"
#include "zip/zipwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>

namespace testutil {

inline QByteArray minimalToml()
{
    return "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"noop\"\n"
           "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
}

// MANIFEST bytes for these files.
inline QByteArray manifestFor(const QMap<QString, QByteArray> &files)
{
    QList<carton::ManifestEntry> entries;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        if (it.key() != u"LINKS" && it.key() != u"MANIFEST")
            entries.append({it.key(), carton::Sha256::hashHex(it.value())});
    return carton::Manifest(entries).serialize();
}

// Writes a .carton with these files (plus MANIFEST unless given) using `method`.
inline bool writeCarton(const QString &path, QMap<QString, QByteArray> files, carton::ZipMethod method,
                        bool addManifest = true)
{
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    if (addManifest)
        files.insert(QStringLiteral("MANIFEST"), manifestFor(files));
    carton::ZipWriter writer(&out);
    carton::ZipWriteOptions options;
    options.method = method;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        if (!writer.addEntry(it.key(), it.value(), options))
            return false;
    return writer.close().ok();
}

} // namespace testutil
