// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/verifier.h"

#include "base/alignedbuffer.h"
#include "base/humansize.h"
#include "base/parallel.h"
#include "base/sha256.h"
#include "base/workerthreads.h"
#include "package/carton.h"
#include "zip/zipcrc.h"

#include <QFile>
#include <QHash>
#include <algorithm>
#include <array>
#include <condition_variable>
#include <mutex>
#include <optional>

namespace carton {

namespace {

constexpr qint64 kInlineReadLimit = 16ll << 20; // smaller files are read and hashed on one thread
constexpr qint64 kInlineChunk = 64ll << 10;
constexpr qint64 kReadChunk = 256ll << 10; // reader-thread chunks: stay in cache between the copy and the hash

// A device that swallows what is written: linked files are hashed by the fetcher.
class DiscardDevice final : public QIODevice {
public:
    DiscardDevice() { open(QIODevice::WriteOnly); }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *, qint64 len) override { return len; }
};

struct Job {
    QString path;
    QByteArray expected; // empty for unlisted files
    qint64 size = 0;
    bool linked = false;
    QString dataPath; // whose bytes are hashed: the final target for a symlink, else path
};

// One piece of reading work: the bytes of one file of the source (hashed once,
// however many symlinks lead to it) or one linked file to fetch, and the jobs it
// decides.
struct Work {
    QString dataPath;
    qint64 size = 0;
    QList<int> jobs;
};

// Reads `device` from its current position, `size` bytes (-1: to its end), on
// this thread, hashing as it goes. A short read of a known size is an error.
// With `crc`, also runs the zip CRC-32 over the bytes into *crc.
Result<QByteArray> hashDevice(QIODevice &device, qint64 size, Progress *progress, const QString &path,
                              quint32 *crc = nullptr)
{
    thread_local AlignedBuffer buffer(kInlineChunk);
    Sha256 sha;
    for (qint64 left = size; size < 0 || left > 0;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), path);
        const qint64 want = size < 0 ? kInlineChunk : std::min(kInlineChunk, left);
        const qint64 n = device.read(buffer.data(), want);
        if (n < 0 && size < 0) // a decoding device: its message says what is wrong with the data
            return makeError(ErrorCode::Format, device.errorString(), path);
        if (n < 0 || (n == 0 && size >= 0))
            return makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(device.errorString()), path);
        if (n == 0)
            break;
        sha.add(buffer.constData(), n);
        if (crc)
            *crc = zipCrc32(*crc, buffer.constData(), std::size_t(n));
        left -= n;
        if (progress)
            progress->advance(n, path);
    }
    return sha.finishHex();
}

// A Stored zip entry is read here without the entry device, so its CRC-32 is
// checked here: every full read checks it, whatever the sha256 says.
Result<QByteArray> checkCrc(Result<QByteArray> digest, const CartonSource::RawRegion &region, quint32 crc,
                            const QString &path)
{
    if (digest && region.crc32 && *region.crc32 != crc)
        return makeError(ErrorCode::Integrity, crcMismatchMessage(*region.crc32, crc), path);
    return digest;
}

// Hashes a file that lies uncompressed on disk. A reader thread fills a small ring
// of buffers with pread-style reads while this thread hashes, so reading (the
// kernel's copy out of the page cache) overlaps hashing on another core. Memory
// mappings were tried first: their page faults cost more than the copies.
Result<QByteArray> hashRegion(const CartonSource::RawRegion &region, Progress *progress, const QString &path)
{
    QFile file(region.diskPath);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file.errorString()), path);
    if (region.offset + region.size > file.size())
        return makeError(ErrorCode::Format, QStringLiteral("data runs past the end of the file"), path);
    if (!file.seek(region.offset))
        return makeError(ErrorCode::Io, QStringLiteral("cannot seek: %1").arg(file.errorString()), path);
    quint32 crc = zipCrc32(0, nullptr, 0);

    constexpr int kSlots = 4;
    struct Slot {
        AlignedBuffer data;
        qint64 size = 0;
    };
    std::array<Slot, kSlots> ring;
    std::mutex mutex;
    std::condition_variable changed;
    qint64 produced = 0, consumed = 0; // slot counters
    bool failed = false, stop = false;
    QString readError;

    WorkerThreads reader(1, [&](int) {
        qint64 left = region.size;
        while (left > 0) {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return stop || produced - consumed < kSlots; });
            if (stop)
                return;
            Slot &slot = ring[produced % kSlots];
            lock.unlock();
            if (slot.data.size() != kReadChunk)
                slot.data.resize(kReadChunk);
            const qint64 want = std::min(kReadChunk, left);
            const qint64 n = file.read(slot.data.data(), want);
            if (n > 0 && region.crc32) // on the reader thread: overlaps the hashing
                crc = zipCrc32(crc, slot.data.constData(), std::size_t(n));
            lock.lock();
            if (n != want) {
                failed = true;
                readError = file.errorString();
                changed.notify_all();
                return;
            }
            slot.size = n;
            left -= n;
            ++produced;
            changed.notify_all();
        }
    });

    Sha256 sha;
    std::optional<Error> error;
    for (qint64 done = 0; done < region.size;) {
        if (progress && progress->isCancelled()) {
            error = makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), path);
            break;
        }
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return failed || produced > consumed; });
        if (produced == consumed) { // the reader failed
            error = makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(readError), path);
            break;
        }
        const Slot &slot = ring[consumed % kSlots];
        lock.unlock();
        sha.add(slot.data.constData(), slot.size);
        done += slot.size;
        if (progress)
            progress->advance(slot.size, path);
        lock.lock();
        ++consumed;
        changed.notify_all();
    }
    {
        std::lock_guard lock(mutex);
        stop = true;
        changed.notify_all();
    }
    reader.join();
    if (error)
        return *error;
    return checkCrc(sha.finishHex(), region, crc, path);
}

