// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remote/httpsource.h"

#include "base/readahead.h"
#include "base/scratchfile.h"
#include "remote/httpclient.h"
#include "remote/remoteurl.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

namespace carton {

namespace {

constexpr qint64 kProbeBytes = 16 << 10;          // the first request: the file's last 16 KiB
constexpr qint64 kMinFetch = 4 << 10;             // a miss fetches at least this much
constexpr qint64 kDirectRead = 256 << 10;         // reads this big bypass the cache
constexpr qint64 kMaxCachedAnnounced = 1ll << 20; // an announced range up to this is fetched whole and cached
constexpr qint64 kReadAheadBuffer = 8ll << 20;    // a longer one streams, this much ahead of its reader
constexpr std::size_t kMaxAnnounced = 32;         // announced ranges not yet read, kept (the newest)
constexpr std::size_t kMaxStreams = 8;            // streams kept (the last read)

Error statusError(const HttpHead &head)
{
    return makeError(ErrorCode::Network, head.status == 404   ? QStringLiteral("HTTP status 404 Not Found")
                                         : head.status == 500 ? QStringLiteral("HTTP status 500 Internal Server Error")
                                                              : QStringLiteral("HTTP status %1").arg(head.status));
}

QString rangeText(qint64 first, qint64 last, qint64 total)
{
    return QStringLiteral("bytes %1-%2/%3").arg(first).arg(last).arg(total);
}

} // namespace

struct HttpSource::Private {
    QUrl url;
    QUrl effective;
    QString name;
    RemoteOptions options;
    qint64 size = 0;
    QByteArray etag;
    std::atomic<qint64> fetched{0};

    struct Extent {
        QByteArray data;
        quint64 lastUse = 0;
    };
    mutable std::mutex mutex;
    std::map<qint64, Extent> cache; // non-overlapping, keyed by offset
    qint64 cached = 0;
    quint64 clock = 0;
    // Ranges announced by willNeed and not yet read (oldest first).
    std::vector<std::pair<qint64, qint64>> announced;

    // The whole file, when the server cannot send ranges.
    std::unique_ptr<ScratchFile> download;
    std::shared_ptr<FileRegionSource> local;

    // Sequential reads of long announced ranges, each one request (last: they use
    // the members above from their threads, and are stopped first).
    std::vector<std::shared_ptr<ReadAhead>> streams; // least recently used first

