// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensorviewer/tensorviewer.h"

#include <memory>

namespace carton {
class Carton;
}

namespace studio {

// Opens tensors of a carton's tensor_data for the TensorViewer: numeric ones as a
// reader (Carton::openTensor: nothing read yet), strings whole (Carton::loadTensor),
// nested ones as the list of their inner tensors.
TensorOpener cartonTensorOpener(std::shared_ptr<const carton::Carton> carton);

} // namespace studio
