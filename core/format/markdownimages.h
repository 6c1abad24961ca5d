// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

// A link or image destination found in a markdown document (CommonMark, parsed by
// cmark: inline, reference-style and autolinks alike; code spans and raw HTML are
// not links).
struct MarkdownTarget {
    QString url;          // the destination as cmark resolved it ("@misc/a.png")
    bool isImage = false; // ![alt](url) rather than [text](url)
    int line = 0;         // 1-based line in the markdown text
    bool operator==(const MarkdownTarget &) const = default;
};

// Every link and image destination, in document order.
CARTONCORE_EXPORT QList<MarkdownTarget> markdownTargets(const QString &markdown);

// The destinations of the images only, in document order (duplicates kept).
CARTONCORE_EXPORT QStringList markdownImageTargets(const QString &markdown);

// How the spec's "complete https URL or @misc/ file" rule sees a target.
enum class MarkdownTargetKind {
    Https, // https://host/...
    Misc,  // @misc/PATH with a safe relative PATH
    Other, // anything else: http:, relative paths, javascript:, mailto:, #anchors...
};
CARTONCORE_EXPORT MarkdownTargetKind classifyMarkdownTarget(const QString &url);

} // namespace carton
