// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "recentfiles.h"

#include "remote/remoteurl.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace studio {

namespace {
const QString key = QStringLiteral("recentFiles");

QString normalized(const QString &path)
{
    if (carton::isRemoteUrl(path))
        return path; // URLs are kept as opened
    const QFileInfo info(path);
    return QDir::cleanPath(info.isAbsolute() ? path : info.absoluteFilePath());
}
} // namespace

RecentFiles::RecentFiles(QSettings *settings, QObject *parent) : QObject(parent), m_settings(settings)
{
    Q_ASSERT(m_settings);
}

QStringList RecentFiles::stored() const
{
    return m_settings->value(key).toStringList();
}

void RecentFiles::store(const QStringList &files)
{
    m_settings->setValue(key, files);
    emit changed();
}

QStringList RecentFiles::files() const
{
    const QStringList all = stored();
    QStringList existing;
    for (const QString &path : all) {
        if (!path.isEmpty() && (carton::isRemoteUrl(path) || QFileInfo::exists(path)) && !existing.contains(path))
            existing.append(path);
        if (existing.size() == MaxCount)
            break;
    }
    if (existing != all)
        m_settings->setValue(key, existing); // prune, without signalling from a getter
    return existing;
}

void RecentFiles::add(const QString &path)
{
    const QString clean = normalized(path);
    QStringList list = stored();
    list.removeAll(clean);
    list.prepend(clean);
    while (list.size() > MaxCount)
        list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = stored();
    if (list.removeAll(normalized(path)) > 0)
        store(list);
}

void RecentFiles::clear()
{
    store({});
}

} // namespace studio
