// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ZipReader's local headers: read once per entry (from a local file, many at a
// time), checked against the central directory.
#include "zip/zipformat.h"
#include "zipreader_p.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace carton {

using namespace zipformat;

void ZipReader::Private::indexLocalHeaders()
{
    const std::size_t count = entries.size();
    dataStarts = std::make_unique<std::atomic<qint64>[]>(count);
    for (std::size_t i = 0; i < count; ++i)
        dataStarts[i].store(-1, std::memory_order_relaxed);
    fileOrder.resize(count);
    std::iota(fileOrder.begin(), fileOrder.end(), qsizetype(0));
    const auto byOffset = [this](qsizetype a, qsizetype b) {
        return entries[size_t(a)].localHeaderOffset < entries[size_t(b)].localHeaderOffset;
    };
    if (!std::is_sorted(fileOrder.begin(), fileOrder.end(), byOffset)) // written in order: already sorted
        std::sort(fileOrder.begin(), fileOrder.end(), byOffset);
    fileRank.resize(count);
    for (std::size_t k = 0; k < count; ++k)
        fileRank[size_t(fileOrder[k])] = k;
}

Result<qint64> ZipReader::Private::localDataOffset(qsizetype i, qint64 hint) const
{
    const ZipEntry &entry = entries[size_t(i)];
    if (const qint64 known = dataStarts[size_t(i)].load(std::memory_order_relaxed); known >= 0) {
        if (hint > 0)
            source->willNeed(known, hint);
        return known;
    }
    const QByteArrayView rawName = this->rawName(i);
    // The local extra field usually matches the central one; a little slack covers
    // writers that add a zip64 or timestamp field only locally. (Page-alignment
    // padding, up to 4 KiB before a Stored entry of 1 MiB or more, is not covered: a
    // remote source then asks once more, which is nothing next to the entry.)
    constexpr qint64 ExtraSlack = 256;
    const qint64 expected = LocalHeaderSize + rawName.size() + centralExtraLength(i) + ExtraSlack;
    source->willNeed(qint64(entry.localHeaderOffset), expected + std::max<qint64>(hint, 0));
    const bool inside = fitsWithin(entry.localHeaderOffset, LocalHeaderSize, quint64(fileSize));
    // The fixed header, the name and the extra field the central directory states
    // (plus a little) in one read; a longer local extra field takes a second. From
    // a local file, the headers of the entries after it come in the same read (a
    // carton of 100,000 small files reads its headers a few hundred at a time).
    const qint64 window = localPath.isEmpty() ? expected : std::max(expected, HeaderBatchBytes);
    QByteArray local(inside ? qsizetype(std::min<quint64>(quint64(window), quint64(fileSize) - entry.localHeaderOffset))
                            : 0,
                     Qt::Uninitialized);
    Status read = inside ? source->read(qint64(entry.localHeaderOffset), local.size(), local.data())
                         : Status(makeError(ErrorCode::Format, QStringLiteral("the file ends first")));
    // A remote source's fetch limit, network failure or cancellation keeps its code.
    auto readCode = [](const Error &e) {
        return e.code == ErrorCode::Limit || e.code == ErrorCode::Network || e.code == ErrorCode::Cancelled
                   ? e.code
                   : ErrorCode::Io;
    };
    if (!read)
        return entryError(readCode(read.error()), entry,
                          QStringLiteral("cannot read the local header at offset %1: %2")
                              .arg(entry.localHeaderOffset)
                              .arg(read.error().message));
    const char *h = local.constData();
    const qint64 restLength = qint64(get16(h + 26)) + get16(h + 28);
    QByteArray rest;
    if (local.size() < LocalHeaderSize + restLength) {
        // What the fixed part says must hold before the rest is read (lengths that lie).
        if (Result<qint64> fixed = checkFixedLocalHeader(i, h); !fixed)
            return fixed.error();
        rest.resize(qsizetype(restLength));
        source->willNeed(qint64(entry.localHeaderOffset) + LocalHeaderSize, restLength); // no more than that
        const bool restInside =
            fitsWithin(entry.localHeaderOffset + LocalHeaderSize, quint64(restLength), quint64(fileSize));
        if (Status s = restInside
                           ? source->read(qint64(entry.localHeaderOffset) + LocalHeaderSize, rest.size(), rest.data())
                           : Status(makeError(ErrorCode::Format, QStringLiteral("the file ends first")));
            !s)
            return entryError(readCode(s.error()), entry,
                              QStringLiteral("cannot read the local header name: %1").arg(s.error().message));
    }
    Result<qint64> start =
        checkLocalHeader(i, h, rest.isNull() ? QByteArrayView(h + LocalHeaderSize, restLength) : QByteArrayView(rest));
    if (!start)
        return start.error();
    dataStarts[size_t(i)].store(*start, std::memory_order_relaxed);
    // The following entries whose headers lie whole in the window: checked the same
    // way, remembered when they pass (one that does not is read and reported when
    // it is asked for).
    for (std::size_t k = fileRank[size_t(i)] + 1; k < fileOrder.size(); ++k) {
        const qsizetype j = fileOrder[k];
        const quint64 at = entries[size_t(j)].localHeaderOffset - entry.localHeaderOffset;
        if (at + LocalHeaderSize > quint64(local.size()))
            break;
        const char *hj = h + at;
        const quint64 lengthJ = quint64(get16(hj + 26)) + get16(hj + 28);
        if (at + LocalHeaderSize + lengthJ > quint64(local.size()))
            break;
        Result<qint64> startJ = checkLocalHeader(j, hj, QByteArrayView(hj + LocalHeaderSize, qsizetype(lengthJ)));
        if (!startJ)
            break;
        dataStarts[size_t(j)].store(*startJ, std::memory_order_relaxed);
    }
    return start;
}

