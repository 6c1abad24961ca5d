// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "markdown/markdownrenderer.h"

#include "base/archivepath.h"
#include "format/cmarkptr.h"
#include "markdown/weburl.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmark.h>
#include <cstring>
#include <vector>

namespace carton {

namespace {

using carton::cmark::IterPtr;
using carton::cmark::NodePtr;
using carton::cmark::TextPtr;

const QLatin1StringView miscScheme("carton-misc");

// Moves the children of `node` in front of it, then frees `node`: a link or an
// image becomes its text.
void unwrap(cmark_node *node)
{
    while (cmark_node *child = cmark_node_first_child(node)) {
        if (!cmark_node_insert_before(node, child)) // unlinks child from node first
            break;
    }
    cmark_node_unlink(node);
    cmark_node_free(node);
}

// Replaces raw HTML by the same text, which the renderer then escapes.
void replaceHtml(cmark_node *node, bool block)
{
    const char *literal = cmark_node_get_literal(node);
    QByteArray text = literal ? QByteArray(literal) : QByteArray();
    if (block)
        while (text.endsWith('\n'))
            text.chop(1);
    cmark_node *textNode = cmark_node_new(CMARK_NODE_TEXT);
    cmark_node_set_literal(textNode, text.constData());
    if (block) {
        cmark_node *para = cmark_node_new(CMARK_NODE_PARAGRAPH);
        cmark_node_append_child(para, textNode);
        cmark_node_replace(node, para);
    } else {
        cmark_node_replace(node, textNode);
    }
    cmark_node_free(node);
}

} // namespace

std::optional<QString> MarkdownRenderer::miscReferencePath(const QString &reference)
{
    static const QLatin1StringView prefix("@misc/");
    if (!reference.startsWith(prefix))
        return std::nullopt;
    // The archive's own path rules: relative, no empty, "." or ".." parts, no
    // backslash, no NUL or other control characters (which would otherwise reach
    // the HTML and the resource loader).
    const QString name = reference.mid(prefix.size());
    if (name.isEmpty() || !carton::checkArchivePath(QStringLiteral("misc/") + name, reference))
        return std::nullopt;
    return QStringLiteral("misc/") + name;
}

QUrl MarkdownRenderer::miscUrl(const QString &archivePath)
{
    QUrl url;
    url.setScheme(miscScheme);
    url.setPath(archivePath, QUrl::DecodedMode);
    return url;
}

std::optional<QString> MarkdownRenderer::archivePathFromUrl(const QUrl &url)
{
    if (url.scheme() != miscScheme)
        return std::nullopt;
    const QString path = url.path(QUrl::FullyDecoded);
    if (!path.startsWith(u"misc/"))
        return std::nullopt;
    return miscReferencePath(u'@' + path);
}

namespace {

// The bytes of link and image targets (URL and title) one card may render. A
// reference link repeats its definition's URL and title at every use; cmark caps
// that per document, but every table cell and every text between tables is its own
// document, so the cap is kept here, for the whole card: once the targets rendered
// reach twice the card's size (plus a little), further links and images show as
// their text. Inline links spend at most the card's size.
struct LinkBudget {
    qsizetype left = 0;
    // Takes the cost of `node`'s URL (`url`) and title; false when over budget.
    bool spend(cmark_node *node, qsizetype url)
    {
        const char *title = cmark_node_get_title(node);
        const qsizetype cost = url + (title ? qsizetype(std::strlen(title)) : 0);
        if (cost > left)
            return false;
        left -= cost;
        return true;
    }
};

// One CommonMark document (no tables) to safe HTML.
RenderedMarkdown renderCommonMark(const QByteArray &utf8, LinkBudget &budget)
{
    RenderedMarkdown result;
    NodePtr doc(cmark_parse_document(utf8.constData(), size_t(utf8.size()), CMARK_OPT_VALIDATE_UTF8));
    if (!doc)
        return result;

    std::vector<cmark_node *> nodes;
    {
        IterPtr iter(cmark_iter_new(doc.get()));
        cmark_event_type ev;
        while ((ev = cmark_iter_next(iter.get())) != CMARK_EVENT_DONE) {
            if (ev != CMARK_EVENT_ENTER)
                continue;
            cmark_node *node = cmark_iter_get_node(iter.get());
            switch (cmark_node_get_type(node)) {
            case CMARK_NODE_HTML_BLOCK:
            case CMARK_NODE_HTML_INLINE:
            case CMARK_NODE_LINK:
            case CMARK_NODE_IMAGE:
                nodes.push_back(node);
                break;
            default:
                break;
            }
        }
    }

    // Only the node being processed is freed; the others are at most moved.
    for (cmark_node *node : nodes) {
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_HTML_BLOCK:
            replaceHtml(node, true);
            break;
        case CMARK_NODE_HTML_INLINE:
            replaceHtml(node, false);
            break;
        case CMARK_NODE_LINK: {
            const char *rawUrl = cmark_node_get_url(node);
            const QUrl url(QString::fromUtf8(rawUrl ? rawUrl : ""), QUrl::StrictMode);
            if (!isWebUrl(url) || !budget.spend(node, rawUrl ? qsizetype(std::strlen(rawUrl)) : 0))
                unwrap(node);
            break;
        }
        case CMARK_NODE_IMAGE: {
            const char *rawUrl = cmark_node_get_url(node);
            const QString target = QString::fromUtf8(rawUrl ? rawUrl : "").trimmed();
            if (const auto misc = MarkdownRenderer::miscReferencePath(target)) {
                const QByteArray encoded = MarkdownRenderer::miscUrl(*misc).toEncoded();
                if (!budget.spend(node, encoded.size())) {
                    unwrap(node);
                    break;
                }
                result.miscImages.append(*misc);
                cmark_node_set_url(node, encoded.constData());
                break;
            }
            const QUrl url(target, QUrl::StrictMode);
            if (isWebUrl(url) && url.scheme().toLower() == u"https" &&
                budget.spend(node, rawUrl ? qsizetype(std::strlen(rawUrl)) : 0)) {
                result.remoteImages.append(url);
                break;
            }
            unwrap(node);
            break;
        }
        default:
            break;
        }
    }

