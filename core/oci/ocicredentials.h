// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QString>
#include <optional>

namespace carton {

// A user name and secret for one registry. The secret never appears in a message,
// a log or --json output (toString() and errors name the user and the source only).
struct CARTONCORE_EXPORT RegistryCredentials {
    QString username;
    QString secret;
    bool identityToken = false; // a helper's "<token>" user: the secret is an OAuth2 refresh token
    QString origin;             // where they came from, for messages ("~/.docker/config.json", "--username")
};

// The credentials Docker's own client would use for `registry` ("host:port"):
// $DOCKER_CONFIG/config.json or ~/.docker/config.json — credHelpers[registry], then
// auths[registry] (base64 "user:password" in "auth", or "identitytoken"), then the
// credsStore helper. A helper is the program docker-credential-NAME run with "get"
// and the registry on stdin (30 s, 64 KiB of output at most). No configuration or no
// entry: nullopt. A broken file or a failing helper: an error naming the file or
// the helper, never a secret. `configDir` overrides the folder (tests).
CARTONCORE_EXPORT Result<std::optional<RegistryCredentials>> dockerCredentials(const QString &registry,
                                                                               const QString &configDir = {});

} // namespace carton
