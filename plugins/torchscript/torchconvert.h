// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "tensor/tensor.h"

#include <ATen/core/ivalue.h>
#include <ATen/core/jit_type.h>

// Conversions between Carton tensors and TorchScript values (upstream's rules).
namespace torchconvert {

// A numeric tensor becomes a torch tensor (copied), a string tensor a str
// (scalar) or List[str]. `expected` is the dict's value type from the schema.
carton::Result<c10::IValue> toIValue(const carton::Tensor &tensor, const c10::TypePtr &expected);
// A torch tensor (made contiguous, on the CPU), a str or a List[str] becomes a
// Carton tensor named `name`.
carton::Result<carton::Tensor> fromIValue(const QString &name, const c10::IValue &value);

} // namespace torchconvert
