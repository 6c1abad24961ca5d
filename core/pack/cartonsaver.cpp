// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonsaver.h"

#include "base/filehandle.h"
#include "base/parallel.h"
#include "base/sha256.h"
#include "format/manifest.h"
#include "format/tomlutil.h"
#include "package/carton.h"
#include "package/zipsource.h"
#include "tensor/tensorindex.h"
#include "zip/zipwriter.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>
#include <memory>
#include <optional>

// How saving works
// ----------------
// The new carton's files are walked in MANIFEST order. A file that comes
// unchanged from the original .carton is appended as its compressed bytes: a
// fresh local header, then copy_file_range from the original's data offset (the
// kernel moves the bytes; nothing is decoded, recompressed or hashed), with CRC,
// sizes and method from the original's central directory and sha256 from its
// MANIFEST. Everything else (new or replaced files, carton.toml) is streamed
// through ZipWriter's encoder and hashed on the way. MANIFEST is generated last.
// The output is a QSaveFile: a temporary file next to the target, fsynced and
// renamed over it on commit, so a crash, an error or a cancel never leaves a
// partial file under the final name, and a save in place never damages the
// original (which the copy reads through its own, still valid, file handle).

namespace carton {
namespace {

using Kind = CartonEdits::FileSource::Kind;

constexpr qint64 kChunkSize = qint64(1) << 20;
const QString kManifestName = QStringLiteral("MANIFEST");
const QString kLinksName = QStringLiteral("LINKS");
const QString kIndexName = QStringLiteral("tensor_data/index.toml");

Error located(const Error &error, const QString &where)
{
    return error.location.isEmpty() ? Error{error.code, error.message, where} : error;
}

// The index to write instead of `bytes`, or nullopt when `bytes` already has what
// upstream needs: a `tensor` array whose tables all have `inner`. Unparseable
// indexes are kept as they are (validation reports them).
std::optional<QByteArray> normalizedIndex(QByteArrayView bytes)
{
    Result<toml::table> table = tomlutil::parse(bytes, kIndexName);
    if (!table)
        return std::nullopt;
    Result<TensorIndex> index = TensorIndex::parse(bytes, kIndexName);
    if (!index)
        return std::nullopt;
    const toml::array *tensors = table->get_as<toml::array>("tensor");
    bool complete = tensors != nullptr;
    if (tensors) {
        for (const toml::node &node : *tensors) {
            const toml::table *t = node.as_table();
            if (!t || !t->contains("inner"))
                complete = false;
        }
    }
    if (complete)
        return std::nullopt;
    return index->serialize();
}

// Reads a device to its end, hashing; optionally hands each chunk to `sink`.
Result<QByteArray> hashDevice(QIODevice &device, const QString &where, Progress *progress,
                              const std::function<Status(const char *, qint64)> &sink = {})
{
    Sha256 sha;
    std::unique_ptr<char[]> buffer(new char[kChunkSize]);
    for (;;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("saving cancelled"), where);
        const qint64 got = device.read(buffer.get(), kChunkSize);
        if (got < 0)
            return makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(device.errorString()), where);
        if (got == 0)
            break;
        sha.add(buffer.get(), got);
        if (sink) {
            if (Status s = sink(buffer.get(), got); !s)
                return located(s.error(), where);
        }
    }
    return sha.finishHex();
}

class Saver {
public:
    Saver(const CartonEdits &edits, const SaveOptions &options, Progress *progress)
        : m_edits(edits), m_options(options), m_progress(progress)
    {
    }

    Result<SaveResult> run(const QString &outputFile);

private:
    bool cancelled() const { return m_progress && m_progress->isCancelled(); }
    bool step(qint64 bytes, const QString &what)
    {
        if (m_progress)
            m_progress->advance(bytes, what);
        return !cancelled();
    }
    Status prepare();
    Status writeOriginal(const QString &path, const CartonEdits::FileSource &source);
    // Opens the bytes of a file to write (again, when compressing did not make it smaller).
    using DeviceOpener = std::function<Result<std::unique_ptr<QIODevice>>()>;
    Status writeStream(const QString &path, const DeviceOpener &open, qint64 size);
    Status openOriginalFile();
    Status writeBytes(const QString &path, const QByteArray &bytes);
    Status writeDiskFile(const QString &path, const QString &diskPath);
    ZipWriteOptions entryOptions(const QString &path, qint64 size) const;

