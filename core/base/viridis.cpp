// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/viridis.h"

#include <algorithm>
#include <cmath>

namespace carton {

std::array<std::uint8_t, 3> viridis(double t)
{
    // A degree-6 polynomial fit per channel (Matt Zucker's fit of matplotlib's
    // table; error below one 8-bit step).
    static constexpr double c[7][3] = {
        {0.2777273272234177, 0.005407344544966578, 0.3340998053353061},
        {0.1050930431085774, 1.404613529898575, 1.384590162594685},
        {-0.3308618287255563, 0.214847559468213, 0.09509516302823659},
        {-4.634230498983486, -5.799100973351585, -19.33244095627987},
        {6.228269936347081, 14.17993336680509, 56.69055260068105},
        {4.776384997670288, -13.74514537774601, -65.35303263337234},
        {-5.435455855934631, 4.645852612178535, 26.3124352495832},
    };
    t = std::isnan(t) ? 0.0 : std::clamp(t, 0.0, 1.0);
    std::array<std::uint8_t, 3> rgb{};
    for (int ch = 0; ch < 3; ++ch) {
        double v = c[6][ch];
        for (int k = 5; k >= 0; --k)
            v = v * t + c[k][ch];
        rgb[size_t(ch)] = std::uint8_t(std::clamp(v, 0.0, 1.0) * 255 + 0.5);
    }
    return rgb;
}

} // namespace carton
