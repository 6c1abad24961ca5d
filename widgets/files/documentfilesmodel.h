// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace studio {

class CartonDocument;

// The files of a CartonDocument as a table: path (editable: a rename), where
// the bytes come from, size. carton.toml, MANIFEST and tensor_data/index.toml are
// written by saving and are not listed. Follows the document's filesChanged().
class DocumentFilesModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DocumentFilesModel)

public:
    enum Column { PathColumn, SourceColumn, SizeColumn, ColumnCount };

    explicit DocumentFilesModel(CartonDocument *document, QObject *parent = nullptr);

    QString pathAt(int row) const { return m_paths.value(row); }
    int rowOf(const QString &path) const { return int(m_paths.indexOf(path)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // Renames the file through the document (one undo step); false when refused.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    // Paths written by saving, never edited here.
    static bool isGenerated(const QString &path);

signals:
    // A rename was refused (why).
    void editRefused(const QString &message);

private:
    void reload();
    qint64 sizeOf(const QString &path) const;

    CartonDocument *m_document;
    QStringList m_paths;
};

} // namespace studio
