// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/runhistory.h"

namespace carton {
class Carton;
}

namespace cli {

// Keeps `run` in its model's run history (RunHistory::defaultFolder()); a
// history that cannot be written is a warning, not a failed run.
void keepInHistory(const carton::SelfTestRun &run);

// `carton selftest --history FILE`: the kept runs of the carton's model, newest
// first, and what changed between the last two. Returns the exit code.
int printHistory(const carton::Carton &carton, bool json);

} // namespace cli
