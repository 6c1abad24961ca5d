// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/weightdiff.h"

#include <QWidget>
#include <memory>

class QLabel;

namespace studio {

class HeatmapView;
struct HeatmapData;

// One weight of both sides and B − A as three heatmaps side by side (the tensor
// viewer's HeatmapView): left and right share one colour scale (the range of both),
// the difference has its own, centred on 0.
class WeightDeltaView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WeightDeltaView)
public:
    explicit WeightDeltaView(QWidget *parent = nullptr);

    // The three heatmaps' data from a delta (read on a job: HeatmapData::compute).
    struct Maps {
        std::shared_ptr<const HeatmapData> a, b, difference;
        QString title;
    };
    static carton::Result<Maps> compute(const carton::WeightDelta &delta, carton::Progress *progress = nullptr);

    void setMaps(const Maps &maps);
    void setMessage(const QString &text);
    HeatmapView *left() const { return m_views[0]; }
    HeatmapView *right() const { return m_views[1]; }
    HeatmapView *difference() const { return m_views[2]; }

private:
    QLabel *m_title;
    QLabel *m_captions[3];
    HeatmapView *m_views[3];
};

} // namespace studio
