// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensorreader.h"

#include <QImage>
#include <QList>
#include <optional>

namespace studio {

// A tensor seen as a picture: H×W×C (channels last) or C×H×W (channels first) in
// its last three dimensions, C being 1 (grey), 3 (RGB) or 4 (RGBA); every earlier
// dimension (a batch) is fixed by an index. uint8 values are used as they are,
// floats in [0, 1] are scaled by 255 and anything else is clamped to [0, 255].
struct TensorImage {
    int heightDim = -1;
    int widthDim = -1;
    int channelDim = -1;
    int channels = 0;

    // Channels last wins when both readings fit (a 3×3×3 tensor); nullopt when the
    // tensor has no such layout (rank < 3 is read as H×W grey for rank 2).
    static std::optional<TensorImage> detect(const QList<qint64> &shape);
    bool channelsFirst() const { return channelDim < heightDim; }
    // A colour picture (3 or 4 channels, H×W×C or C×H×W) of uint8 or floats: the
    // tensor viewer opens these on the Image tab rather than the table.
    static bool isPicture(const QList<qint64> &shape, carton::DType dtype);

    // Reads the picture at `index` (used for the dimensions before the last three)
    // and converts it; the image is capped at 16384 pixels per side.
    carton::Result<QImage> read(const carton::TensorReader &reader, const QList<qint64> &index,
                                carton::Progress *progress = nullptr) const;
};

} // namespace studio