    Error error(ErrorCode code, const QString &message) const
    {
        return makeError(code, message, url.toDisplayString());
    }
    Status reserve(qint64 bytes);
    Status probe(bool *rangesRefused, qint64 *announcedSize);
    Status downloadWhole(qint64 announcedSize);
    Status fetch(qint64 from, qint64 length, char *out, Progress *progress);
    // One request for [from, from+length), its body handed to `sink` as it arrives.
    Status fetchTo(qint64 from, qint64 length, const ReadAhead::Sink &sink, Progress *progress);
    // The newest announced range holding `pos`, or {-1, -1}; a long one (streamed
    // from `pos`) is removed, a short one stays for the reads after this one.
    std::pair<qint64, qint64> takeAnnounced(qint64 pos);
    // The stream that reads on at `pos` (most recently used last), or null.
    std::shared_ptr<ReadAhead> streamAt(qint64 pos);
    std::shared_ptr<ReadAhead> startStream(qint64 from, qint64 end);
    void insert(qint64 offset, QByteArray data);
    // Copies cached bytes at `pos` (up to `end`) into `out`; 0 when `pos` is not
    // cached, then *nextCached is where the next cached extent starts (or `end`).
    qint64 copyCached(qint64 pos, qint64 end, char *out, qint64 *nextCached);
};

HttpSource::HttpSource() : d(std::make_unique<Private>()) {}
HttpSource::~HttpSource() = default;

Result<std::shared_ptr<HttpSource>> HttpSource::open(const QUrl &url, const RemoteOptions &options)
{
    std::shared_ptr<HttpSource> source(new HttpSource);
    Private &p = *source->d;
    p.url = url;
    p.effective = url;
    p.name = remoteFileName(url);
    p.options = options;
    if (!isHttpUrl(url))
        return p.error(ErrorCode::Unsafe, QStringLiteral("only http and https URLs are opened"));
    bool refused = false;
    qint64 announced = -1;
    if (Status s = p.probe(&refused, &announced); !s)
        return s.error();
    if (refused) {
        if (!options.allowDownload || !options.allowDownload(url, announced))
            return p.error(
                ErrorCode::Unsupported,
                QStringLiteral("the server does not support range requests (it answered 200 to a Range "
                               "request): reading it means downloading the whole file (%1)")
                    .arg(announced >= 0 ? QStringLiteral("%1 bytes").arg(announced) : QStringLiteral("size unknown")));
        if (Status s = p.downloadWhole(announced); !s)
            return s.error();
    }
    return source;
}

Status HttpSource::Private::reserve(qint64 bytes)
{
    const qint64 before = fetched.fetch_add(bytes);
    if (bytes >= 0 && before <= options.maxFetchedBytes - bytes)
        return {};
    fetched.fetch_sub(bytes);
    return error(ErrorCode::Limit, QStringLiteral("fetching %1 more bytes would pass the limit of %2 bytes fetched "
                                                  "(%3 so far)")
                                       .arg(bytes)
                                       .arg(options.maxFetchedBytes)
                                       .arg(before));
}

Status HttpSource::Private::probe(bool *rangesRefused, qint64 *announcedSize)
{
    if (Status s = reserve(kProbeBytes); !s)
        return s;
    QByteArray tail;
    qint64 expected = -1;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status == 200) {
            *rangesRefused = true;
            *announcedSize = head.contentLength;
            return false;
        }
        if (head.status == 416 && head.rangeTotal == 0) {
            expected = 0;
            return false; // an empty file
        }
        if (head.status != 206)
            return statusError(head);
        if (head.rangeFirst < 0 || head.rangeTotal < 0 || head.rangeLast != head.rangeTotal - 1 ||
            head.rangeFirst > head.rangeLast || head.rangeFirst != std::max<qint64>(0, head.rangeTotal - kProbeBytes))
            return makeError(ErrorCode::Format,
                             QStringLiteral("wrong Content-Range \"%1\" for a request of the last %2 bytes")
                                 .arg(head.rangeFirst < 0 ? QStringLiteral("none or unreadable")
                                                          : rangeText(head.rangeFirst, head.rangeLast, head.rangeTotal))
                                 .arg(kProbeBytes));
        expected = head.rangeLast - head.rangeFirst + 1;
        if (head.contentLength >= 0 && head.contentLength != expected)
            return makeError(ErrorCode::Format, QStringLiteral("Content-Length %1 differs from the %2 bytes of its "
                                                               "Content-Range")
                                                    .arg(head.contentLength)
                                                    .arg(expected));
        size = head.rangeTotal;
        etag = head.etag;
        effective = head.url;
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (tail.size() + n > expected)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("the server sends more than the %1 bytes its Content-Range announces").arg(expected));
        tail.append(data, n);
        return {};
    };
    HttpRequest request;
    request.range = QByteArrayLiteral("bytes=-") + QByteArray::number(kProbeBytes);
    Result<HttpHead> head = HttpClient(HttpPolicy::fromRemote(options)).send(url, request, check, sink);
    if (!head)
        return head.error();
    if (*rangesRefused || expected == 0)
        return {};
    if (tail.size() != expected)
        return error(ErrorCode::Network,
                     QStringLiteral("the response is truncated: %1 of the %2 bytes of its Content-Range arrived")
                         .arg(tail.size())
                         .arg(expected));
    fetched.fetch_sub(kProbeBytes - tail.size());
    const qint64 tailStart = size - tail.size(); // before the move below
    insert(tailStart, std::move(tail));
    return {};
}