    const CartonEdits &m_edits;
    const SaveOptions &m_options;
    Progress *m_progress;
    QHash<QString, CartonEdits::FileSource> m_files; // the edits' files, index added or fixed
    const ZipSource *m_zip = nullptr;                // the original, when it is a .carton
    QFile m_originalFile;
    std::unique_ptr<ZipWriter> m_writer;
    QList<ManifestEntry> m_manifest;
    QHash<QString, QByteArray> m_hashes;      // path -> sha256 hex of what was written
    QHash<QString, QString> m_symlinkTargets; // kept symlink -> its target's path
    SaveResult m_result;
};

Status Saver::openOriginalFile()
{
    // Entries are copied from the file the original was read from, not from its
    // path: a save in place renames the new carton over that path, and the next
    // save of the same document (which keeps its original, and its undo steps
    // refer to its entries) copies by the offsets of the file it read.
#ifdef Q_OS_UNIX
    const ByteSourcePtr &source = m_zip->reader().source();
    if (const int fd = source ? source->fileHandle() : -1; fd >= 0 && source->diskOffset() == 0)
        return openDuplicate(m_originalFile, fd, m_zip->path());
#endif
    // A zip inside a region of a file, or no positioned reads here: the path.
    m_originalFile.setFileName(m_zip->path());
    if (!m_originalFile.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(m_originalFile.errorString()),
                         m_zip->path());
    return {};
}

Status Saver::prepare()
{
    m_files = m_edits.files();
    const Carton *original = m_edits.original();
    if (original && original->source().isArchive()) {
        m_zip = dynamic_cast<const ZipSource *>(&original->source());
        if (!m_zip)
            return makeError(ErrorCode::Unsupported, QStringLiteral("the original is not a local .carton file"),
                             original->path());
        // A carton read over HTTP has no local file to copy entries from: its
        // entries are decoded and written again (writeOriginal).
        if (!m_zip->isRemote()) {
            if (Status s = openOriginalFile(); !s)
                return s;
        }
    }
    // tensor_data/index.toml: always there, with `tensor` and every `inner`.
    auto it = m_files.find(kIndexName);
    if (it == m_files.end()) {
        CartonEdits::FileSource empty;
        empty.kind = Kind::Bytes;
        empty.bytes = TensorIndex().serialize();
        m_files.insert(kIndexName, empty);
    } else if (it->kind == Kind::Bytes || (it->kind == Kind::Original && original)) {
        QByteArray bytes = it->bytes;
        if (it->kind == Kind::Original) {
            Result<QByteArray> read =
                original->source().read(it->originalPath, original->source().limits().maxMetadataFileSize);
            if (!read)
                return read.error();
            bytes = *read;
        }
        if (std::optional<QByteArray> fixed = normalizedIndex(bytes)) {
            it->kind = Kind::Bytes;
            it->bytes = *fixed;
        }
    }
    return {};
}

ZipWriteOptions Saver::entryOptions(const QString &path, qint64 size) const
{
    ZipWriteOptions options;
    options.method = path == kLinksName ? ZipMethod::Stored : m_options.method;
    options.level = m_options.level;
    options.zstdWorkers = std::max(1, threadCount(m_options.threads)); // never 0: keeps zstd output machine-independent
    options.sizeHint = size;
    options.storeIfNotSmaller = true;
    return options;
}

Status Saver::writeStream(const QString &path, const DeviceOpener &open, qint64 size)
{
    Result<std::unique_ptr<QIODevice>> device = open();
    if (!device)
        return located(device.error(), path);
    if (Status s = m_writer->beginEntry(path, entryOptions(path, size)); !s)
        return located(s.error(), path);
    Result<QByteArray> hash = hashDevice(**device, path, m_progress, [&](const char *data, qint64 n) -> Status {
        if (Status s = m_writer->write(data, n); !s)
            return s;
        if (!step(n, path))
            return makeError(ErrorCode::Cancelled, QStringLiteral("saving cancelled"), path);
        return {};
    });
    if (!hash)
        return hash.error();
    Result<ZipEntry> e = m_writer->finishEntry();
    if (e && compressionDidNotHelp(*e)) { // already compressed media, tiny files: Stored
        Result<std::unique_ptr<QIODevice>> again = open();
        if (!again)
            return located(again.error(), path);
        e = m_writer->rewriteLastEntryStored(**again);
    }
    if (!e)
        return located(e.error(), path);
    m_hashes.insert(path, *hash);
    if (path != kLinksName)
        m_manifest.append({path, *hash});
    ++m_result.fileCount;
    return {};
}

