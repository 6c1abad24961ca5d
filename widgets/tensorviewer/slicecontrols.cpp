// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "slicecontrols.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

namespace studio {

SliceControls::SliceControls(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    m_rows = new QComboBox(this);
    m_rows->setObjectName(QStringLiteral("rowDimCombo"));
    m_cols = new QComboBox(this);
    m_cols->setObjectName(QStringLiteral("colDimCombo"));
    // "dim 0 (128)" whole, also after a tensor with shorter dimensions was shown.
    m_rows->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_cols->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("formatCombo"));
    m_format->addItem(tr("Auto"), int(NumberFormat::Auto));
    m_format->addItem(tr("Fixed"), int(NumberFormat::Fixed));
    m_format->addItem(tr("Scientific"), int(NumberFormat::Scientific));
    m_format->addItem(tr("Hex (integers)"), int(NumberFormat::Hex));
    auto addLabelled = [&](const QString &text, QWidget *w) {
        auto *label = new QLabel(text, this);
        label->setBuddy(w);
        top->addWidget(label);
        top->addWidget(w);
        return label;
    };
    addLabelled(tr("&Rows:"), m_rows);
    addLabelled(tr("Co&lumns:"), m_cols);
    top->addSpacing(12);
    m_formatLabel = addLabelled(tr("&Format:"), m_format);
    top->addStretch(1);
    layout->addLayout(top);
    m_indexArea = new QWidget(this);
    m_indexLayout = new QGridLayout(m_indexArea);
    m_indexLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_indexArea);

    connect(m_rows, &QComboBox::activated, this, &SliceControls::pickRows);
    connect(m_cols, &QComboBox::activated, this, &SliceControls::pickCols);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] { emit numberFormatChanged(numberFormat()); });
}

void SliceControls::setNumberFormatVisible(bool visible)
{
    m_formatLabel->setVisible(visible);
    m_format->setVisible(visible);
}

NumberFormat SliceControls::numberFormat() const
{
    return NumberFormat(m_format->currentData().toInt());
}

void SliceControls::setShape(const QList<qint64> &shape)
{
    m_slice = SliceSpec::defaultFor(shape);
    rebuild();
}

void SliceControls::setSlice(const SliceSpec &slice)
{
    if (!slice.isValid())
        return;
    m_slice = slice;
    rebuild();
}

void SliceControls::rebuild()
{
    m_updating = true;
    const int rank = m_slice.rank();
    m_rows->clear();
    m_cols->clear();
    for (int d = 0; d < rank; ++d) {
        const QString text = tr("dim %1 (%2)").arg(d).arg(m_slice.shape[d]);
        m_rows->addItem(text, d);
        m_cols->addItem(text, d);
    }
    if (rank <= 1)
        m_cols->addItem(tr("—"), -1);
    m_rows->setCurrentIndex(m_rows->findData(m_slice.rowDim));
    m_cols->setCurrentIndex(m_cols->findData(m_slice.colDim));
    m_rows->setEnabled(rank >= 2);
    m_cols->setEnabled(rank >= 2);

    while (QLayoutItem *item = m_indexLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_spins = QList<QSpinBox *>(rank, nullptr);
    m_sliders = QList<QSlider *>(rank, nullptr);
    int row = 0;
    for (int d = 0; d < rank; ++d) {
        if (d == m_slice.rowDim || d == m_slice.colDim)
            continue;
        const int maximum = int(qBound(qint64(0), m_slice.shape[d] - 1, qint64(std::numeric_limits<int>::max())));
        auto *label = new QLabel(tr("dim %1:").arg(d), m_indexArea);
        auto *spin = new QSpinBox(m_indexArea);
        spin->setObjectName(QStringLiteral("indexSpin%1").arg(d));
        spin->setRange(0, maximum);
        spin->setValue(int(m_slice.index[d]));
        spin->setSuffix(tr(" / %1").arg(m_slice.shape[d]));
        spin->setEnabled(m_slice.shape[d] > 1);
        auto *slider = new QSlider(Qt::Horizontal, m_indexArea);
        slider->setObjectName(QStringLiteral("indexSlider%1").arg(d));
        slider->setRange(0, maximum);
        slider->setValue(int(m_slice.index[d]));
        slider->setEnabled(m_slice.shape[d] > 1);
        label->setBuddy(spin);
        connect(spin, &QSpinBox::valueChanged, this, [this, d](int v) { setIndex(d, v); });
        connect(slider, &QSlider::valueChanged, this, [this, d](int v) { setIndex(d, v); });
        m_spins[d] = spin;
        m_sliders[d] = slider;
        m_indexLayout->addWidget(label, row, 0);
        m_indexLayout->addWidget(spin, row, 1);
        m_indexLayout->addWidget(slider, row, 2);
        ++row;
    }
    m_indexLayout->setColumnStretch(2, 1);
    m_indexArea->setVisible(row > 0);
    m_updating = false;
}

void SliceControls::setIndex(int dim, qint64 value)
{
    if (m_updating || m_slice.index.value(dim) == value)
        return;
    m_slice.index[dim] = value;
    {
        const QSignalBlocker b1(m_spins[dim]);
        const QSignalBlocker b2(m_sliders[dim]);
        m_spins[dim]->setValue(int(value));
        m_sliders[dim]->setValue(int(value));
    }
    emit sliceChanged(m_slice);
}

void SliceControls::pickRows(int comboIndex)
{
    const int dim = m_rows->itemData(comboIndex).toInt();
    if (dim == m_slice.rowDim)
        return;
    if (dim == m_slice.colDim)
        m_slice.colDim = m_slice.rowDim;
    m_slice.rowDim = dim;
    rebuild();
    emit sliceChanged(m_slice);
}

void SliceControls::pickCols(int comboIndex)
{
    const int dim = m_cols->itemData(comboIndex).toInt();
    if (dim == m_slice.colDim || dim < 0)
        return;
    if (dim == m_slice.rowDim)
        m_slice.rowDim = m_slice.colDim;
    m_slice.colDim = dim;
    rebuild();
    emit sliceChanged(m_slice);
}

} // namespace studio
