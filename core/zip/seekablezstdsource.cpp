// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "zip/seekablezstdsource.h"

#include "zip/zipreader.h"

#include <QByteArray>
#include <QIODevice>
#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <vector>
#include <zstd.h>

namespace carton {

namespace {
struct DCtxDeleter {
    void operator()(ZSTD_DCtx *c) const { ZSTD_freeDCtx(c); }
};
using DCtxPtr = std::unique_ptr<ZSTD_DCtx, DCtxDeleter>;
// Frames decoded for partial reads, kept for the next read (8 MiB each as we write them).
constexpr std::size_t CachedFrames = 2;
} // namespace

struct SeekableZstdSource::Private {
    ByteSourcePtr archive;
    qint64 dataStart = 0;
    qint64 size = 0;
    QString name;
    SeekTable table;
    mutable std::mutex mutex;
    mutable std::vector<DCtxPtr> idle; // decoder contexts not in use
    struct Cached {
        std::size_t frame;
        std::shared_ptr<const std::vector<char>> bytes;
    };
    mutable std::vector<Cached> cache; // most recently used last
    mutable std::atomic<quint64> decoded{0};

    Error frameError(std::size_t index, const QString &what) const
    {
        return makeError(ErrorCode::Format, QStringLiteral("seekable zstd frame %1: %2").arg(index).arg(what), name);
    }

    // Decodes frame `index` into out[0, decompressedSize).
    Status decode(std::size_t index, char *out) const
    {
        const SeekFrame &f = table.frames()[index];
        std::vector<char> in(f.compressedSize);
        if (Status s = archive->read(dataStart + qint64(f.compressedOffset), f.compressedSize, in.data()); !s)
            return s;
        const std::size_t frameBytes = ZSTD_findFrameCompressedSize(in.data(), in.size());
        if (ZSTD_isError(frameBytes) || frameBytes != in.size())
            return frameError(index, QStringLiteral("its %1 bytes are not exactly one zstd frame").arg(in.size()));
        const unsigned long long content = ZSTD_getFrameContentSize(in.data(), in.size());
        if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != f.decompressedSize)
            return frameError(index, QStringLiteral("its header states %1 decoded bytes, the seek table %2")
                                         .arg(content)
                                         .arg(f.decompressedSize));
        DCtxPtr ctx;
        {
            std::lock_guard lock(mutex);
            if (!idle.empty()) {
                ctx = std::move(idle.back());
                idle.pop_back();
            }
        }
        if (!ctx)
            ctx.reset(ZSTD_createDCtx());
        if (!ctx)
            return makeError(ErrorCode::Io, QStringLiteral("cannot create a zstd decoder (out of memory)"), name);
        const std::size_t n = ZSTD_decompressDCtx(ctx.get(), out, f.decompressedSize, in.data(), in.size());
        {
            std::lock_guard lock(mutex);
            idle.push_back(std::move(ctx));
        }
        if (ZSTD_isError(n))
            return frameError(index, QStringLiteral("corrupt zstd data: %1 (the frame may decode to more than the "
                                                    "%2 bytes the seek table states)")
                                         .arg(QString::fromLatin1(ZSTD_getErrorName(n)))
                                         .arg(f.decompressedSize));
        if (n != f.decompressedSize)
            return frameError(
                index, QStringLiteral("decodes to %1 bytes, the seek table states %2").arg(n).arg(f.decompressedSize));
        decoded.fetch_add(1, std::memory_order_relaxed);
        return {};
    }

    Result<std::shared_ptr<const std::vector<char>>> cached(std::size_t index) const
    {
        {
            std::lock_guard lock(mutex);
            for (auto it = cache.begin(); it != cache.end(); ++it) {
                if (it->frame == index) {
                    Cached hit = *it;
                    cache.erase(it);
                    cache.push_back(hit);
                    return hit.bytes;
                }
            }
        }
        auto bytes = std::make_shared<std::vector<char>>(table.frames()[index].decompressedSize);
        if (Status s = decode(index, bytes->data()); !s)
            return s.error();
        std::lock_guard lock(mutex);
        if (cache.size() >= CachedFrames)
            cache.erase(cache.begin());
        cache.push_back({index, bytes});
        return std::shared_ptr<const std::vector<char>>(bytes);
    }
};

