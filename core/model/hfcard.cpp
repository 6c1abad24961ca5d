// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/hfcard.h"

#include "base/archivepath.h"
#include "format/markdownimages.h"

#include <QUrl>

namespace carton {

namespace {

// The folder-relative path of a card image target, or an empty string.
QString localPath(const QString &target)
{
    if (target.isEmpty() || target.contains(u':') || target.startsWith(u'/') || target.startsWith(u'#') ||
        target.startsWith(u'?') || target.startsWith(u'@'))
        return {};
    QString path = QUrl::fromPercentEncoding(target.section(u'#', 0, 0).section(u'?', 0, 0).toUtf8());
    while (path.startsWith(QLatin1String("./")))
        path = path.mid(2);
    if (!checkArchivePath(path, path))
        return {};
    return path;
}

} // namespace

CardImages CardImages::fromCard(const QString &card, const std::function<bool(const QString &path)> &keep)
{
    CardImages result;
    QStringList lines = card.split(u'\n');
    for (const MarkdownTarget &target : markdownTargets(card)) {
        if (!target.isImage || target.line < 1 || target.line > lines.size())
            continue;
        const QString path = localPath(target.url);
        if (path.isEmpty() || (keep && !keep(path)))
            continue;
        // The target as written on its line: cmark's form, or percent-decoded.
        QString &line = lines[target.line - 1];
        const QString decoded = QUrl::fromPercentEncoding(target.url.toUtf8());
        const QString written = line.contains(target.url) ? target.url : line.contains(decoded) ? decoded : QString();
        if (written.isEmpty())
            continue;
        QString reference = QStringLiteral("@misc/") + path;
        reference.replace(u' ', QLatin1String("%20"));
        line.replace(line.indexOf(written), written.size(), reference);
        if (!result.paths.contains(path))
            result.paths.append(path);
    }
    result.markdown = lines.join(u'\n');
    return result;
}

} // namespace carton
