// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QStringList>

class QSettings;

namespace studio {

// The recently opened cartons (files or folders), newest first, at most
// MaxCount, kept in the QSettings passed in under "recentFiles". Entries whose
// file no longer exists are pruned when the list is read.
class RecentFiles final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecentFiles)
public:
    static constexpr int MaxCount = 10;

    explicit RecentFiles(QSettings *settings, QObject *parent = nullptr);

    QStringList files() const;
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

signals:
    void changed();

private:
    QStringList stored() const;
    void store(const QStringList &files);

    QSettings *m_settings;
};

} // namespace studio
