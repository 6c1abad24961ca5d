// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/validator.h"

#include "model/modelset.h"
#include "package/carton.h"
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
    validate_detail::checkTensorData(carton, r);
    if (info) {
        validate_detail::checkReferences(carton, *info, r);
        // Reading the model files of a carton on a server costs range requests
        // of every model/ file: a remote carton's card stays cheap without it.
        if (!carton.source().isRemote())
            out += checkModelSignature(*info, ModelSet::fromCarton(carton.source()));
    }
    return out;
}

} // namespace carton
