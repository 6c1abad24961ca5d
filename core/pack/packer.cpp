// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "packer.h"

#include "base/archivepath.h"
#include "base/parallel.h"
#include "base/sha256.h"
#include "base/workerthreads.h"
#include "chunkqueue.h"
#include "format/manifest.h"
#include "package/carton.h"
#include "packpaths.h"
#include "smallfilecompressor.h"
#include "validate/validator.h"
#include "zip/zipwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#endif

// How packing works
// -----------------
// One reader thread reads each regular file chunk by chunk and hashes it
// (SHA-256, OpenSSL); the calling thread hands the same chunks to ZipWriter,
// which computes the CRC-32, compresses (zstd with libzstd worker threads) and
// writes. Chunks circulate through a fixed pool of buffers (32 x 256 KiB), so
// memory stays bounded whatever the file size, and each file is read exactly
// once. Chunks are 256 KiB rather than several MiB on purpose: a chunk then
// stays in the CPU caches between read(), hashing, CRC and write(); with 4 MiB
// chunks every copy missed the caches and system time was five times higher.
//
// Output layout, fixed for reproducibility: entries in MANIFEST order (byte-wise
// UTF-8 path order; LINKS, copied as-is and Stored, sits at its sorted place),
// then the generated MANIFEST (Stored) last, since it needs every hash. Every
// entry has the 1980-01-01 timestamp and unix mode 0644 (whatever the mode on
// disk, so that two checkouts with different umasks or executable bits pack to
// the same bytes); symlinks inside the folder are stored as symlink entries
// (mode 0120777) whose body is the relative path to their final target. zstd
// always runs with at least one libzstd worker, whose output does not depend on
// the number of workers, so the bytes are the same on any machine.
//
// A file that compressing does not make smaller (already compressed media, tiny
// files under zstd's frame overhead) is written Stored: a small file's compressor
// thread keeps its bytes; a streamed file is read a second time once its
// compressed size is known (ZipWriter::rewriteLastEntryStored). Both depend on
// the bytes only, so the output stays reproducible.

namespace carton {
namespace {

constexpr qint64 kChunkSize = qint64(256) << 10; // small enough to stay in L2 between read, hash, CRC and write
constexpr int kBufferCount = 32;
constexpr qint64 kSmallFileLimit = qint64(4) << 20; // compressed whole, several at once
const QString kManifestName = QStringLiteral("MANIFEST");
const QString kLinksName = QStringLiteral("LINKS");

enum class ItemKind { Regular, Symlink, Links };

struct PackItem {
    ItemKind kind = ItemKind::Regular;
    QString path;         // archive path
    QString absolutePath; // on disk
    qint64 size = 0;
    QString linkBody;   // Symlink: relative target written in the entry
    QString linkTarget; // Symlink: archive path of the final target
};

struct Chunk {
    char *data = nullptr;
    qint64 size = 0;
    bool last = false;
    QByteArray sha256Hex;       // on the last chunk of a file
    std::optional<Error> error; // the reader failed
};

// Diagnostics about MANIFEST itself (missing, stale, unlisted files) do not
// apply to a folder being packed: MANIFEST is regenerated.
bool aboutManifest(const Diagnostic &d)
{
    return d.location.file == kManifestName || d.message.contains(kManifestName);
}

bool isRegularFile(const QString &absolutePath)
{
#ifdef Q_OS_UNIX
    struct stat st {};
    if (::lstat(QFile::encodeName(absolutePath).constData(), &st) != 0)
        return false;
    return S_ISREG(st.st_mode);
#else
    const QFileInfo fi(absolutePath);
    return fi.isFile() && !fi.isSymLink();
#endif
}

Status readAndHash(QFile &file, Sha256 &sha, char *buffer, qint64 *got)
{
    *got = file.read(buffer, kChunkSize);
    if (*got < 0)
        return makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(file.errorString()), file.fileName());
    sha.add(buffer, *got);
    return {};
}

// Reader thread body: every regular item in order, chunk by chunk.
void readFiles(const std::vector<const PackItem *> &items, ChunkQueue<char *> &freeBuffers, ChunkQueue<Chunk> &filled,
               const std::atomic<bool> &abort)
{
    auto fail = [&](Error error) {
        Chunk chunk;
        chunk.error = std::move(error);
        chunk.last = true;
        filled.push(std::move(chunk));
    };
    for (const PackItem *item : items) {
        QFile file(item->absolutePath);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
            fail(makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file.errorString()), item->path));
            return;
        }
