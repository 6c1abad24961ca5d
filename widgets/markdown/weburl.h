// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QUrl>

namespace studio {

// True for an absolute http:// or https:// URL with a host.
bool isWebUrl(const QUrl &url);

} // namespace studio
