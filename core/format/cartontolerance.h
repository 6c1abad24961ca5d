// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The [self_test.tolerance] extension of carton.toml, as the file holds it
// (read by validation and the self-test engine; how a tolerance is resolved and
// applied is selftest/tolerance.h).

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <optional>

namespace carton {

// Some of rtol / atol / equal_nan, for one level of the resolution below.
struct ToleranceOverride {
    std::optional<double> rtol;
    std::optional<double> atol;
    std::optional<bool> equalNan;
    bool isEmpty() const { return !rtol && !atol && !equalNan; }
    bool operator==(const ToleranceOverride &) const = default;
};

// Tolerances a carton carries for one self-test, in the [self_test.tolerance]
// extension table (upstream ignores unknown keys, so the carton stays valid):
//
//   [self_test.tolerance]      # for every output of this self-test
//   rtol = 1e-4
//   atol = 1e-6
//   equal_nan = true
//   [self_test.tolerance.y]    # for output "y" only
//   atol = 1e-3
struct CartonTolerance {
    ToleranceOverride all;
    QMap<QString, ToleranceOverride> perOutput;
    bool isEmpty() const { return all.isEmpty() && perOutput.isEmpty(); }
    bool operator==(const CartonTolerance &) const = default;
};

// Reads [self_test.tolerance] from a self-test's unknown TOML (SelfTest::unknownToml).
// No table: an empty CartonTolerance. Fails (ErrorCode::Format, location `where`,
// e.g. "carton.toml: self_test[0]") on a value that is not a number >= 0 (rtol,
// atol) or a boolean (equal_nan), on unknown keys, and on a per-output entry that
// is not a table; the message names the field ("tolerance.y.atol: ...").
CARTONCORE_EXPORT Result<CartonTolerance> parseCartonTolerance(const QByteArray &selfTestUnknownToml,
                                                               const QString &where);
// The TOML text of [tolerance] (and its sub-tables) for SelfTest::unknownToml,
// merged into `selfTestUnknownToml` (other keys kept; an empty `tolerance` removes it).
// Fails (ErrorCode::Format) when `selfTestUnknownToml` is not TOML: merging would lose it.
CARTONCORE_EXPORT Result<QByteArray> withCartonTolerance(const QByteArray &selfTestUnknownToml,
                                                         const CartonTolerance &tolerance);
// A tolerance number as carton.toml holds it once written: the shortest text that
// reads back to the same double ("1e-6", "0.01", "1.0"). What an editor shows.
CARTONCORE_EXPORT QString toleranceText(double value);

} // namespace carton
