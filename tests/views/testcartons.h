// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Helpers for the views tests: the upstream fixture, and small cartons written
// as unpacked folders (carton.toml + MANIFEST + files) in a temporary folder.

#include "package/carton.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace testcartons {

inline QString upstreamFixture()
{
    const QString path = QStringLiteral(CARTON_SHARED_DIR "/fixtures/upstream/test.carton");
    return QFileInfo::exists(path) ? path : QString();
}

inline std::shared_ptr<const carton::Carton> open(const QString &path, QString *error = nullptr)
{
    auto result = carton::Carton::open(path);
    if (!result.ok()) {
        if (error)
            *error = result.error().toString();
        return {};
    }
    return std::shared_ptr<const carton::Carton>(std::move(result.value()));
}

// Writes `files` (path -> bytes) under `root`, plus a MANIFEST listing them all
// unless `files` has one or `writeManifest` is false.
inline bool writeFolder(const QString &root, const QMap<QString, QByteArray> &files, bool writeManifest = true)
{
    QByteArray manifest;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = root + u'/' + it.key();
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(it.value()) != it.value().size())
            return false;
        if (it.key() != u"MANIFEST" && it.key() != u"LINKS")
            manifest += it.key().toUtf8() + '=' +
                        QCryptographicHash::hash(it.value(), QCryptographicHash::Sha256).toHex() + '\n';
    }
    if (writeManifest && !files.contains(QStringLiteral("MANIFEST"))) {
        QFile file(root + QStringLiteral("/MANIFEST"));
        if (!file.open(QIODevice::WriteOnly))
            return false;
        file.write(manifest); // QMap iterates in key order: ASCII paths sort like MANIFEST
    }
    return true;
}

inline QByteArray minimalToml(const QByteArray &extra = {})
{
    return QByteArrayLiteral("spec_version = 1\nmodel_name = \"Tiny\"\n") + extra +
           QByteArrayLiteral("\n[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\n"
                             "runner_compat_version = 1\n");
}

} // namespace testcartons
