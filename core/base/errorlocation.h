// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"
#include "cartoncore_export.h"

namespace carton {

// Error::location is text written by the parsers ("carton.toml:12:5",
// "MANIFEST:3", "tensor_data/index.toml:7: tensor[0].file", "misc/a.png"). These
// two turn it into a DiagnosticLocation once, where an Error becomes a Diagnostic.
// Only the metadata files carry lines and fields (carton.toml, MANIFEST, LINKS,
// tensor_data/index.toml); any other location is kept whole as `file`, so paths
// containing ':' stay intact.
CARTONCORE_EXPORT DiagnosticLocation parseErrorLocation(const QString &location);

// The error as an Error-severity diagnostic; `fallbackFile` when it names no location.
CARTONCORE_EXPORT Diagnostic diagnosticFromError(const Error &error, const QString &fallbackFile = {});

} // namespace carton
