// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documentfilesmodel.h"

#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "package/carton.h"

#include <QFileInfo>

namespace studio {

DocumentFilesModel::DocumentFilesModel(CartonDocument *document, QObject *parent)
    : QAbstractTableModel(parent), m_document(document)
{
    connect(m_document, &CartonDocument::filesChanged, this, &DocumentFilesModel::reload);
    reload();
}

bool DocumentFilesModel::isGenerated(const QString &path)
{
    return path == u"carton.toml" || path == u"MANIFEST" || path == u"tensor_data/index.toml";
}

void DocumentFilesModel::reload()
{
    QStringList paths;
    for (const QString &path : m_document->files().paths())
        if (!isGenerated(path))
            paths.append(path);
    if (paths.size() == m_paths.size()) {
        // Same count (a rename, a replaced source): update in place, keep the selection.
        m_paths = paths;
        if (!m_paths.isEmpty())
            emit dataChanged(index(0, 0), index(int(m_paths.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_paths = paths;
    endResetModel();
}

int DocumentFilesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_paths.size());
}

int DocumentFilesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 DocumentFilesModel::sizeOf(const QString &path) const
{
    const carton::CartonEdits::FileSource *source = m_document->files().find(path);
    if (!source)
        return -1;
    using Kind = carton::CartonEdits::FileSource::Kind;
    switch (source->kind) {
    case Kind::Original:
        if (m_document->original())
            if (const carton::SourceFile *file = m_document->original()->source().find(source->originalPath))
                return file->size;
        return -1;
    case Kind::Disk:
        return QFileInfo(source->diskPath).size();
    case Kind::Bytes:
        return source->bytes.size();
    case Kind::Linked:
        return -1;
    }
    return -1;
}

QVariant DocumentFilesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_paths.size())
        return {};
    const QString &path = m_paths.at(index.row());
    const carton::CartonEdits::FileSource *source = m_document->files().find(path);
    if (!source)
        return {};
    using Kind = carton::CartonEdits::FileSource::Kind;
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case PathColumn:
            return path;
        case SourceColumn:
            switch (source->kind) {
            case Kind::Original:
                return source->originalPath == path ? tr("From the carton")
                                                    : tr("From the carton (was %1)").arg(source->originalPath);
            case Kind::Linked:
                return tr("Linked (fetched from LINKS)");
            case Kind::Disk:
                return tr("Added from disk");
            case Kind::Bytes:
                return tr("New");
            }
            return {};
        case SizeColumn: {
            const qint64 size = sizeOf(path);
            return size < 0 ? QString() : humanSize(size); // the locale's decimal separator
        }
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && source->kind == Kind::Disk)
        return source->diskPath;
    if (role == Qt::TextAlignmentRole && index.column() == SizeColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant DocumentFilesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PathColumn:
        return tr("Path");
    case SourceColumn:
        return tr("Source");
    case SizeColumn:
        return tr("Size");
    default:
        return {};
    }
}

Qt::ItemFlags DocumentFilesModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == PathColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool DocumentFilesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.column() != PathColumn || role != Qt::EditRole)
        return false;
    const QString from = m_paths.value(index.row());
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
    return true;
}

} // namespace studio
