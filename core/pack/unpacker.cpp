// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "unpacker.h"

#include "base/archivepath.h"
#include "base/sha256.h"
#include "extractiontarget.h"
#include "package/carton.h"
#include "packpaths.h"

#include <QFileInfo>
#include <QSet>
#include <memory>
#include <vector>

namespace carton {
namespace {

constexpr qint64 kChunkSize = qint64(256) << 10; // small chunks stay in the CPU caches
constexpr qint64 kRatioFloor = qint64(1) << 20;  // ratio caps apply to entries above 1 MiB

enum class ItemKind { Regular, Symlink, Linked };

struct UnpackItem {
    ItemKind kind = ItemKind::Regular;
    QString path;
    qint64 size = 0;
    QString linkTarget;     // Symlink: archive path of the final target
    QByteArray expectedSha; // from MANIFEST (empty when unlisted)
    bool executable = false;
};

Error cancelled(const QString &where)
{
    return makeError(ErrorCode::Cancelled, QStringLiteral("unpacking cancelled"), where);
}

// Lists what the carton holds, re-checking every name, size and link.
Result<std::vector<UnpackItem>> planItems(const Carton &carton)
{
    const CartonSource &source = carton.source();
    const Limits &limits = source.limits();
    const QString where = carton.path();
    std::vector<UnpackItem> items;
    QSet<QString> seen;
    qint64 total = 0;
    if (qint64(source.files().size()) > limits.maxEntries)
        return makeError(ErrorCode::Limit, QStringLiteral("more than %1 files").arg(limits.maxEntries), where);
    for (const SourceFile &file : source.files()) {
        const QString location = where + QStringLiteral(": ") + file.path;
        if (Result<QString> ok = checkArchivePath(file.path, location); !ok)
            return ok.error();
        if (seen.contains(file.path))
            return makeError(ErrorCode::Unsafe, QStringLiteral("duplicate file name"), location);
        seen.insert(file.path);
        UnpackItem item;
        item.path = file.path;
        item.executable = file.executable;
        item.size = file.size;
        if (file.size < 0 || file.compressedSize < 0)
            return makeError(ErrorCode::Format, QStringLiteral("negative size"), location);
        if (file.isSymlink) {
            item.kind = ItemKind::Symlink;
            item.linkTarget = file.linkTarget;
            if (Result<QString> ok = checkArchivePath(file.linkTarget, location); !ok)
                return makeError(
                    ErrorCode::Unsafe,
                    QStringLiteral("symlink target \"%1\" is not a safe path inside the carton").arg(file.linkTarget),
                    location);
            const SourceFile *target = source.find(file.linkTarget);
            if (!target || target->isSymlink)
                return makeError(
                    ErrorCode::Unsafe,
                    QStringLiteral("symlink does not lead to a file of the carton (\"%1\")").arg(file.linkTarget),
                    location);
        } else {
            if (file.size > limits.maxEntrySize)
                return makeError(
                    ErrorCode::Limit,
                    QStringLiteral("%1 bytes, more than the limit of %2").arg(file.size).arg(limits.maxEntrySize),
                    location);
            total += file.size;
            if (total > limits.maxTotalSize)
                return makeError(ErrorCode::Limit, QStringLiteral("more than %1 bytes in all").arg(limits.maxTotalSize),
                                 location);
            if (file.method > 0 && file.size > kRatioFloor &&
                (file.compressedSize == 0 || file.size / file.compressedSize > limits.maxRatio))
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("compression ratio above %1 (%2 bytes from %3)")
                                     .arg(limits.maxRatio)
                                     .arg(file.size)
                                     .arg(file.compressedSize),
                                 location);
        }
        if (carton.manifest())
            if (const ManifestEntry *e = carton.manifest()->find(file.path))
                item.expectedSha = e->sha256;
        items.push_back(std::move(item));
    }
    if (carton.manifest()) {
        for (const ManifestEntry &entry : carton.manifest()->entries()) {
            if (seen.contains(entry.path) || !carton.isLinked(entry.path))
                continue;
            if (Result<QString> ok = checkArchivePath(entry.path, QStringLiteral("MANIFEST")); !ok)
                return ok.error();
            UnpackItem item;
            item.kind = ItemKind::Linked;
            item.path = entry.path;
            item.expectedSha = entry.sha256;
            items.push_back(std::move(item));
        }
    }
    return items;
}

bool selected(const QString &path, const QStringList &only)
{
    if (only.isEmpty())
        return true;
    for (const QString &o : only) {
        const QString prefix = o.endsWith(u'/') ? o : o + u'/';
        if (path == o || path.startsWith(prefix))
            return true;
    }
    return false;
}

class Unpacker final {
public:
    Unpacker(const Carton &carton, ExtractionTarget &target, const UnpackOptions &options, Progress *progress)
        : m_carton(carton), m_target(target), m_options(options), m_progress(progress), m_buffer(new char[kChunkSize])
    {
    }

