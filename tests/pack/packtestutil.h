// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Helpers for the carton_pack tests: sample carton folders, tree snapshots, and a
// raw zip builder that writes exactly what it is told (hostile names, duplicate
// entries, lying sizes, wrong CRCs), independent of ZipWriter.

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QList>
#include <QMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QString>
#include <filesystem>
#include <optional>
#include <zlib.h>
#include <zstd.h>

namespace packtest {

inline bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    return f.write(data) == data.size();
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

// Half compressible text, half random bytes, deterministic for a seed.
inline QByteArray mixedData(qint64 size, quint32 seed)
{
    QByteArray out(size, Qt::Uninitialized);
    QRandomGenerator rng(seed);
    for (qint64 i = 0; i < size; ++i) {
        if ((i / 4096) % 2 == 0)
            out[i] = char('a' + (i % 13));
        else
            out[i] = char(rng.generate() & 0xff);
    }
    return out;
}

// Random bytes (what compressed media looks like to a compressor), deterministic for a seed.
inline QByteArray randomData(qint64 size, quint32 seed)
{
    QByteArray out(size, Qt::Uninitialized);
    QRandomGenerator rng(seed);
    for (qint64 i = 0; i < size; ++i)
        out[i] = char(rng.generate() & 0xff);
    return out;
}

// The size of `data` compressed alone with zip `method` at `level` (zstd: libzstd's
// one-shot API; deflate: raw deflate), computed apart from ZipWriter: whether
// compressing makes a file smaller. Streamed frames may differ by a few bytes, so
// tests use data far from the boundary (text, random bytes, empty or tiny files).
inline qint64 compressedSizeOf(const QByteArray &data, int method, int level)
{
    if (method == 93) {
        QByteArray out(qsizetype(ZSTD_compressBound(size_t(data.size()))), Qt::Uninitialized);
        const size_t n = ZSTD_compress(out.data(), size_t(out.size()), data.constData(), size_t(data.size()), level);
        return ZSTD_isError(n) ? -1 : qint64(n);
    }
    if (method == 8) {
        z_stream z{};
        if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            return -1;
        QByteArray out(qsizetype(deflateBound(&z, uLong(data.size()))), Qt::Uninitialized);
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
        z.avail_in = uInt(data.size());
        z.next_out = reinterpret_cast<Bytef *>(out.data());
        z.avail_out = uInt(out.size());
        const int rc = deflate(&z, Z_FINISH);
        const qint64 n = qint64(z.total_out);
        deflateEnd(&z);
        return rc == Z_STREAM_END ? n : -1;
    }
    return data.size();
}

// The zip method a packer must use for `data` when asked for `method`: Stored
// when compressing does not make it smaller.
inline int expectedMethod(const QByteArray &data, int method, int level)
{
    return method != 0 && compressedSizeOf(data, method, level) < data.size() ? method : 0;
}

inline const QByteArray &minimalToml()
{
    static const QByteArray toml = "spec_version = 1\n"
                                   "model_name = \"pack_test\"\n"
                                   "short_description = \"A model for the packer tests\"\n"
                                   "\n[runner]\n"
                                   "runner_name = \"torchscript\"\n"
                                   "required_framework_version = \"=2.0.1\"\n"
                                   "runner_compat_version = 1\n";
    return toml;
}

// Sample folders. Returns false when the filesystem cannot hold the sample.
inline bool makeFolder(const QString &root, const QString &kind)
{
    bool ok = writeFile(root + QStringLiteral("/carton.toml"), minimalToml());
    ok = ok && writeFile(root + QStringLiteral("/model/model.pt"), mixedData(300 * 1024 + 17, 1));
    ok = ok && writeFile(root + QStringLiteral("/model/.carton/carton.lock"), "lock = 1\n");
    if (kind == u"basic") {
        ok = ok && writeFile(root + QStringLiteral("/misc/readme.txt"), QByteArray(5000, 'r'));
    } else if (kind == u"nonascii") {
        ok = ok && writeFile(root + QStringLiteral("/model/模型 ünïcödé.bin"), mixedData(9000, 2));
        ok = ok && writeFile(root + QStringLiteral("/misc/café ☕.txt"), "caf\xc3\xa9\n");
    } else if (kind == u"emptytensors") {
        ok = ok && writeFile(root + QStringLiteral("/tensor_data/index.toml"), "tensor = []\n");
        ok = ok && writeFile(root + QStringLiteral("/model/empty.bin"), QByteArray());
    } else if (kind == u"symlink") {
        ok = ok && QDir().mkpath(root + QStringLiteral("/misc"));
        ok = ok && QFile::link(QStringLiteral("model.pt"), root + QStringLiteral("/model/alias.pt"));
        ok = ok && QFile::link(QStringLiteral("../model/model.pt"), root + QStringLiteral("/misc/deep.pt"));
    } else if (kind == u"links") {
        // model/remote.bin is listed in MANIFEST and LINKS but absent from the folder.
        const QByteArray remote = "remote file bytes\n";
        const QByteArray remoteSha = sha256Hex(remote);
        QMap<QByteArray, QByteArray> lines; // utf-8 path -> sha
        lines.insert("carton.toml", sha256Hex(minimalToml()));
        lines.insert("model/model.pt", sha256Hex(mixedData(300 * 1024 + 17, 1)));
        lines.insert("model/.carton/carton.lock", sha256Hex("lock = 1\n"));
        lines.insert("model/remote.bin", remoteSha);
        QByteArray manifest;
        for (auto it = lines.cbegin(); it != lines.cend(); ++it)
            manifest += it.key() + '=' + it.value() + '\n';
        ok = ok && writeFile(root + QStringLiteral("/MANIFEST"), manifest);
        ok = ok && writeFile(root + QStringLiteral("/LINKS"),
                             "version = 1\n\n[urls]\n" + remoteSha + " = [\"https://example.invalid/remote.bin\"]\n");
    }
    return ok;
}

// Relative path -> content ("symlink:" + target for symlinks), recursive.
inline QMap<QString, QByteArray> snapshot(const QString &root)
{
    QMap<QString, QByteArray> tree;
    if (!QFileInfo(root).isDir())
        return tree;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    const QDir dir(root);
    while (it.hasNext()) {
        const QFileInfo info = it.nextFileInfo();
        const QString rel = dir.relativeFilePath(info.absoluteFilePath());
        if (info.isSymLink())
            tree.insert(
                rel, "symlink:" +
                         QByteArray::fromStdString(
                             std::filesystem::read_symlink(QFile::encodeName(info.filePath()).toStdString()).string()));
        else if (info.isDir())
            tree.insert(rel + u'/', "dir");
        else
            tree.insert(rel, readFile(info.absoluteFilePath()));
    }
    return tree;
}

// Names (recursive, including hidden) under a folder: for "nothing else was written".
inline QStringList listing(const QString &root)
{
    QStringList names;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        names.append(QDir(root).relativeFilePath(it.next()));
    names.sort();
    return names;
}

struct RawEntry {
    QByteArray name;
    QByteArray data;    // uncompressed bytes
    quint16 method = 0; // 0 stored, 93 zstd (compressed here)
    quint32 mode = 0100644;
    std::optional<quint32> crc;  // override the CRC-32
    std::optional<quint32> size; // override the declared uncompressed size
};

inline void put16(QByteArray &b, quint16 v)
{
    b.append(char(v & 0xff));
    b.append(char(v >> 8));
}

inline void put32(QByteArray &b, quint32 v)
{
    put16(b, quint16(v & 0xffff));
    put16(b, quint16(v >> 16));
}

// A classic (non-zip64) archive with exactly these entries.
inline QByteArray buildZip(const QList<RawEntry> &entries)
{
    QByteArray out;
    QByteArray central;
    for (const RawEntry &e : entries) {
        QByteArray body = e.data;
        if (e.method == 93) {
            body.resize(qsizetype(ZSTD_compressBound(size_t(e.data.size()))));
            const size_t n =
                ZSTD_compress(body.data(), size_t(body.size()), e.data.constData(), size_t(e.data.size()), 3);
            body.resize(ZSTD_isError(n) ? 0 : qsizetype(n));
        }
        const quint32 crc = e.crc.value_or(
            quint32(::crc32(0, reinterpret_cast<const Bytef *>(e.data.constData()), uInt(e.data.size()))));
        const quint32 usize = e.size.value_or(quint32(e.data.size()));
        const quint32 offset = quint32(out.size());
        out.append("PK\x03\x04", 4);
        put16(out, 63);
        put16(out, 0x0800);
        put16(out, e.method);
        put16(out, 0);
        put16(out, 0x21);
        put32(out, crc);
        put32(out, quint32(body.size()));
        put32(out, usize);
        put16(out, quint16(e.name.size()));
        put16(out, 0);
        out.append(e.name);
        out.append(body);

        central.append("PK\x01\x02", 4);
        put16(central, 0x033f);
        put16(central, 63);
        put16(central, 0x0800);
        put16(central, e.method);
        put16(central, 0);
        put16(central, 0x21);
        put32(central, crc);
        put32(central, quint32(body.size()));
        put32(central, usize);
        put16(central, quint16(e.name.size()));
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put32(central, e.mode << 16);
        put32(central, offset);
        central.append(e.name);
    }
    const quint32 cdOffset = quint32(out.size());
    out.append(central);
    out.append("PK\x05\x06", 4);
    put16(out, 0);
    put16(out, 0);
    put16(out, quint16(entries.size()));
    put16(out, quint16(entries.size()));
    put32(out, quint32(central.size()));
    put32(out, cdOffset);
    put16(out, 0);
    return out;
}

// MANIFEST text for (path, data) pairs.
inline QByteArray manifestFor(QList<std::pair<QByteArray, QByteArray>> files)
{
    std::sort(files.begin(), files.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QByteArray m;
    for (const auto &f : files)
        m += f.first + '=' + sha256Hex(f.second) + '\n';
    return m;
}

} // namespace packtest
