// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QString>

namespace carton {

// A cheap lexical pre-check to run before handing untrusted text to toml++.
// toml++ limits nested *values* (arrays/inline tables) to 256 but not dotted keys
// or table headers: "[a.a.a...]" with ~50,000 parts overflows the stack inside
// toml++ (parser and destructor). This scans the text (skipping strings and
// comments) and fails with ErrorCode::Limit and location "FILENAME:LINE" when
// the nesting of dotted keys, headers, arrays and inline tables exceeds
// maxDepth (Limits::maxTomlNesting). It does not validate TOML otherwise.
CARTONCORE_EXPORT Status checkTomlNesting(QByteArrayView text, const QString &fileName, int maxDepth);

} // namespace carton