Result<QByteArray> hashStream(const CartonSource &source, const QString &path, Progress *progress)
{
    auto device = source.open(path, /*checkCrc=*/true);
    if (!device)
        return device.error();
    return hashDevice(**device, -1, progress, path);
}

FileCheck checkLinked(const Carton &carton, const Job &job, const VerifyOptions &options, Progress *progress)
{
    FileCheck check{job.path, FileState::Unverified, job.expected, {}, {}};
    if (!options.fetchLinks) {
        check.state = FileState::Linked;
        check.message = QStringLiteral("only in LINKS; not fetched");
        return check;
    }
    DiscardDevice sink;
    // The download is a part of the verification's progress: its size (once the
    // server states it) and bytes join the verification's, named by the file's
    // path, and the verification's cancel stops it.
    Progress fetchProgress(progress, job.path);
    const Status st =
        fetchLinkedFile(carton.links()->urlsFor(job.expected), job.expected, &sink, options.fetch, &fetchProgress);
    if (st) {
        check.state = FileState::Ok;
        check.actualSha256 = job.expected;
    } else if (st.error().code == ErrorCode::Cancelled) {
        return check; // not checked, which is not a failure
    } else {
        check.state = st.error().code == ErrorCode::Integrity ? FileState::Mismatch : FileState::Failed;
        check.message = st.error().message;
    }
    if (progress)
        progress->advance(0, job.path);
    return check;
}

// The sha256 of a file of the source, read in full (CRC-32 checked).
Result<QByteArray> hashFile(const CartonSource &source, const QString &path, Progress *progress)
{
    const auto region = source.rawRegion(path);
    if (!region)
        return hashStream(source, path, progress);
    if (region->size > kInlineReadLimit)
        return hashRegion(*region, progress, path);
    if (region->size <= kInlineChunk) {
        // A small file (most of a carton of many files): one read through the
        // source's shared handle, no byte source made for it.
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), path);
        Result<QByteArray> bytes = source.readRange(path, 0, region->size);
        if (!bytes)
            return bytes.error();
        thread_local Sha256 sha; // reused: a hash object per file costs more than hashing a small one
        sha.add(*bytes);
        if (progress)
            progress->advance(region->size, path);
        const quint32 crc =
            region->crc32 ? zipCrc32(zipCrc32(0, nullptr, 0), bytes->constData(), std::size_t(bytes->size())) : 0;
        return checkCrc(sha.finishHex(), *region, crc, path);
    }
    // Other threads hash other files: read and hash here, through the source's byte
    // source, which for a zip shares one handle among all entries (a carton of 100k
    // small entries must not open its file 100k times).
    Result<ByteSourcePtr> bytes = source.byteSource(path);
    if (!bytes)
        return bytes.error();
    thread_local AlignedBuffer buffer(kInlineChunk);
    quint32 crc = zipCrc32(0, nullptr, 0);
    Sha256 sha;
    for (qint64 done = 0; done < region->size;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), path);
        const qint64 n = std::min(kInlineChunk, region->size - done);
        if (Status st = (*bytes)->read(done, n, buffer.data()); !st)
            return st.error();
        sha.add(buffer.constData(), n);
        if (region->crc32)
            crc = zipCrc32(crc, buffer.constData(), std::size_t(n));
        done += n;
        if (progress)
            progress->advance(n, path);
    }
    return checkCrc(sha.finishHex(), *region, crc, path);
}

