// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <functional>

namespace carton {

// The threads parallel core work (verify, pack, save, tensor statistics and
// comparison) uses when the caller leaves the choice to it (`threads` 0 in the
// options): one per core this process may run on, at least 1.
CARTONCORE_EXPORT int defaultThreadCount();

// The threads to use: `requested` (an options' `threads`) when > 0, else defaultThreadCount().
CARTONCORE_EXPORT int threadCount(int requested);
// The same for `items` independent pieces of work: never more than the items, at least 1.
CARTONCORE_EXPORT int threadCountFor(int requested, qint64 items);

// Calls body(index, worker) once for every index in [0, count), on `threads`
// threads at most (the calling thread is worker 0; worker < threads, so
// per-worker scratch can be sized beforehand). Each thread takes the next index
// when it is free: indices start in increasing order. Once a body returns an
// error (a failed read, ErrorCode::Cancelled for a cancelled Progress) no new
// index starts. Returns when every started body has returned: the error of the
// lowest failing index, or success. Results go where the body puts them (by
// index, so their order does not depend on the threads).
CARTONCORE_EXPORT Status parallelFor(qint64 count, int threads,
                                     const std::function<Status(qint64 index, int worker)> &body);

} // namespace carton
