// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonfilesmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "package/carton.h"

#include <QFileInfo>
#include <QFontDatabase>
#include <QIcon>
#include <QLocale>
#include <algorithm>
#include <tuple>

namespace studio {

CartonFilesModel::CartonFilesModel(CartonDocument *document, QObject *parent)
    : QAbstractItemModel(parent), m_document(document), m_root(std::make_unique<Node>())
{
    m_root->folder = true;
    m_announceTimer.setSingleShot(true);
    m_announceTimer.setInterval(50);
    connect(&m_announceTimer, &QTimer::timeout, this, &CartonFilesModel::announceChanges);
    if (m_document) {
        connect(m_document, &CartonDocument::filesChanged, this, &CartonFilesModel::rebuild);
        m_carton = m_document->original();
        rebuild();
    }
}

void CartonFilesModel::setEditable(bool editable)
{
    if (!m_document || m_editable == editable)
        return;
    m_editable = editable;
    if (rowCount() > 0)
        emit dataChanged(index(0, NameColumn), index(rowCount() - 1, NameColumn)); // flags()
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

CartonFilesModel::Node *CartonFilesModel::makeFile(const QString &originalPath, const QString &path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    Node *parent = ensureFolder(slash < 0 ? QString() : path.left(slash));
    auto node = std::make_unique<Node>();
    node->name = path.mid(slash + 1);
    node->path = path;
    node->originalPath = originalPath;
    node->parent = parent;
    Node *raw = node.get();
    raw->exempt = path == u"MANIFEST" || path == u"LINKS";
    parent->children.push_back(std::move(node));
    m_byPath.insert(path, raw);
    if (!originalPath.isEmpty() && originalPath != path)
        m_byOriginal.insert(originalPath, raw);
    ++m_fileCount;
    return raw;
}

void CartonFilesModel::addDocumentFiles(const carton::CartonEdits &edits)
{
    using Kind = carton::CartonEdits::FileSource::Kind;
    for (auto it = edits.files().cbegin(); it != edits.files().cend(); ++it) {
        const QString &path = it.key();
        if (const Node *shown = m_byPath.value(path); shown && !shown->folder)
            continue; // the carton's file, where it is now
        Node *node = makeFile({}, path);
        node->diskPath = it->diskPath;
        switch (it->kind) {
        case Kind::Disk:
            node->origin = Origin::Disk;
            node->size = QFileInfo(it->diskPath).size();
            break;
        case Kind::Bytes:
            node->origin = Origin::Memory;
            node->size = it->bytes.size();
            break;
        case Kind::Original: // of another carton than the one shown (between a save and its rebase)
        case Kind::Linked:
            node->origin = Origin::Memory;
            node->present = it->kind == Kind::Original;
            node->sha256 = it->sha256Hex;
            break;
        }
        node->compressedSize = 0;
        node->exempt = true; // not verified: not in a carton yet
    }
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
    m_carton = std::move(carton);
    m_checks.clear();
    m_stopped = false;
    rebuild();
}

void CartonFilesModel::rebuild()
{
    beginResetModel();
    m_changed.clear(); // rows of the old tree
    m_root = std::make_unique<Node>();
    m_root->folder = true;
    m_byPath.clear();
    m_byOriginal.clear();
    m_folders.clear();
    m_fileCount = 0;

    // With a document that changed the files: where each of the carton's files is
    // now (empty: removed). Without: every file where it is.
    const carton::CartonEdits *edits =
        m_document && !(m_document->files().original() == m_carton.get() && m_document->files().isUnchanged())
            ? &m_document->files()
            : nullptr;
    QHash<QString, QString> placedAt; // the carton's path -> the document's
    if (edits) {
        for (auto it = edits->files().cbegin(); it != edits->files().cend(); ++it) {
            using Kind = carton::CartonEdits::FileSource::Kind;
            if ((it->kind == Kind::Original || it->kind == Kind::Linked) && !isGenerated(it.key()))
                placedAt.insert(it->originalPath, it.key());
        }
    }
    const auto placed = [&](const QString &path) -> QString {
        if (!edits || path == u"MANIFEST")
            return path;
        if (isGenerated(path)) // rewritten by saving: shown as the carton has it
            return edits->find(path) ? path : QString();
        return placedAt.value(path);
    };

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
        for (const carton::SourceFile &file : m_carton->source().files()) {
            const QString at = placed(file.path);
            if (at.isEmpty() || (m_byPath.contains(at) && !m_byPath.value(at)->folder))
                continue; // removed; duplicates are reported by validation
            Node *node = makeFile(file.path, at);
            node->size = file.size;
            node->compressedSize = file.compressedSize;
            node->method = file.method;
            node->symlink = file.isSymlink;
            node->linkTarget = file.linkTarget;
            node->sha256 = hashes.value(file.path);
        }
        if (manifest) {
            for (const carton::ManifestEntry &entry : manifest->entries()) {
                const QString at = placed(entry.path);
                if (at.isEmpty() || m_byPath.contains(at))
                    continue;
                Node *node = makeFile(entry.path, at);
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
    }
    if (edits)
        addDocumentFiles(*edits);
    for (Node *node : std::as_const(m_byPath)) {
        if (node->folder)
            continue;
        if (!m_checks.isEmpty() && !node->exempt) {
            const auto check = m_checks.constFind(node->originalPath);
            if (check != m_checks.cend())
                std::tie(node->state, node->message) = *check;
        }
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
    endResetModel();
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
    if (node->origin != Origin::Carton && (column == StateColumn || column == MethodColumn)) {
        // Not in a carton yet: where it comes from instead of a verification.
        if (role == Qt::ToolTipRole)
            return node->origin == Origin::Disk ? node->diskPath : tr("Written when saving");
        if (role != Qt::DisplayRole && role != Roles::SortRole)
            return {};
        if (column == MethodColumn)
            return QString();
        return node->origin == Origin::Disk ? tr("Added from disk")
                                            : (isGenerated(node->path) ? tr("Written when saving") : tr("New"));
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
    case Qt::EditRole:
        return column == NameColumn && !node->folder ? QVariant(node->path) : QVariant();
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
        if (column == NameColumn && !node->originalPath.isEmpty() && node->originalPath != node->path)
            return tr("%1 (was %2)").arg(node->path, node->originalPath);
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
    // In Column's order.
    static const char *const titles[] = {QT_TR_NOOP("Name"),   QT_TR_NOOP("Size"),    QT_TR_NOOP("Compressed"),
                                         QT_TR_NOOP("Method"), QT_TR_NOOP("SHA-256"), QT_TR_NOOP("Verification")};
    return section >= 0 && section < ColumnCount ? tr(titles[section]) : QVariant();
}

Qt::ItemFlags CartonFilesModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractItemModel::flags(index);
    if (!m_editable || !index.isValid() || index.column() != NameColumn)
        return f;
    const Node *node = nodeFor(index);
    if (!node->folder && node->unsafeReason.isEmpty() && !isGenerated(node->path) &&
        m_document->files().find(node->path))
        f |= Qt::ItemIsEditable;
    return f;
}

bool CartonFilesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const QString from = nodeFor(index)->path;
    const QString to = value.toString().trimmed();
    if (to == from || to.isEmpty())
        return false;
    if (isGenerated(to)) {
        emit editRefused(tr("%1 is written when saving").arg(to));
        return false;
    }
    if (auto status = m_document->renameFile(from, to); !status) {
        emit editRefused(status.error().toString());
        return false;
    }
    return true; // the tree follows filesChanged
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
    m_checks.insert(check.path, {check.state, check.message});
    Node *node = m_byOriginal.value(check.path);
    if (!node) {
        node = m_byPath.value(check.path);
        if (node && node->originalPath != check.path)
            node = nullptr; // another file renamed to that path
    }
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
    m_checks.clear();
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

QString CartonFilesModel::filePath(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeFor(index);
    return node->folder ? QString() : node->path;
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
