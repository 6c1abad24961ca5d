// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "slicespec.h"
#include "valueformat.h"

#include <QList>
#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QSlider;
class QSpinBox;

namespace studio {

// The viewer's toolbar: which dimension is rows and which is columns, an index
// (spin box + slider) for every other dimension, and the number format. Picking
// for rows the dimension that is the columns swaps the two.
class SliceControls final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SliceControls)

public:
    explicit SliceControls(QWidget *parent = nullptr);

    // Resets to SliceSpec::defaultFor(shape).
    void setShape(const QList<qint64> &shape);
    // Shows `slice` (same shape) without emitting sliceChanged.
    void setSlice(const SliceSpec &slice);
    const SliceSpec &slice() const { return m_slice; }
    NumberFormat numberFormat() const;
    // The number format picker (hidden for string tensors).
    void setNumberFormatVisible(bool visible);

    QComboBox *rowCombo() const { return m_rows; }
    QComboBox *colCombo() const { return m_cols; }
    QComboBox *formatCombo() const { return m_format; }
    // nullptr for the row and column dimensions.
    QSpinBox *indexSpin(int dim) const { return m_spins.value(dim); }
    QSlider *indexSlider(int dim) const { return m_sliders.value(dim); }

signals:
    void sliceChanged(const studio::SliceSpec &slice);
    void numberFormatChanged(studio::NumberFormat format);

private:
    void rebuild();
    void pickRows(int comboIndex);
    void pickCols(int comboIndex);
    void setIndex(int dim, qint64 value);

    SliceSpec m_slice;
    QComboBox *m_rows = nullptr;
    QComboBox *m_cols = nullptr;
    QComboBox *m_format = nullptr;
    QLabel *m_formatLabel = nullptr;
    QWidget *m_indexArea = nullptr;
    QGridLayout *m_indexLayout = nullptr;
    QList<QSpinBox *> m_spins;
    QList<QSlider *> m_sliders;
    bool m_updating = false;
};

} // namespace studio
