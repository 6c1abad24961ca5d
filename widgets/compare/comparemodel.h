// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "common/roles.h"
#include "diff/cartondiff.h"

#include <QAbstractItemModel>
#include <optional>

namespace studio {

// Two cartons side by side: one top-level row per section (metadata, runner,
// inputs, outputs, self-tests, examples, files) with its change counts, and under
// it one row per DiffEntry: the item, the left and right values, the class
// (breaking / compatible) and the reason. Added, removed and changed rows have a
// green, red or amber background; unchanged rows can be hidden.
class CompareModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareModel)
public:
    enum Column { ItemColumn, LeftColumn, RightColumn, ClassColumn, ReasonColumn, ColumnCount };
    // Index of the row's entry in CartonDiff::entries (-1 for section rows).
    static constexpr int EntryIndexRole = Roles::EntryIndexRole;
    // The row's ChangeKind as an int (-1 for section rows).
    static constexpr int KindRole = Roles::ChangeKindRole;

    explicit CompareModel(QObject *parent = nullptr);

    void setDiff(std::optional<carton::CartonDiff> diff);
    const std::optional<carton::CartonDiff> &diff() const { return m_diff; }
    void setShowUnchanged(bool show);
    bool showUnchanged() const { return m_showUnchanged; }
    // The section row of `section`, or an invalid index when it is not shown.
    QModelIndex sectionIndex(carton::DiffSection section) const;
    // The row of the entry for `item` (and `field`) in `section`.
    QModelIndex findEntry(carton::DiffSection section, const QString &item, const QString &field = {}) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString sectionTitle(carton::DiffSection section);
    // The row tint of a change: added green, removed red, changed amber (none for unchanged).
    static QColor kindColor(carton::ChangeKind kind);

private:
    void rebuild();
    struct Section {
        carton::DiffSection section;
        QList<int> entries; // indexes into m_diff->entries
        int breaking = 0, compatible = 0;
    };
    QVariant sectionData(const Section &s, int column, int role) const;
    QVariant entryData(const carton::DiffEntry &e, int entryIndex, int column, int role) const;

    std::optional<carton::CartonDiff> m_diff;
    QList<Section> m_sections;
    bool m_showUnchanged = true;
};

} // namespace studio
