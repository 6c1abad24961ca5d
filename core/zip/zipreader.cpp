// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "zipreader.h"

#include "base/archivepath.h"
#include "base/regionsource.h"
#include "codec/decoder.h"
#include "zip/zipentrydevice.h"
#include "zip/zipformat.h"
#include "zipreader_p.h"

#include <QFileInfo>
#include <QStringDecoder>
#include <algorithm>
#include <new>
#include <tuple>
#include <utility>

namespace carton {

using namespace zipformat;

namespace {

constexpr char16_t Cp437High[128] = {
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7, 0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE,
    0x00EC, 0x00C4, 0x00C5, 0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9, 0x00FF, 0x00D6,
    0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192, 0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA,
    0x00BA, 0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB, 0x2591, 0x2592, 0x2593, 0x2502,
    0x2524, 0x2561, 0x2562, 0x2556, 0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510, 0x2514,
    0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F, 0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550,
    0x256C, 0x2567, 0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B, 0x256A, 0x2518, 0x250C,
    0x2588, 0x2584, 0x258C, 0x2590, 0x2580, 0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4,
    0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229, 0x2261, 0x00B1, 0x2265, 0x2264, 0x2320,
    0x2321, 0x00F7, 0x2248, 0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0};

QString decodeCp437(QByteArrayView raw)
{
    QString out;
    out.reserve(raw.size());
    for (char c : raw) {
        const auto b = uchar(c);
        out.append(b < 0x80 ? QChar(char16_t(b)) : QChar(Cp437High[b - 0x80]));
    }
    return out;
}

// Decodes a name: UTF-8 when flagged (strictly), else UTF-8 when valid, else CP437.
bool decodeName(QByteArrayView raw, bool utf8Flag, QString *name)
{
    // ASCII (almost every name): the same text in every reading, no decoder needed.
    if (std::all_of(raw.cbegin(), raw.cend(), [](char c) { return uchar(c) < 0x80; })) {
        *name = QString::fromLatin1(raw);
        return true;
    }
    // Byte-exact: a leading U+FEFF is kept (Qt drops it unless told not to).
    QStringDecoder utf8(QStringDecoder::Utf8,
                        QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    QString decoded = utf8(raw);
    if (!utf8.hasError()) {
        *name = std::move(decoded);
        return true;
    }
    if (utf8Flag)
        return false;
    *name = decodeCp437(raw);
    return true;
}

} // namespace

ZipReader::ZipReader() : d(std::make_unique<Private>()) {}
ZipReader::~ZipReader() = default;

Result<std::unique_ptr<ZipReader>> ZipReader::open(const QString &path, const Limits &limits)
{
    return openRegion(path, 0, -1, limits);
}

Result<std::unique_ptr<ZipReader>> ZipReader::openRegion(const QString &path, qint64 offset, qint64 size,
                                                         const Limits &limits, const QString &displayName)
{
    Result<std::shared_ptr<FileRegionSource>> file = FileRegionSource::open(path);
    if (!file)
        return file.error();
    const qint64 fileSize = (*file)->size();
    if (size < 0)
        size = fileSize - offset;
    if (offset < 0 || size < 0 || !fitsWithin(quint64(offset), quint64(size), quint64(fileSize)))
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("region %1+%2 is outside the file's %3 bytes").arg(offset).arg(size).arg(fileSize), path);
    ByteSourcePtr source = std::move(file).value();
    if (offset != 0 || size != fileSize) {
        Result<std::shared_ptr<RegionSource>> region = RegionSource::open(source, offset, size, path);
        if (!region)
            return region.error();
        source = std::move(region).value();
    }
    const QString name = displayName.isEmpty() ? QFileInfo(path).fileName() : displayName;
    Result<std::unique_ptr<ZipReader>> reader = open(std::move(source), path, limits, name);
    if (reader) {
        (*reader)->d->localPath = path;
        (*reader)->d->base = offset;
    }
    return reader;
}

Result<std::unique_ptr<ZipReader>> ZipReader::open(ByteSourcePtr source, const QString &path, const Limits &limits,
                                                   const QString &displayName)
{
    if (!source)
        return makeError(ErrorCode::Usage, QStringLiteral("no bytes to read a zip from"), path);
    std::unique_ptr<ZipReader> reader(new ZipReader);
    reader->d->path = path;
    reader->d->fileName = displayName.isEmpty() ? source->name() : displayName;
    reader->d->limits = limits;
    reader->d->fileSize = source->size();
    reader->d->source = std::move(source);
    if (Status s = reader->d->parse(); !s)
        return s.error();
    reader->d->indexLocalHeaders();
    return reader;
}

Status ZipReader::Private::readAt(qint64 offset, qint64 length, char *out, const QString &what) const
{
    if (offset < 0 || length < 0 || !fitsWithin(quint64(offset), quint64(length), quint64(fileSize)))
        return error(ErrorCode::Format, QStringLiteral("%1 (%2 bytes at offset %3) lies past the end of the file (%4 "
                                                       "bytes)")
                                            .arg(what)
                                            .arg(length)
                                            .arg(offset)
                                            .arg(fileSize));
    if (Status s = source->read(offset, length, out); !s)
        return error(s.error().code == ErrorCode::Usage ? ErrorCode::Io : s.error().code,
                     QStringLiteral("cannot read %1: %2").arg(what, s.error().message));
    return {};
}

Status ZipReader::Private::parse()
{
    if (fileSize < EndOfCentralDirSize)
        return error(ErrorCode::Format, QStringLiteral("too small to be a zip archive (%1 bytes; the end of central "
                                                       "directory record alone takes 22)")
                                            .arg(fileSize));
    // The end record sits in the last 22 + 65535 (maximum comment) bytes.
    // Most archives have no comment: the last 4 KiB are looked at first (one small
    // read for a remote source), the whole possible tail only when that fails.
    constexpr qint64 FirstTail = 4096;
    qint64 tailSize = 0;
    qint64 tailStart = 0;
    QByteArray tail;
    qint64 eocd = -1;
    qint64 liar = -1;
    for (const qint64 wanted : {FirstTail, qint64(EndOfCentralDirSize + MaxCommentSize)}) {
        const qint64 size = std::min<qint64>(fileSize, wanted);
        if (size <= tailSize)
            break; // the first try covered the whole file
        tailSize = size;
        tailStart = fileSize - tailSize;
        tail = QByteArray(tailSize, Qt::Uninitialized);
        if (Status s = readAt(tailStart, tailSize, tail.data(), QStringLiteral("the end of the file")); !s)
            return s;
        liar = -1;
        for (qint64 i = tailSize - EndOfCentralDirSize; i >= 0; --i) {
            if (get32(tail.constData() + i) != EndOfCentralDirSignature)
                continue;
            if (i + EndOfCentralDirSize + get16(tail.constData() + i + 20) == tailSize) {
                eocd = i;
                break;
            }
            if (liar < 0)
                liar = i;
        }
        if (eocd >= 0)
            break;
    }
    if (eocd < 0 && liar >= 0)
        return error(ErrorCode::Format, QStringLiteral("end of central directory record at offset %1: comment length "
                                                       "field says %2 bytes, but %3 bytes follow the record")
                                            .arg(tailStart + liar)
                                            .arg(get16(tail.constData() + liar + 20))
                                            .arg(tailSize - liar - EndOfCentralDirSize));
    if (eocd < 0)
        return error(ErrorCode::Format, QStringLiteral("no end of central directory record (not a zip archive, or "
                                                       "truncated)"));
    const char *e = tail.constData() + eocd;
    comment = tail.sliced(eocd + EndOfCentralDirSize);
    const quint64 eocdOffset = quint64(tailStart + eocd);
    quint32 disk = get16(e + 4);
    quint32 cdDisk = get16(e + 6);
    quint64 countOnDisk = get16(e + 8);
    quint64 count = get16(e + 10);
    quint64 cdSize = get32(e + 12);
    quint64 cdOffset = get32(e + 16);
    quint64 cdLimit = eocdOffset; // the central directory ends before this

    // zip64: a locator right before the end record points at the zip64 end record.
    if (eocdOffset >= quint64(Zip64LocatorSize)) {
        const quint64 locatorOffset = eocdOffset - Zip64LocatorSize;
        QByteArray locator(Zip64LocatorSize, Qt::Uninitialized);
        if (Status s = readAt(qint64(locatorOffset), Zip64LocatorSize, locator.data(),
                              QStringLiteral("the zip64 end of central directory locator"));
            !s)
            return s;
        if (get32(locator.constData()) == Zip64LocatorSignature) {
            const quint64 recordOffset = get64(locator.constData() + 8);
            if (get32(locator.constData() + 4) != 0 || get32(locator.constData() + 16) > 1)
                return error(ErrorCode::Unsupported,
                             QStringLiteral("multi-disk (spanned) zip archives are not supported"));
            if (!fitsWithin(recordOffset, Zip64EndOfCentralDirSize, locatorOffset))
                return error(ErrorCode::Format, QStringLiteral("zip64 end of central directory locator points at "
                                                               "offset %1, past the locator itself at %2")
                                                    .arg(recordOffset)
                                                    .arg(locatorOffset));
            QByteArray record(Zip64EndOfCentralDirSize, Qt::Uninitialized);
            if (Status s = readAt(qint64(recordOffset), Zip64EndOfCentralDirSize, record.data(),
                                  QStringLiteral("the zip64 end of central directory record"));
                !s)
                return s;
            const char *r = record.constData();
            if (get32(r) != Zip64EndOfCentralDirSignature)
                return error(ErrorCode::Format, QStringLiteral("bad zip64 end of central directory signature %1 at "
                                                               "offset %2 (expected 0x06064b50)")
                                                    .arg(hex32(get32(r)))
                                                    .arg(recordOffset));
            if (get64(r + 4) < quint64(Zip64EndOfCentralDirSize - 12))
                return error(ErrorCode::Format, QStringLiteral("zip64 end of central directory record size %1 is "
                                                               "smaller than 44")
                                                    .arg(get64(r + 4)));
            disk = get32(r + 16);
            cdDisk = get32(r + 20);
            countOnDisk = get64(r + 24);
            count = get64(r + 32);
            cdSize = get64(r + 40);
            cdOffset = get64(r + 48);
            cdLimit = recordOffset;
        }
    }
    if (disk != 0 || cdDisk != 0 || countOnDisk != count)
        return error(ErrorCode::Unsupported, QStringLiteral("multi-disk (spanned) zip archives are not supported"));
    if (count > quint64(limits.maxEntries))
        return error(ErrorCode::Limit,
                     QStringLiteral("central directory announces %1 entries, more than the limit of %2")
                         .arg(count)
                         .arg(limits.maxEntries));
    if (cdSize > quint64(limits.maxCentralDirectoryBytes))
        return error(ErrorCode::Limit, QStringLiteral("central directory size %1 bytes exceeds the limit of %2")
                                           .arg(cdSize)
                                           .arg(limits.maxCentralDirectoryBytes));
    if (!fitsWithin(cdOffset, cdSize, cdLimit))
        return error(ErrorCode::Format, QStringLiteral("central directory (offset %1, size %2) runs past the end "
                                                       "record at offset %3")
                                            .arg(cdOffset)
                                            .arg(cdSize)
                                            .arg(cdLimit));
    if (count > cdSize / CentralHeaderSize)
        return error(ErrorCode::Format, QStringLiteral("central directory of %1 bytes cannot hold the %2 entries "
                                                       "the end record announces")
                                            .arg(cdSize)
                                            .arg(count));
    QByteArray cd(qsizetype(cdSize), Qt::Uninitialized);
    if (Status s = readAt(qint64(cdOffset), qint64(cdSize), cd.data(), QStringLiteral("the central directory")); !s)
        return s;
    return parseCentralDirectory(cd, count, cdOffset);
}

Status ZipReader::Private::parseCentralDirectory(const QByteArray &cd, quint64 count, quint64 cdOffset)
{
    entries.reserve(count);
    recordStarts.reserve(count);
    centralDirectory = cd;
    index.reserve(std::size_t(count));
    const quint64 size = quint64(cd.size());
    quint64 pos = 0;
    quint64 total = 0;
    const QString pathWhere = fileName + QStringLiteral(": central directory");
    for (quint64 n = 0; n < count; ++n) {
        // Named only in an error: formatting it for every entry cost more than the checks.
        const auto record = [n, at = cdOffset + pos] {
            return QStringLiteral("central directory record %1 (offset %2)").arg(n).arg(at);
        };
        if (!fitsWithin(pos, CentralHeaderSize, size))
            return error(ErrorCode::Format, QStringLiteral("%1 is truncated").arg(record()));
        const char *h = cd.constData() + pos;
        if (get32(h) != CentralHeaderSignature)
            return error(
                ErrorCode::Format,
                QStringLiteral("%1 has a bad signature %2 (expected 0x02014b50)").arg(record(), hex32(get32(h))));
        const quint16 nameLength = get16(h + 28);
        const quint16 extraLength = get16(h + 30);
        const quint16 commentLength = get16(h + 32);
        const quint64 recordSize = quint64(CentralHeaderSize) + nameLength + extraLength + commentLength;
        if (!fitsWithin(pos, recordSize, size))
            return error(ErrorCode::Format, QStringLiteral("%1: name length %2, extra field length %3 and comment "
                                                           "length %4 run past the end of the central directory")
                                                .arg(record())
                                                .arg(nameLength)
                                                .arg(extraLength)
                                                .arg(commentLength));
        ZipEntry entry;
        entry.versionMadeBy = get16(h + 4);
        entry.flags = get16(h + 8);
        entry.method = get16(h + 10);
        entry.dosDateTime = quint32(get16(h + 14)) << 16 | get16(h + 12);
        entry.crc32 = get32(h + 16);
        entry.compressedSize = get32(h + 20);
        entry.uncompressedSize = get32(h + 24);
        const quint16 diskStart = get16(h + 34);
        entry.externalAttributes = get32(h + 38);
        entry.localHeaderOffset = get32(h + 42);
        const QByteArrayView rawName(h + CentralHeaderSize, nameLength);
        if (commentLength != 0)
            entry.comment = QByteArray(h + CentralHeaderSize + nameLength + extraLength, commentLength);
        // ASCII (almost every name): checked on its bytes, which are also its index key.
        const bool plainSafe = isPlainSafeArchivePath(rawName.endsWith('/') ? rawName.chopped(1) : rawName);
        if (plainSafe)
            entry.name = QString::fromLatin1(rawName);
        else if (!decodeName(rawName, entry.flags & FlagUtf8, &entry.name))
            return error(ErrorCode::Format,
                         QStringLiteral("%1: name is not valid UTF-8 although the UTF-8 flag is set").arg(record()));

        // zip64 extra field: present values replace the 0xffffffff markers, in order.
        const char *extra = h + CentralHeaderSize + nameLength;
        bool zip64Found = false;
        for (quint32 at = 0; at + 4 <= extraLength && !zip64Found;) {
            const quint16 id = get16(extra + at);
            const quint32 length = std::min<quint32>(get16(extra + at + 2), extraLength - at - 4);
            if (id == Zip64ExtraId) {
                zip64Found = true;
                const char *z = extra + at + 4;
                quint32 used = 0;
                for (auto [value, field] : {std::pair{&entry.uncompressedSize, "uncompressed size"},
                                            std::pair{&entry.compressedSize, "compressed size"},
                                            std::pair{&entry.localHeaderOffset, "local header offset"}}) {
                    if (*value != Max32)
                        continue;
                    if (used + 8 > length)
                        return entryError(ErrorCode::Format, entry,
                                          QStringLiteral("zip64 extra field is truncated: "
                                                         "%1 bytes, no room for the %2")
                                              .arg(length)
                                              .arg(QLatin1StringView(field)));
                    *value = get64(z + used);
                    used += 8;
                }
            }
            at += 4 + length;
        }
        if (!zip64Found &&
            (entry.uncompressedSize == Max32 || entry.compressedSize == Max32 || entry.localHeaderOffset == Max32))
            return entryError(ErrorCode::Format, entry,
                              QStringLiteral("a size or offset is 0xffffffff but there is no "
                                             "zip64 extra field"));
        if (diskStart != 0 && diskStart != Max16)
            return entryError(ErrorCode::Unsupported, entry,
                              QStringLiteral("starts on disk %1: multi-disk archives "
                                             "are not supported")
                                  .arg(diskStart));

        // Other readers see a name beginning with U+FEFF as a different file.
        // Names: safe relative paths, unique. Directory entries end with '/'.
        std::optional<Error> unsafe;
        if (plainSafe) {
            // checked above
        } else if (entry.name.startsWith(QChar(0xFEFF))) {
            unsafe = error(ErrorCode::Unsafe, QStringLiteral("%1: name \"%2\" begins with U+FEFF (a byte order mark); "
                                                             "expected a name without invisible characters")
                                                  .arg(record(), entry.name.left(200)));
        } else if (Result<QString> safe =
                       checkArchivePath(entry.isDirectory() ? entry.name.chopped(1) : entry.name, pathWhere);
                   !safe) {
            unsafe = safe.error();
        }
        if (unsafe) {
            if (!limits.quarantineUnsafeEntries)
                return *unsafe;
            quarantined.push_back({entry.name.left(1000), unsafe->toString()});
            pos += recordSize;
            continue;
        }
        // One hash lookup: the slot is this entry's unless the name was there before.
        // The key: the raw bytes when they are the name's UTF-8 (ASCII, or decoded as UTF-8).
        QByteArrayView key = rawName;
        if (!plainSafe && entry.name.toUtf8() != rawName) {
            transcodedNames.push_back(entry.name.toUtf8()); // a CP437 name
            key = transcodedNames.back();
        }
        if (const qsizetype earlier = index.insert(key); earlier >= 0) {
            const Error duplicate =
                entryError(ErrorCode::Format, entry,
                           QStringLiteral("duplicate entry name (records %1 and %2)").arg(earlier).arg(n));
            if (!limits.quarantineUnsafeEntries)
                return duplicate;
            // Other tools may extract either copy: the later ones are left out.
            quarantined.push_back({entry.name.left(1000), duplicate.toString()});
            pos += recordSize;
            continue;
        }
        // Its place in the index is entries.size(): it is pushed below (or the open fails).

        // Sizes against the limits; data against the file.
        if (entry.uncompressedSize > quint64(limits.maxEntrySize))
            return entryError(ErrorCode::Limit, entry,
                              QStringLiteral("uncompressed size %1 bytes exceeds the limit of %2")
                                  .arg(entry.uncompressedSize)
                                  .arg(limits.maxEntrySize));
        total += entry.uncompressedSize; // each term <= maxEntrySize, count <= maxEntries: no overflow
        if (total > quint64(limits.maxTotalSize))
            return entryError(ErrorCode::Limit, entry,
                              QStringLiteral("total uncompressed size passes the limit of %1 "
                                             "bytes at this entry")
                                  .arg(limits.maxTotalSize));
        if (!fitsWithin(entry.localHeaderOffset, quint64(LocalHeaderSize) + nameLength, cdOffset) ||
            !fitsWithin(entry.localHeaderOffset + LocalHeaderSize + nameLength, entry.compressedSize, cdOffset))
            return entryError(ErrorCode::Format, entry,
                              QStringLiteral("local header offset %1 with %2 bytes of data "
                                             "runs past the start of the central directory "
                                             "at offset %3 (file size %4)")
                                  .arg(entry.localHeaderOffset)
                                  .arg(entry.compressedSize)
                                  .arg(cdOffset)
                                  .arg(fileSize));
        if (entry.method == quint16(ZipMethod::Stored) && !entry.isEncrypted() &&
            entry.compressedSize != entry.uncompressedSize)
            return entryError(ErrorCode::Format, entry,
                              QStringLiteral("stored entry has compressed size %1 but "
                                             "uncompressed size %2")
                                  .arg(entry.compressedSize)
                                  .arg(entry.uncompressedSize));
        entries.push_back(std::move(entry));
        recordStarts.push_back(qsizetype(pos));
        pos += recordSize;
    }
    if (pos != size)
        return error(ErrorCode::Format, QStringLiteral("central directory has %1 bytes left over after the %2 "
                                                       "entries the end record announces")
                                            .arg(size - pos)
                                            .arg(count));
    return {};
}

Result<qsizetype> ZipReader::Private::lookup(const ZipEntry &entry) const
{
    // An entry of entries() (what find() gives): its place, without hashing its name.
    if (!entries.empty() && &entry >= entries.data() && &entry < entries.data() + entries.size())
        return qsizetype(&entry - entries.data());
    const qsizetype i = indexOf(entry.name);
    if (i < 0)
        return makeError(ErrorCode::NotFound, QStringLiteral("no such entry"),
                         QStringLiteral("%1: entry %2").arg(fileName, entry.name));
    return i;
}

qsizetype ZipReader::Private::indexOf(const QString &name) const
{
    // An ASCII name's UTF-8 is its Latin-1: encoded on the stack (a look-up per entry
    // read must not allocate).
    constexpr qsizetype StackBytes = 256;
    if (name.size() <= StackBytes) {
        char bytes[StackBytes];
        qsizetype n = 0;
        for (const QChar c : name) {
            if (c.unicode() >= 0x80)
                break;
            bytes[n++] = char(c.unicode());
        }
        if (n == name.size())
            return index.find(QByteArrayView(bytes, n));
    }
    const QByteArray utf8 = name.toUtf8();
    return index.find(utf8);
}

void NameIndex::reserve(std::size_t count)
{
    std::size_t capacity = 16;
    while (capacity < 2 * count) // at most half full
        capacity *= 2;
    if (capacity <= m_slots.size())
        return;
    std::vector<quint64> old(capacity, 0);
    m_slots.swap(old);
    for (const quint64 entry : old)
        if (entry != 0)
            for (std::size_t slot = (entry >> 32) & (capacity - 1);; slot = (slot + 1) & (capacity - 1))
                if (m_slots[slot] == 0) {
                    m_slots[slot] = entry;
                    break;
                }
    m_keys.reserve(count);
}

std::size_t NameIndex::slotOf(QByteArrayView key, std::size_t hash) const
{
    const std::size_t mask = m_slots.size() - 1;
    const quint64 tag = quint64(quint32(hash)) << 32;
    for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
        const quint64 entry = m_slots[slot];
        if (entry == 0 || ((entry & ~quint64(0xffffffff)) == tag && m_keys[std::size_t(quint32(entry)) - 1] == key))
            return slot;
    }
}

