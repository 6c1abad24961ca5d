// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Helpers shared by the zip tests: a raw archive builder (for hostile archives and
// for archives our writer would never produce), compression through zlib/libzstd
// directly, and running external tools (python3, bsdtar, zip).

#include "testutil.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QtEndian>
#include <vector>
#include <zlib.h>
#include <zstd.h>

namespace ziptest {

using testutil::readFile;
using testutil::writeFile;

inline void put16(QByteArray &b, quint16 v)
{
    char c[2];
    qToLittleEndian(v, c);
    b.append(c, 2);
}
inline void put32(QByteArray &b, quint32 v)
{
    char c[4];
    qToLittleEndian(v, c);
    b.append(c, 4);
}
inline void put64(QByteArray &b, quint64 v)
{
    char c[8];
    qToLittleEndian(v, c);
    b.append(c, 8);
}
inline void patch16(QByteArray &b, qsizetype at, quint16 v)
{
    qToLittleEndian(v, b.data() + at);
}
inline void patch32(QByteArray &b, qsizetype at, quint32 v)
{
    qToLittleEndian(v, b.data() + at);
}
inline void patch64(QByteArray &b, qsizetype at, quint64 v)
{
    qToLittleEndian(v, b.data() + at);
}

inline quint32 crc(const QByteArray &data)
{
    return quint32(crc32_z(0, reinterpret_cast<const Bytef *>(data.constData()), size_t(data.size())));
}

inline QByteArray deflateRaw(const QByteArray &plain, int level = 6)
{
    z_stream s{};
    deflateInit2(&s, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&s, uLong(plain.size()))), Qt::Uninitialized);
    s.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(plain.constData()));
    s.avail_in = uInt(plain.size());
    s.next_out = reinterpret_cast<Bytef *>(out.data());
    s.avail_out = uInt(out.size());
    deflate(&s, Z_FINISH);
    out.resize(qsizetype(s.total_out));
    deflateEnd(&s);
    return out;
}

// A zstd frame; withContentSize=false streams it like upstream (no size in the frame header).
inline QByteArray zstdFrame(const QByteArray &plain, bool withContentSize = true, int level = 3)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level);
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, withContentSize ? 1 : 0);
    QByteArray out(qsizetype(ZSTD_compressBound(size_t(plain.size()))), Qt::Uninitialized);
    const size_t n = ZSTD_compress2(c, out.data(), size_t(out.size()), plain.constData(), size_t(plain.size()));
    ZSTD_freeCCtx(c);
    out.resize(ZSTD_isError(n) ? 0 : qsizetype(n));
    return out;
}

// Pseudo-random but compressible bytes (a fixed LCG over a small alphabet).
inline QByteArray sampleData(qsizetype size, quint32 seed = 1)
{
    QByteArray out(size, Qt::Uninitialized);
    quint32 x = seed;
    for (qsizetype i = 0; i < size; ++i) {
        x = x * 1664525u + 1013904223u;
        out[i] = char("abcdefghij \n0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[(x >> 24) % 48]);
    }
    return out;
}

struct RawEntry {
    QByteArray name;
    QByteArray stored; // the bytes in the archive (compressed already)
    QByteArray plain;  // uncompressed bytes: CRC and size (empty + method 0: = stored)
    quint16 method = 0;
    quint16 flags = 0x0800;
    quint32 externalAttributes = 0100644u << 16;
    QByteArray cdExtra;
    QByteArray localExtra;
};

// Where the builder put things, for tests that patch fields afterwards.
struct RawLayout {
    std::vector<qsizetype> local;   // local header offsets
    std::vector<qsizetype> central; // central directory record offsets
    qsizetype cdOffset = 0;
    qsizetype cdSize = 0;
    qsizetype eocd = 0;
};

inline QByteArray buildZip(const std::vector<RawEntry> &entries, RawLayout *layout = nullptr,
                           const QByteArray &comment = {})
{
    RawLayout l;
    QByteArray out;
    for (const RawEntry &e : entries) {
        const QByteArray &plain = e.method == 0 && e.plain.isEmpty() ? e.stored : e.plain;
        l.local.push_back(out.size());
        put32(out, 0x04034b50);
        put16(out, 20);
        put16(out, e.flags);
        put16(out, e.method);
        put32(out, 0x00210000);
        put32(out, crc(plain));
        put32(out, quint32(e.stored.size()));
        put32(out, quint32(plain.size()));
        put16(out, quint16(e.name.size()));
        put16(out, quint16(e.localExtra.size()));
        out += e.name + e.localExtra + e.stored;
    }
    l.cdOffset = out.size();
    for (size_t i = 0; i < entries.size(); ++i) {
        const RawEntry &e = entries[i];
        const QByteArray &plain = e.method == 0 && e.plain.isEmpty() ? e.stored : e.plain;
        l.central.push_back(out.size());
        put32(out, 0x02014b50);
        put16(out, (3 << 8) | 63);
        put16(out, 20);
        put16(out, e.flags);
        put16(out, e.method);
        put32(out, 0x00210000);
        put32(out, crc(plain));
        put32(out, quint32(e.stored.size()));
        put32(out, quint32(plain.size()));
        put16(out, quint16(e.name.size()));
        put16(out, quint16(e.cdExtra.size()));
        put16(out, 0);
        put16(out, 0);
        put16(out, 0);
        put32(out, e.externalAttributes);
        put32(out, quint32(l.local[i]));
        out += e.name + e.cdExtra;
    }
    l.cdSize = out.size() - l.cdOffset;
    l.eocd = out.size();
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, quint16(entries.size()));
    put16(out, quint16(entries.size()));
    put32(out, quint32(l.cdSize));
    put32(out, quint32(l.cdOffset));
    put16(out, quint16(comment.size()));
    out += comment;
    if (layout)
        *layout = l;
    return out;
}

// Inserts a zip64 locator (and optionally a zip64 end record) before the end record.
inline QByteArray withZip64(const QByteArray &plain, const RawLayout &l, bool record, quint64 count,
                            quint64 locatorTarget)
{
    QByteArray out = plain.left(l.eocd);
    const qsizetype recordOffset = out.size();
    if (record) {
        put32(out, 0x06064b50);
        put64(out, 44);
        put16(out, (3 << 8) | 63);
        put16(out, 45);
        put32(out, 0);
        put32(out, 0);
        put64(out, count);
        put64(out, count);
        put64(out, quint64(l.cdSize));
        put64(out, quint64(l.cdOffset));
    }
    put32(out, 0x07064b50);
    put32(out, 0);
    put64(out, record ? quint64(recordOffset) : locatorTarget);
    put32(out, 1);
    return out + plain.mid(l.eocd);
}

struct ToolResult {
    bool started = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline ToolResult runTool(const QString &program, const QStringList &args, const QString &workingDir = {})
{
    ToolResult r;
    QProcess p;
    if (!workingDir.isEmpty())
        p.setWorkingDirectory(workingDir);
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return r;
    r.started = true;
    p.closeWriteChannel();
    p.waitForFinished(120000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

inline bool haveTool(const QString &name)
{
    return !QStandardPaths::findExecutable(name).isEmpty();
}

} // namespace ziptest
