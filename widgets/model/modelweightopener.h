// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensorviewer/tensorviewer.h"

#include <memory>

namespace carton {
class ModelSet;
}

namespace studio {

// Opens the weights of model files for the TensorViewer by their ModelSet name
// ("model/model.onnx:conv1.weight"; a bare file's weights by their own name):
// ModelSet::openWeight, the one tensor-reading path (nothing read yet). `keepAlive`
// is held as long as the opener (the carton the set reads from).
TensorOpener modelWeightOpener(std::shared_ptr<const carton::ModelSet> set, std::shared_ptr<const void> keepAlive);

} // namespace studio
