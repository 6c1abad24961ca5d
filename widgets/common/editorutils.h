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

// Browsing or editing in place: the text fields under `root` become read-only
// (their text stays selectable), item views stop opening editors, buttons that
// change the document and the shortcuts of actions are hidden or disabled, and
// drops are refused. Fields made read-only by their editor stay so. The
// widgets, their values, selection and scroll positions stay as they are, and
// hidden buttons keep their place.
void setFieldsEditable(QWidget *root, bool editable);
// Whether `widget` keeps its place in the layout while hidden (an edit button
// while browsing: nothing moves when it shows).
void keepPlace(QWidget *widget, bool keep);

} // namespace studio
