// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shellicons.h"

#include <QFile>

namespace studio {

QIcon shellIcon(const QString &name, const QString &themeName)
{
    const QString resource = QStringLiteral(":/icons/%1.svg").arg(name);
    if (QFile::exists(resource))
        return QIcon(resource);
    if (!themeName.isEmpty())
        return QIcon::fromTheme(themeName);
    return {};
}

} // namespace studio
