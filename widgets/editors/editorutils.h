// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QString>

class QWidget;

namespace studio {

// Marks `widget` as holding an error (a red frame) or a warning, with the
// messages in its tooltip; an empty list clears the mark. The one way editors
// show a field's problems.
void markField(QWidget *widget, const carton::Diagnostics &problems);

// The diagnostics whose carton.toml field is `field` or lies under it
// ("input[2]" matches "input[2].shape[1]").
carton::Diagnostics diagnosticsFor(const carton::Diagnostics &all, const QString &field);

} // namespace studio
