// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/cartonsource.h"

#include <QHash>

namespace carton {

// A carton unpacked in a folder. Every regular file below the folder is listed
// (dotfiles too); symlinks are followed only when they stay inside the folder.
class DirSource final : public CartonSource {
public:
    static Result<std::unique_ptr<DirSource>> open(const QString &path, const Limits &limits);

    QString path() const override { return m_root; }
    bool isArchive() const override { return false; }
    Result<std::unique_ptr<QIODevice>> open(const QString &path, bool checkCrc = true) const override;
    Result<QByteArray> read(const QString &path, qint64 maxSize) const override;
    Result<QByteArray> readRange(const QString &path, qint64 offset, qint64 length) const override;
    std::optional<RawRegion> rawRegion(const QString &path) const override;

private:
    DirSource() = default;
    Result<QString> diskPath(const QString &path) const;
    SpillSource::StreamOpener streamOpener(const QString &path) const override;

    QString m_root;                      // absolute path of the folder
    QHash<QString, QString> m_diskPaths; // relative path -> file on disk (link targets resolved)
};

} // namespace carton