qsizetype NameIndex::insert(QByteArrayView key)
{
    if (2 * (m_keys.size() + 1) > m_slots.size())
        reserve(2 * (m_keys.size() + 1));
    const std::size_t hash = qHash(key, m_seed);
    const std::size_t slot = slotOf(key, hash);
    if (m_slots[slot] != 0)
        return qsizetype(quint32(m_slots[slot])) - 1;
    m_keys.push_back(key);
    m_slots[slot] = quint64(quint32(hash)) << 32 | quint32(m_keys.size());
    return -1;
}

qsizetype NameIndex::find(QByteArrayView key) const
{
    if (m_slots.empty())
        return -1;
    const quint64 entry = m_slots[slotOf(key, qHash(key, m_seed))];
    return entry == 0 ? -1 : qsizetype(quint32(entry)) - 1;
}

Result<std::unique_ptr<QIODevice>> ZipReader::Private::open(qsizetype i, bool verifyCrc, qint64 hint) const
{
    const ZipEntry &entry = entries[size_t(i)];
    if (entry.flags & (FlagEncrypted | FlagStrongEncryption))
        return entryError(ErrorCode::Unsupported, entry,
                          QStringLiteral("entry is encrypted; encrypted zip entries "
                                         "are not supported"));
    std::unique_ptr<Decoder> decoder;
    if (entry.method != quint16(ZipMethod::Stored)) {
        const Result<Codec> codec = zipMethodCodec(entry.method);
        if (!codec)
            return entryError(codec.error().code, entry, codec.error().message);
        Result<std::unique_ptr<Decoder>> created = Decoder::create(*codec);
        if (!created)
            return entryError(created.error().code, entry, created.error().message);
        decoder = std::move(created).value();
        const quint64 compressed = std::max<quint64>(entry.compressedSize, 1);
        if (entry.uncompressedSize > (1u << 20) && entry.uncompressedSize / compressed > quint64(limits.maxRatio))
            return entryError(ErrorCode::Limit, entry,
                              QStringLiteral("compression ratio %1:1 (%2 bytes from %3) "
                                             "exceeds the limit of %4:1")
                                  .arg(entry.uncompressedSize / compressed)
                                  .arg(entry.uncompressedSize)
                                  .arg(entry.compressedSize)
                                  .arg(limits.maxRatio));
    }
    Result<qint64> start = localDataOffset(i, hint);
    if (!start)
        return start.error();
    return std::unique_ptr<QIODevice>(new ZipEntryDevice(source, *start, entry,
                                                         QStringLiteral("%1: entry %2").arg(fileName, entry.name),
                                                         std::move(decoder), verifyCrc));
}

