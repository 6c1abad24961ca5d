// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "diff/cartondiff.h"
#include "format/cartoninfo.h"

namespace carton {

// The metadata fields (spec_version, model_name, descriptions, license, links,
// required_platforms, unknown fields) and the [runner] table of two cartons, one
// entry per field (unchanged ones included). A different runner, framework
// requirement or compat version, a spec_version change and a platform dropped are
// breaking; the rest (text, runner opts, a platform added or the restriction
// lifted) compatible.
CARTONCORE_EXPORT QList<DiffEntry> diffMetadata(const CartonInfo &a, const CartonInfo &b);

// The [[self_test]] and [[example]] entries, matched by name (by position when
// unnamed): added, removed or changed; all compatible (test data, not the interface).
CARTONCORE_EXPORT QList<DiffEntry> diffTestsAndExamples(const CartonInfo &a, const CartonInfo &b);

} // namespace carton
