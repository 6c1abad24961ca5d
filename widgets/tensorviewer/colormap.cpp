// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "colormap.h"

#include "base/viridis.h"

#include <cmath>

namespace studio {

namespace {

QRgb viridis(double t)
{
    const auto [r, g, b] = carton::viridis(t);
    return qRgb(r, g, b);
}

// Blue (59, 76, 192) – light grey (221, 221, 221) – red (180, 4, 38): Moreland's
// cool-warm end points, interpolated linearly on each side.
QRgb diverging(double t)
{
    auto mix = [](int a, int b, double f) { return int(a + (b - a) * f + 0.5); };
    if (t < 0.5) {
        const double f = t / 0.5;
        return qRgb(mix(59, 221, f), mix(76, 221, f), mix(192, 221, f));
    }
    const double f = (t - 0.5) / 0.5;
    return qRgb(mix(221, 180, f), mix(221, 4, f), mix(221, 38, f));
}

} // namespace

Colormap::Colormap(Kind kind) : m_kind(kind)
{
    for (int i = 0; i < 256; ++i)
        m_lut[i] = kind == Kind::Viridis     ? viridis(i / 255.0)
                   : kind == Kind::Diverging ? diverging(i / 255.0)
                                             : qRgb(i, i, i);
}

} // namespace studio
