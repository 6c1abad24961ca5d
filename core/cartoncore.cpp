// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartoncore_export.h"

namespace carton {
CARTONCORE_EXPORT const char *coreVersion()
{
    return "0.1.0";
}
} // namespace carton
