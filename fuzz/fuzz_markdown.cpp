// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The model card renderer (core/markdown: cmark plus our tables, link and
// image sanitising). Beyond not crashing, every input must give:
// - HTML whose size is linear in the input's (kMaxRatio x bytes + kSlack): no
//   expansion by tables, reference links or anything else;
// - valid UTF-8 (no unpaired surrogates in the QString);
// - only inert links: every href is http(s), every src https or carton-misc;
// - @misc images whose archive paths pass checkArchivePath (no control
//   characters, no "..") and carton-misc: sources without control characters.
#include "base/archivepath.h"
#include "fuzzutil.h"
#include "markdown/markdownrenderer.h"

#include <QRegularExpression>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr qsizetype kMaxRatio = 64;
constexpr qsizetype kSlack = 1024;

[[noreturn]] void fail(const char *what, const QString &detail)
{
    std::fprintf(stderr, "fuzz_markdown: %s: %s\n", what, qPrintable(detail.left(300)));
    std::abort();
}

bool hasControl(const QString &text)
{
    for (QChar c : text)
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            return true;
    return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString markdown = QString::fromUtf8(fuzz::bytes(data, size));
    const carton::RenderedMarkdown rendered = carton::MarkdownRenderer::render(markdown);

    const QByteArray utf8 = rendered.html.toUtf8();
    if (utf8.size() > kMaxRatio * qsizetype(size) + kSlack)
        fail("output not linear in the input",
             QStringLiteral("%1 bytes of markdown gave %2 bytes of HTML").arg(size).arg(utf8.size()));
    if (!rendered.html.isValidUtf16() || QString::fromUtf8(utf8) != rendered.html)
        fail("HTML is not valid UTF-8", rendered.html);

    static const QRegularExpression attribute(QStringLiteral("(href|src)=\"([^\"]*)\""));
    for (auto it = attribute.globalMatch(rendered.html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString value = m.captured(2);
        const bool web = value.startsWith(u"https://", Qt::CaseInsensitive) ||
                         (m.captured(1) == u"href" && value.startsWith(u"http://", Qt::CaseInsensitive));
        const bool misc = m.captured(1) == u"src" && value.startsWith(u"carton-misc:misc/");
        if (!web && !misc)
            fail("an attribute that is neither a web URL nor a carton-misc image", m.captured(0));
        if (hasControl(value))
            fail("a control character in an attribute", m.captured(0));
    }
    for (const QString &path : rendered.miscImages) {
        if (!carton::checkArchivePath(path, QStringLiteral("fuzz")) || hasControl(path) || !path.startsWith(u"misc/"))
            fail("an unsafe @misc path", path);
    }
    return 0;
}
