// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "outputresultsmodel.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSplitter;
class QToolButton;

namespace studio {

class LatestJob;
class TensorViewer;

// The error map of one compared output: |actual − expected|, the relative error
// or the excess over the tolerance as a heatmap in the tensor viewer, with "Jump
// to Worst", above the expected and actual tensors: side by side when the pane
// is wide enough for both, else one above the other (a narrow dialog, a longer
// language), so that no viewer is cut off. The three viewers stay on the same
// slice. The map is computed in the background.
class ErrorMapPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ErrorMapPane)

public:
    explicit ErrorMapPane(QWidget *parent = nullptr);

    void setOutput(const OutputResultsModel::Row *row);
    // Moves the three viewers to the worst element; false when there is none.
    bool jumpToWorst();

    TensorViewer *mapViewer() const { return m_map; }
    TensorViewer *expectedViewer() const { return m_expected; }
    TensorViewer *actualViewer() const { return m_actual; }
    QComboBox *kindBox() const { return m_kind; }
    QToolButton *jumpButton() const { return m_jump; }
    bool isComputing() const;
    // Horizontal: expected and actual side by side; vertical: one above the other.
    Qt::Orientation sidesOrientation() const;

signals:
    void mapShown();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void computeMap();
    // Side by side when the two viewers fit beside each other in the pane's width.
    void updateSides();
    void syncSlices(TensorViewer *from);

    LatestJob *m_jobs;
    std::optional<OutputResultsModel::Row> m_row;
    QComboBox *m_kind;
    QToolButton *m_jump;
    QLabel *m_note;
    TensorViewer *m_map;
    TensorViewer *m_expected;
    TensorViewer *m_actual;
    QSplitter *m_sides;
    bool m_syncing = false;
};

} // namespace studio
