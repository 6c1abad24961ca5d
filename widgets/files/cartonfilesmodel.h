// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "common/roles.h"
#include "package/verifier.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QTimer>
#include <array>
#include <memory>
#include <vector>

namespace carton {
class Carton;
}

namespace studio {

// The files of a carton as a tree (folders derived from the paths): name, size,
// compressed size, compression method, sha256 from MANIFEST and verification
// state. Files listed in MANIFEST but absent from the archive (linked or
// missing) are included. Folders show the worst state found below them.
class CartonFilesModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonFilesModel)

public:
    enum Column { NameColumn, SizeColumn, CompressedColumn, MethodColumn, Sha256Column, StateColumn, ColumnCount };
    // QStringList: the URLs LINKS gives for a file that is only reachable through it.
    static constexpr int RemoteUrlsRole = Roles::RemoteUrlsRole;

    explicit CartonFilesModel(QObject *parent = nullptr);
    ~CartonFilesModel() override;

    void setCarton(std::shared_ptr<const carton::Carton> carton);

    // Verification results (GUI thread).
    void setFileCheck(const carton::FileCheck &check);
    void resetFileChecks();
    // Verification stopped before the end: files still unverified read
    // "Not verified" instead of "Pending" (until the next resetFileChecks).
    void setVerificationStopped(bool stopped);
    carton::FileState fileState(const QString &path) const;

    QModelIndex indexForPath(const QString &path, int column = NameColumn) const;
    QString filePath(const QModelIndex &index) const; // empty for folders
    bool isFolder(const QModelIndex &index) const;
    // Every file path at or below the index (the file itself for a file).
    QStringList filePathsUnder(const QModelIndex &index) const;
    int fileCount() const { return m_fileCount; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // FileState's values run from Unverified (0) to Failed, the last one.
    static constexpr int stateCount = int(carton::FileState::Failed) + 1;
    bool m_stopped = false;
    struct Node {
        QString name;
        QString path; // full path ("model/main.py", folders "model")
        Node *parent = nullptr;
        int row = 0;
        bool folder = false;
        qint64 size = -1;
        qint64 compressedSize = -1;
        int method = -1;
        bool present = true; // in the archive/folder (false: only in MANIFEST)
        bool symlink = false;
        bool exempt = false; // MANIFEST and LINKS: not hashed against MANIFEST, no state
        QString linkTarget;
        QStringList urls;     // only in LINKS: where it can be fetched ("remote" in the tree)
        QString unsafeReason; // a quarantined entry (left out of the source: never read)
        QByteArray sha256;
        carton::FileState state = carton::FileState::Unverified;
        QString message;
        std::array<int, stateCount> stateCounts{}; // folders: files below per state
        std::vector<std::unique_ptr<Node>> children;
    };

    Node *nodeFor(const QModelIndex &index) const;
    Node *ensureFolder(const QString &folderPath);
    void addFile(Node *file);
    void sortChildren(Node *node);
    void collectFiles(const Node *node, QStringList *out) const;
    carton::FileState folderState(const Node *node) const;
    void updateState(Node *node, carton::FileState state, const QString &message);
    // Verification reports files one by one (100k of them in a big carton): the
    // rows that changed are collected per folder and announced together, one
    // dataChanged per folder, a few times a second (a view handles one signal per
    // row in time linear in its rows: quadratic in all).
    void markChanged(Node *node);
    void announceChanges();

    std::shared_ptr<const carton::Carton> m_carton;
    std::unique_ptr<Node> m_root;
    QHash<QString, Node *> m_byPath; // files (and folders, when no file has that path)
    QHash<QString, Node *> m_folders;
    int m_fileCount = 0;
    QHash<Node *, std::pair<int, int>> m_changed; // folder -> first and last changed row
    QTimer m_announceTimer;
};

} // namespace studio
