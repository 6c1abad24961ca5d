// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "links.h"

#include "base/limits.h"
#include "base/sha256.h"
#include "format/tomlguard.h"

#include <QUrl>

#include <string_view>

#include <toml++/toml.h>

namespace carton {

namespace {

QString location(const QString &fileName, const toml::source_region &source)
{
    if (source.begin.line == 0)
        return fileName;
    return QStringLiteral("%1:%2:%3").arg(fileName).arg(source.begin.line).arg(source.begin.column);
}

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString typeName(const toml::node &node)
{
    switch (node.type()) {
    case toml::node_type::string: return QStringLiteral("a string");
    case toml::node_type::integer: return QStringLiteral("an integer");
    case toml::node_type::floating_point: return QStringLiteral("a float");
    case toml::node_type::boolean: return QStringLiteral("a boolean");
    case toml::node_type::array: return QStringLiteral("an array");
    case toml::node_type::table: return QStringLiteral("a table");
    default: return QStringLiteral("a date/time");
    }
}

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
    // toml++ overflows its stack on absurdly deep dotted keys: refuse those first.
    if (Status nesting = checkTomlNesting(text, fileName, Limits().maxTomlNesting); !nesting)
        return nesting.error();
    toml::table root;
    try {
        root = toml::parse(std::string_view(text.data(), size_t(text.size())));
    } catch (const toml::parse_error &e) {
        return makeError(ErrorCode::Format, QStringLiteral("invalid TOML: %1").arg(toQString(e.description())),
                         location(fileName, e.source()));
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format, QStringLiteral("invalid TOML: %1").arg(QString::fromUtf8(e.what())), fileName);
    }
    auto error = [&](const toml::node &node, const QString &message) {
        return makeError(ErrorCode::Format, message, location(fileName, node.source()));
    };

    const toml::node *version = root.get("version");
    if (!version)
        return makeError(ErrorCode::Format, QStringLiteral("missing required field \"version\" (expected version = 1)"),
                         fileName);
    if (!version->is_integer())
        return error(*version, QStringLiteral("field \"version\" must be the integer 1, found %1").arg(typeName(*version)));
    if (version->as_integer()->get() != 1)
        return error(*version, QStringLiteral("unsupported LINKS version %1 (only version 1 is known)")
                                   .arg(version->as_integer()->get()));

    Links links;
    const toml::node *urls = root.get("urls");
    if (!urls)
        return links;
    const toml::table *table = urls->as_table();
    if (!table)
        return error(*urls, QStringLiteral("\"urls\" must be a table mapping sha256 to URL lists, found %1")
                                .arg(typeName(*urls)));
    for (const auto &[key, value] : *table) {
        const QByteArray sha = QByteArray(key.str().data(), qsizetype(key.str().size()));
        const QString where = location(fileName, key.source().begin.line ? key.source() : value.source());
        if (!isSha256Hex(sha))
            return makeError(ErrorCode::Format,
                             QStringLiteral("key \"%1\" in [urls] is not a sha256 (64 lowercase hex digits)")
                                 .arg(toQString(key.str()).left(100)),
                             where);
        const toml::array *array = value.as_array();
        if (!array)
            return error(value, QStringLiteral("urls for %1 must be an array of URL strings, found %2")
                                    .arg(QString::fromLatin1(sha), typeName(value)));
        if (array->empty())
            return error(value, QStringLiteral("urls for %1 must list at least one URL").arg(QString::fromLatin1(sha)));
        QStringList list;
        for (const toml::node &item : *array) {
            const toml::value<std::string> *string = item.as_string();
            if (!string)
                return error(item, QStringLiteral("urls for %1: entries must be strings, found %2")
                                       .arg(QString::fromLatin1(sha), typeName(item)));
            const QString url = toQString(string->get());
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
            out.append('"');
            // URLs are checked on parse; escape anyway so the output is always valid TOML.
            for (char c : it.value().at(i).toUtf8()) {
                if (c == '"' || c == '\\')
                    out.append('\\');
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                    out.append("\\u00" + QByteArray::number(static_cast<unsigned char>(c), 16).rightJustified(2, '0'));
                else
                    out.append(c);
            }
            out.append('"');
        }
        out.append("]\n");
    }
    return out;
}

} // namespace carton
