// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/backendcompare.h"

#include <QWidget>
#include <optional>

class QTableWidget;

namespace studio {

class ErrorMapPane;

// B's outputs against A's, output by output (carton::compareBackends): a table of
// self-test, output, A and B against expected_out, B against A, max abs, max rel
// and elements off, above the error map of the selected output (A as the expected
// side, B as the actual one). Used by Compare Backends… (two runners on one carton)
// and by the Compare tab's Outputs (two cartons' models on the same inputs), where
// each part names whose self-test inputs it ran on (the Inputs column).
class BackendComparisonView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BackendComparisonView)

public:
    // One comparison with the runs it was made of (their tensors are shared, not copied).
    struct Part {
        QString inputs; // whose self-test inputs ("A's"), shown in the Inputs column; empty: no column
        carton::SelfTestRun runA, runB;
        carton::BackendComparison comparison;
    };
    enum Column {
        TestColumn,
        OutputColumn,
        AExpectedColumn,
        BExpectedColumn,
        BvsAColumn,
        MaxAbsColumn,
        MaxRelColumn,
        OffColumn,
        InputsColumn,
        ColumnCount
    };

    explicit BackendComparisonView(QWidget *parent = nullptr);

    // Shows `parts` and selects the first output that disagrees (else the first row).
    void setParts(const QList<Part> &parts);
    void clear();
    const QList<Part> &parts() const { return m_parts; }

    QTableWidget *table() const { return m_table; }
    ErrorMapPane *errorMap() const { return m_errorMap; }

private:
    void showErrorMap(int row);

    QList<Part> m_parts;
    QTableWidget *m_table;
    ErrorMapPane *m_errorMap;
};

} // namespace studio