#if defined(Q_OS_LINUX)
        ::posix_fadvise(file.handle(), 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        Sha256 sha;
        qint64 total = 0;
        for (;;) {
            if (abort.load(std::memory_order_relaxed))
                return;
            std::optional<char *> buffer = freeBuffers.pop();
            if (!buffer)
                return;
            qint64 got = 0;
            if (Status st = readAndHash(file, sha, *buffer, &got); !st) {
                fail(Error{st.error().code, st.error().message, item->path});
                return;
            }
            total += got;
            Chunk chunk;
            chunk.data = *buffer;
            chunk.size = got;
            chunk.last = got < kChunkSize;
            if (chunk.last) {
                if (total != item->size) {
                    fail(makeError(ErrorCode::Io,
                                   QStringLiteral("file changed while packing (%1 bytes expected, %2 read)")
                                       .arg(item->size)
                                       .arg(total),
                                   item->path));
                    return;
                }
                chunk.sha256Hex = sha.finishHex();
            }
            filled.push(std::move(chunk));
            if (got < kChunkSize)
                break;
        }
    }
}

// Builds the list of entries from the folder's file list.
Result<std::vector<PackItem>> planItems(const Carton &carton, const QString &root, qint64 *totalBytes)
{
    std::vector<PackItem> items;
    *totalBytes = 0;
    for (const SourceFile &file : carton.source().files()) {
        Result<QString> checked = checkArchivePath(file.path, file.path);
        if (!checked)
            return checked.error();
        if (file.path == kManifestName)
            continue; // regenerated
        PackItem item;
        item.path = file.path;
        item.absolutePath = root + u'/' + file.path;
        const QFileInfo info(item.absolutePath);
        if (info.isSymLink()) {
            const QString resolved = info.canonicalFilePath();
            if (resolved.isEmpty() || !isInsideFolder(root, resolved) || resolved == root)
                return makeError(
                    ErrorCode::Unsafe,
                    QStringLiteral("symlink points outside the folder (to \"%1\")").arg(info.symLinkTarget()),
                    file.path);
            if (!isRegularFile(resolved))
                return makeError(ErrorCode::Unsupported, QStringLiteral("symlink does not lead to a regular file"),
                                 file.path);
            item.kind = ItemKind::Symlink;
            item.linkTarget = resolved.mid(root.size() + 1);
            item.linkBody = relativeLinkTarget(item.path, item.linkTarget);
            item.size = QFileInfo(resolved).size();
        } else {
            if (!isRegularFile(item.absolutePath))
                return makeError(ErrorCode::Unsupported,
                                 QStringLiteral("not a regular file (device, fifo, socket or folder)"), file.path);
            item.kind = file.path == kLinksName ? ItemKind::Links : ItemKind::Regular;
            item.size = info.size();
            if (item.kind == ItemKind::Regular)
                *totalBytes += item.size;
        }
        items.push_back(std::move(item));
    }
    return items;
}

Result<QByteArray> hashWholeFile(const QString &absolutePath, const QString &where)
{
    QFile file(absolutePath);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file.errorString()), where);
    Sha256 sha;
    std::unique_ptr<char[]> buffer(new char[1 << 20]);
    for (;;) {
        const qint64 got = file.read(buffer.get(), 1 << 20);
        if (got < 0)
            return makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(file.errorString()), where);
        if (got == 0)
            break;
        sha.add(buffer.get(), got);
    }
    return sha.finishHex();
}

Error withLocation(const Error &error, const QString &where)
{
    return error.location.isEmpty() ? Error{error.code, error.message, where} : error;
}

} // namespace