Status HttpSource::Private::downloadWhole(qint64 announcedSize)
{
    download = std::make_unique<ScratchFile>(QStringLiteral("carton-download-XXXXXX"));
    if (Status s = download->open(); !s)
        return error(ErrorCode::Io, s.error().message);
    Progress *progress = options.downloadProgress;
    if (progress && announcedSize > 0)
        progress->setTotal(progress->done() + announcedSize);
    qint64 written = 0;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status != 200)
            return statusError(head);
        if (head.contentLength > options.maxFetchedBytes)
            return makeError(ErrorCode::Limit, QStringLiteral("the file is %1 bytes, more than the limit of %2 "
                                                              "bytes fetched")
                                                   .arg(head.contentLength)
                                                   .arg(options.maxFetchedBytes));
        effective = head.url;
        etag = head.etag;
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (Status s = reserve(n); !s)
            return s;
        if (announcedSize >= 0 && written + n > announcedSize)
            return makeError(ErrorCode::Format,
                             QStringLiteral("the server sends more than the %1 bytes it announced").arg(announcedSize));
        if (download->device().write(data, n) != n)
            return makeError(
                ErrorCode::Io,
                QStringLiteral("cannot write the downloaded data: %1").arg(download->device().errorString()));
        written += n;
        if (progress)
            progress->advance(n, name);
        return {};
    };
    Result<HttpHead> head = HttpClient(HttpPolicy::fromRemote(options)).send(url, {}, check, sink, progress);
    if (!head)
        return head.error();
    if (head->contentLength >= 0 && written != head->contentLength)
        return error(ErrorCode::Network, QStringLiteral("the download is truncated: %1 of the %2 bytes arrived")
                                             .arg(written)
                                             .arg(head->contentLength));
    if (!download->device().flush())
        return error(ErrorCode::Io,
                     QStringLiteral("cannot write the downloaded data: %1").arg(download->device().errorString()));
    auto opened = download->region(0, written, name);
    if (!opened)
        return opened.error();
    local = std::move(opened).value();
    size = written;
    return {};
}

Status HttpSource::Private::fetch(qint64 from, qint64 length, char *out, Progress *progress)
{
    qint64 got = 0;
    return fetchTo(
        from, length,
        [&](const char *data, qint64 n) -> Status {
            std::memcpy(out + got, data, std::size_t(n));
            got += n;
            return {};
        },
        progress);
}

Status HttpSource::Private::fetchTo(qint64 from, qint64 length, const ReadAhead::Sink &into, Progress *progress)
{
    if (Status s = reserve(length); !s)
        return s;
    const qint64 last = from + length - 1;
    qint64 got = 0;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status == 200)
            return makeError(ErrorCode::Network, QStringLiteral("the server ignored the Range request for %1 bytes at "
                                                                "offset %2 (it answered 200 with the whole file)")
                                                     .arg(length)
                                                     .arg(from));
        if (head.status != 206)
            return statusError(head);
        if (head.rangeTotal >= 0 && head.rangeTotal != size)
            return makeError(ErrorCode::Integrity,
                             QStringLiteral("the file changed on the server: it is now %1 bytes, it was %2")
                                 .arg(head.rangeTotal)
                                 .arg(size));
        if (head.rangeFirst != from || head.rangeLast != last)
            return makeError(ErrorCode::Format,
                             QStringLiteral("wrong Content-Range: asked for %1, got \"%2\"")
                                 .arg(rangeText(from, last, size),
                                      head.rangeFirst < 0
                                          ? QStringLiteral("none or unreadable")
                                          : rangeText(head.rangeFirst, head.rangeLast, head.rangeTotal)));
        if (!etag.isEmpty() && !head.etag.isEmpty() && head.etag != etag)
            return makeError(ErrorCode::Integrity,
                             QStringLiteral("the file changed on the server: its ETag is now %1, it was %2")
                                 .arg(QString::fromLatin1(head.etag.left(100)), QString::fromLatin1(etag.left(100))));
        if (head.contentLength >= 0 && head.contentLength != length)
            return makeError(ErrorCode::Format,
                             QStringLiteral("Content-Length %1 differs from the %2 bytes of its Content-Range")
                                 .arg(head.contentLength)
                                 .arg(length));
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (n > length - got)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("the server sends more than the %1 bytes its Content-Range announces").arg(length));
        if (Status s = into(data, n); !s)
            return s;
        got += n;
        return {};
    };
    HttpRequest request;
    request.range = QByteArrayLiteral("bytes=") + QByteArray::number(from) + '-' + QByteArray::number(last);
    Result<HttpHead> head = HttpClient(HttpPolicy::fromRemote(options)).send(effective, request, check, sink, progress);
    fetched.fetch_sub(length - got); // what a failed or stopped request did not bring
    if (!head)
        return head.error();
    if (got != length)
        return error(ErrorCode::Network,
                     QStringLiteral("the response is truncated: %1 of the %2 bytes of its Content-Range arrived")
                         .arg(got)
                         .arg(length));
    return {};
}

