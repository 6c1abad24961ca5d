// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pack/linkinliner.h"

#include "package/carton.h"
#include "package/cartonedits.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <algorithm>

namespace carton {

Result<SaveResult> saveWithLinkedFiles(const Carton &original, const QString &outputFile, const SaveOptions &options,
                                       const FetchOptions &fetch, Progress *progress)
{
    if (original.isReadOnly())
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("the carton has unsafe entries that were left out: it cannot be saved"),
                         original.path());
    CartonEdits edits(&original);
    QTemporaryDir temp(QFileInfo(outputFile).absolutePath() + QStringLiteral("/.carton-links-XXXXXX"));
    if (!temp.isValid())
        return makeError(ErrorCode::Io, QStringLiteral("cannot create a temporary folder: %1").arg(temp.errorString()),
                         outputFile);
    FetchOptions capped = fetch;
    capped.maxSize = std::min(capped.maxSize, original.source().limits().maxEntrySize);
    int index = 0;
    for (const QString &path : edits.paths()) {
        const CartonEdits::FileSource *source = edits.find(path);
        if (!source || source->kind != CartonEdits::FileSource::Kind::Linked)
            continue;
        const QString diskPath = temp.filePath(QStringLiteral("linked-%1").arg(index++));
        QFile file(diskPath);
        if (!file.open(QIODevice::WriteOnly))
            return makeError(ErrorCode::Io, QStringLiteral("cannot write %1: %2").arg(diskPath, file.errorString()));
        const QStringList urls = original.links() ? original.links()->urlsFor(source->sha256Hex) : QStringList();
        if (Status s = fetchLinkedFile(urls, source->sha256Hex, &file, capped, progress); !s) {
            Error e = s.error();
            e.message = QStringLiteral("%1 (fetching linked file %2)").arg(e.message, path);
            return e;
        }
        if (!file.flush())
            return makeError(ErrorCode::Io, QStringLiteral("cannot write %1: %2").arg(diskPath, file.errorString()));
        file.close();
        if (Status s = edits.putFile(path, diskPath); !s)
            return s.error();
    }
    if (edits.find(QStringLiteral("LINKS")))
        if (Status s = edits.remove(QStringLiteral("LINKS")); !s)
            return s.error();
    return saveCarton(edits, outputFile, options, progress);
}

} // namespace carton
