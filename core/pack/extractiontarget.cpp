// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "extractiontarget.h"

#include "packpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <cerrno>
#include <cstring>
#include <mutex>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace carton {
namespace {

// Temporary files an unpack killed before its commit left behind (".carton-unpack-"
// and QTemporaryFile's six characters): removed when the next unpack into the same
// folder starts, so a SIGKILL leaves nothing that outlives the next run. Symlinks
// are not followed.
void removeStaleTemporaries(const QString &folder)
{
    static const QRegularExpression stale(QStringLiteral("^\\.carton-unpack-[A-Za-z0-9]{6}$"));
    QDirIterator it(folder, {QStringLiteral(".carton-unpack-*")}, QDir::Files | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo file = it.nextFileInfo();
        if (!file.isSymLink() && stale.match(file.fileName()).hasMatch())
            QFile::remove(file.filePath());
    }
}

bool existsOrLink(const QFileInfo &info)
{
    return info.exists() || info.isSymLink();
}

// Creates one folder; an empty string, or why not ("Permission denied").
QString makeFolder(const QString &dir)
{
#ifdef Q_OS_UNIX
    if (::mkdir(QFile::encodeName(dir).constData(), 0777) == 0)
        return {};
    return QString::fromLocal8Bit(std::strerror(errno));
#else
    return QDir().mkdir(dir) ? QString() : QStringLiteral("failed");
#endif
}

// The umask without changing it: Linux reports it in /proc/self/status ("Umask:
// 0022"). Elsewhere set it and put it back (once per unpack).
int processUmask()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (status.open(QIODevice::ReadOnly)) {
        // A few KiB (procfs reports size 0: read, do not ask atEnd()).
        const QByteArray text = status.read(64 * 1024);
        const qsizetype at = text.indexOf("\nUmask:");
        if (at >= 0) {
            const qsizetype end = text.indexOf('\n', at + 1);
            bool ok = false;
            const int mask = text.mid(at + 7, end < 0 ? -1 : end - at - 7).trimmed().toInt(&ok, 8);
            if (ok && mask >= 0 && mask <= 0777)
                return mask;
        }
    }
#ifdef Q_OS_UNIX
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    const mode_t mask = ::umask(022);
    ::umask(mask);
    return int(mask & 0777);
#else
    return 022;
#endif
}

// rwx bits (0777 only: never setuid, setgid or sticky) as Qt permissions.
QFileDevice::Permissions permissionsFromMode(int mode)
{
    QFileDevice::Permissions p;
    const int owner = (mode >> 6) & 7, group = (mode >> 3) & 7, other = mode & 7;
    p |= QFileDevice::Permissions::fromInt((owner << 12) | (owner << 8) | (group << 4) | other);
    return p;
}

} // namespace

Result<std::unique_ptr<ExtractionTarget>> ExtractionTarget::prepare(const QString &folder, bool overwrite)
{
    if (folder.isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("no target folder given"));
    const QString absolute = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    const QFileInfo info(absolute);
    QStringList created;
    if (existsOrLink(info)) {
        if (!info.isDir())
            return makeError(ErrorCode::Usage, QStringLiteral("the target exists and is not a folder"), folder);
        removeStaleTemporaries(absolute);
        const bool empty =
            QDir(absolute).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
        if (!empty && !overwrite)
            return makeError(ErrorCode::Usage,
                             QStringLiteral("the target folder is not empty (choose overwrite to extract into it)"),
                             folder);
    } else {
        // Create the missing folders from the first existing ancestor down.
        QStringList missing;
        QString path = absolute;
        while (!existsOrLink(QFileInfo(path))) {
            missing.prepend(path);
            const QString parent = QFileInfo(path).path();
            if (parent == path)
                break;
            path = parent;
        }
        for (const QString &dir : std::as_const(missing)) {
            if (const QString why = makeFolder(dir); !why.isEmpty()) {
                for (auto it = created.crbegin(); it != created.crend(); ++it)
                    QDir().rmdir(*it);
                return makeError(ErrorCode::Io, QStringLiteral("cannot create the folder: %1").arg(why), dir);
            }
            created.append(dir);
        }
    }
    const QString root = QFileInfo(absolute).canonicalFilePath();
    if (root.isEmpty())
        return makeError(ErrorCode::Io, QStringLiteral("cannot resolve the target folder"), folder);
    std::unique_ptr<ExtractionTarget> target(new ExtractionTarget(root));
    target->m_createdFolders = created;
    target->m_umask = processUmask();
    return target;
}

ExtractionTarget::~ExtractionTarget()
{
    if (!m_committed)
        rollback();
}