// Judges a job by the digest of its bytes (its own, or its symlink target's).
FileCheck judge(const Job &job, const Result<QByteArray> &digest)
{
    FileCheck check{job.path, FileState::Unverified, job.expected, {}, {}};
    if (!digest) {
        // Stopped by a cancel: not checked, which is not a failure.
        if (digest.error().code == ErrorCode::Cancelled)
            return check;
        check.state = FileState::Failed;
        check.message = job.dataPath == job.path
                            ? digest.error().message
                            : QStringLiteral("%1 (reading its target %2)").arg(digest.error().message, job.dataPath);
        return check;
    }
    check.actualSha256 = *digest;
    if (job.expected.isEmpty()) {
        check.state = FileState::Unlisted;
        check.message = QStringLiteral("in the archive but not in MANIFEST");
    } else if (*digest == job.expected) {
        check.state = FileState::Ok;
    } else {
        check.state = FileState::Mismatch;
        check.message = QStringLiteral("sha256 is %1, MANIFEST says %2")
                            .arg(QString::fromLatin1(*digest), QString::fromLatin1(job.expected));
    }
    return check;
}

// A metadata file the reader refuses to read whole (carton.toml or index.toml over
// Limits::maxMetadataFileSize, a deflate bomb): failed without decoding any of it.
std::optional<FileCheck> oversizedMetadata(const SourceFile &file, const QByteArray &expected, const Limits &limits)
{
    static const QStringList kMetadata{QStringLiteral("carton.toml"), QStringLiteral("tensor_data/index.toml")};
    if (file.size <= limits.maxMetadataFileSize || !kMetadata.contains(file.path))
        return std::nullopt;
    return FileCheck{file.path,
                     FileState::Failed,
                     expected,
                     {},
                     QStringLiteral("not read: %1 uncompressed, more than the %2 a metadata file may have "
                                    "(a zip bomb, or not a carton)")
                         .arg(humanSize(file.size), humanSize(limits.maxMetadataFileSize))};
}

} // namespace

QString fileStateName(FileState state)
{
    switch (state) {
    case FileState::Unverified:
        return QStringLiteral("unverified");
    case FileState::Ok:
        return QStringLiteral("ok");
    case FileState::Mismatch:
        return QStringLiteral("mismatch");
    case FileState::Missing:
        return QStringLiteral("missing");
    case FileState::Linked:
        return QStringLiteral("linked");
    case FileState::Unlisted:
        return QStringLiteral("unlisted");
    case FileState::Failed:
        return QStringLiteral("failed");
    case FileState::NoManifest:
        return QStringLiteral("no manifest");
    }
    return {};
}

bool VerifyReport::ok() const
{
    if (cancelled)
        return false;
    return std::all_of(files.cbegin(), files.cend(),
                       [](const FileCheck &f) { return f.state == FileState::Ok || f.state == FileState::Linked; });
}

Diagnostics VerifyReport::diagnostics() const
{
    Diagnostics out;
    for (const FileCheck &f : files) {
        switch (f.state) {
        case FileState::Ok:
        case FileState::Unverified:
        case FileState::NoManifest: // validation says it once, of MANIFEST
            break;
        case FileState::Linked:
            out.append({Severity::Info, DiagnosticLocation{f.path}, f.message});
            break;
        default:
            out.append({Severity::Error, DiagnosticLocation{f.path},
                        f.message.isEmpty() ? fileStateName(f.state) : f.message});
        }
    }
    if (cancelled)
        out.append({Severity::Warning, DiagnosticLocation(), QStringLiteral("verification was cancelled")});
    return out;
}