    TextPtr html(cmark_render_html(doc.get(), CMARK_OPT_SAFE));
    result.html = QString::fromUtf8(html ? html.get() : "");
    return result;
}

void append(RenderedMarkdown &into, const RenderedMarkdown &part)
{
    into.html += part.html;
    into.miscImages += part.miscImages;
    into.remoteImages += part.remoteImages;
}

// GitHub-style tables ("| a | b |" + "|---|:-:|"), which plain cmark does not
// know: cells are split here and each cell goes through renderCommonMark.
QStringList splitRow(QString line)
{
    line = line.trimmed();
    if (line.startsWith(u'|'))
        line.remove(0, 1);
    if (line.endsWith(u'|') && !line.endsWith(QStringLiteral("\\|")))
        line.chop(1);
    QStringList cells;
    QString cell;
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line[i] == u'\\' && i + 1 < line.size() && line[i + 1] == u'|') {
            cell += u'|';
            ++i;
        } else if (line[i] == u'|') {
            cells.append(cell.trimmed());
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    cells.append(cell.trimmed());
    return cells;
}

bool isDelimiterRow(const QString &line, qsizetype *columns, QStringList *aligns)
{
    static const QRegularExpression cellPattern(QStringLiteral("^:?-+:?$"));
    if (!line.contains(u'-') || line.startsWith(QStringLiteral("    ")))
        return false;
    const QStringList cells = splitRow(line);
    QStringList result;
    for (const QString &cell : cells) {
        if (!cellPattern.match(cell).hasMatch())
            return false;
        const bool left = cell.startsWith(u':');
        const bool right = cell.endsWith(u':');
        result.append(left && right ? QStringLiteral("center") : right ? QStringLiteral("right") : QString());
    }
    *columns = cells.size();
    *aligns = result;
    return true;
}

QString cellHtml(const QString &text, RenderedMarkdown &collect, LinkBudget &budget)
{
    RenderedMarkdown cell = renderCommonMark(text.toUtf8(), budget);
    QString html = cell.html.trimmed();
    if (html.startsWith(QStringLiteral("<p>")) && html.endsWith(QStringLiteral("</p>")))
        html = html.mid(3, html.size() - 7);
    collect.miscImages += cell.miscImages;
    collect.remoteImages += cell.remoteImages;
    return html;
}

} // namespace

