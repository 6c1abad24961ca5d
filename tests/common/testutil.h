// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Small helpers shared by the core test executables (header-only; include as "testutil.h").

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QString>
#include <QtEndian>

namespace testutil {

// Writes `data` to `path` (replacing it), creating the parent folders first.
inline bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

// The whole file, or an empty array when it cannot be opened.
inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A .safetensors file: `header` (JSON, padded with spaces to a multiple of 8
// bytes) after its 8-byte little-endian length, then `buffer`.
inline QByteArray safetensorsFile(QByteArray header, const QByteArray &buffer)
{
    while (header.size() % 8)
        header.append(' ');
    QByteArray file(8, '\0');
    qToLittleEndian<quint64>(quint64(header.size()), file.data());
    return file + header + buffer;
}

// A version 1.0 .npy file: magic, `dict` (padded so the data starts at a multiple
// of 64) and `data`.
inline QByteArray npyFile(QByteArray dict, const QByteArray &data)
{
    while ((10 + dict.size() + 1) % 64)
        dict.append(' ');
    dict.append('\n');
    QByteArray file("\x93NUMPY\x01\x00", 8);
    file.append(char(dict.size() & 0xff)).append(char(dict.size() >> 8));
    return file + dict + data;
}

// Deterministic test data for `seed`: words (some UTF-8) mixed with random bytes,
// so that it compresses somewhat but is not valid text.
inline QByteArray mixedData(qsizetype size, quint32 seed)
{
    QRandomGenerator rng(seed);
    QByteArray out;
    out.reserve(size);
    static const char words[][8] = {"carton ", "tensor ", "model ", "zstd ", "\n", "🎉 "};
    while (out.size() < size) {
        if (rng.bounded(4) == 0)
            out.append(char(rng.bounded(256)));
        else
            out.append(words[rng.bounded(6)]);
    }
    out.truncate(size);
    return out;
}

// XORs the CRC-32 stored for entry `name` of a zip archive with `flip`, in its local
// header and its central directory record alike, leaving the data alone. Returns how
// many headers were changed (2 for a well-formed archive).
inline int flipZipCrc(QByteArray &zip, const QByteArray &name, quint32 flip)
{
    int changed = 0;
    struct Header {
        const char *signature;
        qsizetype nameLengthAt, nameAt, crcAt;
    };
    for (const Header h : {Header{"PK\x03\x04", 26, 30, 14}, Header{"PK\x01\x02", 28, 46, 16}}) {
        for (qsizetype at = zip.indexOf(h.signature); at >= 0; at = zip.indexOf(h.signature, at + 4)) {
            if (at + h.nameAt + name.size() > zip.size())
                break;
            const quint16 length = qFromLittleEndian<quint16>(zip.constData() + at + h.nameLengthAt);
            if (length != name.size() || zip.mid(at + h.nameAt, length) != name)
                continue;
            char *crc = zip.data() + at + h.crcAt;
            qToLittleEndian(qFromLittleEndian<quint32>(crc) ^ flip, crc);
            ++changed;
        }
    }
    return changed;
}

// Extracts `carton` into `dir` with bsdtar (an independent zip reader that knows
// zstd) and checks every MANIFEST line with coreutils' sha256sum. Returns the
// number of lines checked, or -1 when a tool failed or a line did not check out.
inline int checkWithBsdtarAndSha256sum(const QString &carton, const QString &dir)
{
    QDir().mkpath(dir);
    QProcess tar;
    tar.setWorkingDirectory(dir);
    tar.start(QStringLiteral("bsdtar"), {QStringLiteral("-xf"), carton});
    if (!tar.waitForFinished(120000) || tar.exitStatus() != QProcess::NormalExit || tar.exitCode() != 0)
        return -1;
    QByteArray check; // sha256sum's "HASH  PATH" lines
    int lines = 0;
    for (const QByteArray &line : readFile(dir + QStringLiteral("/MANIFEST")).split('\n')) {
        if (line.isEmpty())
            continue;
        const qsizetype eq = line.lastIndexOf('=');
        check += line.mid(eq + 1) + "  " + line.left(eq) + '\n';
        ++lines;
    }
    QProcess sum;
    sum.setWorkingDirectory(dir);
    sum.start(QStringLiteral("sha256sum"), {QStringLiteral("--strict"), QStringLiteral("-c"), QStringLiteral("-")});
    sum.write(check);
    sum.closeWriteChannel();
    if (!sum.waitForFinished(120000) || sum.exitStatus() != QProcess::NormalExit || sum.exitCode() != 0)
        return -1;
    return sum.readAllStandardOutput().count(": OK\n") == lines ? lines : -1;
}

} // namespace testutil
