// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <QStringList>

namespace carton {

// True for a target triple Rust/LLVM would accept as a platform in
// required_platforms ("x86_64-unknown-linux-gnu", "aarch64-apple-darwin"):
// 2 to 4 '-'-separated parts, a known architecture first, and (when given)
// a known vendor / OS / environment. *why says what is wrong otherwise.
CARTONCORE_EXPORT bool isValidTargetTriple(QStringView triple, QString *why = nullptr);

// Triples people build for most often (Rust's tier 1 and the common tier 2
// hosts and mobile/web targets), host first, for pickers; all valid.
CARTONCORE_EXPORT QStringList commonTargetTriples();

// The triple of the machine this runs on ("x86_64-unknown-linux-gnu").
CARTONCORE_EXPORT QString hostTargetTriple();

} // namespace carton
