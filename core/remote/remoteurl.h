// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <QUrl>

namespace carton {

// True when `text` names an http(s) URL ("https://host/x.carton") or a registry
// reference ("oci://host/repo:tag", isOciUrl), which is opened remotely rather than
// as a local path.
CARTONCORE_EXPORT bool isRemoteUrl(const QString &text);
// True when `text` starts with "oci://": a carton in an OCI registry (OciReference).
CARTONCORE_EXPORT bool isOciUrl(const QString &text);
// True for a valid http or https URL with a host: the only ones fetched.
CARTONCORE_EXPORT bool isHttpUrl(const QUrl &url);
// The last path segment ("x.carton"), for messages; the host when there is none.
CARTONCORE_EXPORT QString remoteFileName(const QUrl &url);

} // namespace carton
