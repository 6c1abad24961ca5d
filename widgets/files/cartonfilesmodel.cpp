// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonfilesmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "package/carton.h"

#include <QFontDatabase>
#include <QIcon>
#include <QLocale>
#include <algorithm>

namespace studio {

CartonFilesModel::CartonFilesModel(QObject *parent) : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
{
    m_root->folder = true;
    m_announceTimer.setSingleShot(true);
    m_announceTimer.setInterval(50);
    connect(&m_announceTimer, &QTimer::timeout, this, &CartonFilesModel::announceChanges);
}

CartonFilesModel::~CartonFilesModel() = default;

CartonFilesModel::Node *CartonFilesModel::ensureFolder(const QString &folderPath)
{
    if (folderPath.isEmpty())
        return m_root.get();
    if (Node *existing = m_folders.value(folderPath))
        return existing;
    const qsizetype slash = folderPath.lastIndexOf(u'/');
    Node *parent = ensureFolder(slash < 0 ? QString() : folderPath.left(slash));
    auto node = std::make_unique<Node>();
    node->folder = true;
    node->size = 0; // totals of the files below
    node->compressedSize = 0;
    node->name = folderPath.mid(slash + 1);
    node->path = folderPath;
    node->parent = parent;
    Node *raw = node.get();
    parent->children.push_back(std::move(node));
    m_folders.insert(folderPath, raw);
    if (!m_byPath.contains(folderPath))
        m_byPath.insert(folderPath, raw);
    return raw;
}

void CartonFilesModel::addFile(Node *file)
{
    // Every file starts as Unverified: count it in each folder above it.
    for (Node *p = file->parent; p; p = p->parent)
        ++p->stateCounts[int(file->state)];
}

void CartonFilesModel::sortChildren(Node *node)
{
    const auto before = [](const auto &a, const auto &b) {
        if (a->folder != b->folder)
            return a->folder;
        return a->name < b->name;
    };
    // The source lists files sorted by path, so a folder's files mostly come in
    // order already: checking is linear, sorting 100,000 names is not.
    if (!std::is_sorted(node->children.begin(), node->children.end(), before))
        std::sort(node->children.begin(), node->children.end(), before);
    for (size_t i = 0; i < node->children.size(); ++i) {
        node->children[i]->row = int(i);
        if (node->children[i]->folder)
            sortChildren(node->children[i].get());
    }
}

void CartonFilesModel::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    beginResetModel();
    m_changed.clear(); // rows of the old tree
    m_carton = std::move(carton);
    m_root = std::make_unique<Node>();
    m_root->folder = true;
    m_byPath.clear();
    m_folders.clear();
    m_fileCount = 0;

    if (m_carton) {
        const auto &manifest = m_carton->manifest();
        // One hash lookup per file (Manifest::find compares UTF-8 bytes: slower for many files).
        QHash<QString, QByteArray> hashes;
        if (manifest) {
            hashes.reserve(manifest->entries().size());
            for (const carton::ManifestEntry &entry : manifest->entries())
                hashes.insert(entry.path, entry.sha256);
        }
        m_byPath.reserve(m_carton->source().files().size() + hashes.size());
        auto makeFile = [this](const QString &path) -> Node * {
            const qsizetype slash = path.lastIndexOf(u'/');
            Node *parent = ensureFolder(slash < 0 ? QString() : path.left(slash));
            auto node = std::make_unique<Node>();
            node->name = path.mid(slash + 1);
            node->path = path;
            node->parent = parent;
            Node *raw = node.get();
            raw->exempt = path == u"MANIFEST" || path == u"LINKS";
            parent->children.push_back(std::move(node));
            m_byPath.insert(path, raw);
            ++m_fileCount;
            return raw;
        };
        for (const carton::SourceFile &file : m_carton->source().files()) {
            if (m_byPath.contains(file.path) && !m_byPath.value(file.path)->folder)
                continue; // duplicates are reported by validation
            Node *node = makeFile(file.path);
            node->size = file.size;
            node->compressedSize = file.compressedSize;
            node->method = file.method;
            node->symlink = file.isSymlink;
            node->linkTarget = file.linkTarget;
            node->sha256 = hashes.value(file.path);
        }
        if (manifest) {
            for (const carton::ManifestEntry &entry : manifest->entries()) {
                if (m_byPath.contains(entry.path))
                    continue;
                Node *node = makeFile(entry.path);
                node->present = false;
                node->sha256 = entry.sha256;
                if (m_carton->isLinked(entry.path))
                    node->urls = m_carton->links()->urlsFor(entry.sha256);
            }
        }
        // Unsafe entries (left out of the source, so never read): under a folder
        // of their own, by their raw names, which are never used as paths.
        const QList<carton::QuarantinedFile> &quarantined = m_carton->source().quarantined();
        if (!quarantined.isEmpty()) {
            auto folder = std::make_unique<Node>();
            folder->folder = true;
            folder->exempt = true;
            folder->size = 0;
            folder->compressedSize = 0;
            folder->name = tr("Unsafe entries (left out)");
            folder->parent = m_root.get();
            folder->unsafeReason = tr("These entries have unsafe names or links. They were left out: the carton is "
                                      "open read-only and cannot be extracted or saved.");
            for (const carton::QuarantinedFile &q : quarantined) {
                auto node = std::make_unique<Node>();
                node->name = q.path;
                node->path = q.path;
                node->parent = folder.get();
                node->present = false;
                node->exempt = true;
                node->unsafeReason = q.reason;
                folder->children.push_back(std::move(node));
            }
            m_root->children.push_back(std::move(folder));
        }
        for (Node *node : std::as_const(m_byPath)) {
            if (node->folder)
                continue;
            if (!node->exempt)
                addFile(node);
            // Folder totals (sizes are capped by the reader's limits: no overflow).
            if (node->present)
                for (Node *p = node->parent; p && p != m_root.get(); p = p->parent) {
                    p->size += node->size;
                    p->compressedSize += node->compressedSize;
                }
        }
        sortChildren(m_root.get());
    }
    endResetModel();
}

