// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "colormap.h"
#include "tensor/tensorreader.h"

#include <QImage>
#include <QList>
#include <optional>

namespace studio {

// A tensor seen as a picture: H×W×C (channels last) or C×H×W (channels first) in
// its last three dimensions, C being 1 (grey), 3 (RGB) or 4 (RGBA); every earlier
// dimension (a batch) is fixed by an index. Values are mapped to 0..255 from a
// range: the type's (uint8 0..255, floats 0..1), the data's min..max (Auto; 0..1
// for floats that all lie in it, a normalised picture shown as it is), its 1st..99th
// percentile (outliers clipped) or one given; over all channels or per channel.
// One channel is drawn through a colormap (grey, viridis, diverging).
struct TensorImage {
    enum class Range { Type, Auto, Percentile, Manual };
    struct Options {
        Range range = Range::Auto;
        double min = 0; // Manual
        double max = 1;
        bool perChannel = false;
        Colormap::Kind colormap = Colormap::Kind::Grey; // one channel only
        // The type range for uint8, Auto for anything else.
        static Options defaultFor(carton::DType dtype);
    };
    struct Rendered {
        QImage image;
        QList<std::pair<double, double>> ranges; // the value range mapped, one (global) or one per channel
    };

    int heightDim = -1;
    int widthDim = -1;
    int channelDim = -1;
    int channels = 0;

    // Channels last wins when both readings fit (a 3×3×3 tensor); nullopt when the
    // tensor has no such layout (rank < 3 is read as H×W grey for rank 2). A reading
    // whose height and width make a strip (one more than 16 times the other) is no
    // picture, and conv weights (KernelGrid::isKernelStack) are read channels first only.
    static std::optional<TensorImage> detect(const QList<qint64> &shape);
    bool channelsFirst() const { return channelDim >= 0 && channelDim < heightDim; }
    // A colour picture (3 or 4 channels, H×W×C or C×H×W) of uint8 or floats, not a
    // stack of conv kernels: the tensor viewer opens these on the Image tab rather than the table.
    static bool isPicture(const QList<qint64> &shape, carton::DType dtype);

    // Reads the picture at `index` (used for the dimensions before the last three)
    // and converts it; the image is capped at 16384 pixels per side.
    carton::Result<QImage> read(const carton::TensorReader &reader, const QList<qint64> &index,
                                carton::Progress *progress = nullptr) const;
    carton::Result<Rendered> render(const carton::TensorReader &reader, const QList<qint64> &index,
                                    const Options &options, carton::Progress *progress = nullptr) const;
};

} // namespace studio