Status Saver::writeBytes(const QString &path, const QByteArray &bytes)
{
    if (Result<ZipEntry> e = m_writer->addEntry(path, bytes, entryOptions(path, bytes.size())); !e)
        return located(e.error(), path);
    const QByteArray hash = Sha256::hashHex(bytes);
    m_hashes.insert(path, hash);
    if (path != kLinksName)
        m_manifest.append({path, hash});
    ++m_result.fileCount;
    step(bytes.size(), path);
    return {};
}

Status Saver::writeDiskFile(const QString &path, const QString &diskPath)
{
    const QFileInfo info(diskPath);
    if (!info.isFile())
        return makeError(ErrorCode::NotFound, QStringLiteral("not a regular file: %1").arg(diskPath), path);
    const auto open = [&]() -> Result<std::unique_ptr<QIODevice>> {
        auto file = std::make_unique<QFile>(diskPath);
        if (!file->open(QIODevice::ReadOnly | QIODevice::Unbuffered))
            return makeError(ErrorCode::Io, QStringLiteral("cannot open %1: %2").arg(diskPath, file->errorString()),
                             path);
        return std::unique_ptr<QIODevice>(std::move(file));
    };
    return writeStream(path, open, info.size());
}

Status Saver::writeOriginal(const QString &path, const CartonEdits::FileSource &source)
{
    const Carton &original = *m_edits.original();
    if (!m_zip)
        return writeDiskFile(path, original.path() + u'/' + source.originalPath);
    const SourceFile *file = m_zip->find(source.originalPath);
    const ZipEntry *entry = m_zip->reader().find(source.originalPath);
    if (!file || !entry)
        return makeError(ErrorCode::NotFound, QStringLiteral("not in the original carton"), source.originalPath);

    if (entry->isSymlink()) {
        const auto target = m_files.constFind(file->linkTarget);
        const bool keep = path == source.originalPath && target != m_files.cend() && target->kind == Kind::Original &&
                          target->originalPath == file->linkTarget;
        if (!keep) // the link would dangle or point elsewhere: store the target's bytes
            return writeStream(
                path, [&] { return m_zip->open(source.originalPath); }, file->size);
        m_symlinkTargets.insert(path, file->linkTarget);
    }

    if (m_zip->isRemote() && !entry->isSymlink())
        return writeStream(
            path, [&] { return m_zip->open(source.originalPath); }, file->size);

    QByteArray hash;
    const ManifestEntry *listed =
        original.manifest() && !entry->isSymlink() ? original.manifest()->find(source.originalPath) : nullptr;
    if (!entry->isSymlink() && (!listed || m_options.verifyOriginal)) {
        Result<std::unique_ptr<QIODevice>> device = m_zip->open(source.originalPath);
        if (!device)
            return device.error();
        Result<QByteArray> computed = hashDevice(**device, source.originalPath, m_progress);
        if (!computed)
            return computed.error();
        if (listed && listed->sha256 != *computed)
            return makeError(ErrorCode::Format,
                             QStringLiteral("sha256 does not match MANIFEST (MANIFEST says %1, the bytes hash to "
                                            "%2): the original carton is damaged")
                                 .arg(QString::fromLatin1(listed->sha256), QString::fromLatin1(*computed)),
                             source.originalPath);
        hash = *computed;
    } else if (listed) {
        hash = listed->sha256;
    }

    Result<qint64> offset = m_zip->reader().dataOffset(*entry);
    if (!offset)
        return offset.error();
    Result<ZipEntry> copied =
        m_writer->addRawEntry(*entry, m_originalFile, *offset, path, [&](qint64 n) { return step(n, path); });
    if (!copied)
        return located(copied.error(), path);
    ++m_result.fileCount;
    ++m_result.copiedEntries;
    m_result.copiedBytes += qint64(entry->compressedSize);
    if (!hash.isEmpty()) {
        m_hashes.insert(path, hash);
        if (path != kLinksName)
            m_manifest.append({path, hash});
    }
    return {};
}

