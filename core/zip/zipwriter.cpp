// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "zipwriter.h"

#include "base/archivepath.h"
#include "codec/encoder.h"
#include "codec/seekableencoder.h"
#include "zip/rangecopy.h"
#include "zip/zipcrc.h"
#include "zip/zipformat.h"

#include <QBuffer>
#include <QFileDevice>
#include <QSet>
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

namespace carton {

using namespace zipformat;

namespace {
// Below this hint an entry cannot grow past 4 GiB, even incompressible under zstd/deflate.
constexpr qint64 SmallEntryLimit = qint64(0xF0000000);
constexpr quint32 SymlinkMode = 0120777;

quint16 versionNeeded(quint16 method, bool zip64)
{
    quint16 version = VersionDefault;
    if (zip64)
        version = VersionZip64;
    if (method == quint16(ZipMethod::Zstd))
        version = VersionZstd;
    return version;
}
} // namespace

bool compressionDidNotHelp(const ZipEntry &entry)
{
    return entry.method != quint16(ZipMethod::Stored) && !entry.isDirectory() &&
           entry.compressedSize >= entry.uncompressedSize;
}

struct ZipWriter::Private {
    struct Record {
        ZipEntry entry;
        QByteArray rawName;
        quint16 versionNeeded = VersionDefault;
    };

    QIODevice *device = nullptr;
    std::vector<Record> records;
    QSet<QString> names;
    std::optional<Error> failure;
    bool closed = false;

    // The entry being written.
    bool inEntry = false;
    ZipEntry current;
    QByteArray currentName;
    bool localZip64 = false;
    std::tuple<quint16, int, int, std::size_t> currentSettings{0, 0, 0, 0}; // method, level, zstd workers, frame size
    std::unique_ptr<Encoder> encoder;
    // The last finished encoder and its settings, reused by the next entry with the same ones.
    std::unique_ptr<Encoder> spareEncoder;
    std::tuple<quint16, int, int, std::size_t> spareSettings{0, 0, 0, 0};
    quint32 crc = 0;
    quint64 dataStart = 0;

