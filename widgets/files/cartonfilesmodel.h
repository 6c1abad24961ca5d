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
class CartonEdits;
} // namespace carton

namespace studio {

class CartonDocument;

// The files of a carton as a tree (folders derived from the paths): name, size,
// compressed size, compression method, sha256 from MANIFEST and verification
// state. Files listed in MANIFEST but absent from the archive (linked or
// missing) are included. Folders show the worst state found below them.
//
// Over a CartonDocument, the tree is the document's files as they are now (the
// opened carton's, renamed or removed, and the files added from disk or made in
// memory), rebuilt on filesChanged(); what the opened carton says of a file
// (sizes, method, sha256, verification) follows it through a rename. A file's
// Name is editable only while setEditable(true) (flags()): its EditRole is the
// whole path, and setting it renames the file through the document (one undo step).
class CartonFilesModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonFilesModel)

public:
    enum Column { NameColumn, SizeColumn, CompressedColumn, MethodColumn, Sha256Column, StateColumn, ColumnCount };
    // QStringList: the URLs LINKS gives for a file that is only reachable through it.
    static constexpr int RemoteUrlsRole = Roles::RemoteUrlsRole;

    // `document` may be null: then the tree is the carton's alone, read-only.
    explicit CartonFilesModel(CartonDocument *document = nullptr, QObject *parent = nullptr);
    ~CartonFilesModel() override;

    // The opened file (null for a document never saved).
    void setCarton(std::shared_ptr<const carton::Carton> carton);
    CartonDocument *document() const { return m_document; }
    // Names become editable (renames); only with a document.
    void setEditable(bool editable);
    bool isEditable() const { return m_editable; }
    // Paths written by saving, never renamed, added or removed by hand.
    static bool isGenerated(const QString &path)
    {
        return path == u"carton.toml" || path == u"MANIFEST" || path == u"tensor_data/index.toml";
    }
    // The path in the opened carton of a document's file (empty: added, a folder).
    QString originalPath(const QModelIndex &index) const
    {
        return index.isValid() ? nodeFor(index)->originalPath : QString();
    }

    // Verification results (GUI thread).
    void setFileCheck(const carton::FileCheck &check);
    void resetFileChecks();
    // Verification stopped before the end: files still unverified read
    // "Not verified" instead of "Pending" (until the next resetFileChecks).
    void setVerificationStopped(bool stopped);
    carton::FileState fileState(const QString &path) const;

    QModelIndex indexForPath(const QString &path, int column = NameColumn) const
    {
        Node *node = m_byPath.value(path);
        return node ? createIndex(node->row, column, node) : QModelIndex();
    }
    QString filePath(const QModelIndex &index) const; // empty for folders
    bool isFolder(const QModelIndex &index) const { return nodeFor(index)->folder; }
    // Every file path at or below the index (the file itself for a file).
    QStringList filePathsUnder(const QModelIndex &index) const;
    int fileCount() const { return m_fileCount; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex & = {}) const override { return ColumnCount; }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    // A rename was refused (why).
    void editRefused(const QString &message);

private:
    // FileState's values run from Unverified (0) to Failed, the last one.
    static constexpr int stateCount = int(carton::FileState::Failed) + 1;
    bool m_stopped = false;
    // Where a file's bytes come from.
    enum class Origin { Carton, Disk, Memory };
    struct Node {
        QString name;
        QString path;         // full path ("model/main.py", folders "model")
        QString originalPath; // in the opened carton (a rename keeps it); empty when added
        Origin origin = Origin::Carton;
        QString diskPath; // Origin::Disk
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

    void rebuild();
    Node *makeFile(const QString &originalPath, const QString &path);
    // The document's files the carton does not have (added, made in memory).
    void addDocumentFiles(const carton::CartonEdits &edits);
    Node *nodeFor(const QModelIndex &index) const
    {
        return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
    }
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

    CartonDocument *m_document = nullptr;
    bool m_editable = false;
    std::shared_ptr<const carton::Carton> m_carton;
    std::unique_ptr<Node> m_root;
    // Verification results by the opened carton's path: kept across rebuilds.
    QHash<QString, std::pair<carton::FileState, QString>> m_checks;
    QHash<QString, Node *> m_byOriginal; // renamed files, by their path in the carton
    QHash<QString, Node *> m_byPath;     // files (and folders, when no file has that path)
    QHash<QString, Node *> m_folders;
    int m_fileCount = 0;
    QHash<Node *, std::pair<int, int>> m_changed; // folder -> first and last changed row
    QTimer m_announceTimer;
};

} // namespace studio
