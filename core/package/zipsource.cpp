// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/zipsource.h"

#include "base/archivepath.h"
#include "base/regionsource.h"
#include "zip/seekablezstdsource.h"

#include <QFile>
#include <QSet>
#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace carton {

namespace {
constexpr qint64 kMaxLinkTargetBytes = 4096;
}

Result<std::unique_ptr<ZipSource>> ZipSource::open(const QString &path, const Limits &limits)
{
    return fromReader(ZipReader::open(path, limits), limits);
}

Result<std::unique_ptr<ZipSource>> ZipSource::open(ByteSourcePtr bytes, const QString &path, const Limits &limits)
{
    return fromReader(ZipReader::open(std::move(bytes), path, limits), limits);
}

Result<std::unique_ptr<ZipSource>> ZipSource::fromReader(Result<std::unique_ptr<ZipReader>> reader,
                                                         const Limits &limits)
{
    if (!reader)
        return reader.error();
    std::unique_ptr<ZipSource> source(new ZipSource);
    source->m_reader = std::move(reader).value();
    source->m_limits = limits;
    for (const QuarantinedEntry &q : source->m_reader->quarantined())
        source->m_quarantined.append({q.name, q.reason});
    source->m_files.reserve(qsizetype(source->m_reader->entries().size()));
    for (const ZipEntry &e : source->m_reader->entries()) {
        if (e.isDirectory())
            continue;
        SourceFile f;
        f.path = e.name;
        f.size = qint64(e.uncompressedSize);
        f.compressedSize = qint64(e.compressedSize);
        f.method = e.method;
        f.isSymlink = e.isSymlink();
        f.executable = !f.isSymlink && (e.unixMode() & 0111) != 0;
        source->m_files.append(std::move(f));
    }
    if (Status st = source->resolveSymlinks(); !st)
        return st.error();
    source->sortFiles();
    return source;
}

Status ZipSource::resolveSymlinks()
{
    // An unsafe link fails the open, or (Limits::quarantineUnsafeEntries) is left
    // out of the files and listed as quarantined.
    QSet<QString> unsafe;
    auto reject = [this, &unsafe](const SourceFile &f, const Error &error) -> Status {
        if (!m_limits.quarantineUnsafeEntries || error.code != ErrorCode::Unsafe)
            return error;
        m_quarantined.append({f.path, error.toString()});
        unsafe.insert(f.path);
        return {};
    };
    // Read every symlink's (small) body once.
    QHash<QString, QString> direct;
    for (const SourceFile &f : std::as_const(m_files)) {
        if (!f.isSymlink)
            continue;
        const ZipEntry *e = m_reader->find(f.path);
        auto body = m_reader->readEntry(*e, kMaxLinkTargetBytes);
        if (!body)
            return body.error();
        auto target = resolveLinkTarget(f.path, QString::fromUtf8(*body), m_reader->path());
        if (!target) {
            if (Status st = reject(f, target.error()); !st)
                return st;
            continue;
        }
        direct.insert(f.path, *target);
    }
    for (SourceFile &f : m_files) {
        if (!f.isSymlink || unsafe.contains(f.path))
            continue;
        QString current = f.path;
        QSet<QString> seen{current};
        int hops = 0;
        bool loops = false;
        while (direct.contains(current)) {
            current = direct.value(current);
            if (seen.contains(current) || ++hops > m_limits.maxSymlinkHops) {
                loops = true;
                break;
            }
            seen.insert(current);
        }
        if (loops) {
            if (Status st = reject(f, makeError(ErrorCode::Unsafe, QStringLiteral("symlink \"%1\" loops").arg(f.path),
                                                m_reader->path()));
                !st)
                return st;
            continue;
        }
        const ZipEntry *target = m_reader->find(current);
        if (!target || target->isDirectory())
            return makeError(ErrorCode::Format,
                             QStringLiteral("symlink \"%1\" points at \"%2\", which is not a file in the archive")
                                 .arg(f.path, current),
                             m_reader->path());
        f.linkTarget = current;
        f.size = qint64(target->uncompressedSize);
        m_linkTargets.insert(f.path, current);
    }
    if (!unsafe.isEmpty())
        m_files.removeIf([&unsafe](const SourceFile &f) { return unsafe.contains(f.path); });
    // A link extracts (and is read) as a copy of its target: count it as one against
    // the total-size cap, so a small archive of many links to a big entry is refused.
    qint64 total = 0;
    for (const SourceFile &f : std::as_const(m_files)) {
        if (f.size > m_limits.maxTotalSize - total)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("the files hold more than %1 bytes in all, counting each symlink as a copy "
                                            "of its target")
                                 .arg(m_limits.maxTotalSize),
                             m_reader->path());
        total += f.size;
    }
    return {};
}

QString ZipSource::path() const
{
    return m_reader->path();
}

Result<const ZipEntry *> ZipSource::dataEntry(const QString &path) const
{
    const QString target = m_linkTargets.value(path, path);
    const ZipEntry *e = m_reader->find(target);
    if (!e || e->isDirectory())
        return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" in the archive").arg(path),
                         m_reader->path());
    return e;
}

