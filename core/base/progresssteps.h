// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QtGlobal>

namespace carton {

// A progress bar's or dialog's value in the range 0..kProgressSteps: `done` of
// `total` scaled and clamped (a part that overshoots its total shows full); 0
// while the total is unknown (0 or less). Never overflows, whatever the sizes. The
// one scale the window's progress dialogs and bars use (with carton::Progress's
// done and total, or any other byte counts).
inline constexpr int kProgressSteps = 1000;
CARTONCORE_EXPORT int progressSteps(qint64 done, qint64 total);

} // namespace carton
