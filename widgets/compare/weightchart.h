// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/weightdiff.h"

#include <QWidget>

namespace studio {

// The relative change of every weight of a review as one bar, in model order, on a
// log scale (1e-7 to 10): a fine-tune shows as bands. Added weights are full-height
// green bars, removed red, changed amber, unchanged a grey tick. Hovering names the
// weight; clicking a bar emits weightClicked(its row).
class WeightChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WeightChart)
public:
    explicit WeightChart(QWidget *parent = nullptr);

    void setWeights(const QList<carton::WeightDiff> &weights);
    // The bar (row) under a widget position, or -1.
    int barAt(QPointF pos) const;
    // Where bar `row` is drawn (for tests).
    QRectF barRect(int row) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void weightClicked(int row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Bar {
        carton::ChangeKind kind = carton::ChangeKind::Unchanged;
        double value = 0; // relative change; NaN when not known
        QString tip;
    };
    QRectF plotArea() const;
    double yOf(double value, const QRectF &area) const;
    QList<Bar> m_bars;
};

} // namespace studio