Result<std::unique_ptr<QIODevice>> ZipSource::open(const QString &path, bool checkCrc) const
{
    auto e = dataEntry(path);
    if (!e)
        return e.error();
    return m_reader->openEntry(**e, checkCrc);
}

Result<QByteArray> ZipSource::read(const QString &path, qint64 maxSize) const
{
    auto e = dataEntry(path);
    if (!e)
        return e.error();
    return m_reader->readEntry(**e, maxSize);
}

Result<QByteArray> ZipSource::readRange(const QString &path, qint64 offset, qint64 length) const
{
    auto e = dataEntry(path);
    if (!e)
        return e.error();
    if ((*e)->method == quint16(ZipMethod::Zstd)) {
        auto seekable = SeekableZstdSource::open(*m_reader, **e, path);
        if (!seekable)
            return seekable.error();
        if (*seekable && length <= (qint64(64) << 20)) { // larger ranges: read as a stream, growing
            if (offset < 0 || length < 0 || length > (*seekable)->size() || offset > (*seekable)->size() - length)
                return makeError(ErrorCode::Usage,
                                 QStringLiteral("range %1+%2 is outside the entry's %3 bytes")
                                     .arg(offset)
                                     .arg(length)
                                     .arg((*seekable)->size()),
                                 path);
            QByteArray bytes(qsizetype(length), Qt::Uninitialized);
            if (Status s = (*seekable)->read(offset, length, bytes.data()); !s)
                return s.error();
            return bytes;
        }
    }
    return m_reader->readRange(**e, offset, length);
}

SpillSource::StreamOpener ZipSource::streamOpener(const QString &path) const
{
    auto e = dataEntry(path);
    if (!e)
        return [error = e.error()]() -> Result<std::unique_ptr<QIODevice>> { return error; };
    return [reader = m_reader, entry = **e]() { return reader->openEntry(entry, true); };
}

bool ZipSource::pathIsTheOpenFile() const
{
    const int state = m_pathState.load(std::memory_order_acquire);
    if (state != PathUnknown)
        return state == PathIsOpenFile;
    ++m_pathChecks;
    const bool same = statPathIsTheOpenFile();
    int expected = PathUnknown; // a recheck or another thread's answer meanwhile wins
    m_pathState.compare_exchange_strong(expected, same ? PathIsOpenFile : PathReplaced);
    return same;
}

void ZipSource::recheckPath() const
{
    int expected = PathIsOpenFile; // replaced stays replaced
    m_pathState.compare_exchange_strong(expected, PathUnknown);
}

bool ZipSource::statPathIsTheOpenFile() const
{
#ifdef Q_OS_UNIX
    const ByteSourcePtr &source = m_reader->source();
    const int fd = source ? source->fileHandle() : -1;
    if (fd < 0)
        return true; // a zip in a region of a file: nothing to compare
    struct stat open = {};
    struct stat named = {};
    if (::fstat(fd, &open) != 0 || ::stat(QFile::encodeName(m_reader->localPath()).constData(), &named) != 0)
        return false;
    return open.st_dev == named.st_dev && open.st_ino == named.st_ino;
#else
    return true;
#endif
}

std::optional<CartonSource::RawRegion> ZipSource::rawRegion(const QString &path) const
{
    if (m_reader->localPath().isEmpty() || !pathIsTheOpenFile())
        return std::nullopt; // not on disk (a URL), or replaced on disk: read through the open file
    auto e = dataEntry(path);
    if (!e || (*e)->method != quint16(ZipMethod::Stored) || (*e)->isEncrypted() ||
        (*e)->compressedSize != (*e)->uncompressedSize)
        return std::nullopt;
    auto offset = m_reader->dataOffset(**e);
    if (!offset)
        return std::nullopt;
    return RawRegion{m_reader->localPath(), *offset, qint64((*e)->uncompressedSize), (*e)->crc32};
}

Result<ByteSourcePtr> ZipSource::directSource(const QString &path, const QString &name) const
{
    // A Stored entry: a window of the archive's source, read on demand. Local or
    // remote, every entry shares the archive's one handle (pread): a carton of
    // 100k entries must not open its file 100k times.
    // A zstd entry with a seek table (what we write): only the frames a read touches
    // are decoded. Without one, the caller spills the entry (SpillSource).
    auto e = dataEntry(path);
    if (e && (*e)->method == quint16(ZipMethod::Zstd)) {
        auto seekable = SeekableZstdSource::open(*m_reader, **e, name);
        if (!seekable)
            return seekable.error();
        return ByteSourcePtr(std::move(seekable).value());
    }
    if (!e || (*e)->method != quint16(ZipMethod::Stored) || (*e)->isEncrypted() ||
        (*e)->compressedSize != (*e)->uncompressedSize)
        return ByteSourcePtr();
    auto offset = m_reader->dataOffset(**e);
    if (!offset)
        return offset.error();
    auto region = RegionSource::open(m_reader->source(), *offset, qint64((*e)->uncompressedSize), name);
    if (!region)
        return region.error();
    return ByteSourcePtr(std::move(region).value());
}

} // namespace carton
