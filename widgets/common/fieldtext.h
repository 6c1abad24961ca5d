// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>

class QLineEdit;

namespace studio {

// Shows the document's `text` in a field when it differs, without signals
// (no edit is made of it) and keeping the cursor where it was: how editors
// follow infoChanged() (an undo, redo or another view's edit) while the user
// may be typing in that very field.
void showFieldText(QLineEdit *edit, const QString &text);

} // namespace studio
