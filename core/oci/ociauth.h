// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "oci/ocicredentials.h"
#include "remote/remoteoptions.h"

#include <QByteArray>
#include <QMap>
#include <QUrl>
#include <functional>
#include <optional>

namespace carton {

// Internal to carton_oci: answers a registry's 401 challenges as registries expect.
// "Basic" gets the credentials; "Bearer realm=…,service=…,scope=…" gets a token
// from the realm (anonymously, or with the credentials as basic auth, or an
// identity token as an OAuth2 refresh token) and sends it as "Bearer <token>".
// The Authorization value is only ever a header: never in a message.
class OciAuthenticator {
public:
    // `credentials` are asked for once, when a challenge needs them.
    using CredentialSource = std::function<Result<std::optional<RegistryCredentials>>()>;
    OciAuthenticator(QString registry, CredentialSource credentials, RemoteOptions options);

    // The Authorization header to send now (empty: none yet).
    QByteArray header() const { return m_header; }
    // Answers the WWW-Authenticate value of a 401. Fails (naming the registry, the
    // user and where the credentials came from) when it cannot be answered or the
    // same challenge was answered already (the credentials were refused).
    Status answer(const QByteArray &challenge);

    // "Bearer realm=\"x\",service=\"y\"" -> {realm: x, service: y}; the scheme in
    // lowercase under the key "" ("bearer"). Quoted values may hold commas.
    static QMap<QByteArray, QByteArray> parseChallenge(const QByteArray &value);

private:
    Result<std::optional<RegistryCredentials>> credentials();
    Status fetchToken(const QMap<QByteArray, QByteArray> &params);

    QString m_registry;
    CredentialSource m_source;
    RemoteOptions m_options;
    bool m_asked = false;
    std::optional<RegistryCredentials> m_credentials;
    QByteArray m_header;
    QList<QByteArray> m_answered; // challenges answered with the credentials we have
};

} // namespace carton