void HttpSource::Private::insert(qint64 offset, QByteArray data)
{
    if (data.isEmpty() || data.size() > options.cacheBudget)
        return;
    std::lock_guard lock(mutex);
    const qint64 end = offset + data.size();
    // Another thread may have fetched an overlapping range meanwhile: keep the first.
    auto next = cache.lower_bound(offset);
    if (next != cache.end() && next->first < end)
        return;
    if (next != cache.begin()) {
        auto prev = std::prev(next);
        if (prev->first + prev->second.data.size() > offset)
            return;
    }
    cached += data.size();
    cache.emplace(offset, Extent{std::move(data), ++clock});
    while (cached > options.cacheBudget && !cache.empty()) {
        auto oldest = std::min_element(cache.begin(), cache.end(), [](const auto &a, const auto &b) {
            return a.second.lastUse < b.second.lastUse;
        });
        cached -= oldest->second.data.size();
        cache.erase(oldest);
    }
}

qint64 HttpSource::Private::copyCached(qint64 pos, qint64 end, char *out, qint64 *nextCached)
{
    std::lock_guard lock(mutex);
    auto it = cache.upper_bound(pos);
    *nextCached = it == cache.end() ? end : std::min(end, it->first);
    if (it == cache.begin())
        return 0;
    --it;
    const qint64 extentEnd = it->first + it->second.data.size();
    if (extentEnd <= pos)
        return 0;
    const qint64 n = std::min(end, extentEnd) - pos;
    std::memcpy(out, it->second.data.constData() + (pos - it->first), std::size_t(n));
    it->second.lastUse = ++clock;
    return n;
}

qint64 HttpSource::size() const
{
    return d->size;
}

QString HttpSource::name() const
{
    return d->name;
}

QUrl HttpSource::url() const
{
    return d->url;
}

QUrl HttpSource::effectiveUrl() const
{
    return d->effective;
}

bool HttpSource::isDownloaded() const
{
    return d->local != nullptr;
}

void HttpSource::willNeed(qint64 offset, qint64 length) const
{
    if (length <= 0 || offset < 0 || offset >= d->size)
        return;
    std::lock_guard lock(d->mutex);
    auto &announced = d->announced;
    announced.erase(std::remove_if(announced.begin(), announced.end(),
                                   [offset](const auto &range) { return range.first == offset; }),
                    announced.end());
    if (announced.size() >= kMaxAnnounced)
        announced.erase(announced.begin());
    announced.emplace_back(offset, offset + std::min(length, d->size - offset));
}

