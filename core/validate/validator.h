// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"

namespace carton {

class Carton;

// Checks of carton.toml alone (used live by the editor): spec_version, runner
// fields and semver syntax, dtypes, shapes and symbol consistency, "one
// input/output specified => all", short_description length, target triples,
// self_test/example reference syntax, markdown image targets' form.
// Locations look like "carton.toml: input[2].shape".
CARTONCORE_EXPORT Diagnostics validateInfo(const CartonInfo &info);

// Everything: the carton's load diagnostics, validateInfo, and the checks that
// need the files (MANIFEST vs archive: missing/extra; LINKS; tensor_data index vs
// files; tensor file sizes vs dtype × shape; references to missing tensors/misc
// files; dtype/shape of self-test and example tensors vs the specs; @misc images
// in the description exist). Does not hash: verifyCarton() does that.
CARTONCORE_EXPORT Diagnostics validateCarton(const Carton &carton);

} // namespace carton
