// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What the saveCarton() tests share: sample cartons, raw entry bytes, verifying.
#include "pack/packer.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "packtestutil.h"
#include "zip/zipreader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <optional>

namespace savetest {

using namespace carton;

inline QString errorText(const Error &e)
{
    return e.toString();
}

// Packs a sample folder of `kind` into `dir`/in.carton.
inline QString packSample(const QTemporaryDir &dir, const QString &kind, ZipMethod method = ZipMethod::Zstd)
{
    const QString folder = dir.filePath(QStringLiteral("src-") + kind);
    if (!packtest::makeFolder(folder, kind))
        return {};
    const QString out = dir.filePath(kind + QStringLiteral(".carton"));
    PackOptions options;
    options.method = method;
    return packFolder(folder, out, options).ok() ? out : QString();
}

// The raw bytes of an entry's compressed data, with its CRC and method.
struct RawBytes {
    QByteArray data;
    quint32 crc = 0;
    quint16 method = 0;
    quint64 size = 0;
    bool operator==(const RawBytes &) const = default;
};

inline std::optional<RawBytes> rawBytes(const QString &zip, const QString &name)
{
    auto reader = ZipReader::open(zip);
    if (!reader)
        return std::nullopt;
    const ZipEntry *entry = (*reader)->find(name);
    if (!entry)
        return std::nullopt;
    auto offset = (*reader)->dataOffset(*entry);
    if (!offset)
        return std::nullopt;
    QFile f(zip);
    if (!f.open(QIODevice::ReadOnly) || !f.seek(*offset))
        return std::nullopt;
    return RawBytes{f.read(qint64(entry->compressedSize)), entry->crc32, entry->method, entry->uncompressedSize};
}

// The files directly in a folder (hidden ones too): what a save may have left behind.
inline QStringList topFiles(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

inline VerifyReport verify(const QString &path)
{
    auto opened = Carton::open(path);
    if (!opened)
        return {};
    return verifyCarton(**opened);
}

} // namespace savetest
