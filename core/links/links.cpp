// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "links.h"

#include "base/sha256.h"
#include "format/tomlutil.h"

#include <QUrl>

namespace carton {

namespace {

// Returns an error message, or an empty string when `text` is an acceptable link URL.
QString checkUrl(const QString &text)
{
    if (text.size() > 8192)
        return QStringLiteral("URL longer than 8192 characters");
    for (QChar c : text)
        if (c.unicode() <= 0x20 || c.unicode() == 0x7f || c == u'"' || c == u'\\')
            return QStringLiteral("URL contains a space, quote, backslash or control character");
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return QStringLiteral("invalid URL: %1").arg(url.errorString());
    const QString scheme = url.scheme();
    if (scheme != u"http" && scheme != u"https")
        return QStringLiteral("only http and https URLs are allowed, not \"%1\"").arg(scheme.left(20));
    if (url.host().isEmpty())
        return QStringLiteral("URL has no host");
    return {};
}

} // namespace

Result<Links> Links::parse(QByteArrayView text, const QString &fileName)
{
    const Result<toml::table> parsed = tomlutil::parse(text, fileName);
    if (!parsed)
        return parsed.error();
    const toml::table &root = *parsed;
    auto error = [&](const toml::node &node, const QString &message) {
        return makeError(ErrorCode::Format, message, tomlutil::location(fileName, node.source()));
    };

    const toml::node *version = root.get("version");
    if (!version)
        return makeError(ErrorCode::Format, QStringLiteral("missing required field \"version\" (expected version = 1)"),
                         fileName);
    if (!version->is_integer())
        return error(
            *version,
            QStringLiteral("field \"version\" must be the integer 1, found %1").arg(tomlutil::typeName(*version)));
    if (version->as_integer()->get() != 1)
        return error(
            *version,
            QStringLiteral("unsupported LINKS version %1 (only version 1 is known)").arg(version->as_integer()->get()));

    Links links;
    const toml::node *urls = root.get("urls");
    if (!urls)
        return links;
    const toml::table *table = urls->as_table();
    if (!table)
        return error(*urls, QStringLiteral("\"urls\" must be a table mapping sha256 to URL lists, found %1")
                                .arg(tomlutil::typeName(*urls)));
    for (const auto &[key, value] : *table) {
        const QByteArray sha = QByteArray(key.str().data(), qsizetype(key.str().size()));
        const QString where = tomlutil::location(fileName, key.source().begin.line ? key.source() : value.source());
        if (!isSha256Hex(sha))
            return makeError(ErrorCode::Format,
                             QStringLiteral("key \"%1\" in [urls] is not a sha256 (64 lowercase hex digits)")
                                 .arg(tomlutil::toQString(key.str()).left(100)),
                             where);
        const toml::array *array = value.as_array();
        if (!array)
            return error(value, QStringLiteral("urls for %1 must be an array of URL strings, found %2")
                                    .arg(QString::fromLatin1(sha), tomlutil::typeName(value)));
        if (array->empty())
            return error(value, QStringLiteral("urls for %1 must list at least one URL").arg(QString::fromLatin1(sha)));
        QStringList list;
        for (const toml::node &item : *array) {
            const toml::value<std::string> *string = item.as_string();
            if (!string)
                return error(item, QStringLiteral("urls for %1: entries must be strings, found %2")
                                       .arg(QString::fromLatin1(sha), tomlutil::typeName(item)));
            const QString url = tomlutil::toQString(string->get());
            const QString problem = checkUrl(url);
            if (!problem.isEmpty())
                return error(item, QStringLiteral("urls for %1: %2").arg(QString::fromLatin1(sha), problem));
            list.append(url);
        }
        links.m_urls.insert(sha, list);
    }
    return links;
}

QByteArray Links::serialize() const
{
    QByteArray out("version = 1\n\n[urls]\n");
    for (auto it = m_urls.cbegin(); it != m_urls.cend(); ++it) {
        out.append(it.key());
        out.append(" = [");
        for (qsizetype i = 0; i < it.value().size(); ++i) {
            if (i > 0)
                out.append(", ");
            // URLs are checked on parse; quote anyway so that the output is always valid TOML.
            out.append(tomlutil::quote(it.value().at(i)));
        }
        out.append("]\n");
    }
    return out;
}

} // namespace carton
