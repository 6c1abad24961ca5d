// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "progresssteps.h"

namespace carton {

int progressSteps(qint64 done, qint64 total)
{
    if (total <= 0 || done <= 0)
        return 0;
    if (done >= total)
        return kProgressSteps;
    // done < total: done / total < 1, at most kProgressSteps - 1 once truncated.
    return int(double(done) / double(total) * kProgressSteps);
}

} // namespace carton
