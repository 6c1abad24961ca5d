// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Shared by the model-file fuzz targets: every weight's first elements.

#include "model/modelfile.h"

#include <algorithm>

namespace fuzz {

inline void readWeights(const carton::ModelFile &model)
{
    char buffer[512];
    for (const carton::ModelWeight &w : model.weights()) {
        auto reader = model.openWeight(w.name);
        if (!reader)
            continue;
        const qint64 count =
            std::min<qint64>((*reader)->elementCount(), qint64(sizeof buffer) / std::max(1, (*reader)->elementSize()));
        if (count > 0)
            (void)(*reader)->readFlat(0, count, buffer, sizeof buffer);
    }
}

} // namespace fuzz
