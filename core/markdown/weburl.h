// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QUrl>

namespace carton {

// True for an absolute http:// or https:// URL with a host.
CARTONCORE_EXPORT bool isWebUrl(const QUrl &url);

} // namespace carton
