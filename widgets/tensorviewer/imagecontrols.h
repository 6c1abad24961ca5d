// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensorimage.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace studio {

// The Image tab's controls: the value range mapped to black..white (the type's,
// Auto min/max, 1–99 percentile, Manual with min and max fields), global or per
// channel normalisation, a colormap for one-channel pictures, and a line that
// states the range used ("range −1.00 … 1.00, global").
class ImageControls final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageControls)

public:
    explicit ImageControls(QWidget *parent = nullptr);

    TensorImage::Options options() const;
    // Sets the controls (a new tensor: TensorImage::Options::defaultFor its dtype);
    // `channels` decides whether the colormap choice is offered.
    void setOptions(const TensorImage::Options &options, int channels);
    // States what was rendered, or a message ("Reading…", an error).
    void showRendered(const TensorImage::Rendered &rendered, const QString &layout);
    void showMessage(const QString &text);
    QString noteText() const;

    QComboBox *rangeCombo() const { return m_range; }
    QComboBox *colormapCombo() const { return m_colormap; }
    QCheckBox *perChannelCheck() const { return m_perChannel; }
    QDoubleSpinBox *minSpin() const { return m_min; }
    QDoubleSpinBox *maxSpin() const { return m_max; }

signals:
    // The user changed an option: render again.
    void optionsChanged();

private:
    void updateEnabled();

    QComboBox *m_range = nullptr;
    QDoubleSpinBox *m_min = nullptr;
    QDoubleSpinBox *m_max = nullptr;
    QCheckBox *m_perChannel = nullptr;
    QLabel *m_colormapLabel = nullptr;
    QComboBox *m_colormap = nullptr;
    QLabel *m_note = nullptr;
    int m_channels = 0;
};

} // namespace studio
