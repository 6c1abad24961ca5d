// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QIcon>
#include <QString>

namespace studio {

// ":/icons/<name>.svg" from the studio_icons resources, or the desktop theme's
// `themeName` icon when the resource is missing.
QIcon shellIcon(const QString &name, const QString &themeName = {});

} // namespace studio