Result<PackResult> packFolder(const QString &folder, const QString &outputFile, const PackOptions &options,
                              Progress *progress)
{
    Result<QString> checkedRoot = checkPackPaths(folder, outputFile, options.overwrite);
    if (!checkedRoot)
        return checkedRoot.error();
    const QString root = *checkedRoot;

    Result<std::unique_ptr<Carton>> opened = Carton::open(root, options.limits);
    if (!opened)
        return withLocation(opened.error(), folder);
    const Carton &carton = **opened;

    PackResult result;
    Diagnostics errors;
    for (const Diagnostic &d : validateCarton(carton)) {
        if (aboutManifest(d))
            continue;
        if (d.severity == Severity::Error)
            errors.append(d);
        else
            result.diagnostics.append(d);
    }
    if (!errors.isEmpty()) {
        QStringList lines;
        for (const Diagnostic &d : std::as_const(errors))
            lines.append(d.toString());
        return makeError(ErrorCode::Format,
                         QStringLiteral("the folder is not a valid carton (%1 error%2):\n%3")
                             .arg(errors.size())
                             .arg(errors.size() == 1 ? QString() : QStringLiteral("s"), lines.join(u'\n')),
                         folder);
    }

    qint64 totalBytes = 0;
    Result<std::vector<PackItem>> planned = planItems(carton, root, &totalBytes);
    if (!planned)
        return planned.error();
    const std::vector<PackItem> &items = *planned;
    if (progress)
        progress->setTotal(totalBytes);

    QSaveFile out(outputFile);
    if (!out.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create: %1").arg(out.errorString()), outputFile);

    const int threads = threadCount(options.threads);
    ZipWriteOptions fileOptions;
    fileOptions.method = options.method;
    fileOptions.level = options.level;
    fileOptions.zstdWorkers = std::max(1, threads); // never 0: keeps zstd output machine-independent
    ZipWriteOptions storedOptions;
    storedOptions.method = ZipMethod::Stored;

    // Small files are compressed whole on several threads (SmallFileCompressor);
    // the reader thread streams the others.
    auto isSmall = [&](const PackItem &item) {
        return item.kind == ItemKind::Regular && options.method != ZipMethod::Stored && item.size <= kSmallFileLimit;
    };
    std::vector<const PackItem *> regular;
    QList<SmallFileCompressor::File> smallFiles;
    for (const PackItem &item : items) {
        if (isSmall(item))
            smallFiles.append({item.path, item.absolutePath, item.size});
        else if (item.kind == ItemKind::Regular)
            regular.push_back(&item);
    }
    SmallFileCompressor compressor(std::move(smallFiles), quint16(options.method), options.level, threads, 4 * threads);
    int smallIndex = 0;

    std::vector<std::unique_ptr<char[]>> buffers;
    ChunkQueue<char *> freeBuffers;
    ChunkQueue<Chunk> filled;
    for (int i = 0; i < kBufferCount; ++i) {
        buffers.emplace_back(new char[kChunkSize]);
        freeBuffers.push(buffers.back().get());
    }
    std::atomic<bool> abort{false};
    WorkerThreads reader(1, [&](int) { readFiles(regular, freeBuffers, filled, abort); });
    auto stopReader = [&] {
        compressor.stop();
        abort.store(true);
        freeBuffers.close();
        filled.close();
        reader.join();
    };
    struct ReaderGuard {
        std::function<void()> stop;
        ~ReaderGuard() { stop(); }
    } readerGuard{stopReader};
    auto failWith = [&](Error error) -> Result<PackResult> {
        stopReader();
        out.cancelWriting();
        return error;
    };

    ZipWriter zip(&out);
    QHash<QString, QByteArray> hashes; // archive path -> sha256 hex
    QList<ManifestEntry> manifest;
    for (const PackItem &item : items) {
        if (progress && progress->isCancelled())
            return failWith(makeError(ErrorCode::Cancelled, QStringLiteral("packing cancelled"), outputFile));
        if (item.kind == ItemKind::Symlink) {
            if (Result<ZipEntry> e = zip.addSymlink(item.path, item.linkBody); !e)
                return failWith(withLocation(e.error(), item.path));
            ++result.fileCount;
            continue;
        }
        if (item.kind == ItemKind::Links) {
            QFile links(item.absolutePath);
            if (item.size > options.limits.maxMetadataFileSize)
                return failWith(
                    makeError(ErrorCode::Limit,
                              QStringLiteral("LINKS is larger than %1 bytes").arg(options.limits.maxMetadataFileSize),
                              item.path));
            if (!links.open(QIODevice::ReadOnly))
                return failWith(makeError(ErrorCode::Io, links.errorString(), item.path));
            if (Result<ZipEntry> e = zip.addEntry(item.path, links.readAll(), storedOptions); !e)
                return failWith(withLocation(e.error(), item.path));
            ++result.fileCount;
            continue;
        }
        if (isSmall(item)) {
            std::optional<CompressedFile> done = compressor.take(smallIndex++);
            if (!done)
                return failWith(
                    makeError(ErrorCode::Io, QStringLiteral("compression stopped unexpectedly"), item.path));
            if (done->error)
                return failWith(*done->error);
            if (Result<ZipEntry> e = zip.addCompressedEntry(item.path, done->stored ? storedOptions : fileOptions,
                                                            done->data, done->crc32, done->size);
                !e)
                return failWith(withLocation(e.error(), item.path));
            if (progress)
                progress->advance(item.size, item.path);
            hashes.insert(item.path, done->sha256Hex);
            manifest.append(ManifestEntry{item.path, done->sha256Hex});
            ++result.fileCount;
            continue;
        }
        ZipWriteOptions entryOptions = fileOptions;
        entryOptions.sizeHint = item.size; // no zip64 extra field for small files; a file that grows fails
        if (Status st = zip.beginEntry(item.path, entryOptions); !st)
            return failWith(withLocation(st.error(), item.path));
        for (;;) {
            std::optional<Chunk> chunk = filled.pop();
            if (!chunk)
                return failWith(makeError(ErrorCode::Io, QStringLiteral("reader stopped unexpectedly"), item.path));
            if (chunk->error)
                return failWith(*chunk->error);
            if (progress && progress->isCancelled())
                return failWith(makeError(ErrorCode::Cancelled, QStringLiteral("packing cancelled"), outputFile));
            Status st = zip.write(chunk->data, chunk->size);
            freeBuffers.push(chunk->data);
            if (!st)
                return failWith(withLocation(st.error(), item.path));
            if (progress)
                progress->advance(chunk->size, item.path);
            if (chunk->last) {
                hashes.insert(item.path, chunk->sha256Hex);
                manifest.append(ManifestEntry{item.path, chunk->sha256Hex});
                break;
            }
        }
        Result<ZipEntry> e = zip.finishEntry();
        if (e && compressionDidNotHelp(*e)) { // already compressed media: read it again, Stored
            QFile again(item.absolutePath);
            if (!again.open(QIODevice::ReadOnly))
                return failWith(
                    makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(again.errorString()), item.path));
            e = zip.rewriteLastEntryStored(again);
        }
        if (!e)
            return failWith(withLocation(e.error(), item.path));
        ++result.fileCount;
    }
    stopReader();

    // Symlinks are listed with the hash of their target's bytes.
    for (const PackItem &item : items) {
        if (item.kind != ItemKind::Symlink)
            continue;
        QByteArray hash = hashes.value(item.linkTarget);
        if (hash.isEmpty()) {
            Result<QByteArray> h = hashWholeFile(root + u'/' + item.linkTarget, item.path);
            if (!h)
                return failWith(h.error());
            hash = *h;
        }
        manifest.append(ManifestEntry{item.path, hash});
    }
    // Files reachable only through LINKS keep their MANIFEST lines.
    if (carton.manifest()) {
        for (const ManifestEntry &entry : carton.manifest()->entries())
            if (!carton.source().find(entry.path) && carton.isLinked(entry.path))
                manifest.append(entry);
    }

    const Manifest generated(manifest);
    const QByteArray manifestBytes = generated.serialize();
    if (Result<ZipEntry> e = zip.addEntry(kManifestName, manifestBytes, storedOptions); !e)
        return failWith(withLocation(e.error(), kManifestName));
    ++result.fileCount;
    if (Status st = zip.close(); !st)
        return failWith(withLocation(st.error(), outputFile));
    if (progress && progress->isCancelled())
        return failWith(makeError(ErrorCode::Cancelled, QStringLiteral("packing cancelled"), outputFile));
    result.bytesWritten = out.size();
    if (!out.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()), outputFile);
    result.modelHash = Sha256::hashHex(manifestBytes);
    return result;
}

} // namespace carton
