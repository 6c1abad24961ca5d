// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "slicespec.h"
#include "tensor/tensorreader.h"
#include "valueformat.h"

#include <QAbstractTableModel>
#include <QCache>
#include <QSet>

namespace studio {

class LatestJob;

// The current 2-D slice of a numeric tensor as a virtual table. Nothing is read up
// front: a cell asked for (painted) that is not cached queues the read of its block
// (blockSize × blockSize cells, one TensorReader::read of a small region) in the
// background and shows as empty until it arrives; blocks are kept in an LRU cache
// bounded in bytes. Changing tensor or slice cancels the pending reads.
class TensorTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorTableModel)

public:
    static constexpr int blockSize = 64;
    static constexpr qint64 cacheBytes = qint64(32) << 20;
    // Cap of the cells copied as TSV at once.
    static constexpr qint64 maxCopyCells = 1 << 20;

    explicit TensorTableModel(QObject *parent = nullptr);
    ~TensorTableModel() override;

    void setTensor(carton::TensorReaderPtr reader, const SliceSpec &slice);
    void setSlice(const SliceSpec &slice);
    void setNumberFormat(NumberFormat format);
    void clear();

    const carton::TensorReaderPtr &reader() const { return m_reader; }
    const SliceSpec &slice() const { return m_slice; }
    NumberFormat numberFormat() const { return m_format; }
    // Blocks read since the tensor was set (for tests and the benchmark).
    qint64 blocksRead() const { return m_blocksRead; }
    // True while some block is being read.
    bool isLoading() const { return !m_pending.isEmpty(); }
    // The last read error ("" when none).
    const QString &error() const { return m_error; }

    // Reads rows [r0, r0+nr) × cols [c0, c0+nc) now (blocking; for copy/export of a
    // selection, capped at maxCopyCells) and returns them as text, one line per row,
    // cells separated by `separator`.
    carton::Result<QString> readText(qint64 r0, qint64 nr, qint64 c0, qint64 nc, QChar separator) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // A slice's header: the index along the rows' / columns' dimension, "value"
    // for a scalar's one cell (also the string table's headers).
    static QString headerText(const SliceSpec &slice, int section, Qt::Orientation orientation);

signals:
    // Every block asked for so far has arrived.
    void blocksSettled();
    void readFailed(const QString &message);

private:
    struct Block {
        carton::Tensor values; // nr × nc cells as read (see SliceSpec::offsetInBlock)
        qint64 rows = 0;
        qint64 cols = 0;
    };
    struct Loaded {
        carton::Tensor values;
        QString error;
    };
    static quint64 blockKey(qint64 blockRow, qint64 blockCol) { return (quint64(blockRow) << 32) | quint64(blockCol); }
    const Block *block(qint64 row, qint64 col) const;
    void request(qint64 blockRow, qint64 blockCol) const;
    void arrived(quint64 key, qint64 blockRow, qint64 blockCol, const Loaded &loaded);
    void reset(carton::TensorReaderPtr reader, const SliceSpec &slice);

    carton::TensorReaderPtr m_reader;
    SliceSpec m_slice;
    NumberFormat m_format = NumberFormat::Auto;
    mutable QCache<quint64, Block> m_cache;
    mutable QSet<quint64> m_pending;
    LatestJob *m_jobs = nullptr;
    qint64 m_blocksRead = 0;
    QString m_error;
};

} // namespace studio
