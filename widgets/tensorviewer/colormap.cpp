// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "colormap.h"

#include <cmath>

namespace studio {

namespace {

// Viridis as a degree-6 polynomial fit per channel (Matt Zucker's fit of
// matplotlib's table; error below one 8-bit step).
QRgb viridis(double t)
{
    static constexpr double c[7][3] = {
        {0.2777273272234177, 0.005407344544966578, 0.3340998053353061},
        {0.1050930431085774, 1.404613529898575, 1.384590162594685},
        {-0.3308618287255563, 0.214847559468213, 0.09509516302823659},
        {-4.634230498983486, -5.799100973351585, -19.33244095627987},
        {6.228269936347081, 14.17993336680509, 56.69055260068105},
        {4.776384997670288, -13.74514537774601, -65.35303263337234},
        {-5.435455855934631, 4.645852612178535, 26.3124352495832},
    };
    double rgb[3];
    for (int ch = 0; ch < 3; ++ch) {
        double v = c[6][ch];
        for (int k = 5; k >= 0; --k)
            v = v * t + c[k][ch];
        rgb[ch] = std::clamp(v, 0.0, 1.0);
    }
    return qRgb(int(rgb[0] * 255 + 0.5), int(rgb[1] * 255 + 0.5), int(rgb[2] * 255 + 0.5));
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