    Error fail(ErrorCode code, const QString &message, const QString &entry = {})
    {
        Error error = makeError(code, message,
                                entry.isEmpty() ? QStringLiteral("zip writer")
                                                : QStringLiteral("zip writer: entry %1").arg(entry));
        if (!failure)
            failure = error;
        return error;
    }
    bool put(const char *data, qint64 size)
    {
        // A short write (the disk filling up, a file-size limit) is retried for the
        // rest, so the error reported is the system's reason ("No space left on
        // device", "File too large"), not a count.
        for (qint64 done = 0; done < size;) {
            const qint64 n = device->write(data + done, size - done);
            if (n <= 0) {
                fail(ErrorCode::Io,
                     QStringLiteral("write failed: %1")
                         .arg(n < 0 ? device->errorString() : QStringLiteral("nothing could be written")),
                     current.name);
                return false;
            }
            done += n;
        }
        return true;
    }
    bool put(const QByteArray &data) { return put(data.constData(), data.size()); }
    bool seekTo(quint64 offset)
    {
        if (device->seek(qint64(offset)))
            return true;
        fail(ErrorCode::Io, QStringLiteral("seek to %1 failed: %2").arg(offset).arg(device->errorString()),
             current.name);
        return false;
    }
    static Status sink(void *context, const char *data, std::size_t size)
    {
        auto *self = static_cast<Private *>(context);
        self->current.compressedSize += size;
        if (!self->put(data, qint64(size)))
            return *self->failure;
        return {};
    }
    // Cuts the device back to `size` bytes (and moves there).
    bool truncateTo(quint64 size)
    {
        bool ok = false;
        if (auto *file = qobject_cast<QFileDevice *>(device))
            ok = file->resize(qint64(size));
        else if (auto *buffer = qobject_cast<QBuffer *>(device))
            ok = (buffer->buffer().truncate(qsizetype(size)), true);
        if (!ok) {
            fail(ErrorCode::Io,
                 QStringLiteral("cannot cut the output back to %1 bytes: %2").arg(size).arg(device->errorString()),
                 current.name);
            return false;
        }
        return seekTo(size);
    }
    // beginEntry(); without `encode` no encoder is set up (the data arrives compressed).
    Status begin(const QString &name, const ZipWriteOptions &options, bool encode);
    Status ready() const
    {
        if (failure)
            return *failure;
        return {};
    }
};

ZipWriter::ZipWriter(QIODevice *device) : d(std::make_unique<Private>())
{
    d->device = device;
    if (!device || !device->isWritable() || device->isSequential())
        d->fail(ErrorCode::Usage, QStringLiteral("the zip writer needs a seekable device open for writing"));
}

ZipWriter::~ZipWriter() = default;

Status ZipWriter::beginEntry(const QString &name, const ZipWriteOptions &options)
{
    return d->begin(name, options, true);
}

Status ZipWriter::Private::begin(const QString &name, const ZipWriteOptions &options, bool encode)
{
    Private *d = this;
    if (Status s = d->ready(); !s)
        return s;
    if (d->inEntry)
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("beginEntry(\"%1\") while entry \"%2\" is still open").arg(name, d->current.name),
            QStringLiteral("zip writer"));
    if (d->closed)
        return makeError(ErrorCode::Usage, QStringLiteral("beginEntry(\"%1\") after close()").arg(name),
                         QStringLiteral("zip writer"));
    const bool directory = name.endsWith(u'/');
    if (Result<QString> safe = checkArchivePath(directory ? name.chopped(1) : name, QStringLiteral("zip writer"));
        !safe)
        return safe.error();
    if (d->names.contains(name))
        return makeError(ErrorCode::Usage, QStringLiteral("duplicate entry name"),
                         QStringLiteral("zip writer: entry %1").arg(name));
    const QByteArray rawName = name.toUtf8();
    if (rawName.size() > 0xffff)
        return makeError(ErrorCode::Usage, QStringLiteral("name longer than 65535 bytes"),
                         QStringLiteral("zip writer: entry %1").arg(name));

    ZipEntry entry;
    entry.name = name;
    entry.method = directory ? quint16(ZipMethod::Stored) : quint16(options.method);
    entry.flags = FlagUtf8;
    entry.versionMadeBy = VersionMadeBy;
    entry.dosDateTime = options.dosDateTime;
    quint32 mode = options.unixMode;
    if (directory && (mode & 0170000) != 0040000)
        mode = 0040755;
    entry.externalAttributes = mode << 16 | (directory ? 0x10 : 0);
    const qint64 position = d->device->pos();
    if (position < 0)
        return d->fail(ErrorCode::Io, QStringLiteral("cannot tell the device position"), name);
    entry.localHeaderOffset = quint64(position);

    std::unique_ptr<Encoder> encoder;
    const std::tuple<quint16, int, int, std::size_t> settings{entry.method, options.level, options.zstdWorkers,
                                                              options.zstdFrameSize};
    if (!encode || entry.method == quint16(ZipMethod::Stored)) {
        // no encoder
    } else if (d->spareEncoder && d->spareSettings == settings) {
        encoder = std::move(d->spareEncoder);
    } else {
        const Result<Codec> codec = zipMethodCodec(entry.method);
        Result<std::unique_ptr<Encoder>> created =
            !codec ? Result<std::unique_ptr<Encoder>>(codec.error())
            : *codec == Codec::Zstd && options.zstdFrameSize > 0
                ? SeekableEncoder::create(options.level, options.zstdWorkers, options.zstdFrameSize)
                : Encoder::create(*codec, options.level, options.zstdWorkers);
        if (!created)
            return makeError(created.error().code, created.error().message,
                             QStringLiteral("zip writer: entry %1").arg(name));
        encoder = std::move(created).value();
    }
    d->localZip64 = !directory && (options.sizeHint < 0 || options.sizeHint >= SmallEntryLimit);
    // The data of a large Stored entry starts on a page (4096) boundary, as zipalign
    // does it: the kernel copies it fastest to a file whose offsets agree with it
    // modulo the page size (an exported .npy pads its header to match).
    const bool align =
        !directory && entry.method == quint16(ZipMethod::Stored) && options.sizeHint >= AlignedStoredMinimum;
    const quint64 unpadded =
        entry.localHeaderOffset + LocalHeaderSize + quint64(rawName.size()) + (d->localZip64 ? 20 : 0);
    const quint64 padding =
        align ? 6 + (StoredDataAlignment - (unpadded + 6) % StoredDataAlignment) % StoredDataAlignment : 0;

