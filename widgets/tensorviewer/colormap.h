// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QColor>
#include <QRgb>

namespace studio {

// Colormaps of the heatmap and of one-channel pictures: viridis (perceptually
// uniform, the default), a blue–white–red diverging map for signed data and grey, plus the colours that mark
// non-finite values (none of which either map produces).
class Colormap final {
public:
    enum class Kind { Viridis, Diverging, Grey };

    explicit Colormap(Kind kind = Kind::Viridis);
    Kind kind() const { return m_kind; }
    // t in [0, 1] (clamped).
    QRgb at(double t) const { return m_lut[int(qBound(0.0, t, 1.0) * 255.0 + 0.5)]; }

    static constexpr QRgb nanColor = 0xffff00ff;         // magenta
    static constexpr QRgb positiveInfColor = 0xffffffff; // white
    static constexpr QRgb negativeInfColor = 0xff000000; // black

private:
    Kind m_kind;
    QRgb m_lut[256];
};

} // namespace studio