SeekableZstdSource::SeekableZstdSource() : d(std::make_unique<Private>()) {}
SeekableZstdSource::~SeekableZstdSource() = default;

Result<std::shared_ptr<SeekableZstdSource>> SeekableZstdSource::open(const ZipReader &reader, const ZipEntry &entry,
                                                                     QString name, QString *why)
{
    if (entry.method != quint16(ZipMethod::Zstd) || entry.isEncrypted() || entry.isDirectory()) {
        if (why)
            *why = QStringLiteral("not a zstd entry");
        return std::shared_ptr<SeekableZstdSource>();
    }
    // The reader's own checks first (encryption, the ratio cap, the local header):
    // what the sequential path refuses, this one refuses too.
    if (Status checked = reader.checkEntry(entry); !checked)
        return checked.error();
    Result<qint64> start = reader.dataOffset(entry);
    if (!start)
        return start.error();
    const ByteSourcePtr &archive = reader.source();
    if (*start < 0 || entry.compressedSize > quint64(archive->size()) ||
        quint64(*start) > quint64(archive->size()) - entry.compressedSize)
        return makeError(ErrorCode::Format, QStringLiteral("the entry's data lies outside the archive"), name);
    const qint64 dataStart = *start;
    auto readAt = [&archive, dataStart](qint64 offset, qint64 length, char *out) {
        return archive->read(dataStart + offset, length, out);
    };
    Result<std::optional<SeekTable>> table = SeekTable::read(readAt, entry.compressedSize, entry.uncompressedSize, why);
    if (!table)
        return makeError(table.error().code, table.error().message, name);
    if (!*table)
        return std::shared_ptr<SeekableZstdSource>();
    std::shared_ptr<SeekableZstdSource> source(new SeekableZstdSource);
    source->d->archive = archive;
    source->d->dataStart = dataStart;
    source->d->size = qint64(entry.uncompressedSize);
    source->d->name = std::move(name);
    source->d->table = std::move(**table);
    return source;
}

qint64 SeekableZstdSource::size() const
{
    return d->size;
}

QString SeekableZstdSource::name() const
{
    return d->name;
}

const SeekTable &SeekableZstdSource::table() const
{
    return d->table;
}

quint64 SeekableZstdSource::framesDecoded() const
{
    return d->decoded.load(std::memory_order_relaxed);
}

void SeekableZstdSource::willNeed(qint64 offset, qint64 length) const
{
    if (length <= 0 || offset < 0 || offset >= d->size)
        return;
    const auto &frames = d->table.frames();
    const SeekFrame &first = frames[d->table.frameAt(quint64(offset))];
    const SeekFrame &last = frames[d->table.frameAt(quint64(std::min(offset + length, d->size) - 1))];
    d->archive->willNeed(d->dataStart + qint64(first.compressedOffset),
                         qint64(last.compressedOffset + last.compressedSize - first.compressedOffset));
}

Status SeekableZstdSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    if (length == 0)
        return {};
    const auto &frames = d->table.frames();
    qint64 done = 0;
    for (std::size_t i = d->table.frameAt(quint64(offset)); done < length; ++i) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("reading cancelled"), d->name);
        const SeekFrame &f = frames[i];
        const qint64 at = offset + done; // decoded offset of the next byte wanted
        const qint64 inFrame = at - qint64(f.decompressedOffset);
        const qint64 n = std::min<qint64>(qint64(f.decompressedSize) - inFrame, length - done);
        if (inFrame == 0 && n == qint64(f.decompressedSize)) {
            if (Status s = d->decode(i, out + done); !s) // the whole frame: no copy
                return s;
        } else {
            Result<std::shared_ptr<const std::vector<char>>> bytes = d->cached(i);
            if (!bytes)
                return bytes.error();
            std::memcpy(out + done, (*bytes)->data() + inFrame, std::size_t(n));
        }
        done += n;
    }
    return {};
}

} // namespace carton
