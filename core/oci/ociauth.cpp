// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ociauth.h"

#include "remote/httpclient.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

namespace carton {

namespace {

constexpr qint64 kMaxTokenResponse = 64 << 10;

QByteArray basicValue(const RegistryCredentials &c)
{
    const QByteArray pair = c.username.toUtf8() + ':' + c.secret.toUtf8();
    return QByteArrayLiteral("Basic ") + pair.toBase64();
}

} // namespace

OciAuthenticator::OciAuthenticator(QString registry, CredentialSource credentials, RemoteOptions options)
    : m_registry(std::move(registry)), m_source(std::move(credentials)), m_options(std::move(options))
{
}

QMap<QByteArray, QByteArray> OciAuthenticator::parseChallenge(const QByteArray &value)
{
    QMap<QByteArray, QByteArray> out;
    const QByteArray text = value.trimmed();
    qsizetype i = text.indexOf(' ');
    out.insert(QByteArray(), (i < 0 ? text : text.left(i)).toLower());
    if (i < 0)
        return out;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == ','))
            ++i;
        const qsizetype eq = text.indexOf('=', i);
        if (eq < 0)
            break;
        const QByteArray key = text.mid(i, eq - i).trimmed().toLower();
        i = eq + 1;
        QByteArray val;
        if (i < text.size() && text[i] == '"') {
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size())
                    ++i;
                val += text[i];
            }
            ++i; // the closing quote
        } else {
            const qsizetype end = text.indexOf(',', i);
            val = text.mid(i, end < 0 ? -1 : end - i).trimmed();
            i = end < 0 ? text.size() : end;
        }
        out.insert(key, val);
    }
    return out;
}

Result<std::optional<RegistryCredentials>> OciAuthenticator::credentials()
{
    if (!m_asked) {
        m_asked = true;
        auto got = m_source ? m_source() : Result<std::optional<RegistryCredentials>>(std::nullopt);
        if (!got)
            return got.error();
        m_credentials = *got;
    }
    return m_credentials;
}

Status OciAuthenticator::answer(const QByteArray &challenge)
{
    const QMap<QByteArray, QByteArray> params = parseChallenge(challenge);
    const QByteArray scheme = params.value(QByteArray());
    auto creds = credentials();
    if (!creds)
        return creds.error();
    const QString who = *creds ? QStringLiteral("the credentials of user \"%1\" from %2")
                                     .arg(m_credentials->username.left(100), m_credentials->origin)
                               : QStringLiteral("no credentials (give --username and --password-stdin, or log in "
                                                "with docker login)");
    if (m_answered.contains(challenge))
        return makeError(ErrorCode::Network, QStringLiteral("the registry refused access (HTTP 401) with %1").arg(who),
                         m_registry);
    m_answered.append(challenge);
    if (scheme == "basic") {
        if (!*creds)
            return makeError(ErrorCode::Network,
                             QStringLiteral("the registry asks for a user name and password (HTTP 401) and there "
                                            "are %1")
                                 .arg(who),
                             m_registry);
        m_header = basicValue(**creds);
        return {};
    }
    if (scheme == "bearer")
        return fetchToken(params);
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("the registry asks for the authentication scheme \"%1\"; only Basic and Bearer "
                                    "are supported")
                         .arg(QString::fromLatin1(scheme.left(40))),
                     m_registry);
}

Status OciAuthenticator::fetchToken(const QMap<QByteArray, QByteArray> &params)
{
    QUrl realm(QString::fromUtf8(params.value("realm")), QUrl::StrictMode);
    if (!realm.isValid() || (realm.scheme() != u"https" && realm.scheme() != u"http") || realm.host().isEmpty())
        return makeError(ErrorCode::Network,
                         QStringLiteral("the registry's Bearer challenge has no usable realm URL (http or https)"),
                         m_registry);
    QUrlQuery query(realm);
    if (params.contains("service"))
        query.addQueryItem(QStringLiteral("service"), QString::fromUtf8(params.value("service")));
    HttpRequest request;
    const std::optional<RegistryCredentials> &c = m_credentials;
    if (c && c->identityToken) {
        // The OAuth2 flow of Docker's token specification.
        QUrlQuery form;
        form.addQueryItem(QStringLiteral("grant_type"), QStringLiteral("refresh_token"));
        form.addQueryItem(QStringLiteral("refresh_token"), c->secret);
        form.addQueryItem(QStringLiteral("client_id"), QStringLiteral("carton-studio"));
        if (params.contains("service"))
            form.addQueryItem(QStringLiteral("service"), QString::fromUtf8(params.value("service")));
        if (params.contains("scope"))
            form.addQueryItem(QStringLiteral("scope"), QString::fromUtf8(params.value("scope")));
        request.method = "POST";
        request.addHeader("Content-Type", "application/x-www-form-urlencoded");
        request.body = form.toString(QUrl::FullyEncoded).toUtf8();
    } else {
        if (params.contains("scope"))
            for (const QByteArray &scope : params.value("scope").split(' '))
                query.addQueryItem(QStringLiteral("scope"), QString::fromUtf8(scope));
        if (c)
            request.addHeader(QByteArrayLiteral("Authorization"), basicValue(*c));
    }
    realm.setQuery(query);
    QByteArray body;
    int status = 0;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        status = head.status;
        if (head.contentLength > kMaxTokenResponse)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("the token response is larger than %1 bytes").arg(kMaxTokenResponse));
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (body.size() + n > kMaxTokenResponse)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("the token response is larger than %1 bytes").arg(kMaxTokenResponse));
        body.append(data, n);
        return {};
    };
    Result<HttpHead> head = HttpClient(HttpPolicy::fromRemote(m_options)).send(realm, request, check, sink);
    const QString realmName = realm.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    if (!head)
        return makeError(head.error().code,
                         QStringLiteral("getting a token from %1 failed: %2").arg(realmName, head.error().message),
                         m_registry);
    if (status == 401 || status == 403)
        return makeError(
            ErrorCode::Network,
            QStringLiteral("the token service %1 refused %2 (HTTP %3)")
                .arg(realmName,
                     c ? QStringLiteral("the credentials of user \"%1\" from %2").arg(c->username.left(100), c->origin)
                       : QStringLiteral("an anonymous request"))
                .arg(status),
            m_registry);
    if (status != 200)
        return makeError(ErrorCode::Network,
                         QStringLiteral("the token service %1 answered HTTP %2").arg(realmName).arg(status),
                         m_registry);
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    QString token = o.value(u"token").toString();
    if (token.isEmpty())
        token = o.value(u"access_token").toString();
    if (token.isEmpty() || token.size() > 32 * 1024 || token.contains(u'\n') || token.contains(u'\r'))
        return makeError(
            ErrorCode::Format,
            QStringLiteral("the token service %1 answered no usable \"token\" or \"access_token\"").arg(realmName),
            m_registry);
    m_header = "Bearer " + token.toUtf8();
    return {};
}

} // namespace carton