QString ZipReader::path() const
{
    return d->path;
}
QString ZipReader::localPath() const
{
    return d->localPath;
}
const ByteSourcePtr &ZipReader::source() const
{
    return d->source;
}
qint64 ZipReader::fileSize() const
{
    return d->fileSize;
}
const std::vector<ZipEntry> &ZipReader::entries() const
{
    return d->entries;
}

QByteArray ZipReader::comment() const
{
    return d->comment;
}

const std::vector<QuarantinedEntry> &ZipReader::quarantined() const
{
    return d->quarantined;
}
const Limits &ZipReader::limits() const
{
    return d->limits;
}

const ZipEntry *ZipReader::find(const QString &name) const
{
    const qsizetype i = d->indexOf(name);
    return i < 0 ? nullptr : &d->entries[size_t(i)];
}

Result<qint64> ZipReader::dataOffset(const ZipEntry &entry) const
{
    Result<qsizetype> i = d->lookup(entry);
    if (!i)
        return i.error();
    Result<qint64> offset = d->localDataOffset(*i);
    if (!offset)
        return offset.error();
    return d->base + *offset;
}

Result<std::unique_ptr<QIODevice>> ZipReader::openEntry(const ZipEntry &entry, bool verifyCrc) const
{
    Result<qsizetype> i = d->lookup(entry);
    if (!i)
        return i.error();
    // The device reads the data from start to end: announce it all, so a remote
    // source fetches header and data in one request (streamed when long).
    return d->open(*i, verifyCrc, qint64(std::min<quint64>(entry.compressedSize, quint64(1) << 62)));
}