CartonFilesModel::Node *CartonFilesModel::nodeFor(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex CartonFilesModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    Node *p = nodeFor(parent);
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex CartonFilesModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    Node *node = nodeFor(child);
    Node *p = node->parent;
    if (!p || p == m_root.get())
        return {};
    return createIndex(p->row, 0, p);
}

int CartonFilesModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    const Node *node = nodeFor(parent);
    return node->folder ? int(node->children.size()) : 0;
}

int CartonFilesModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

carton::FileState CartonFilesModel::folderState(const Node *node) const
{
    carton::FileState worst = carton::FileState::Ok;
    bool any = false;
    for (int s = 0; s < stateCount; ++s) {
        if (node->stateCounts[size_t(s)] == 0)
            continue;
        const auto state = carton::FileState(s);
        if (!any || fileStateRank(state) > fileStateRank(worst))
            worst = state;
        any = true;
    }
    return any ? worst : carton::FileState::Unverified;
}

QVariant CartonFilesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node *node = nodeFor(index);
    const carton::FileState state = node->folder ? folderState(node) : node->state;
    const int column = index.column();
    if (!node->unsafeReason.isEmpty()) {
        if (role == Qt::ToolTipRole)
            return node->unsafeReason;
        if (role == Qt::DecorationRole && column == StateColumn)
            return fileStateIcon(carton::FileState::Failed);
        if (role == Qt::DecorationRole && column == NameColumn)
            return QIcon(node->folder ? QStringLiteral(":/icons/folder.svg") : QStringLiteral(":/icons/file.svg"));
        if (role == Qt::DisplayRole || role == Roles::SortRole) {
            if (column == NameColumn)
                return role == Roles::SortRole ? QVariant(QStringLiteral("2") + node->name) : QVariant(node->name);
            if (column == StateColumn)
                return node->folder ? QString() : tr("Unsafe: left out");
            return QString();
        }
        if (role == Roles::PathRole)
            return QString(); // nothing to open, copy or extract
        if (role == Roles::IsFolderRole)
            return node->folder;
        return {};
    }
    if (node->exempt && column == StateColumn) {
        if (role == Qt::ToolTipRole)
            return node->path == u"MANIFEST"
                       ? tr("MANIFEST lists the hashes of the other files; its own sha256 is the model hash.")
                       : tr("LINKS is not part of MANIFEST: it only says where linked files can be fetched.");
        if (role != Qt::DisplayRole && role != Roles::SortRole)
            return {};
        return QString();
    }

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return node->name;
        case SizeColumn:
            if (node->folder)
                return humanSize(node->size);
            return node->present ? humanSize(node->size) : QStringLiteral("—");
        case CompressedColumn:
            if (node->folder)
                return humanSize(node->compressedSize);
            if (!node->present)
                return {};
            return node->method < 0 ? QString() : humanSize(node->compressedSize);
        case MethodColumn:
            if (node->folder)
                return {};
            if (!node->present)
                return node->urls.isEmpty() ? tr("not in archive") : tr("remote: %1").arg(node->urls.constFirst());
            return node->symlink ? tr("symlink → %1").arg(node->linkTarget) : compressionMethodName(node->method);
        case Sha256Column:
            return node->folder ? QVariant() : QString::fromLatin1(node->sha256);
        case StateColumn:
            if (m_stopped && state == carton::FileState::Unverified)
                return tr("Not verified");
            return fileStateText(state);
        }
        break;
    case Qt::DecorationRole:
        if (column == NameColumn)
            return QIcon(node->folder ? QStringLiteral(":/icons/folder.svg") : QStringLiteral(":/icons/file.svg"));
        if (column == StateColumn)
            return fileStateIcon(state);
        break;
    case Qt::ToolTipRole:
        if (column == StateColumn && !node->message.isEmpty())
            return node->message;
        if (column == SizeColumn && node->folder)
            return tr("%1 bytes in the files below").arg(QLocale().toString(node->size));
        if (column == SizeColumn && node->present)
            return tr("%1 bytes").arg(QLocale().toString(node->size));
        if (column == CompressedColumn && !node->folder && node->present && node->method >= 0)
            return tr("%1 bytes").arg(QLocale().toString(node->compressedSize));
        if (!node->urls.isEmpty() && (column == NameColumn || column == MethodColumn))
            return tr("%1 is not in the archive: LINKS lists where to fetch it:\n%2")
                .arg(node->path, node->urls.join(u'\n'));
        if (column == NameColumn)
            return node->path;
        if (column == Sha256Column && !node->folder)
            return node->sha256.isEmpty() ? tr("Not listed in MANIFEST")
                                          : tr("sha256 in MANIFEST: %1").arg(QString::fromLatin1(node->sha256));
        break;
    case Qt::TextAlignmentRole:
        if (column == SizeColumn || column == CompressedColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::FontRole:
        if (column == Sha256Column)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        break;
    case Roles::PathRole:
        return node->path;
    case RemoteUrlsRole:
        return node->urls;
    case Roles::IsFolderRole:
        return node->folder;
    case Roles::FileStateRole:
        return int(state);
    case Roles::SortRole:
        switch (column) {
        case NameColumn: // folders before files, as unsorted
            return QString((node->folder ? u'0' : u'1') + node->name);
        case SizeColumn:
            return node->size;
        case CompressedColumn:
            return node->compressedSize;
        case StateColumn:
            return fileStateRank(state);
        default:
            return data(index, Qt::DisplayRole);
        }
    default:
        break;
    }
    return {};
}

