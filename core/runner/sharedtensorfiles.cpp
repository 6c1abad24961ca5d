// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "sharedtensorfiles.h"

#include "base/logging.h"
#include "runner/wireframe.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <cerrno>
#include <limits>
#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/types.h>
#endif

namespace carton {

namespace {

const QLatin1StringView kPrefix("carton-tensor-");

// "carton-tensor-<pid>-<16 hex>-<32 hex>": the tag, or an empty string.
QString tagOf(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^carton-tensor-([0-9]{1,10}-[0-9a-f]{16})-[0-9a-f]{32}$"));
    const QRegularExpressionMatch m = re.match(name);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString randomHex(int words)
{
    QString out;
    for (int i = 0; i < words; ++i)
        out += QStringLiteral("%1").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
    return out;
}

bool processIsGone(qint64 pid)
{
#ifdef Q_OS_UNIX
    return pid <= 0 || pid > std::numeric_limits<pid_t>::max() || (::kill(pid_t(pid), 0) != 0 && errno == ESRCH);
#else
    Q_UNUSED(pid);
    return false;
#endif
}

} // namespace

QString SharedTensorFiles::newTag()
{
    return QString(QString::number(QCoreApplication::applicationPid()) + u'-' + randomHex(1));
}

bool SharedTensorFiles::isValidTag(const QString &tag)
{
    static const QRegularExpression re(QStringLiteral("^[0-9]{1,10}-[0-9a-f]{16}$"));
    return re.match(tag).hasMatch();
}

int SharedTensorFiles::removeStale(const QString &directory)
{
    if (directory.isEmpty())
        return 0;
    int removed = 0;
    const QDir dir(directory);
    for (const QString &name : dir.entryList({QString(kPrefix + u'*')}, QDir::Files | QDir::System)) {
        const QString tag = tagOf(name);
        if (tag.isEmpty() || !processIsGone(QStringView(tag).left(tag.indexOf(u'-')).toLongLong()))
            continue;
        removed += QFile::remove(dir.filePath(name)) ? 1 : 0;
    }
    // A sandboxed session's private folder (HostSession), named by its tag too.
    const QString folderPrefix = QStringLiteral("carton-sandbox-");
    for (const QString &name : dir.entryList({QString(folderPrefix + u'*')}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QStringView tag = QStringView(name).mid(folderPrefix.size());
        if (isValidTag(tag.toString()) && processIsGone(tag.left(tag.indexOf(u'-')).toLongLong()))
            removed += QDir(dir.filePath(name)).removeRecursively() ? 1 : 0;
    }
    return removed;
}

bool SharedTensorFiles::isOurName(const QString &name) const
{
    return !m_tag.isEmpty() && tagOf(name) == m_tag;
}

QString SharedTensorFiles::defaultDirectory()
{
#ifdef Q_OS_LINUX
    const QFileInfo shm(QStringLiteral("/dev/shm"));
    if (shm.isDir() && shm.isWritable())
        return shm.absoluteFilePath();
#endif
    return {};
}

SharedTensorFiles::~SharedTensorFiles()
{
    remove(m_created);
}

void SharedTensorFiles::removeTagged() const
{
    if (!isEnabled())
        return;
    const QDir dir(m_directory);
    remove(dir.entryList({QString(kPrefix + m_tag + u"-*")}, QDir::Files | QDir::System));
}

void SharedTensorFiles::remove(const QStringList &names) const
{
    for (const QString &name : names) {
        if (isOurName(name))
            QFile::remove(QDir(m_directory).filePath(name));
    }
}

wire::Externalizer SharedTensorFiles::externalizer()
{
    return [this](const Tensor &t) -> Result<std::optional<QJsonObject>> {
        if (!isEnabled() || t.data().size() < kMinimumBytes)
            return std::optional<QJsonObject>();
        const QString name = QString(kPrefix + m_tag + u'-' + randomHex(2));
        QFile file(QDir(m_directory).filePath(name));
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
            qCDebug(lcRunner).noquote() << QStringLiteral("tensor \"%1\" goes through the pipe: cannot create %2: %3")
                                               .arg(t.name(), file.fileName(), file.errorString());
            return std::optional<QJsonObject>(); // fall back to the pipe
        }
        m_created.append(name);
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        if (file.write(t.data()) != t.data().size())
            return makeError(ErrorCode::Io, QStringLiteral("cannot write tensor \"%1\" to %2: %3")
                                                .arg(t.name(), file.fileName(), file.errorString()));
        return std::optional<QJsonObject>(QJsonObject{{QStringLiteral("shared_memory_region"), name},
                                                      {QStringLiteral("shared_memory_offset"), 0},
                                                      {QStringLiteral("shared_memory_byte_size"), t.data().size()}});
    };
}

wire::ExternalReader SharedTensorFiles::reader()
{
    return [this](const QString &, const QJsonObject &p, qint64 size) -> Result<QByteArray> {
        const QString name = p.value(u"shared_memory_region").toString();
        if (!isEnabled() || !isOurName(name))
            return makeError(
                ErrorCode::Unsafe,
                QStringLiteral("shared memory region \"%1\" is not a carton tensor file of this session").arg(name));
        const double offset = p.value(u"shared_memory_offset").toDouble(0);
        const double declared = p.value(u"shared_memory_byte_size").toDouble(-1);
        if (offset != 0 || declared != double(size))
            return makeError(ErrorCode::Format,
                             QStringLiteral("shared_memory_offset must be 0 and shared_memory_byte_size %1").arg(size));
        QFile file(QDir(m_directory).filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Io,
                             QStringLiteral("cannot open %1: %2").arg(file.fileName(), file.errorString()));
        m_consumed.append(name);
        // Unlinked at once: the open file stays readable, and nothing is left
        // behind whatever happens next.
        QFile::remove(file.fileName());
        if (file.size() != size)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("%1 holds %2 bytes, %3 expected").arg(file.fileName()).arg(file.size()).arg(size));
        QByteArray bytes(size, Qt::Uninitialized);
        wire::adviseHugePages(bytes.data(), size);
        qint64 done = 0;
        while (done < size) {
            const qint64 n = file.read(bytes.data() + done, size - done);
            if (n <= 0)
                return makeError(ErrorCode::Io,
                                 QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
            done += n;
        }
        return bytes;
    };
}

} // namespace carton