Status ZipReader::checkEntry(const ZipEntry &entry) const
{
    Result<qsizetype> i = d->lookup(entry);
    if (!i)
        return i.error();
    if (Result<std::unique_ptr<QIODevice>> device = d->open(*i, false, 0); !device)
        return device.error();
    return {};
}

namespace {
// "FILE: entry NAME", formatted only for an error (reads of 100,000 small entries
// must not format a string each).
struct EntryLocation {
    const QString &fileName;
    const QString &entryName;
    operator QString() const { return QStringLiteral("%1: entry %2").arg(fileName, entryName); }
};

// Reads exactly `length` bytes into `out`, turning a device failure into an Error.
Status readExactly(QIODevice &device, char *out, qint64 length, const EntryLocation &location)
{
    qint64 got = 0;
    while (got < length) {
        const qint64 n = device.read(out + got, length - got);
        if (n <= 0) {
            if (auto *entryDevice = dynamic_cast<ZipEntryDevice *>(&device); entryDevice && entryDevice->hasFailed())
                return entryDevice->lastError();
            return makeError(ErrorCode::Format, QStringLiteral("data ends after %1 of %2 bytes").arg(got).arg(length),
                             location);
        }
        got += n;
    }
    return {};
}

// Reads exactly `length` bytes through `readInto(out, have, count)`, growing the
// buffer as the data arrives: nothing is allocated from a declared size, so a
// header that lies costs only what it delivers. Running out of memory is
// reported, never thrown.
template <typename ReadInto>
Result<QByteArray> readGrowing(qint64 length, const EntryLocation &location, ReadInto readInto)
{
    constexpr qint64 FirstChunk = 64 << 10;
    QByteArray data;
    try {
        while (data.size() < length) {
            const qint64 have = data.size();
            const qint64 next = std::min(length, std::max(FirstChunk, have * 2));
            data.resize(next);
            if (Status s = readInto(data.data() + have, have, next - have); !s)
                return s.error();
        }
    } catch (const std::bad_alloc &) {
        return makeError(ErrorCode::Limit,
                         QStringLiteral("out of memory after reading %1 of the %2 bytes").arg(data.size()).arg(length),
                         location);
    }
    return data;
}

Result<QByteArray> readGrowing(QIODevice &device, qint64 length, const EntryLocation &location)
{
    return readGrowing(length, location,
                       [&](char *out, qint64, qint64 count) { return readExactly(device, out, count, location); });
}

// `length` bytes of `source` from `offset` (inside the file: the header was checked).
Result<QByteArray> readGrowing(const ByteSource &source, qint64 offset, qint64 length, const EntryLocation &location)
{
    return readGrowing(length, location, [&](char *out, qint64 have, qint64 count) -> Status {
        if (Status s = source.read(offset + have, count, out); !s)
            return makeError(s.error().code, s.error().message, location);
        return {};
    });
}
} // namespace

