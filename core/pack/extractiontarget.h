// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QTemporaryFile>
#include <memory>

namespace carton {

// The folder an unpack writes into (internal to carton_pack). Every file is first
// written under a temporary name in its final folder; commit() renames them all
// at the end. Until then, and whenever commit() fails, destroying the target
// removes every temporary file, every renamed file that did not exist before and
// every folder it created, so a failed or cancelled unpack leaves the target as it
// was. Folders are created one level at a time and each is checked through its
// canonical path: a pre-existing symlink (to a folder outside the target) cannot
// make a write escape. (A concurrent attacker swapping folders for symlinks
// between the check and the write is out of scope.)
class ExtractionTarget final {
public:
    // Creates `folder` (and missing parents) when absent; refuses a non-empty
    // folder unless `overwrite`.
    static Result<std::unique_ptr<ExtractionTarget>> prepare(const QString &folder, bool overwrite);
    ~ExtractionTarget();
    ExtractionTarget(const ExtractionTarget &) = delete;
    ExtractionTarget &operator=(const ExtractionTarget &) = delete;

    // Canonical absolute path of the target folder.
    const QString &root() const { return m_root; }

    // An open temporary file in the folder of `archivePath`, renamed to it by commit().
    // Its mode is what unzip and bsdtar give: 0666, or 0777 when `executable`,
    // less the process umask (0644 / 0755 with the usual 022); never setuid,
    // setgid or sticky.
    Result<std::unique_ptr<QTemporaryFile>> beginFile(const QString &archivePath, bool executable = false);
    // The process umask, read once when the target is prepared.
    int umask() const { return m_umask; }
    // A symlink `archivePath` -> `body` (relative), created under a temporary name.
    Status addSymlink(const QString &archivePath, const QString &body);
    // Renames every pending file to its final name.
    Status commit();

private:
    explicit ExtractionTarget(QString root) : m_root(std::move(root)) {}
    Result<QString> folderFor(const QString &archivePath);
    void rollback();

    struct Pending {
        QString temporary;
        QString final;
        QString archivePath;
    };

    QString m_root;
    QStringList m_createdFolders;             // in creation order
    QHash<QString, QString> m_checkedFolders; // archive folder -> absolute checked folder
    QList<Pending> m_pending;
    QStringList m_renamedNew; // final files renamed into place that did not exist before
    bool m_committed = false;
    int m_linkCounter = 0;
    int m_umask = 022;
};

} // namespace carton
