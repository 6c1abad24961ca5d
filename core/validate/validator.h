// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "validate/fieldpath.h"
#include "validate/symbolcheck.h"

namespace carton {

class Carton;
class CartonEdits;
class ModelSet;

// Diagnostic locations are structured (base/diagnostic.h), shown here as text:
//   "carton.toml: input[2].shape"        a carton.toml field (no line known)
//   "carton.toml:14: input[2].shape"     ... with its line from CartonInfo::fieldLines
//   "MANIFEST:3"                         a MANIFEST line
//   "LINKS: urls.<sha256>"               a LINKS entry
//   "tensor_data/index.toml:7: tensor[0].file"
//   "model/model.pt", "model/"           a file or folder of the carton
// carton.toml field paths are the CartonInfo::fieldLines keys, sometimes one step
// deeper ("input[2].shape[1]", "required_platforms[3]", "self_test[0].inputs.x");
// FieldPath::parse takes them apart.
//
// Severities: Error = the carton breaks a rule of the spec or of upstream's reader
// or packer, or references something that is not there; Warning = allowed but
// most likely a mistake (unknown runner, self-test data not matching the declared
// dtype/shape, unused files); Info = worth knowing (files fetched through LINKS,
// self-tests leaving inputs out).

// Checks of carton.toml alone (used live by the editor): spec_version; runner
// name (unknown = warning), semver syntax of required_framework_version,
// runner_compat_version >= 0; input/output names (empty, duplicate), dtypes and
// shapes (negative dims, quoted numbers, symbols naming a whole shape in one place
// and a dimension in another = info); self_test/example keys against the declared
// inputs/outputs and their reference syntax (self_test: "@tensor_data/...";
// example: "@tensor_data/..." or "@misc/..."); short_description <= 100
// characters; required_platforms target triples; model_description image
// targets (https or @misc/ only: error; links: warning); repository/homepage URLs.
// With `shapes` (the concrete shapes of the carton's tensor_data tensors), the
// specs are also checked against what each self-test and example feeds them
// (checkSpecs: rank, sizes, one value per symbol per section); `symbols`, when
// given, receives checkSpecs' summary of the shape symbols.
CARTONCORE_EXPORT Diagnostics validateInfo(const CartonInfo &info, const TensorShapes &shapes = {},
                                           QList<SymbolSummary> *symbols = nullptr);

// Everything: the carton's load diagnostics, validateInfo, and the checks that
// need the files (carton.toml and MANIFEST present; MANIFEST vs files: missing,
// linked, unlisted; LINKS entries MANIFEST does not use; model/ not empty;
// files outside the v1 layout; tensor_data index vs files; numeric tensor file
// sizes vs dtype × shape; string tensor element counts; nested tensors' inner
// tensors; references to missing tensors/misc files; dtype/shape of self-test
// and example tensors vs the specs; symbols resolving to one value per
// self_test; @misc images of the description exist; [[input]]/[[output]]
// against the model file's own signature, checkModelSignature, for a local
// carton). Does not hash:
// verifyCarton() does that.
CARTONCORE_EXPORT Diagnostics validateCarton(const Carton &carton);

// What validateEdits() may be given instead of reading it again (an editor keeps
// both until the files they come from change).
struct EditsValidationInputs {
    // The edits' tensor_data/index.toml; null: read from the edits.
    const TensorIndex *index = nullptr;
    // The edits' model files; null: ModelSet::fromEdits().
    const ModelSet *models = nullptr;
    // Receives checkSpecs' summary of the shape symbols.
    QList<SymbolSummary> *symbols = nullptr;
};

// A carton being edited, as it will be once saved with `info` as its carton.toml:
// validateInfo, model/ and the top-level layout, tensor_data against its files,
// references, and the model's own signature — the checks validateCarton() makes
// of the same content, so the editor, `carton edit` and `carton verify` of the
// saved carton say the same. Not checked: MANIFEST and LINKS (saving writes
// MANIFEST) and the original's load diagnostics.
CARTONCORE_EXPORT Diagnostics validateEdits(const CartonEdits &edits, const CartonInfo &info,
                                            const EditsValidationInputs &inputs = {});

} // namespace carton
