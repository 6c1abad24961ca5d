// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/logging.h"

namespace carton {

Q_LOGGING_CATEGORY(lcTensor, "carton.tensor")
Q_LOGGING_CATEGORY(lcRunner, "carton.runner")

} // namespace carton
