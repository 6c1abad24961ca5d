// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>

namespace carton {

// The one format of Diagnostic::location used by validation:
//
//   FILE[:LINE][: FIELD]
//
// (Load errors passed on from the parsers may also carry a column,
// "carton.toml:12:5"; parseLocation() understands FILE:LINE:COLUMN too.)
// - FILE is a path relative to the carton root ("carton.toml", "MANIFEST",
//   "tensor_data/index.toml", "model/model.pt", "model/" for a folder).
// - LINE (1-based) is present when known: from CartonInfo::fieldLines for
//   carton.toml, TensorIndexEntry::line for index.toml, the line number for MANIFEST.
// - FIELD is a field path: the CartonInfo::fieldLines keys for carton.toml
//   ("input[2].shape", "self_test[0].inputs.x", "runner.required_framework_version"),
//   possibly one step deeper ("input[2].shape[1]", "required_platforms[3]");
//   "tensor[0].file" for index.toml; "urls.<sha256>" for LINKS.
//
// Examples: "carton.toml: input[2].shape", "carton.toml:14: input[2].shape",
// "MANIFEST:3", "tensor_data/index.toml:7: tensor[0].file", "misc/a.png".
struct DiagnosticLocation {
    QString file;
    int line = 0;   // 0 when unknown
    int column = 0; // 0 when unknown (only parser errors have one)
    QString field;  // empty when the location is a whole file or a line
    bool operator==(const DiagnosticLocation &) const = default;
};

// Builds "FILE[:LINE][: FIELD]" (line <= 0 and an empty field are left out).
CARTONCORE_EXPORT QString formatLocation(const QString &file, int line = 0, const QString &field = {});

// Splits a location back into its parts. Only the metadata files carry lines and
// fields (carton.toml, MANIFEST, LINKS, tensor_data/index.toml); any other
// location is returned whole as `file`, so paths containing ':' stay intact.
CARTONCORE_EXPORT DiagnosticLocation parseLocation(const QString &location);

} // namespace carton