    // Local header with zero CRC and sizes, patched by finishEntry().
    QByteArray header;
    header.reserve(qsizetype(LocalHeaderSize + rawName.size() + 20 + padding));
    put32(header, LocalHeaderSignature);
    put16(header, versionNeeded(entry.method, d->localZip64));
    put16(header, entry.flags);
    put16(header, entry.method);
    put16(header, quint16(entry.dosDateTime & 0xffff));
    put16(header, quint16(entry.dosDateTime >> 16));
    put32(header, 0);
    put32(header, d->localZip64 ? Max32 : 0);
    put32(header, d->localZip64 ? Max32 : 0);
    put16(header, quint16(rawName.size()));
    put16(header, quint16((d->localZip64 ? 20 : 0) + padding));
    header.append(rawName);
    if (d->localZip64) {
        put16(header, Zip64ExtraId);
        put16(header, 16);
        put64(header, 0);
        put64(header, 0);
    }
    if (padding > 0) {
        put16(header, AlignmentExtraId);
        put16(header, quint16(padding - 4));
        put16(header, quint16(StoredDataAlignment));
        header.append(QByteArray(qsizetype(padding - 6), '\0'));
    }
    d->current = std::move(entry);
    d->currentName = rawName;
    d->encoder = std::move(encoder);
    d->currentSettings = settings;
    d->crc = zipCrc32(0, nullptr, 0);
    if (!d->put(header))
        return *d->failure;
    d->dataStart = d->current.localHeaderOffset + quint64(header.size());
    d->inEntry = true;
    d->names.insert(name);
    return {};
}

Status ZipWriter::write(const char *data, qint64 size)
{
    if (Status s = d->ready(); !s)
        return s;
    if (!d->inEntry)
        return makeError(ErrorCode::Usage, QStringLiteral("write() outside an entry"), QStringLiteral("zip writer"));
    if (size < 0)
        return makeError(ErrorCode::Usage, QStringLiteral("write() of a negative size"), QStringLiteral("zip writer"));
    if (size == 0)
        return {};
    if (d->current.isDirectory())
        return makeError(ErrorCode::Usage, QStringLiteral("a directory entry has no data"),
                         QStringLiteral("zip writer: entry %1").arg(d->current.name));
    d->crc = zipCrc32(d->crc, data, std::size_t(size));
    d->current.uncompressedSize += quint64(size);
    if (!d->encoder) {
        d->current.compressedSize += quint64(size);
        if (!d->put(data, size))
            return *d->failure;
        return {};
    }
    if (Status s = d->encoder->encode(data, std::size_t(size), false, &Private::sink, d.get()); !s) {
        if (!d->failure)
            d->fail(s.error().code, s.error().message, d->current.name);
        return *d->failure;
    }
    return {};
}

