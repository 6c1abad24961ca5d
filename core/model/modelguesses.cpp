// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/modelguesses.h"

#include "model/hfcard.h"
#include "model/hfmodelinfo.h"

namespace carton {

QString guessRunner(const QStringList &archivePaths)
{
    bool python = false;
    for (const QString &path : archivePaths) {
        const QString name = path.section(u'/', -1).toLower();
        if (name.endsWith(u".pt") || name.endsWith(u".pth") || name.endsWith(u".torchscript"))
            return QStringLiteral("torchscript");
        if (name == u"main.py" || name == u"__main__.py" || name == u"__init__.py")
            python = true;
    }
    return python ? QStringLiteral("python") : QString();
}

QString shortDescriptionFrom(const QString &paragraph, bool *shortened)
{
    constexpr qsizetype kMax = 100;
    const auto length = [](const QString &s) { return s.toUcs4().size(); };
    *shortened = length(paragraph) > kMax;
    if (!*shortened)
        return paragraph;
    if (const qsizetype end = paragraph.indexOf(QLatin1String(". "));
        end > 0 && length(paragraph.left(end + 1)) <= kMax)
        return paragraph.left(end + 1);
    QString cut;
    for (const QString &word : paragraph.split(u' ', Qt::SkipEmptyParts)) {
        const QString next = cut.isEmpty() ? word : cut + u' ' + word;
        if (length(next) > kMax - 1)
            break;
        cut = next;
    }
    return cut + QChar(0x2026);
}

CardGuesses CardGuesses::fromInfo(const HfModelInfo &info, const std::function<bool(const QString &path)> &keep)
{
    CardGuesses g;
    g.license = info.cardField(QStringLiteral("license"));
    g.shortDescription = shortDescriptionFrom(info.cardFirstParagraph, &g.shortened);
    g.images = CardImages::fromCard(info.cardText).paths;
    for (const QString &path : std::as_const(g.images))
        if (keep && keep(path))
            g.keptImages.append(path);
    g.modelDescription = CardImages::fromCard(info.cardText, [&g](const QString &p) {
                             return g.keptImages.contains(p);
                         }).markdown.trimmed();
    return g;
}

} // namespace carton
