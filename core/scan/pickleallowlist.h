// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "scan/scanreport.h"

#include <QString>

namespace carton {

// The verdict on one imported name.
struct PickleJudgement {
    bool allowed = false;
    ScanSeverity severity = ScanSeverity::High; // when not allowed
    QString why;                                // when not allowed: what loading it can do
};

// The names PyTorch and numpy checkpoints legitimately import (tensor and storage
// rebuilders, dtypes, OrderedDict, numpy's array reconstruction, TorchScript's
// own classes...). Everything else is a finding: this is an allow-list, because
// deny-lists are bypassed (operator.methodcaller, functools.partial,
// pkgutil.resolve_name, getattr chains...). Names known to run code or reach the
// system are critical; other unknown names are high.
class CARTONCORE_EXPORT PickleAllowList final {
public:
    static PickleJudgement judge(const QString &module, const QString &name);
    static bool isAllowed(const QString &module, const QString &name) { return judge(module, name).allowed; }
};

} // namespace carton