Result<ZipEntry> ZipWriter::finishEntry()
{
    if (Status s = d->ready(); !s)
        return s.error();
    if (!d->inEntry)
        return makeError(ErrorCode::Usage, QStringLiteral("finishEntry() without beginEntry()"),
                         QStringLiteral("zip writer"));
    ZipEntry &entry = d->current;
    if (d->encoder) {
        if (Status s = d->encoder->encode(nullptr, 0, true, &Private::sink, d.get()); !s) {
            if (!d->failure)
                d->fail(s.error().code, s.error().message, entry.name);
            return *d->failure;
        }
    }
    if (d->encoder && d->encoder->reset()) {
        d->spareEncoder = std::move(d->encoder);
        d->spareSettings = d->currentSettings;
    }
    d->encoder.reset();
    entry.crc32 = d->crc;
    const bool bigSizes = entry.uncompressedSize >= Max32 || entry.compressedSize >= Max32;
    if (bigSizes && !d->localZip64)
        return d->fail(ErrorCode::Usage,
                       QStringLiteral("entry reached %1 bytes although its size hint promised less "
                                      "than 3.75 GiB")
                           .arg(entry.uncompressedSize),
                       entry.name);
    const bool zip64 = d->localZip64 || bigSizes || entry.localHeaderOffset >= Max32;
    const quint16 version = versionNeeded(entry.method, zip64);

    // Patch the local header: version needed, CRC and sizes (in the zip64 field when reserved).
    const quint64 end = d->dataStart + entry.compressedSize;
    QByteArray patch;
    put16(patch, version);
    if (!d->seekTo(entry.localHeaderOffset + 4) || !d->put(patch))
        return *d->failure;
    patch.clear();
    put32(patch, entry.crc32);
    put32(patch, d->localZip64 ? Max32 : quint32(entry.compressedSize));
    put32(patch, d->localZip64 ? Max32 : quint32(entry.uncompressedSize));
    if (!d->seekTo(entry.localHeaderOffset + 14) || !d->put(patch))
        return *d->failure;
    if (d->localZip64) {
        patch.clear();
        put64(patch, entry.uncompressedSize);
        put64(patch, entry.compressedSize);
        if (!d->seekTo(entry.localHeaderOffset + LocalHeaderSize + quint64(d->currentName.size()) + 4) ||
            !d->put(patch))
            return *d->failure;
    }
    if (!d->seekTo(end))
        return *d->failure;
    d->records.push_back({entry, d->currentName, version});
    d->inEntry = false;
    ZipEntry finished = std::move(entry);
    d->current = {};
    return finished;
}

Result<ZipEntry> ZipWriter::addEntry(const QString &name, QByteArrayView data, const ZipWriteOptions &options)
{
    ZipWriteOptions sized = options;
    sized.sizeHint = data.size();
    if (Status s = beginEntry(name, sized); !s)
        return s.error();
    if (Status s = write(data.data(), data.size()); !s)
        return s.error();
    Result<ZipEntry> entry = finishEntry();
    if (!entry || !options.storeIfNotSmaller || !compressionDidNotHelp(*entry))
        return entry;
    QByteArray copy = QByteArray::fromRawData(data.data(), data.size());
    QBuffer again(&copy);
    again.open(QIODevice::ReadOnly);
    return rewriteLastEntryStored(again);
}

