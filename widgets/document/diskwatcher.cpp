// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diskwatcher.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace studio {

namespace {

// The paths whose changes matter: a .carton file and its folder (a rename over
// it replaces the watched file), or a carton folder and its metadata files.
QStringList watchedPaths(const QString &path)
{
    const QFileInfo info(path);
    QStringList paths;
    if (info.isDir()) {
        paths << path;
        for (const char *name : {"carton.toml", "MANIFEST", "LINKS", "tensor_data/index.toml"}) {
            const QString file = path + u'/' + QLatin1StringView(name);
            if (QFileInfo::exists(file))
                paths << file;
        }
    } else if (info.exists()) {
        paths << path << info.absolutePath();
    }
    return paths;
}

} // namespace

DiskWatcher::DiskWatcher(QObject *parent)
    : QObject(parent), m_watcher(new QFileSystemWatcher(this)), m_quiet(new QTimer(this))
{
    m_quiet->setSingleShot(true);
    m_quiet->setInterval(700);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_quiet, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_quiet, qOverload<>(&QTimer::start));
    connect(m_quiet, &QTimer::timeout, this, &DiskWatcher::check);
}

void DiskWatcher::watch(const QString &path)
{
    m_path = path;
    m_quiet->stop();
    rewatch();
    m_fingerprint = fingerprint();
}

bool DiskWatcher::isWatching() const
{
    return !m_watcher->files().isEmpty() || !m_watcher->directories().isEmpty();
}

void DiskWatcher::setQuietPeriod(int ms)
{
    m_quiet->setInterval(ms);
}

void DiskWatcher::rewatch()
{
    const QStringList old = m_watcher->files() + m_watcher->directories();
    if (!old.isEmpty())
        m_watcher->removePaths(old);
    const QStringList paths = m_path.isEmpty() ? QStringList() : watchedPaths(m_path);
    if (!paths.isEmpty())
        m_watcher->addPaths(paths);
}

QString DiskWatcher::fingerprint() const
{
    if (m_path.isEmpty())
        return {};
    QString fingerprint;
    for (const QString &p : watchedPaths(m_path)) {
        if (QFileInfo(p).isDir() && p != m_path)
            continue; // the .carton's folder changes with every neighbour
        const QFileInfo info(p);
        fingerprint += p + u':' + QString::number(info.size()) + u':' +
                       QString::number(info.lastModified().toMSecsSinceEpoch()) + u':' +
                       QString::number(info.metadataChangeTime().toMSecsSinceEpoch()) + u'\n';
    }
    return fingerprint;
}

void DiskWatcher::check()
{
    rewatch(); // a replaced file is a new inode: watch it again
    const QString now = fingerprint();
    if (now == m_fingerprint)
        return;
    m_fingerprint = now;
    if (!QFileInfo::exists(m_path))
        emit removed();
    else
        emit changed();
}

} // namespace studio