Result<QString> ExtractionTarget::folderFor(const QString &archivePath)
{
    const qsizetype slash = archivePath.lastIndexOf(u'/');
    if (slash < 0)
        return m_root;
    const QString archiveFolder = archivePath.left(slash);
    if (auto it = m_checkedFolders.constFind(archiveFolder); it != m_checkedFolders.cend())
        return *it;
    QString current = m_root;
    QString soFar;
    for (const QString &part : archiveFolder.split(u'/')) {
        soFar = soFar.isEmpty() ? part : soFar + u'/' + part;
        if (auto it = m_checkedFolders.constFind(soFar); it != m_checkedFolders.cend()) {
            current = *it;
            continue;
        }
        const QString next = current + u'/' + part;
        const QFileInfo info(next);
        if (existsOrLink(info)) {
            const QString canonical = info.canonicalFilePath();
            if (canonical.isEmpty() || !isInsideFolder(m_root, canonical))
                return makeError(
                    ErrorCode::Unsafe,
                    QStringLiteral("\"%1\" in the target folder is a symlink leading outside it").arg(soFar),
                    archivePath);
            if (!QFileInfo(canonical).isDir())
                return makeError(ErrorCode::Io,
                                 QStringLiteral("\"%1\" exists in the target folder and is not a folder").arg(soFar),
                                 archivePath);
            current = canonical;
        } else {
            if (const QString why = makeFolder(next); !why.isEmpty())
                return makeError(ErrorCode::Io, QStringLiteral("cannot create the folder \"%1\": %2").arg(soFar, why),
                                 archivePath);
            m_createdFolders.append(next);
            const QString canonical = QFileInfo(next).canonicalFilePath();
            if (canonical.isEmpty() || !isInsideFolder(m_root, canonical))
                return makeError(ErrorCode::Unsafe,
                                 QStringLiteral("folder \"%1\" resolves outside the target").arg(soFar), archivePath);
            current = canonical;
        }
        m_checkedFolders.insert(soFar, current);
    }
    return current;
}

Result<std::unique_ptr<QTemporaryFile>> ExtractionTarget::beginFile(const QString &archivePath, bool executable)
{
    Result<QString> folder = folderFor(archivePath);
    if (!folder)
        return folder.error();
    auto file = std::make_unique<QTemporaryFile>(*folder + QStringLiteral("/.carton-unpack-XXXXXX"));
    file->setAutoRemove(false);
    if (!file->open())
        return makeError(ErrorCode::Io, QStringLiteral("cannot create a file: %1").arg(file->errorString()),
                         archivePath);
    // QTemporaryFile creates 0600 whatever the umask.
    const int mode = (executable ? 0777 : 0666) & ~m_umask;
    if (!file->setPermissions(permissionsFromMode(mode))) {
        file->remove();
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot set the file mode %1: %2")
                             .arg(mode, 4, 8, QLatin1Char('0'))
                             .arg(file->errorString()),
                         archivePath);
    }
    const QString name = archivePath.mid(archivePath.lastIndexOf(u'/') + 1);
    m_pending.append(Pending{file->fileName(), *folder + u'/' + name, archivePath});
    return file;
}

Status ExtractionTarget::addSymlink(const QString &archivePath, const QString &body)
{
    Result<QString> folder = folderFor(archivePath);
    if (!folder)
        return folder.error();
    for (int attempt = 0; attempt < 100; ++attempt) {
        const QString temporary =
            *folder +
            QStringLiteral("/.carton-link-%1-%2").arg(QCoreApplication::applicationPid()).arg(++m_linkCounter);
        if (QFile::link(body, temporary)) {
            const QString name = archivePath.mid(archivePath.lastIndexOf(u'/') + 1);
            m_pending.append(Pending{temporary, *folder + u'/' + name, archivePath});
            return {};
        }
        if (!existsOrLink(QFileInfo(temporary)))
            break;
    }
    return makeError(ErrorCode::Io, QStringLiteral("cannot create a symlink"), archivePath);
}

Status ExtractionTarget::commit()
{
    while (!m_pending.isEmpty()) {
        const Pending &p = m_pending.constFirst();
        const QFileInfo existing(p.final);
        const bool existed = existsOrLink(existing);
        if (existed && existing.isDir() && !existing.isSymLink())
            return makeError(ErrorCode::Io, QStringLiteral("a folder with this name exists in the target"),
                             p.archivePath);
        QString message;
        if (!replaceFile(p.temporary, p.final, &message))
            return makeError(ErrorCode::Io, QStringLiteral("cannot rename into place: %1").arg(message), p.archivePath);
        if (!existed)
            m_renamedNew.append(p.final);
        m_pending.removeFirst();
    }
    m_committed = true;
    return {};
}

void ExtractionTarget::rollback()
{
    for (const Pending &p : std::as_const(m_pending))
        QFile::remove(p.temporary);
    m_pending.clear();
    for (const QString &file : std::as_const(m_renamedNew))
        QFile::remove(file);
    m_renamedNew.clear();
    for (auto it = m_createdFolders.crbegin(); it != m_createdFolders.crend(); ++it)
        QDir().rmdir(*it);
    m_createdFolders.clear();
}

} // namespace carton
