// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_zip: record signatures, fixed sizes and little-endian helpers
// of the zip format (APPNOTE 6.3.x). Not installed, not part of the API.

#include <QByteArray>
#include <QtEndian>
#include <cstring>

namespace carton::zipformat {

inline constexpr quint32 LocalHeaderSignature = 0x04034b50;
inline constexpr quint32 CentralHeaderSignature = 0x02014b50;
inline constexpr quint32 EndOfCentralDirSignature = 0x06054b50;
inline constexpr quint32 Zip64EndOfCentralDirSignature = 0x06064b50;
inline constexpr quint32 Zip64LocatorSignature = 0x07064b50;

inline constexpr int LocalHeaderSize = 30;
inline constexpr int CentralHeaderSize = 46;
inline constexpr int EndOfCentralDirSize = 22;
inline constexpr int Zip64EndOfCentralDirSize = 56;
inline constexpr int Zip64LocatorSize = 20;
inline constexpr int MaxCommentSize = 0xffff;

inline constexpr quint16 Zip64ExtraId = 0x0001;
// Android zipalign's padding field: 2 bytes of alignment, then zeros. Large Stored
// entries get one in their local header so that their data starts on a page.
inline constexpr quint16 AlignmentExtraId = 0xd935;
inline constexpr quint64 StoredDataAlignment = 4096;
inline constexpr qint64 AlignedStoredMinimum = qint64(1) << 20;
inline constexpr quint32 Max32 = 0xffffffffu;
inline constexpr quint16 Max16 = 0xffffu;

inline constexpr quint16 FlagEncrypted = 0x0001;
inline constexpr quint16 FlagDataDescriptor = 0x0008;
inline constexpr quint16 FlagStrongEncryption = 0x0040;
inline constexpr quint16 FlagUtf8 = 0x0800;

inline constexpr quint16 VersionMadeBy = (3 << 8) | 63; // unix, APPNOTE 6.3
inline constexpr quint16 VersionDefault = 20;
inline constexpr quint16 VersionZip64 = 45;
inline constexpr quint16 VersionZstd = 63;

inline quint16 get16(const char *p)
{
    return qFromLittleEndian<quint16>(p);
}
inline quint32 get32(const char *p)
{
    return qFromLittleEndian<quint32>(p);
}
inline quint64 get64(const char *p)
{
    return qFromLittleEndian<quint64>(p);
}

inline void put16(QByteArray &out, quint16 v)
{
    char b[2];
    qToLittleEndian(v, b);
    out.append(b, 2);
}
inline void put32(QByteArray &out, quint32 v)
{
    char b[4];
    qToLittleEndian(v, b);
    out.append(b, 4);
}
inline void put64(QByteArray &out, quint64 v)
{
    char b[8];
    qToLittleEndian(v, b);
    out.append(b, 8);
}

// a + b <= limit without overflow (all values non-negative).
inline bool fitsWithin(quint64 a, quint64 b, quint64 limit)
{
    return a <= limit && b <= limit - a;
}

} // namespace carton::zipformat