Result<ZipEntry> ZipWriter::rewriteLastEntryStored(QIODevice &bytes)
{
    if (Status s = d->ready(); !s)
        return s.error();
    if (d->inEntry || d->closed || d->records.empty())
        return makeError(ErrorCode::Usage, QStringLiteral("rewriteLastEntryStored() needs a just finished entry"),
                         QStringLiteral("zip writer"));
    const Private::Record last = d->records.back();
    const ZipEntry &first = last.entry;
    d->records.pop_back();
    d->names.remove(first.name);
    d->current.name = first.name; // for messages
    if (!d->truncateTo(first.localHeaderOffset))
        return *d->failure;
    d->current = {};
    ZipWriteOptions options;
    options.method = ZipMethod::Stored;
    options.unixMode = first.unixMode() ? first.unixMode() : 0100644;
    options.dosDateTime = first.dosDateTime;
    options.sizeHint = qint64(std::min<quint64>(first.uncompressedSize, quint64(SmallEntryLimit)));
    if (Status s = beginEntry(first.name, options); !s)
        return s.error();
    std::unique_ptr<char[]> buffer(new char[1 << 20]);
    for (;;) {
        const qint64 got = bytes.read(buffer.get(), 1 << 20);
        if (got < 0)
            return d->fail(ErrorCode::Io, QStringLiteral("cannot read again: %1").arg(bytes.errorString()), first.name);
        if (got == 0)
            break;
        if (Status s = write(buffer.get(), got); !s)
            return s.error();
    }
    Result<ZipEntry> stored = finishEntry();
    if (stored && (stored->uncompressedSize != first.uncompressedSize || stored->crc32 != first.crc32))
        return d->fail(ErrorCode::Io,
                       QStringLiteral("changed while writing: %1 bytes, CRC %2 the first time; %3 bytes, CRC %4 "
                                      "when written again Stored")
                           .arg(first.uncompressedSize)
                           .arg(first.crc32, 8, 16, QLatin1Char('0'))
                           .arg(stored->uncompressedSize)
                           .arg(stored->crc32, 8, 16, QLatin1Char('0')),
                       first.name);
    return stored;
}

Result<ZipEntry> ZipWriter::addCompressedEntry(const QString &name, const ZipWriteOptions &options,
                                               QByteArrayView compressed, quint32 crc32, quint64 uncompressedSize)
{
    ZipWriteOptions sized = options;
    sized.sizeHint = qint64(std::min<quint64>(uncompressedSize, quint64(std::numeric_limits<qint64>::max())));
    if (Status s = beginEntry(name, sized); !s)
        return s.error();
    if (d->encoder) { // not needed: the data is compressed already; keep it for the next entry
        d->spareEncoder = std::move(d->encoder);
        d->spareSettings = d->currentSettings;
    }
    d->current.compressedSize += quint64(compressed.size());
    if (!d->put(compressed.data(), compressed.size()))
        return *d->failure;
    d->crc = crc32;
    d->current.uncompressedSize = uncompressedSize;
    return finishEntry();
}

Result<ZipEntry> ZipWriter::addRawEntry(const ZipEntry &source, QFileDevice &sourceFile, qint64 dataOffset,
                                        const QString &name, const std::function<bool(qint64)> &step)
{
    const QString entryName = name.isEmpty() ? source.name : name;
    const QString where = QStringLiteral("zip writer: entry %1").arg(entryName);
    if (source.isEncrypted() || (source.flags & FlagStrongEncryption))
        return makeError(ErrorCode::Unsupported, QStringLiteral("cannot copy an encrypted entry"), where);
    if (source.method != quint16(ZipMethod::Stored) && source.method != quint16(ZipMethod::Deflate) &&
        source.method != quint16(ZipMethod::Zstd))
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("cannot copy an entry compressed with %1").arg(zipMethodName(source.method)),
                         where);
    if (dataOffset < 0 || source.compressedSize > quint64(std::numeric_limits<qint64>::max()) ||
        source.uncompressedSize > quint64(std::numeric_limits<qint64>::max()))
        return makeError(ErrorCode::Format, QStringLiteral("entry offset or sizes out of range"), where);
    ZipWriteOptions options;
    options.method = ZipMethod(source.method);
    options.unixMode = source.unixMode() ? source.unixMode() : 0100644;
    options.dosDateTime = source.dosDateTime;
    options.sizeHint = qint64(std::max(source.uncompressedSize, source.compressedSize));
    if (Status s = d->begin(entryName, options, false); !s)
        return s.error();
    if (Status s = copyRange(sourceFile, dataOffset, *d->device, qint64(source.compressedSize), step); !s) {
        if (s.error().code == ErrorCode::Cancelled)
            return s.error();
        return d->fail(s.error().code, s.error().message, entryName);
    }
    d->current.compressedSize = source.compressedSize;
    d->current.uncompressedSize = source.uncompressedSize;
    d->crc = source.crc32;
    return finishEntry();
}