RenderedMarkdown MarkdownRenderer::render(const QString &markdown)
{
    RenderedMarkdown result;
    QByteArray utf8 = markdown.toUtf8();
    bool cut = false;
    if (utf8.size() > maxInputBytes) {
        utf8.truncate(maxInputBytes);
        cut = true;
    }
    const QStringList lines = QString::fromUtf8(utf8).split(u'\n');
    LinkBudget budget{2 * utf8.size() + 1024};

    QStringList pending; // lines of the current non-table segment
    auto flush = [&]() {
        if (!pending.isEmpty())
            append(result, renderCommonMark(pending.join(u'\n').toUtf8(), budget));
        pending.clear();
    };
    QString fence; // inside a fenced code block: its opening marker
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines[i];
        const QString trimmed = line.trimmed();
        if (!fence.isEmpty()) {
            if (trimmed.startsWith(fence))
                fence.clear();
            pending.append(line);
            continue;
        }
        if (trimmed.startsWith(QStringLiteral("```")) || trimmed.startsWith(QStringLiteral("~~~"))) {
            fence = trimmed.left(3);
            pending.append(line);
            continue;
        }
        qsizetype columns = 0;
        QStringList aligns;
        if (line.contains(u'|') && !line.startsWith(QStringLiteral("    ")) && i + 1 < lines.size() &&
            isDelimiterRow(lines[i + 1], &columns, &aligns) && splitRow(line).size() == columns) {
            flush();
            QString table = QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\" "
                                           "style=\"border-collapse: collapse;\">\n<tr>");
            const QStringList header = splitRow(line);
            for (qsizetype c = 0; c < columns; ++c)
                table += QStringLiteral("<th%1>%2</th>")
                             .arg(aligns[c].isEmpty() ? QString() : QStringLiteral(" align=\"%1\"").arg(aligns[c]),
                                  cellHtml(header[c], result, budget));
            table += QStringLiteral("</tr>\n");
            i += 2;
            for (; i < lines.size() && lines[i].contains(u'|') && !lines[i].trimmed().isEmpty(); ++i) {
                const QStringList cells = splitRow(lines[i]);
                table += QStringLiteral("<tr>");
                // Only the cells the row has: padding a short row to the header's
                // width made the HTML grow with rows x columns (a 1.2 KB card of
                // empty rows under a wide header gave 360 KB); extra cells are dropped.
                for (qsizetype c = 0; c < std::min(columns, cells.size()); ++c)
                    table += QStringLiteral("<td%1>%2</td>")
                                 .arg(aligns[c].isEmpty() ? QString() : QStringLiteral(" align=\"%1\"").arg(aligns[c]),
                                      cellHtml(cells[c], result, budget));
                table += QStringLiteral("</tr>\n");
            }
            --i;
            result.html += table + QStringLiteral("</table>\n");
            continue;
        }
        pending.append(line);
    }
    flush();
    if (cut)
        result.html += QStringLiteral("<p><i>%1</i></p>")
                           .arg(QCoreApplication::translate("carton::MarkdownRenderer",
                                                            "(The description is too long and was cut.)")
                                    .toHtmlEscaped());
    return result;
}

} // namespace carton
