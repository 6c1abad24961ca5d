// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/validator.h"

#include "model/modelset.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "validate/cartonfileview.h"
#include "validate/editsfileview.h"
#include "validate/modelsignature.h"
#include "validate/validaterules.h"

namespace carton {

Diagnostics validateCarton(const Carton &carton)
{
    Diagnostics out = carton.loadDiagnostics();
    static const QHash<QString, int> noLines;
    const std::optional<CartonInfo> &info = carton.info();
    if (info)
        out += validateInfo(*info, carton.tensorIndex() ? tensorShapesOf(*carton.tensorIndex()) : TensorShapes());
    validate_detail::Reporter r(out, info ? info->fieldLines : noLines);
    validate_detail::checkLayout(carton, r);
    const validate_detail::CartonFileView files(carton);
    validate_detail::checkTopLevel(files, info ? &*info : nullptr, r);
    validate_detail::checkTensorData(files, r);
    if (info) {
        validate_detail::checkReferences(files, *info, r);
        // Reading the model files of a carton on a server costs range requests
        // of every model/ file: a remote carton's card stays cheap without it.
        // Without declared inputs or outputs there is nothing to compare the model
        // with, and nothing to read (a carton of 100,000 files under model/).
        const bool declared = !info->inputs.isEmpty() || !info->outputs.isEmpty();
        if (declared && !carton.source().isRemote())
            out += checkModelSignature(*info, ModelSet::fromCarton(carton.source()));
    }
    return out;
}

Diagnostics validateEdits(const CartonEdits &givenEdits, const CartonInfo &info, const EditsValidationInputs &inputs)
{
    const QString indexPath = validate_detail::indexTomlName();
    // Saving always writes tensor_data/index.toml (an empty one when there is
    // none): validated as it will be.
    std::optional<CartonEdits> withIndex;
    if (!givenEdits.find(indexPath)) {
        withIndex = givenEdits;
        if (!withIndex->putBytes(indexPath, TensorIndex().serialize()))
            withIndex.reset(); // cannot happen: a valid path, no such file yet
    }
    const CartonEdits &edits = withIndex ? *withIndex : givenEdits;
    std::optional<TensorIndex> readIndex;
    const TensorIndex *index = withIndex ? nullptr : inputs.index;
    Diagnostics indexProblems;
    if (!index) {
        if (Result<TensorIndex> read = edits.tensorIndex()) {
            readIndex = std::move(read).value();
            index = &*readIndex;
        } else {
            indexProblems.append({Severity::Error, DiagnosticLocation{indexPath}, read.error().message});
        }
    }
    Diagnostics out = validateInfo(info, index ? tensorShapesOf(*index) : TensorShapes(), inputs.symbols);
    out += indexProblems;
    validate_detail::Reporter r(out, info.fieldLines);
    const validate_detail::EditsFileView files(edits, index);
    validate_detail::checkTopLevel(files, &info, r);
    validate_detail::checkTensorData(files, r);
    validate_detail::checkReferences(files, info, r);
    if (inputs.models)
        out += checkModelSignature(info, *inputs.models);
    else
        out += checkModelSignature(info, ModelSet::fromEdits(edits));
    return out;
}

} // namespace carton