Result<QByteArray> ZipReader::readEntry(const ZipEntry &entry, qint64 maxSize) const
{
    Result<qsizetype> i = d->lookup(entry);
    if (!i)
        return i.error();
    const ZipEntry &e = d->entries[size_t(*i)];
    if (e.uncompressedSize > quint64(std::max<qint64>(maxSize, 0)))
        return d->entryError(
            ErrorCode::Limit, e,
            QStringLiteral("entry is %1 bytes, more than the %2 allowed here").arg(e.uncompressedSize).arg(maxSize));
    // Fetched with its header in one go (streamed when long) from a remote source.
    Result<std::unique_ptr<QIODevice>> device = d->open(*i, true, qint64(e.compressedSize));
    if (!device)
        return device.error();
    const EntryLocation location{d->fileName, e.name};
    Result<QByteArray> data = readGrowing(**device, qint64(e.uncompressedSize), location);
    if (!data)
        return data.error();
    char probe;
    if ((*device)->read(&probe, 1) != 0) { // 0 = clean end, CRC checked; -1 = the check failed
        auto *entryDevice = static_cast<ZipEntryDevice *>(device->get());
        if (entryDevice->hasFailed())
            return entryDevice->lastError();
        return makeError(ErrorCode::Format, QStringLiteral("more data than the header states"), location);
    }
    return data;
}

