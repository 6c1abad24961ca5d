// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensortablemodel.h"

#include "jobs/latestjob.h"

namespace studio {

TensorTableModel::TensorTableModel(QObject *parent)
    : QAbstractTableModel(parent), m_cache(int(cacheBytes >> 10)), m_jobs(new LatestJob(this))
{
}

TensorTableModel::~TensorTableModel() = default;

void TensorTableModel::reset(carton::TensorReaderPtr reader, const SliceSpec &slice)
{
    beginResetModel();
    m_jobs->cancelAll();
    m_pending.clear();
    m_cache.clear();
    m_reader = std::move(reader);
    m_slice = slice;
    m_error.clear();
    endResetModel();
}

void TensorTableModel::setTensor(carton::TensorReaderPtr reader, const SliceSpec &slice)
{
    m_blocksRead = 0;
    const QList<qint64> shape = reader ? reader->shape() : QList<qint64>{};
    const SliceSpec spec = slice.isValid() && slice.shape == shape ? slice : SliceSpec::defaultFor(shape);
    reset(std::move(reader), spec);
}

void TensorTableModel::setSlice(const SliceSpec &slice)
{
    if (slice == m_slice || !m_reader || !slice.isValid() || slice.shape != m_reader->shape())
        return;
    reset(m_reader, slice);
}

void TensorTableModel::setNumberFormat(NumberFormat format)
{
    if (format == m_format)
        return;
    m_format = format;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
}

void TensorTableModel::clear()
{
    reset({}, {});
}

int TensorTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_reader)
        return 0;
    return int(qMin<qint64>(m_slice.rows(), std::numeric_limits<int>::max()));
}

int TensorTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_reader || m_slice.rows() == 0)
        return 0;
    return int(qMin<qint64>(m_slice.cols(), std::numeric_limits<int>::max()));
}

const TensorTableModel::Block *TensorTableModel::block(qint64 row, qint64 col) const
{
    const qint64 blockRow = row / blockSize;
    const qint64 blockCol = col / blockSize;
    const quint64 key = blockKey(blockRow, blockCol);
    if (const Block *cached = m_cache.object(key))
        return cached;
    request(blockRow, blockCol);
    return nullptr;
}

void TensorTableModel::request(qint64 blockRow, qint64 blockCol) const
{
    const quint64 key = blockKey(blockRow, blockCol);
    if (m_pending.contains(key))
        return;
    m_pending.insert(key);
    const qint64 r0 = blockRow * blockSize;
    const qint64 c0 = blockCol * blockSize;
    const qint64 nr = qMin<qint64>(blockSize, m_slice.rows() - r0);
    const qint64 nc = qMin<qint64>(blockSize, m_slice.cols() - c0);
    const carton::TensorRegion region = m_slice.block(r0, nr, c0, nc);
    auto *self = const_cast<TensorTableModel *>(this);
    m_jobs->start(
        QStringLiteral("block %1").arg(key),
        [reader = m_reader, region, nr, nc](carton::Progress &progress) {
            Loaded loaded;
            QByteArray bytes(nr * nc * reader->elementSize(), Qt::Uninitialized);
            const carton::Status status = reader->read(region, bytes.data(), bytes.size(), &progress);
            if (!status.ok())
                loaded.error = status.error().toString();
            else
                loaded.values = carton::Tensor::numeric(reader->name(), reader->dtype(), {nr * nc}, bytes);
            return loaded;
        },
        [self, key, blockRow, blockCol](const Loaded &loaded) { self->arrived(key, blockRow, blockCol, loaded); });
}

void TensorTableModel::arrived(quint64 key, qint64 blockRow, qint64 blockCol, const Loaded &loaded)
{
    m_pending.remove(key);
    const qint64 r0 = blockRow * blockSize;
    const qint64 c0 = blockCol * blockSize;
    const qint64 nr = qMin<qint64>(blockSize, m_slice.rows() - r0);
    const qint64 nc = qMin<qint64>(blockSize, m_slice.cols() - c0);
    if (!loaded.error.isEmpty()) {
        m_error = loaded.error;
        emit readFailed(loaded.error);
    } else {
        ++m_blocksRead;
        const qint64 cost = qMax<qint64>(1, loaded.values.data().size() >> 10);
        m_cache.insert(key, new Block{loaded.values, nr, nc}, cost);
        if (r0 < rowCount() && c0 < columnCount())
            emit dataChanged(
                index(int(r0), int(c0)),
                index(int(qMin<qint64>(r0 + nr, rowCount()) - 1), int(qMin<qint64>(c0 + nc, columnCount()) - 1)),
                {Qt::DisplayRole});
    }
    if (m_pending.isEmpty())
        emit blocksSettled();
}

QVariant TensorTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const Block *b = block(index.row(), index.column());
    if (!b)
        return role == Qt::ToolTipRole && !m_error.isEmpty() ? QVariant(m_error) : QVariant(QString());
    const qint64 r = index.row() % blockSize;
    const qint64 c = index.column() % blockSize;
    const QString text = formatValue(b->values, m_slice.offsetInBlock(r, c, b->rows, b->cols), m_format);
    if (role == Qt::ToolTipRole) {
        QStringList items;
        for (qint64 i : m_slice.elementIndex(index.row(), index.column()))
            items.append(QString::number(i));
        return QStringLiteral("[%1] = %2").arg(items.join(QStringLiteral(", ")), text);
    }
    return text;
}

QVariant TensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    return headerText(m_slice, section, orientation);
}

QString TensorTableModel::headerText(const SliceSpec &slice, int section, Qt::Orientation orientation)
{
    if (section < 0)
        return {};
    const int dim = orientation == Qt::Vertical ? slice.rowDim : slice.colDim;
    if (dim < 0)
        return slice.rank() == 0 ? tr("value") : QString();
    return QString::number(section);
}

carton::Result<QString> TensorTableModel::readText(qint64 r0, qint64 nr, qint64 c0, qint64 nc, QChar separator) const
{
    if (!m_reader)
        return carton::makeError(carton::ErrorCode::Usage, tr("No tensor is shown."));
    if (r0 < 0 || c0 < 0 || nr < 0 || nc < 0 || r0 + nr > m_slice.rows() || c0 + nc > m_slice.cols())
        return carton::makeError(carton::ErrorCode::Usage, tr("The selection is outside the slice."));
    if (nr * nc > maxCopyCells)
        return carton::makeError(carton::ErrorCode::Limit,
                                 tr("%1 × %2 cells are more than the %3 that can be copied at once; export the slice "
                                    "as CSV instead.")
                                     .arg(nr)
                                     .arg(nc)
                                     .arg(maxCopyCells));
    QByteArray bytes(nr * nc * m_reader->elementSize(), Qt::Uninitialized);
    if (const carton::Status s = m_reader->read(m_slice.block(r0, nr, c0, nc), bytes.data(), bytes.size()); !s.ok())
        return s.error();
    const carton::Tensor values = carton::Tensor::numeric(m_reader->name(), m_reader->dtype(), {nr * nc}, bytes);
    QString text;
    for (qint64 r = 0; r < nr; ++r) {
        for (qint64 c = 0; c < nc; ++c) {
            if (c)
                text += separator;
            text += formatValue(values, m_slice.offsetInBlock(r, c, nr, nc), m_format);
        }
        text += u'\n';
    }
    return text;
}

} // namespace studio
