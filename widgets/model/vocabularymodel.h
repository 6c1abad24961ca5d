// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <memory>

namespace carton {
class HfVocabulary;
}

namespace studio {

// A tokenizer's vocabulary as a table (id, token, the text it stands for, kind),
// for vocabularies of hundreds of thousands of tokens: rows are token ids (all of
// them, or those the filter keeps), cells are made when asked for (nothing is
// copied per row). The filter keeps tokens whose token or text contains the filter
// (case-insensitive); "#N" keeps id N alone, "N-M" the ids N to M, and a plain
// number N shows id N first, then the tokens containing it.
class VocabularyModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VocabularyModel)

public:
    enum Column { IdColumn, TokenColumn, TextColumn, KindColumn, ColumnCount };

    explicit VocabularyModel(QObject *parent = nullptr);
    ~VocabularyModel() override;

    void setVocabulary(std::shared_ptr<const carton::HfVocabulary> vocabulary);
    const std::shared_ptr<const carton::HfVocabulary> &vocabulary() const { return m_vocabulary; }
    void setFilter(const QString &filter);
    QString filter() const { return m_filter; }
    // The token id of a row, -1 when there is none.
    qint64 idAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void refilter();

    std::shared_ptr<const carton::HfVocabulary> m_vocabulary;
    QString m_filter;
    bool m_all = true;    // every id with a token is a row (m_rows unused when the vocabulary has no gaps)
    QList<qint32> m_rows; // the ids shown, when filtered or when the vocabulary has gaps
};

} // namespace studio
