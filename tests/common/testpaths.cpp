// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "testpaths.h"

namespace testutil {

QString sharedPath(QStringView tail)
{
    return QStringLiteral(CARTON_SHARED_DIR) + tail;
}

QString sourcePath(QStringView tail)
{
    return QStringLiteral(CARTON_SOURCE_DIR) + tail;
}

QString binaryPath(QStringView tail)
{
    return QStringLiteral(CARTON_BINARY_DIR) + tail;
}

} // namespace testutil
