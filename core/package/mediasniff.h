// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QString>

namespace carton {

class CartonSource;

// The media type of a carton's file from its first bytes (MediaType::detect:
// "audio/mpeg", "video/mp4", "text/plain"...); reads MediaType::sniffBytes at
// most, through readRange. Errors name the file.
CARTONCORE_EXPORT Result<QString> sniffMediaType(const CartonSource &source, const QString &path);

} // namespace carton
