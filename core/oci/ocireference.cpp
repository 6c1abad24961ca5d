// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ocireference.h"

#include <QHostAddress>
#include <QRegularExpression>

namespace carton {

namespace {

constexpr QLatin1StringView kScheme("oci://");

Error refError(const QString &text, const QString &what)
{
    return makeError(ErrorCode::Usage, QStringLiteral("\"%1\" is not a registry reference (host[:port]/repository"
                                                      "[:tag|@sha256:…]): %2")
                                           .arg(text.left(300), what));
}

} // namespace

Result<OciReference> OciReference::parse(const QString &input)
{
    QString text = input.trimmed();
    if (isOciUrl(text))
        text = text.mid(kScheme.size());
    if (text.size() > 600)
        return refError(input, QStringLiteral("longer than 600 characters"));
    const qsizetype slash = text.indexOf(u'/');
    if (slash <= 0)
        return refError(input, QStringLiteral("no registry host before the first \"/\""));
    OciReference ref;
    ref.registry = text.left(slash).toLower();
    static const QRegularExpression hostRe(
        QStringLiteral("^(\\[[0-9a-f:]+\\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)"
                       "(:[0-9]{1,5})?$"));
    if (!hostRe.match(ref.registry).hasMatch())
        return refError(
            input,
            QStringLiteral("the registry \"%1\" is not a host name with an optional port").arg(ref.registry.left(100)));
    QString rest = text.mid(slash + 1);
    if (const qsizetype at = rest.indexOf(u'@'); at >= 0) {
        ref.digest = rest.mid(at + 1);
        rest = rest.left(at);
        static const QRegularExpression digestRe(QStringLiteral("^sha256:[0-9a-f]{64}$"));
        if (!digestRe.match(ref.digest).hasMatch())
            return refError(input, QStringLiteral("the digest must be sha256: and 64 lowercase hex digits"));
    }
    if (const qsizetype colon = rest.lastIndexOf(u':'); colon >= 0) {
        ref.tag = rest.mid(colon + 1);
        rest = rest.left(colon);
        static const QRegularExpression tagRe(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$"));
        if (!tagRe.match(ref.tag).hasMatch())
            return refError(
                input,
                QStringLiteral("the tag \"%1\" is not [A-Za-z0-9_][A-Za-z0-9._-]{0,127}").arg(ref.tag.left(140)));
    }
    ref.repository = rest;
    static const QRegularExpression repoRe(
        QStringLiteral("^[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*$"));
    if (ref.repository.isEmpty() || ref.repository.size() > 255 || !repoRe.match(ref.repository).hasMatch())
        return refError(input, QStringLiteral("the repository \"%1\" must be lowercase letters, digits and "
                                              "separators (. _ __ -) in /-separated parts, at most 255 characters")
                                   .arg(ref.repository.left(260)));
    if (ref.tag.isEmpty() && ref.digest.isEmpty())
        ref.tag = QStringLiteral("latest");
    return ref;
}

QString OciReference::toString() const
{
    QString s = registry + u'/' + repository;
    if (!tag.isEmpty())
        s += u':' + tag;
    if (!digest.isEmpty())
        s += u'@' + digest;
    return s;
}

QString OciReference::host() const
{
    if (registry.startsWith(u'['))
        return registry.mid(1, registry.indexOf(u']') - 1);
    const qsizetype colon = registry.lastIndexOf(u':');
    return colon < 0 ? registry : registry.left(colon);
}

bool OciReference::isLoopback() const
{
    const QString h = host();
    if (h == u"localhost")
        return true;
    const QHostAddress address(h);
    return !address.isNull() && address.isLoopback();
}

QUrl OciReference::baseUrl(bool plainHttp) const
{
    return QUrl((plainHttp || isLoopback() ? QStringLiteral("http://") : QStringLiteral("https://")) + registry);
}

} // namespace carton