Result<SaveResult> Saver::run(const QString &outputFile)
{
    if (outputFile.isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("saving needs an output file"));
    const QFileInfo outInfo(outputFile);
    if (outInfo.isDir())
        return makeError(ErrorCode::Usage, QStringLiteral("output is a folder"), outputFile);
    const Carton *original = m_edits.original();
    const bool inPlace =
        original && outInfo.exists() && outInfo.canonicalFilePath() == QFileInfo(original->path()).canonicalFilePath();
    if (original && !original->source().isArchive() && inPlace)
        return makeError(ErrorCode::Usage, QStringLiteral("the original is a folder: save to a .carton file"),
                         outputFile);
    if ((outInfo.exists() || outInfo.isSymLink()) && !inPlace && !m_options.overwrite)
        return makeError(ErrorCode::Usage, QStringLiteral("output file exists (choose overwrite to replace it)"),
                         outputFile);
    if (!QFileInfo(outInfo.absolutePath()).isDir())
        return makeError(ErrorCode::NotFound, QStringLiteral("the output's folder does not exist"), outputFile);
    if (m_edits.files().isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("nothing to save: the carton has no files"), outputFile);

    if (Status s = prepare(); !s)
        return s.error();
    QStringList paths = m_files.keys();
    std::sort(paths.begin(), paths.end(), &Manifest::pathLess);
    qint64 total = 0;
    for (const QString &path : paths) {
        const CartonEdits::FileSource &f = m_files[path];
        if (f.kind == Kind::Bytes)
            total += f.bytes.size();
        else if (f.kind == Kind::Disk)
            total += QFileInfo(f.diskPath).size();
        else if (f.kind == Kind::Original && original)
            if (const SourceFile *s = original->source().find(f.originalPath))
                total += m_zip ? s->compressedSize : s->size;
    }
    if (m_progress)
        m_progress->setTotal(total);

    QSaveFile out(outputFile);
    if (!out.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create: %1").arg(out.errorString()), outputFile);
    auto fail = [&](const Error &error) -> Result<SaveResult> {
        out.cancelWriting();
        return error;
    };
    m_writer = std::make_unique<ZipWriter>(&out);
    for (const QString &path : paths) {
        if (cancelled())
            return fail(makeError(ErrorCode::Cancelled, QStringLiteral("saving cancelled"), outputFile));
        const CartonEdits::FileSource &f = m_files[path];
        Status s;
        switch (f.kind) {
        case Kind::Linked:
            m_manifest.append({path, f.sha256Hex});
            break;
        case Kind::Original:
            s = original ? writeOriginal(path, f)
                         : makeError(ErrorCode::Usage, QStringLiteral("no original carton to copy from"), path);
            break;
        case Kind::Disk:
            s = writeDiskFile(path, f.diskPath);
            break;
        case Kind::Bytes:
            s = writeBytes(path, f.bytes);
            break;
        }
        if (!s)
            return fail(s.error());
    }
    for (auto it = m_symlinkTargets.cbegin(); it != m_symlinkTargets.cend(); ++it) {
        const QByteArray hash = m_hashes.value(it.value());
        if (hash.isEmpty())
            return fail(makeError(ErrorCode::Format,
                                  QStringLiteral("symlink target \"%1\" has no hash").arg(it.value()), it.key()));
        m_manifest.append({it.key(), hash});
    }
    const QByteArray manifestBytes = Manifest(m_manifest).serialize();
    ZipWriteOptions stored;
    stored.method = ZipMethod::Stored;
    if (Result<ZipEntry> e = m_writer->addEntry(kManifestName, manifestBytes, stored); !e)
        return fail(located(e.error(), kManifestName));
    ++m_result.fileCount;
    if (Status s = m_writer->close(); !s)
        return fail(located(s.error(), outputFile));
    if (cancelled())
        return fail(makeError(ErrorCode::Cancelled, QStringLiteral("saving cancelled"), outputFile));
    m_result.bytesWritten = out.size();
    if (!out.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()), outputFile);
    if (m_zip)
        m_zip->recheckPath(); // saved in place, the original's path names the new file now
    m_result.modelHash = Sha256::hashHex(manifestBytes);
    return m_result;
}

} // namespace

Result<SaveResult> saveCarton(const CartonEdits &edits, const QString &outputFile, const SaveOptions &options,
                              Progress *progress)
{
    if (edits.original() && edits.original()->isReadOnly())
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("the carton has %1 unsafe entries (left out, see its diagnostics); it was "
                                        "opened read-only and cannot be saved")
                             .arg(edits.original()->source().quarantined().size()),
                         edits.original()->path());
    if (edits.infoError())
        return *edits.infoError();
    Saver saver(edits, options, progress);
    return saver.run(outputFile);
}

} // namespace carton
