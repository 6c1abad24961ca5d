// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_codec: zlib's own message for a failed call, or its code.

#include <QString>
#include <zlib.h>

namespace carton {

inline QString zlibMessage(const z_stream &stream, int ret)
{
    if (stream.msg)
        return QString::fromUtf8(stream.msg);
    return QStringLiteral("zlib error %1").arg(ret);
}

} // namespace carton
