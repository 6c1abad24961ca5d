// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "sharedtensorfiles.h"

#include "runner/wireframe.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace carton {

namespace {

bool isOurName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^carton-tensor-[0-9a-f]{32}$"));
    return re.match(name).hasMatch();
}

QString newName()
{
    quint64 words[2];
    QRandomGenerator::system()->fillRange(words);
    return QStringLiteral("carton-tensor-%1%2")
        .arg(words[0], 16, 16, QLatin1Char('0'))
        .arg(words[1], 16, 16, QLatin1Char('0'));
}

} // namespace

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
        const QString name = newName();
        QFile file(QDir(m_directory).filePath(name));
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return std::optional<QJsonObject>(); // fall back to the pipe
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
            return makeError(ErrorCode::Unsafe,
                             QStringLiteral("shared memory region \"%1\" is not a carton tensor file").arg(name));
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
