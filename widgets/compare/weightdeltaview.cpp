// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "weightdeltaview.h"

#include "tensorviewer/heatmapdata.h"
#include "tensorviewer/heatmapview.h"
#include "tensorviewer/slicespec.h"

#include <QGridLayout>
#include <QLabel>

namespace studio {

using namespace carton;

WeightDeltaView::WeightDeltaView(QWidget *parent) : QWidget(parent), m_title(new QLabel)
{
    setObjectName(QStringLiteral("weightDeltaView"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title, 0, 0, 1, 3);
    const QString captions[3] = {tr("Left (A)"), tr("Right (B)"), tr("B − A")};
    for (int i = 0; i < 3; ++i) {
        m_captions[i] = new QLabel(captions[i]);
        m_views[i] = new HeatmapView;
        m_views[i]->setMinimumSize(160, 120);
        layout->addWidget(m_captions[i], 1, i);
        layout->addWidget(m_views[i], 2, i);
        layout->setColumnStretch(i, 1);
    }
    m_views[0]->setObjectName(QStringLiteral("weightDeltaLeft"));
    m_views[1]->setObjectName(QStringLiteral("weightDeltaRight"));
    m_views[2]->setObjectName(QStringLiteral("weightDeltaDifference"));
    layout->setRowStretch(2, 1);
    setMessage(tr("Click a weight in the chart or the table to see both sides and their difference."));
}

Result<WeightDeltaView::Maps> WeightDeltaView::compute(const WeightDelta &delta, Progress *progress)
{
    Maps maps;
    std::shared_ptr<const HeatmapData> *targets[3] = {&maps.a, &maps.b, &maps.difference};
    const Tensor *tensors[3] = {&delta.a, &delta.b, &delta.difference};
    for (int i = 0; i < 3; ++i) {
        const Tensor &t = *tensors[i];
        Result<TensorReaderPtr> reader =
            TensorReader::create(t.name(), TensorLayout{DType::Float32, t.shape(), 0, false, false},
                                 std::make_shared<MemorySource>(t.data(), t.name()), true);
        if (!reader)
            return reader.error();
        Result<HeatmapData> data =
            HeatmapData::compute(**reader, SliceSpec::defaultFor(t.shape()), HeatmapData::defaultMaxBins, progress);
        if (!data)
            return data.error();
        HeatmapData d = std::move(data).value();
        d.signedData = true;
        if (i < 2) { // one scale for both sides
            d.min = delta.min;
            d.max = delta.max;
        } else {
            const double m = delta.maxAbsDifference > 0 ? delta.maxAbsDifference : 1.0;
            d.min = -m;
            d.max = m;
        }
        *targets[i] = std::make_shared<const HeatmapData>(std::move(d));
    }
    maps.title = tr("<b>%1</b> — %2 × %3 shown; left and right share one colour scale (%4 to %5), "
                    "the difference its own (±%6)")
                     .arg(delta.b.name().toHtmlEscaped())
                     .arg(delta.a.shape().value(0))
                     .arg(delta.a.shape().value(1))
                     .arg(delta.min, 0, 'g', 4)
                     .arg(delta.max, 0, 'g', 4)
                     .arg(delta.maxAbsDifference, 0, 'g', 4);
    return maps;
}

void WeightDeltaView::setMaps(const Maps &maps)
{
    m_title->setText(maps.title);
    m_views[0]->setData(maps.a);
    m_views[1]->setData(maps.b);
    m_views[2]->setData(maps.difference);
}

void WeightDeltaView::setMessage(const QString &text)
{
    m_title->setText(text.toHtmlEscaped());
    for (HeatmapView *v : m_views)
        v->clear();
}

} // namespace studio