Result<QByteArray> ZipReader::readRange(const ZipEntry &entry, qint64 offset, qint64 length) const
{
    Result<qsizetype> i = d->lookup(entry);
    if (!i)
        return i.error();
    const ZipEntry &e = d->entries[size_t(*i)];
    if (offset < 0 || length < 0 || !fitsWithin(quint64(offset), quint64(length), e.uncompressedSize))
        return d->entryError(ErrorCode::Usage, e,
                             QStringLiteral("range %1+%2 is outside the entry's %3 bytes")
                                 .arg(offset)
                                 .arg(length)
                                 .arg(e.uncompressedSize));
    const EntryLocation location{d->fileName, e.name};
    if (e.method == quint16(ZipMethod::Stored) && !(e.flags & (FlagEncrypted | FlagStrongEncryption))) {
        Result<qint64> start = d->localDataOffset(*i);
        if (!start)
            return start.error();
        d->source->willNeed(*start + offset, length);
        return readGrowing(*d->source, *start + offset, length, location);
    }
    Result<std::unique_ptr<QIODevice>> device = d->open(*i, true, 0);
    if (!device)
        return device.error();
    constexpr qint64 SkipChunk = 1 << 20;
    QByteArray skip(qsizetype(std::min(offset, SkipChunk)), Qt::Uninitialized);
    for (qint64 left = offset; left > 0;) {
        const qint64 n = std::min(left, SkipChunk);
        if (Status s = readExactly(**device, skip.data(), n, location); !s)
            return s.error();
        left -= n;
    }
    return readGrowing(**device, length, location);
}

} // namespace carton
