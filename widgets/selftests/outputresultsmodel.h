// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/selftestresult.h"

#include <QAbstractTableModel>

namespace studio {

// The outputs of one self-test (or example) after a run, a row each, with every
// comparison figure: verdict, max/mean/median/p99 absolute and relative error,
// the minimum tolerances that would pass, mismatches and NaN/Inf counts.
class OutputResultsModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OutputResultsModel)

public:
    enum Column {
        OutputColumn,
        VerdictColumn,
        MismatchColumn,
        MaxAbsColumn,
        MeanAbsColumn,
        P99AbsColumn,
        MaxRelColumn,
        MinAtolColumn,
        MinRtolColumn,
        ToleranceColumn,
        NonFiniteColumn,
        ColumnCount
    };
    // One row: a name, the tensors (either may be missing) and the comparison.
    struct Row {
        QString name;
        QString verdict; // "passed", "failed", "missing", "unexpected", "shape mismatch"...
        bool ok = true;
        QString problem; // why not ok, in words
        std::optional<carton::Tensor> expected;
        std::optional<carton::Tensor> actual;
        std::optional<carton::TensorComparison> comparison;
    };

    explicit OutputResultsModel(QObject *parent = nullptr);

    void setSelfTest(const carton::SelfTestResult &result);
    void setExample(const carton::ExampleResult &result);
    void clear();
    const Row *row(int r) const { return r >= 0 && r < m_rows.size() ? &m_rows[r] : nullptr; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

// An error figure as the panel shows it: 3 significant digits, "inf", "0".
QString errorFigure(double value);

} // namespace studio
