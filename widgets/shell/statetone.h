// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "document/cartonstate.h"
#include "style/tone.h"

namespace studio {

// The colour of the one state, wherever it is shown (banner, status bar, tab):
// green only when every check under it passed.
Tone stateTone(const CartonState &state);

} // namespace studio
