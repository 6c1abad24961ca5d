// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QString>

namespace carton {

class ByteSource;
class CartonSource;

// The media type of a carton's file from its first bytes (MediaType::detect:
// "audio/mpeg", "video/mp4", "text/plain"...); reads MediaType::sniffBytes at
// most, through readRange. Errors name the file.
CARTONCORE_EXPORT Result<QString> sniffMediaType(const CartonSource &source, const QString &path);
// The same for any file's bytes (an edited carton's file on disk or in memory).
CARTONCORE_EXPORT Result<QString> sniffMediaType(const ByteSource &source);

} // namespace carton
