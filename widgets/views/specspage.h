// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace carton {
struct CartonInfo;
}

namespace studio {

class TensorSpecModel;

// The Inputs / Outputs tab: two tables over TensorSpecModel, one symbol palette.
class SpecsPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpecsPage)

public:
    SpecsPage(const carton::CartonInfo *info, QWidget *parent = nullptr);

    TensorSpecModel *inputsModel() const { return m_inputs; }
    TensorSpecModel *outputsModel() const { return m_outputs; }
    QTableView *inputsView() const { return m_inputsView; }
    QTableView *outputsView() const { return m_outputsView; }

    // Marks the cells the carton's diagnostics point at (a dimension that
    // contradicts the model's, in red).
    void setDiagnostics(const carton::Diagnostics &diagnostics);
    // Selects a row: `outputs` false for [[input]]. `column` is a TensorSpecModel column.
    bool revealSpec(bool outputs, int row, int column);

private:
    QTableView *makeTable(TensorSpecModel *model);

    TensorSpecModel *m_inputs = nullptr;
    TensorSpecModel *m_outputs = nullptr;
    QTableView *m_inputsView = nullptr;
    QTableView *m_outputsView = nullptr;
};

} // namespace studio
