// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensorreader.h"

namespace carton {

// Summary statistics of a numeric tensor or of a region of it. NaN and ±Inf are
// counted apart and left out of min/max/mean/std and the histogram (as numpy's
// nanmin/nanmax... on the finite values). Bool counts as 0/1; float16/bfloat16 are
// widened.
struct TensorStats {
    qint64 count = 0;  // elements looked at
    qint64 finite = 0; // of which finite
    qint64 zeros = 0;
    qint64 nans = 0;
    qint64 positiveInfinities = 0;
    qint64 negativeInfinities = 0;
    double min = 0; // over finite values (NaN when there are none)
    double max = 0;
    double mean = 0;
    double std = 0; // population standard deviation (numpy's default, ddof = 0)
    // `bins` equal-width bins over [min, max] of the finite values; the last bin
    // includes max (numpy.histogram's rule).
    QList<qint64> histogram;
};

struct StatsOptions {
    int bins = 64;
    int threads = 0;                       // 0: one per core
    qint64 chunkBytes = qint64(256) << 10; // read (and accumulated) per step; stays in the CPU cache
};

// Reads `region` twice (moments and counts, then the histogram), in chunks spread
// over several threads; float32 runs explicit 8-lane vector loops (AVX2 when the CPU
// has it, else SSE2), other dtypes are widened to double per chunk. Progress counts bytes of both passes (setTotal is
// called); cancellation is checked between chunks (ErrorCode::Cancelled).
CARTONCORE_EXPORT Result<TensorStats> computeStats(const TensorReader &tensor, const TensorRegion &region,
                                                   const StatsOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