VerifyReport verifyCarton(const Carton &carton, const VerifyOptions &options, Progress *progress,
                          const std::function<void(const FileCheck &)> &onFile)
{
    VerifyReport report;
    const CartonSource &source = carton.source();
    if (!carton.manifest() && !source.isArchive() && !source.find(QStringLiteral("MANIFEST"))) {
        // A carton's source, before packing: nothing to verify, nothing failed.
        report.noManifest = true;
        for (const SourceFile &f : source.files()) {
            if (f.path == u"LINKS")
                continue;
            const FileCheck check{f.path, FileState::NoManifest, {}, {}, QStringLiteral("no MANIFEST yet")};
            report.files.append(check);
            if (onFile)
                onFile(check);
        }
        if (progress)
            progress->setTotal(0);
        return report;
    }
    QList<Job> jobs;
    QList<FileCheck> immediate; // decided without reading
    auto addJob = [&](const SourceFile &f, const QByteArray &expected) {
        if (auto check = oversizedMetadata(f, expected, source.limits()))
            immediate.append(*check);
        else
            jobs.append({f.path, expected, f.size, false, f.isSymlink ? f.linkTarget : f.path});
    };
    const QList<SourceFile> &files = source.files();
    QList<bool> listed(files.size(), false);
    if (carton.manifest()) {
        const QList<ManifestEntry> &entries = carton.manifest()->entries();
        const QList<qsizetype> stored = source.filesOf(entries);
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const ManifestEntry &e = entries.at(i);
            if (stored.at(i) >= 0) {
                listed[stored.at(i)] = true;
                addJob(files.at(stored.at(i)), e.sha256);
            } else if (carton.isLinked(e.path))
                jobs.append({e.path, e.sha256, 0, true, e.path});
            else
                immediate.append({e.path,
                                  FileState::Missing,
                                  e.sha256,
                                  {},
                                  QStringLiteral("listed in MANIFEST but neither in the carton nor in LINKS")});
        }
    }
    for (qsizetype i = 0; i < files.size(); ++i) {
        const SourceFile &f = files.at(i);
        if (!listed.at(i) && f.path != u"MANIFEST" && f.path != u"LINKS")
            addJob(f, {});
    }

    // One piece of work per file whose bytes are read: symlinks share their
    // target's, so 2000 links to one big file read and hash it once.
    // Without symlinks every job reads its own file: no map of paths needed.
    const bool anySymlink = std::any_of(files.cbegin(), files.cend(), [](const SourceFile &f) { return f.isSymlink; });
    QList<Work> works;
    works.reserve(jobs.size());
    QHash<QString, int> workOf;
    for (int i = 0; i < jobs.size(); ++i) {
        const Job &j = jobs.at(i);
        if (j.linked) {
            works.append({j.dataPath, 0, {i}});
            continue;
        }
        if (!anySymlink) {
            works.append({j.dataPath, j.size, {i}});
            continue;
        }
        auto it = workOf.constFind(j.dataPath);
        if (it == workOf.constEnd()) {
            const SourceFile *data = source.find(j.dataPath);
            it = workOf.insert(j.dataPath, int(works.size()));
            works.append({j.dataPath, data ? data->size : j.size, {}});
        }
        works[*it].jobs.append(i);
    }

    qint64 total = 0;
    for (const Work &w : std::as_const(works))
        total += w.size;
    if (progress)
        progress->setTotal(total);

    // Largest first, so the long files start early and the threads finish together.
    QList<int> order(works.size());
    for (int i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return works[a].size > works[b].size; });

    QList<FileCheck> results(jobs.size());
    std::mutex callbackMutex;
    // A cancel stops the loop; report.cancelled says so below.
    (void)parallelFor(order.size(), threadCountFor(options.threads, works.size()), [&](qint64 k, int) -> Status {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        const Work &work = works.at(order[k]);
        QList<FileCheck> checks;
        if (jobs.at(work.jobs.constFirst()).linked) {
            checks.append(checkLinked(carton, jobs.at(work.jobs.constFirst()), options, progress));
        } else {
            const Result<QByteArray> digest = hashFile(source, work.dataPath, progress);
            for (int i : work.jobs)
                checks.append(judge(jobs.at(i), digest));
        }
        for (qsizetype c = 0; c < checks.size(); ++c) {
            results[work.jobs.at(c)] = checks.at(c);
            if (onFile) {
                std::lock_guard lock(callbackMutex);
                onFile(checks.at(c));
            }
        }
        return {};
    });

    for (const FileCheck &c : immediate) {
        if (onFile)
            onFile(c);
    }
    report.cancelled = progress && progress->isCancelled();
    // MANIFEST order first (jobs were built in that order), then unlisted files.
    report.files = immediate;
    for (const FileCheck &c : std::as_const(results))
        if (!c.path.isEmpty()) // empty: never started because of a cancel
            report.files.append(c);
    const auto before = [](const FileCheck &a, const FileCheck &b) {
        const bool ua = a.state == FileState::Unlisted, ub = b.state == FileState::Unlisted;
        if (ua != ub)
            return !ua;
        return Manifest::pathLess(a.path, b.path);
    };
    // The checks come in source order, which is sorted already for most cartons.
    if (!std::is_sorted(report.files.begin(), report.files.end(), before))
        std::stable_sort(report.files.begin(), report.files.end(), before);
    return report;
}

} // namespace carton
