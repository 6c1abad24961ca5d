// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Core's logging categories, one per area ("carton.AREA"), for what a user does
// not see as an error but a developer may want to know: a slow fallback taken, a
// resource that was not available. Errors are Results, never log lines; the CLI's
// output is its own. Show them with QT_LOGGING_RULES="carton.*.debug=true"
// (warnings show by default). A new area adds its category here and in logging.cpp.

#include "cartoncore_export.h"

#include <QLoggingCategory>

namespace carton {

CARTONCORE_EXPORT const QLoggingCategory &lcTensor(); // carton.tensor: tensor data, spill files
CARTONCORE_EXPORT const QLoggingCategory &lcRunner(); // carton.runner: runner host sessions

} // namespace carton
