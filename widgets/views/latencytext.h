// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>

namespace studio {

// A latency of `ns` nanoseconds with its unit, in the user's language: µs under
// a millisecond ("30 µs", not "3e-05 ms"), ms under ten seconds, else s; three
// significant digits.
QString latencyText(double ns);

} // namespace studio