    // Streams one file out of the carton (symlinks followed) into a temporary file,
    // hashing as it goes.
    Status writeFile(const UnpackItem &item, UnpackResult &result)
    {
        Result<std::unique_ptr<QIODevice>> opened = m_carton.source().open(item.path);
        if (!opened)
            return opened.error();
        QIODevice &in = **opened;
        Result<std::unique_ptr<QTemporaryFile>> created = m_target.beginFile(item.path, item.executable);
        if (!created)
            return created.error();
        QTemporaryFile &out = **created;
        Sha256 sha;
        qint64 done = 0;
        for (;;) {
            if (m_progress && m_progress->isCancelled())
                return cancelled(item.path);
            const qint64 got = in.read(m_buffer.get(), kChunkSize);
            if (got < 0) {
                const QString why = in.errorString();
                if (done == item.size && (why.isEmpty() || why == QLatin1StringView("Unknown error")))
                    break; // end of a sequential device
                return makeError(ErrorCode::Integrity, QStringLiteral("cannot read: %1").arg(why), item.path);
            }
            if (got == 0)
                break;
            done += got;
            if (done > item.size)
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("more data than the declared %1 bytes").arg(item.size), item.path);
            sha.add(m_buffer.get(), got);
            if (out.write(m_buffer.get(), got) != got)
                return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()), item.path);
            if (m_progress)
                m_progress->advance(got, item.path);
        }
        if (done != item.size)
            return makeError(ErrorCode::Integrity, QStringLiteral("truncated: %1 of %2 bytes").arg(done).arg(item.size),
                             item.path);
        const QByteArray actual = sha.finishHex();
        if (!item.expectedSha.isEmpty() && actual != item.expectedSha)
            return makeError(ErrorCode::Integrity,
                             QStringLiteral("sha256 %1 differs from MANIFEST's %2")
                                 .arg(QLatin1StringView(actual), QLatin1StringView(item.expectedSha)),
                             item.path);
        if (!out.flush())
            return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()), item.path);
        out.close();
        ++result.filesWritten;
        result.bytesWritten += done;
        return {};
    }

    Status fetchFile(const UnpackItem &item, UnpackResult &result)
    {
        const QStringList urls = m_carton.links() ? m_carton.links()->urlsFor(item.expectedSha) : QStringList();
        Result<std::unique_ptr<QTemporaryFile>> created = m_target.beginFile(item.path);
        if (!created)
            return created.error();
        QTemporaryFile &out = **created;
        if (Status st = fetchLinkedFile(urls, item.expectedSha, &out, m_options.fetch, m_progress); !st)
            return st.error().location.isEmpty() ? Error{st.error().code, st.error().message, item.path} : st.error();
        if (!out.flush())
            return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()), item.path);
        ++result.filesWritten;
        result.bytesWritten += out.size();
        out.close();
        return {};
    }

private:
    const Carton &m_carton;
    ExtractionTarget &m_target;
    const UnpackOptions &m_options;
    Progress *m_progress;
    std::unique_ptr<char[]> m_buffer;
};

} // namespace

Result<UnpackResult> unpackCarton(const Carton &carton, const QString &folder, const UnpackOptions &options,
                                  Progress *progress)
{
    if (carton.isReadOnly())
        return makeError(
            ErrorCode::Unsafe,
            QStringLiteral("the carton has %1 unsafe entries (left out, see its diagnostics); it was opened "
                           "read-only and cannot be extracted")
                .arg(carton.source().quarantined().size()),
            carton.path());
    Result<std::vector<UnpackItem>> planned = planItems(carton);
    if (!planned)
        return planned.error();

    // Selection: `only` names files or folders; each must match something.
    for (const QString &o : options.only) {
        bool found = false;
        for (const UnpackItem &item : *planned)
            found = found || selected(item.path, {o});
        if (!found)
            return makeError(ErrorCode::NotFound, QStringLiteral("no such file or folder in the carton"), o);
    }
    std::vector<UnpackItem> items;
    QSet<QString> selectedPaths;
    for (const UnpackItem &item : *planned)
        if (selected(item.path, options.only)) {
            items.push_back(item);
            selectedPaths.insert(item.path);
        }
    // A symlink whose target is not extracted is written as a copy of the target.
    qint64 total = 0;
    for (UnpackItem &item : items) {
        if (item.kind == ItemKind::Symlink && !selectedPaths.contains(item.linkTarget)) {
            item.kind = ItemKind::Regular;
            if (const SourceFile *target = carton.source().find(item.linkTarget))
                item.size = target->size;
        }
        if (item.kind == ItemKind::Regular)
            total += item.size;
    }

    if (!carton.source().isArchive()) {
        const QString sourceRoot = QFileInfo(carton.source().path()).canonicalFilePath();
        const QString targetPath = QFileInfo(folder).canonicalFilePath();
        if (!targetPath.isEmpty() && (isInsideFolder(targetPath, sourceRoot) || isInsideFolder(sourceRoot, targetPath)))
            return makeError(ErrorCode::Usage, QStringLiteral("cannot unpack a folder into itself"), folder);
    }

    Result<std::unique_ptr<ExtractionTarget>> prepared = ExtractionTarget::prepare(folder, options.overwrite);
    if (!prepared)
        return prepared.error();
    ExtractionTarget &target = **prepared;
    if (progress)
        progress->setTotal(total);

    UnpackResult result;
    Unpacker unpacker(carton, target, options, progress);
    for (const UnpackItem &item : items) {
        if (progress && progress->isCancelled())
            return cancelled(item.path);
        switch (item.kind) {
        case ItemKind::Regular:
            if (Status st = unpacker.writeFile(item, result); !st)
                return st.error();
            break;
        case ItemKind::Linked:
            if (!options.fetchLinks) {
                result.skippedLinked.append(item.path);
                break;
            }
            if (Status st = unpacker.fetchFile(item, result); !st)
                return st.error();
            break;
        case ItemKind::Symlink: {
            const QString body = relativeLinkTarget(item.path, item.linkTarget);
            Result<QString> back = resolveLinkTarget(item.path, body, item.path);
            if (!back || *back != item.linkTarget)
                return makeError(ErrorCode::Unsafe, QStringLiteral("symlink target escapes the folder"), item.path);
            if (Status st = target.addSymlink(item.path, body); !st)
                return st.error();
            ++result.filesWritten;
            break;
        }
        }
    }
    if (progress && progress->isCancelled())
        return cancelled(folder);
    if (Status st = target.commit(); !st)
        return st.error();
    return result;
}

} // namespace carton
