// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pack/folderupdate.h"

#include "base/limits.h"
#include "base/newfile.h"
#include "base/sha256.h"
#include "format/manifest.h"
#include "package/carton.h"
#include "package/cartonsource.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

Status writeFile(const QString &path, const QByteArray &bytes)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return makeError(ErrorCode::Io, u"cannot create the folder"_s, QFileInfo(path).absolutePath());
    if (!QFileInfo::exists(path)) {
        NewFile file(path);
        if (Status s = file.open(); !s)
            return s;
        if (file.device().write(bytes) != bytes.size())
            return makeError(ErrorCode::Io, u"cannot write: %1"_s.arg(file.device().errorString()), path);
        return file.commit();
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, u"cannot create: %1"_s.arg(file.errorString()), path);
    file.write(bytes);
    if (!file.commit())
        return makeError(ErrorCode::Io, u"cannot write: %1"_s.arg(file.errorString()), path);
    return {};
}

// Written last among the files: what refers to the others.
int writeOrder(const QString &path)
{
    if (path == u"carton.toml")
        return 2;
    if (path == u"tensor_data/index.toml")
        return 1;
    return 0;
}

} // namespace

Status writeEditsToFolder(const CartonEdits &edits, const QString &folder)
{
    const QDir root(folder);
    if (!QFileInfo(root.filePath(u"carton.toml"_s)).isFile())
        return makeError(ErrorCode::Io, u"not an unpacked carton folder (no carton.toml)"_s, folder);
    QStringList written;
    for (auto it = edits.files().cbegin(); it != edits.files().cend(); ++it) {
        const CartonEdits::FileSource &source = it.value();
        if (source.kind == CartonEdits::FileSource::Kind::Bytes)
            written.append(it.key());
        else if (source.kind != CartonEdits::FileSource::Kind::Linked &&
                 !(source.kind == CartonEdits::FileSource::Kind::Original && source.originalPath == it.key()))
            return makeError(ErrorCode::Unsupported,
                             u"only files held in memory can be written into a folder; %1 is not"_s.arg(it.key()),
                             folder);
    }
    if (edits.original())
        for (const SourceFile &file : edits.original()->source().files())
            if (!edits.find(file.path) && file.path != u"MANIFEST" && file.path != u"LINKS")
                return makeError(ErrorCode::Unsupported,
                                 u"removing files from a folder is not done here; %1 was removed"_s.arg(file.path),
                                 folder);
    std::stable_sort(written.begin(), written.end(), [](const QString &a, const QString &b) {
        return writeOrder(a) != writeOrder(b) ? writeOrder(a) < writeOrder(b) : a < b;
    });

    // The MANIFEST's new lines are worked out before anything is written.
    const QString manifestPath = root.filePath(u"MANIFEST"_s);
    std::optional<Manifest> manifest;
    if (QFileInfo::exists(manifestPath)) {
        QFile file(manifestPath);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Io, u"cannot open: %1"_s.arg(file.errorString()), manifestPath);
        if (Status s = checkFileSize(file.size(), Limits().maxMetadataFileSize, manifestPath); !s)
            return s;
        Result<Manifest> parsed = Manifest::parse(file.readAll(), manifestPath);
        if (!parsed)
            return parsed.error();
        QList<ManifestEntry> entries;
        for (const ManifestEntry &e : parsed->entries())
            if (!written.contains(e.path))
                entries.append(e);
        for (const QString &path : written)
            entries.append({path, Sha256::hashHex(edits.find(path)->bytes)});
        manifest = Manifest(std::move(entries));
    }
    for (const QString &path : written)
        if (Status s = writeFile(root.filePath(path), edits.find(path)->bytes); !s)
            return s;
    if (manifest)
        return writeFile(manifestPath, manifest->serialize());
    return {};
}

} // namespace carton