QVariant CartonFilesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case SizeColumn:
        return tr("Size");
    case CompressedColumn:
        return tr("Compressed");
    case MethodColumn:
        return tr("Method");
    case Sha256Column:
        return tr("SHA-256");
    case StateColumn:
        return tr("Verification");
    }
    return {};
}

void CartonFilesModel::updateState(Node *node, carton::FileState state, const QString &message)
{
    const carton::FileState old = node->state;
    node->state = state;
    node->message = message;
    markChanged(node);
    if (old == state)
        return;
    for (Node *p = node->parent; p; p = p->parent) {
        const carton::FileState before = folderState(p);
        --p->stateCounts[size_t(old)];
        ++p->stateCounts[size_t(state)];
        if (p != m_root.get() && folderState(p) != before)
            markChanged(p);
    }
}

void CartonFilesModel::markChanged(Node *node)
{
    auto it = m_changed.find(node->parent);
    if (it == m_changed.end())
        m_changed.insert(node->parent, {node->row, node->row});
    else
        *it = {std::min(it->first, node->row), std::max(it->second, node->row)};
    if (!m_announceTimer.isActive())
        m_announceTimer.start();
}

void CartonFilesModel::announceChanges()
{
    m_announceTimer.stop();
    const auto changed = std::exchange(m_changed, {});
    for (auto it = changed.cbegin(); it != changed.cend(); ++it) {
        Node *folder = it.key();
        Node *first = folder->children[size_t(it->first)].get();
        Node *last = folder->children[size_t(it->second)].get();
        emit dataChanged(createIndex(first->row, NameColumn, first), createIndex(last->row, StateColumn, last));
    }
}

void CartonFilesModel::setFileCheck(const carton::FileCheck &check)
{
    Node *node = m_byPath.value(check.path);
    if (!node || node->folder || node->exempt)
        return;
    if (node->sha256.isEmpty() && !check.expectedSha256.isEmpty())
        node->sha256 = check.expectedSha256;
    updateState(node, check.state, check.message);
}

void CartonFilesModel::setVerificationStopped(bool stopped)
{
    if (m_stopped == stopped)
        return;
    m_stopped = stopped;
    if (rowCount() > 0)
        emit dataChanged(index(0, StateColumn), index(rowCount() - 1, StateColumn));
}

void CartonFilesModel::resetFileChecks()
{
    setVerificationStopped(false);
    for (Node *node : std::as_const(m_byPath))
        if (!node->folder && !node->exempt && node->state != carton::FileState::Unverified)
            updateState(node, carton::FileState::Unverified, {});
    announceChanges();
}

carton::FileState CartonFilesModel::fileState(const QString &path) const
{
    const Node *node = m_byPath.value(path);
    if (!node)
        return carton::FileState::Unverified;
    return node->folder ? folderState(node) : node->state;
}

QModelIndex CartonFilesModel::indexForPath(const QString &path, int column) const
{
    Node *node = m_byPath.value(path);
    if (!node)
        return {};
    return createIndex(node->row, column, node);
}

QString CartonFilesModel::filePath(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeFor(index);
    return node->folder ? QString() : node->path;
}

bool CartonFilesModel::isFolder(const QModelIndex &index) const
{
    return nodeFor(index)->folder;
}

void CartonFilesModel::collectFiles(const Node *node, QStringList *out) const
{
    if (!node->folder) {
        out->append(node->path);
        return;
    }
    for (const auto &child : node->children)
        collectFiles(child.get(), out);
}

QStringList CartonFilesModel::filePathsUnder(const QModelIndex &index) const
{
    QStringList result;
    collectFiles(nodeFor(index), &result);
    return result;
}

} // namespace studio