Result<ZipEntry> ZipWriter::addSymlink(const QString &name, const QString &target)
{
    if (target.isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("symlink with an empty target"),
                         QStringLiteral("zip writer: entry %1").arg(name));
    ZipWriteOptions options;
    options.method = ZipMethod::Stored;
    options.unixMode = SymlinkMode;
    return addEntry(name, target.toUtf8(), options);
}

Status ZipWriter::close()
{
    if (Status s = d->ready(); !s)
        return s;
    if (d->inEntry)
        return makeError(ErrorCode::Usage, QStringLiteral("close() while entry \"%1\" is open").arg(d->current.name),
                         QStringLiteral("zip writer"));
    if (d->closed)
        return {};
    const qint64 cdStart = d->device->pos();
    if (cdStart < 0)
        return d->fail(ErrorCode::Io, QStringLiteral("cannot tell the device position"));
    const quint64 cdOffset = quint64(cdStart);
    quint64 cdSize = 0;
    QByteArray out;
    out.reserve(1 << 20);
    for (const Private::Record &record : d->records) {
        const ZipEntry &e = record.entry;
        QByteArray extra;
        if (e.uncompressedSize >= Max32)
            put64(extra, e.uncompressedSize);
        if (e.compressedSize >= Max32)
            put64(extra, e.compressedSize);
        if (e.localHeaderOffset >= Max32)
            put64(extra, e.localHeaderOffset);
        if (!extra.isEmpty()) {
            QByteArray field;
            put16(field, Zip64ExtraId);
            put16(field, quint16(extra.size()));
            extra.prepend(field);
        }
        const qsizetype before = out.size();
        put32(out, CentralHeaderSignature);
        put16(out, e.versionMadeBy);
        put16(out, record.versionNeeded);
        put16(out, e.flags);
        put16(out, e.method);
        put16(out, quint16(e.dosDateTime & 0xffff));
        put16(out, quint16(e.dosDateTime >> 16));
        put32(out, e.crc32);
        put32(out, quint32(std::min<quint64>(e.compressedSize, Max32)));
        put32(out, quint32(std::min<quint64>(e.uncompressedSize, Max32)));
        put16(out, quint16(record.rawName.size()));
        put16(out, quint16(extra.size()));
        put16(out, 0); // comment
        put16(out, 0); // disk
        put16(out, 0); // internal attributes
        put32(out, e.externalAttributes);
        put32(out, quint32(std::min<quint64>(e.localHeaderOffset, Max32)));
        out.append(record.rawName);
        out.append(extra);
        cdSize += quint64(out.size() - before);
        if (out.size() >= (1 << 20)) {
            if (!d->put(out))
                return *d->failure;
            out.clear();
        }
    }
    const quint64 count = d->records.size();
    if (count >= Max16 || cdOffset >= Max32 || cdSize >= Max32) {
        const quint64 recordOffset = cdOffset + cdSize;
        put32(out, Zip64EndOfCentralDirSignature);
        put64(out, Zip64EndOfCentralDirSize - 12);
        put16(out, VersionMadeBy);
        put16(out, VersionZip64);
        put32(out, 0);
        put32(out, 0);
        put64(out, count);
        put64(out, count);
        put64(out, cdSize);
        put64(out, cdOffset);
        put32(out, Zip64LocatorSignature);
        put32(out, 0);
        put64(out, recordOffset);
        put32(out, 1);
    }
    put32(out, EndOfCentralDirSignature);
    put16(out, 0);
    put16(out, 0);
    put16(out, quint16(std::min<quint64>(count, Max16)));
    put16(out, quint16(std::min<quint64>(count, Max16)));
    put32(out, quint32(std::min<quint64>(cdSize, Max32)));
    put32(out, quint32(std::min<quint64>(cdOffset, Max32)));
    put16(out, 0); // comment
    if (!d->put(out))
        return *d->failure;
    d->closed = true;
    return {};
}

} // namespace carton
