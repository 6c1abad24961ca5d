// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "format/cartontolerance.h"
#include "selftest/selftestresult.h"

#include <QString>

namespace studio {

class CartonDocument;

// Writes `tolerance` as self_test[selfTestIndex]'s [self_test.tolerance] in the
// document (carton::withCartonTolerance keeps the self-test's other extension
// keys): one undo step named `what`. Fails (nothing changed) when there is no
// such self-test.
carton::Status keepTolerance(CartonDocument &document, int selfTestIndex, const carton::CartonTolerance &tolerance,
                             const QString &what);

// The same for the self-test a run's result came from, found in the document as
// it is now by what it was when run (name, inputs, expected_out), not by its
// position: self-tests moved, added or removed since the run do not change which
// one is written. Fails (nothing changed) when it is gone or changed, or when
// several match and none of them is at its old position.
carton::Status keepTolerance(CartonDocument &document, const carton::SelfTestResult &asRun,
                             const carton::CartonTolerance &tolerance, const QString &what);

} // namespace studio