std::pair<qint64, qint64> HttpSource::Private::takeAnnounced(qint64 pos)
{
    std::lock_guard lock(mutex);
    // The newest announcement holding `pos` wins.
    for (auto it = announced.rbegin(); it != announced.rend(); ++it) {
        if (pos >= it->first && pos < it->second) {
            const auto range = *it;
            if (range.second - pos > kMaxCachedAnnounced)
                announced.erase(std::next(it).base());
            return range;
        }
    }
    return {-1, -1};
}

std::shared_ptr<ReadAhead> HttpSource::Private::streamAt(qint64 pos)
{
    std::lock_guard lock(mutex);
    for (auto it = streams.begin(); it != streams.end(); ++it) {
        if (!(*it)->canRead(pos))
            continue;
        std::shared_ptr<ReadAhead> stream = *it;
        streams.erase(it);
        streams.push_back(stream);
        return stream;
    }
    return nullptr;
}

std::shared_ptr<ReadAhead> HttpSource::Private::startStream(qint64 from, qint64 end)
{
    auto stream = std::make_shared<ReadAhead>(
        from, end,
        [this](qint64 at, qint64 length, const ReadAhead::Sink &sink, Progress *requestProgress) {
            return fetchTo(at, length, sink, requestProgress);
        },
        kReadAheadBuffer);
    std::shared_ptr<ReadAhead> dropped;
    {
        std::lock_guard lock(mutex);
        // Streams read to their end, then the least recently used, make room.
        streams.erase(
            std::remove_if(streams.begin(), streams.end(), [](const auto &s) { return s->next() == s->end(); }),
            streams.end());
        if (streams.size() >= kMaxStreams) {
            dropped = std::move(streams.front()); // stopped outside the lock
            streams.erase(streams.begin());
        }
        streams.push_back(stream);
    }
    return stream;
}

Status HttpSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    if (d->local)
        return d->local->read(offset, length, out, progress);
    const qint64 end = offset + length;
    for (qint64 pos = offset; pos < end;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), d->url.toDisplayString());
        qint64 nextCached = end;
        if (const qint64 n = d->copyCached(pos, end, out + (pos - offset), &nextCached); n > 0) {
            pos += n;
            continue;
        }
        // A stream (a long announced range being read on) whose next byte this is.
        if (std::shared_ptr<ReadAhead> stream = d->streamAt(pos)) {
            const qint64 n = std::min(end, stream->end()) - pos;
            Result<bool> got = stream->read(pos, n, out + (pos - offset), progress);
            if (!got)
                return got.error();
            if (*got) {
                pos += n;
                continue;
            }
        }
        const qint64 missing = nextCached - pos;
        // An announced range is fetched as announced (no more): a short one whole
        // into the cache, a long one as a stream; any other miss at least kMinFetch bytes.
        qint64 want = std::max(missing, kMinFetch);
        if (const auto [first, last] = d->takeAnnounced(pos); first >= 0) {
            if (last - pos > kMaxCachedAnnounced) {
                d->startStream(pos, last);
                continue;
            }
            want = std::max(missing, last - pos);
        }
        // Never past the file or into the next cached extent (extents do not overlap).
        auto it = d->cache.end();
        {
            std::lock_guard lock(d->mutex);
            it = d->cache.upper_bound(pos);
            if (it != d->cache.end())
                want = std::min(want, it->first - pos);
        }
        want = std::min(want, d->size - pos);
        if (missing >= kDirectRead || want > d->options.cacheBudget / 2) {
            if (Status s = d->fetch(pos, missing, out + (pos - offset), progress); !s)
                return s;
            pos += missing;
            continue;
        }
        QByteArray block(want, Qt::Uninitialized);
        if (Status s = d->fetch(pos, want, block.data(), progress); !s)
            return s;
        std::memcpy(out + (pos - offset), block.constData(), std::size_t(missing));
        d->insert(pos, std::move(block));
        pos += missing;
    }
    return {};
}

} // namespace carton
