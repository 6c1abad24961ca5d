// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "format/cartontolerance.h"

#include <QString>

namespace studio {

class CartonDocument;

// Writes `tolerance` as self_test[selfTestIndex]'s [self_test.tolerance] in the
// document (carton::withCartonTolerance keeps the self-test's other extension
// keys): one undo step named `what`. Fails (nothing changed) when there is no
// such self-test.
carton::Status keepTolerance(CartonDocument &document, int selfTestIndex, const carton::CartonTolerance &tolerance,
                             const QString &what);

} // namespace studio
