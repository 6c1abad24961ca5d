// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>

namespace carton {

// True for a target triple Rust/LLVM would accept as a platform in
// required_platforms ("x86_64-unknown-linux-gnu", "aarch64-apple-darwin"):
// 2 to 4 '-'-separated parts, a known architecture first, and (when given)
// a known vendor / OS / environment. *why says what is wrong otherwise.
CARTONCORE_EXPORT bool isValidTargetTriple(QStringView triple, QString *why = nullptr);

// The triple of the machine this runs on ("x86_64-unknown-linux-gnu").
CARTONCORE_EXPORT QString hostTargetTriple();

} // namespace carton
