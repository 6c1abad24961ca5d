// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "imagecontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <limits>

namespace studio {

namespace {

QString number(double v)
{
    // Two decimals for ordinary values, significant digits for tiny or huge ones;
    // a real minus sign.
    const double a = std::abs(v);
    QString text = (a != 0 && (a < 0.01 || a >= 1e6)) ? QString::number(v, 'g', 3) : QString::number(v, 'f', 2);
    return text.replace(u'-', QChar(0x2212));
}

QDoubleSpinBox *valueSpin(QWidget *parent, double value)
{
    auto *spin = new QDoubleSpinBox(parent);
    spin->setRange(-std::numeric_limits<double>::max(), std::numeric_limits<double>::max());
    spin->setDecimals(4);
    spin->setValue(value);
    spin->setMaximumWidth(110);
    return spin;
}

} // namespace

ImageControls::ImageControls(QWidget *parent) : QWidget(parent)
{
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    rows->addLayout(bar);
    m_range = new QComboBox(this);
    m_range->setObjectName(QStringLiteral("imageRangeCombo"));
    m_range->addItem(tr("Auto (0–1 or min … max)"), int(TensorImage::Range::Auto));
    m_range->addItem(tr("1–99 percentile"), int(TensorImage::Range::Percentile));
    m_range->addItem(tr("Type range (0–1, uint8 0–255)"), int(TensorImage::Range::Type));
    m_range->addItem(tr("Manual"), int(TensorImage::Range::Manual));
    m_min = valueSpin(this, 0);
    m_min->setObjectName(QStringLiteral("imageMinSpin"));
    m_max = valueSpin(this, 1);
    m_max->setObjectName(QStringLiteral("imageMaxSpin"));
    m_perChannel = new QCheckBox(tr("Per channel"), this);
    m_perChannel->setObjectName(QStringLiteral("imagePerChannel"));
    m_perChannel->setToolTip(tr("Normalise each channel on its own range (otherwise one range for all channels)"));
    m_colormap = new QComboBox(this);
    m_colormap->setObjectName(QStringLiteral("imageColormapCombo"));
    m_colormap->addItem(tr("Grey"), int(Colormap::Kind::Grey));
    m_colormap->addItem(tr("Viridis"), int(Colormap::Kind::Viridis));
    m_colormap->addItem(tr("Diverging (signed)"), int(Colormap::Kind::Diverging));
    bar->addWidget(new QLabel(tr("Range:"), this));
    bar->addWidget(m_range);
    bar->addWidget(m_min);
    bar->addWidget(m_max);
    bar->addWidget(m_perChannel);
    m_colormapLabel = new QLabel(tr("Colormap:"), this);
    bar->addWidget(m_colormapLabel);
    bar->addWidget(m_colormap);
    bar->addStretch(1);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("imageNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    rows->addWidget(m_note);

    connect(m_range, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        emit optionsChanged();
    });
    connect(m_colormap, &QComboBox::currentIndexChanged, this, &ImageControls::optionsChanged);
    connect(m_perChannel, &QCheckBox::toggled, this, &ImageControls::optionsChanged);
    connect(m_min, &QDoubleSpinBox::editingFinished, this, &ImageControls::optionsChanged);
    connect(m_max, &QDoubleSpinBox::editingFinished, this, &ImageControls::optionsChanged);
    updateEnabled();
}

TensorImage::Options ImageControls::options() const
{
    TensorImage::Options o;
    o.range = TensorImage::Range(m_range->currentData().toInt());
    o.min = m_min->value();
    o.max = m_max->value();
    o.perChannel = m_perChannel->isChecked();
    o.colormap = Colormap::Kind(m_colormap->currentData().toInt());
    return o;
}

void ImageControls::setOptions(const TensorImage::Options &options, int channels)
{
    const QSignalBlocker b1(m_range), b2(m_colormap), b3(m_perChannel), b4(m_min), b5(m_max);
    m_range->setCurrentIndex(m_range->findData(int(options.range)));
    m_colormap->setCurrentIndex(m_colormap->findData(int(options.colormap)));
    m_perChannel->setChecked(options.perChannel);
    m_min->setValue(options.min);
    m_max->setValue(options.max);
    m_channels = channels;
    updateEnabled();
}

void ImageControls::updateEnabled()
{
    const bool manual = TensorImage::Range(m_range->currentData().toInt()) == TensorImage::Range::Manual;
    m_min->setVisible(manual);
    m_max->setVisible(manual);
    m_perChannel->setVisible(m_channels != 1);
    m_colormapLabel->setVisible(m_channels == 1);
    m_colormap->setVisible(m_channels == 1);
}

void ImageControls::showRendered(const TensorImage::Rendered &rendered, const QString &layout)
{
    QStringList ranges;
    for (const auto &[lo, hi] : rendered.ranges)
        ranges.append(tr("%1 … %2").arg(number(lo), number(hi)));
    const QString range = rendered.ranges.size() > 1
                              ? tr("range %1, per channel").arg(ranges.join(QStringLiteral("; ")))
                              : tr("range %1, global").arg(ranges.value(0));
    m_note->setText(layout + QStringLiteral("\n") + range);
}

void ImageControls::showMessage(const QString &text)
{
    m_note->setText(text);
}

QString ImageControls::noteText() const
{
    return m_note->text();
}

} // namespace studio
