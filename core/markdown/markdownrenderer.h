// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <optional>

namespace carton {

// Markdown (model_description) rendered to HTML for a QTextBrowser, safely:
// - raw HTML (blocks and inline) is turned into plain text, so it shows escaped;
// - links keep their target only when it is an absolute http(s) URL; any other
//   scheme (javascript:, file:, data:, relative paths...) is made inert (text only);
// - images: "@misc/NAME" becomes a carton-misc: URL resolved from the carton,
//   "https://" images are kept (the browser fetches them only when allowed),
//   anything else shows its alt text; "@misc/" paths follow carton::checkArchivePath;
// - the HTML grows at most linearly with the markdown: a table row keeps only its
//   own cells, and link and image targets (a reference link repeats its URL at
//   every use) may add up to twice the markdown's size, past which they show as text.
// Only QtCore, core and cmark: fuzz/fuzz_markdown checks these promises.
struct CARTONCORE_EXPORT RenderedMarkdown {
    QString html;
    QStringList miscImages;   // archive paths ("misc/model_architecture.png")
    QList<QUrl> remoteImages; // https image URLs, in document order
};

class CARTONCORE_EXPORT MarkdownRenderer final {
public:
    // Descriptions larger than this are cut (with a note) before rendering.
    static constexpr qsizetype maxInputBytes = 2 * 1024 * 1024;

    static RenderedMarkdown render(const QString &markdown);

    // "misc/x.png" <-> "carton-misc:misc/x.png" (path percent-encoded).
    static QUrl miscUrl(const QString &archivePath);
    // The archive path of a carton-misc: URL; nullopt for other URLs or unsafe paths.
    static std::optional<QString> archivePathFromUrl(const QUrl &url);
    // "@misc/x.png" -> "misc/x.png"; nullopt when not a safe @misc reference.
    static std::optional<QString> miscReferencePath(const QString &reference);
};

} // namespace carton