Result<qint64> ZipReader::Private::checkLocalHeader(qsizetype i, const char *h, QByteArrayView rest) const
{
    Result<qint64> dataStart = checkFixedLocalHeader(i, h);
    if (!dataStart)
        return dataStart;
    const ZipEntry &entry = entries[size_t(i)];
    const QByteArrayView rawName = this->rawName(i);
    const quint16 nameLength = get16(h + 26);
    const QByteArrayView localName = rest.first(nameLength);
    if (localName != rawName)
        return entryError(ErrorCode::Format, entry,
                          QStringLiteral("local header name \"%1\" differs from the central "
                                         "directory's")
                              .arg(QString::fromUtf8(localName).left(200)));
    if (Status s = checkLocalFields(h, rest.sliced(nameLength).toByteArray(), entry); !s)
        return s.error();
    return dataStart;
}

Result<qint64> ZipReader::Private::checkFixedLocalHeader(qsizetype i, const char *h) const
{
    const ZipEntry &entry = entries[size_t(i)];
    const QByteArrayView rawName = this->rawName(i);
    if (get32(h) != LocalHeaderSignature)
        return entryError(ErrorCode::Format, entry,
                          QStringLiteral("bad local header signature %1 at offset %2 "
                                         "(expected 0x04034b50)")
                              .arg(hex32(get32(h)))
                              .arg(entry.localHeaderOffset));
    const quint16 nameLength = get16(h + 26);
    const quint16 extraLength = get16(h + 28);
    const quint64 dataStart = entry.localHeaderOffset + LocalHeaderSize + nameLength + extraLength;
    if (nameLength != rawName.size())
        return entryError(ErrorCode::Format, entry,
                          QStringLiteral("local header at offset %1: name length %2 differs "
                                         "from the central directory's %3")
                              .arg(entry.localHeaderOffset)
                              .arg(nameLength)
                              .arg(rawName.size()));
    if (!fitsWithin(dataStart, entry.compressedSize, quint64(fileSize)))
        return entryError(ErrorCode::Format, entry,
                          QStringLiteral("local header at offset %1: extra length %2 puts "
                                         "the %3 data bytes past the end of the file (%4 bytes)")
                              .arg(entry.localHeaderOffset)
                              .arg(extraLength)
                              .arg(entry.compressedSize)
                              .arg(fileSize));
    return qint64(dataStart);
}

// Readers that trust the local header and readers that trust the central directory
// must see the same entry: every field the data is read by has to agree.
Status ZipReader::Private::checkLocalFields(const char *h, const QByteArray &extra, const ZipEntry &entry) const
{
    auto differs = [&](const QString &field, const QString &local, const QString &central) {
        return entryError(ErrorCode::Format, entry,
                          QStringLiteral("local header at offset %1: %2 %3 differs from the central directory's %4")
                              .arg(entry.localHeaderOffset)
                              .arg(field, local, central));
    };
    const quint16 flags = get16(h + 6);
    constexpr quint16 Relevant = FlagEncrypted | FlagDataDescriptor | FlagStrongEncryption;
    if ((flags & Relevant) != (entry.flags & Relevant))
        return differs(QStringLiteral("flags"), hex32(flags), hex32(entry.flags));
    if (get16(h + 8) != entry.method)
        return differs(QStringLiteral("compression method"), zipMethodName(get16(h + 8)), zipMethodName(entry.method));
    if (flags & FlagDataDescriptor)
        return {}; // CRC and sizes follow the data; the central directory's are used
    if (get32(h + 14) != entry.crc32)
        return differs(QStringLiteral("CRC-32"), hex32(get32(h + 14)), hex32(entry.crc32));
    // A 0xffffffff size is in the local zip64 extra field: uncompressed, then compressed.
    const char *zip64 = nullptr;
    quint32 zip64Length = 0;
    for (qsizetype at = 0; at + 4 <= extra.size();) {
        const quint32 length = std::min<quint32>(get16(extra.constData() + at + 2), quint32(extra.size() - at - 4));
        if (get16(extra.constData() + at) == Zip64ExtraId) {
            zip64 = extra.constData() + at + 4;
            zip64Length = length;
            break;
        }
        at += 4 + length;
    }
    quint32 used = 0;
    for (auto [at, central, field] : {std::tuple{22, entry.uncompressedSize, "uncompressed size"},
                                      std::tuple{18, entry.compressedSize, "compressed size"}}) {
        quint64 local = get32(h + at);
        if (local == Max32 && zip64 && used + 8 <= zip64Length) {
            local = get64(zip64 + used);
            used += 8;
        }
        if (local != central)
            return differs(QLatin1StringView(field), QString::number(local), QString::number(central));
    }
    return {};
}

} // namespace carton
