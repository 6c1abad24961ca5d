// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "codec/seektable.h"

#include <QtEndian>
#include <algorithm>
#include <zstd.h>

namespace carton {

namespace {
void put32(QByteArray &out, quint32 v)
{
    char b[4];
    qToLittleEndian(v, b);
    out.append(b, 4);
}
quint32 get32(const char *p)
{
    return qFromLittleEndian<quint32>(p);
}
constexpr quint8 ChecksumFlag = 0x80;
constexpr quint8 ReservedBits = 0x7c;
} // namespace

QByteArray SeekTable::encode(const std::vector<std::pair<quint32, quint32>> &frames)
{
    QByteArray out;
    out.reserve(qsizetype(HeaderSize + 8 * frames.size() + FooterSize));
    put32(out, SkippableMagic);
    put32(out, quint32(8 * frames.size() + FooterSize));
    for (const auto &[compressed, decompressed] : frames) {
        put32(out, compressed);
        put32(out, decompressed);
    }
    put32(out, quint32(frames.size()));
    out.append('\0'); // descriptor: no checksums
    put32(out, SeekableMagic);
    return out;
}

Result<std::optional<SeekTable>> SeekTable::read(const ReadAt &read, quint64 compressedSize, quint64 decompressedSize,
                                                 QString *why)
{
    auto none = [why](const QString &reason) -> Result<std::optional<SeekTable>> {
        if (why)
            *why = reason;
        return std::optional<SeekTable>();
    };
    if (compressedSize < quint64(HeaderSize + FooterSize))
        return none(QStringLiteral("the stream is shorter than a seek table"));
    char footer[FooterSize];
    if (Status s = read(qint64(compressedSize - FooterSize), FooterSize, footer); !s)
        return s.error();
    if (get32(footer + 5) != SeekableMagic)
        return none(QStringLiteral("no seekable magic number at the end"));
    const quint32 count = get32(footer);
    const quint8 descriptor = quint8(footer[4]);
    if (descriptor & ReservedBits)
        return none(QStringLiteral("reserved bits of the seek table descriptor are set (0x%1)")
                        .arg(descriptor, 2, 16, QLatin1Char('0')));
    const bool checksums = descriptor & ChecksumFlag;
    const quint64 entrySize = checksums ? 12 : 8;
    if (count == 0 || count > MaxFrames)
        return none(QStringLiteral("the seek table lists %1 frames (1 to %2 expected)").arg(count).arg(MaxFrames));
    const quint64 tableSize = HeaderSize + entrySize * count + FooterSize;
    if (tableSize > compressedSize)
        return none(QStringLiteral("the seek table of %1 frames is larger than the stream (%2 bytes)")
                        .arg(count)
                        .arg(compressedSize));
    QByteArray table(qsizetype(tableSize), Qt::Uninitialized);
    if (Status s = read(qint64(compressedSize - tableSize), qint64(tableSize), table.data()); !s)
        return s.error();
    if (get32(table.constData()) != SkippableMagic)
        return none(QStringLiteral("the seek table does not start with the skippable frame magic number"));
    if (get32(table.constData() + 4) != tableSize - HeaderSize)
        return none(QStringLiteral("the seek table's frame size is %1, %2 expected for %3 frames")
                        .arg(get32(table.constData() + 4))
                        .arg(tableSize - HeaderSize)
                        .arg(count));
    SeekTable result;
    result.m_checksums = checksums;
    result.m_frames.reserve(count);
    quint64 compressedAt = 0;
    quint64 decompressedAt = 0;
    const char *p = table.constData() + HeaderSize;
    for (quint32 i = 0; i < count; ++i, p += entrySize) {
        const quint32 c = get32(p);
        const quint32 d = get32(p + 4);
        if (d > MaxFrameDecompressedSize || c > ZSTD_compressBound(MaxFrameDecompressedSize))
            return none(QStringLiteral("frame %1 of the seek table is too large (%2 bytes from %3; at most %4)")
                            .arg(i)
                            .arg(d)
                            .arg(c)
                            .arg(MaxFrameDecompressedSize));
        if (d > 0 && c == 0)
            return none(QStringLiteral("frame %1 of the seek table decodes %2 bytes from none").arg(i).arg(d));
        if (d > 0)
            result.m_frames.push_back({compressedAt, decompressedAt, c, d});
        compressedAt += c; // count <= 2^20, each term < 2^32: no overflow
        decompressedAt += d;
    }
    if (compressedAt != compressedSize - tableSize)
        return none(QStringLiteral("the seek table's frames hold %1 compressed bytes, the stream %2")
                        .arg(compressedAt)
                        .arg(compressedSize - tableSize));
    if (decompressedAt != decompressedSize)
        return none(QStringLiteral("the seek table's frames decode to %1 bytes, the entry states %2")
                        .arg(decompressedAt)
                        .arg(decompressedSize));
    return std::optional<SeekTable>(std::move(result));
}

std::size_t SeekTable::frameAt(quint64 offset) const
{
    auto it = std::upper_bound(m_frames.cbegin(), m_frames.cend(), offset,
                               [](quint64 o, const SeekFrame &f) { return o < f.decompressedOffset; });
    return it == m_frames.cbegin() ? 0 : std::size_t(it - m_frames.cbegin() - 1);
}

} // namespace carton
