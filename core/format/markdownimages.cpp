// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "format/markdownimages.h"

#include "base/archivepath.h"
#include "format/cmarkptr.h"

#include <QUrl>
#include <cmark.h>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

using cmark::IterPtr;
using cmark::NodePtr;

} // namespace

QList<MarkdownTarget> markdownTargets(const QString &markdown)
{
    QList<MarkdownTarget> out;
    const QByteArray utf8 = markdown.toUtf8();
    // CMARK_OPT_DEFAULT: raw HTML stays an HTML node (never becomes a link), no
    // "unsafe" rendering matters here since nothing is rendered.
    NodePtr doc(cmark_parse_document(utf8.constData(), size_t(utf8.size()), CMARK_OPT_DEFAULT));
    if (!doc)
        return out;
    IterPtr iter(cmark_iter_new(doc.get()));
    if (!iter)
        return out;
    for (cmark_event_type ev = cmark_iter_next(iter.get()); ev != CMARK_EVENT_DONE; ev = cmark_iter_next(iter.get())) {
        if (ev != CMARK_EVENT_ENTER)
            continue;
        cmark_node *node = cmark_iter_get_node(iter.get());
        const cmark_node_type type = cmark_node_get_type(node);
        if (type != CMARK_NODE_IMAGE && type != CMARK_NODE_LINK)
            continue;
        const char *url = cmark_node_get_url(node);
        MarkdownTarget target;
        target.url = QString::fromUtf8(url ? url : "");
        target.isImage = type == CMARK_NODE_IMAGE;
        target.line = cmark_node_get_start_line(node);
        out.append(std::move(target));
    }
    return out;
}

QStringList markdownImageTargets(const QString &markdown)
{
    QStringList out;
    const QList<MarkdownTarget> targets = markdownTargets(markdown);
    for (const MarkdownTarget &t : targets)
        if (t.isImage)
            out.append(t.url);
    return out;
}

MarkdownTargetKind classifyMarkdownTarget(const QString &url)
{
    static const QString miscPrefix = u"@misc/"_s;
    if (url.startsWith(miscPrefix)) {
        const QString rest = url.mid(miscPrefix.size());
        if (!rest.isEmpty() && checkArchivePath(rest, u"markdown"_s).ok())
            return MarkdownTargetKind::Misc;
        return MarkdownTargetKind::Other;
    }
    const QUrl parsed(url, QUrl::StrictMode);
    if (parsed.isValid() && parsed.scheme() == u"https"_s && !parsed.host().isEmpty() &&
        url.startsWith(u"https://"_s, Qt::CaseInsensitive))
        return MarkdownTargetKind::Https;
    return MarkdownTargetKind::Other;
}

} // namespace carton
