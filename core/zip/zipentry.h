// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "codec/codec.h"

#include <QByteArray>
#include <QString>

namespace carton {

enum class ZipMethod : quint16 { Stored = 0, Deflate = 8, Zstd = 93 };

// One entry of a zip's central directory, with zip64 sizes already applied.
struct ZipEntry {
    QString name;       // UTF-8 decoded (CP437 when the UTF-8 flag is off and bytes are not valid UTF-8)
    quint16 method = 0; // raw method number (see ZipMethod)
    quint16 flags = 0;  // general purpose bit flags
    quint16 versionMadeBy = 0;
    quint32 crc32 = 0;
    quint64 compressedSize = 0;
    quint64 uncompressedSize = 0;
    quint64 localHeaderOffset = 0;
    quint32 externalAttributes = 0;
    quint32 dosDateTime = 0;
    QByteArray comment; // the central directory record's file comment (raw bytes)

    // Unix mode from the high 16 bits of the external attributes (0 when absent).
    quint32 unixMode() const { return externalAttributes >> 16; }
    bool isSymlink() const { return (unixMode() & 0170000) == 0120000; }
    bool isDirectory() const { return name.endsWith(u'/'); }
    bool isEncrypted() const { return flags & 0x1; }
};

// "stored", "deflate", "zstd", or "method N".
inline QString zipMethodName(quint16 method)
{
    switch (method) {
    case quint16(ZipMethod::Stored):
        return QStringLiteral("stored");
    case quint16(ZipMethod::Deflate):
        return QStringLiteral("deflate");
    case quint16(ZipMethod::Zstd):
        return QStringLiteral("zstd");
    default:
        return QStringLiteral("method %1").arg(method);
    }
}

// The codec of a method: Stored is Identity, Deflate raw deflate, Zstd zstd;
// any other method fails with ErrorCode::Unsupported.
inline Result<Codec> zipMethodCodec(quint16 method)
{
    switch (method) {
    case quint16(ZipMethod::Stored):
        return Codec::Identity;
    case quint16(ZipMethod::Deflate):
        return Codec::RawDeflate;
    case quint16(ZipMethod::Zstd):
        return Codec::Zstd;
    default:
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("compression %1 is not supported (stored, deflate and zstd are)")
                             .arg(zipMethodName(method)));
    }
}

} // namespace carton
