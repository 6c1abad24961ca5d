// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// packModelFolder(): a folder of model files, without carton.toml, into a .carton.
#include "cartonsaver.h"
#include "package/cartonedits.h"
#include "package/cartonsource.h"
#include "packer.h"
#include "packpaths.h"
#include "validate/validator.h"

#include <QFileInfo>
#include <QStringList>

namespace carton {

Result<PackResult> packModelFolder(const QString &folder, const CartonInfo &info, const QString &outputFile,
                                   const PackOptions &options, Progress *progress)
{
    Result<QString> checkedRoot = checkPackPaths(folder, outputFile, options.overwrite);
    if (!checkedRoot)
        return checkedRoot.error();
    const QString root = *checkedRoot;
    if (QFileInfo::exists(root + QStringLiteral("/carton.toml")))
        return makeError(ErrorCode::Usage,
                         QStringLiteral("the folder has a carton.toml: pack it as a carton folder instead"), folder);

    PackResult result;
    QStringList errors;
    for (const Diagnostic &d : validateInfo(info)) {
        if (d.severity == Severity::Error)
            errors.append(d.toString());
        else
            result.diagnostics.append(d);
    }
    if (!errors.isEmpty())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the carton would not be valid (%1 error%2):\n%3")
                             .arg(errors.size())
                             .arg(errors.size() == 1 ? QString() : QStringLiteral("s"), errors.join(u'\n')),
                         folder);

    Result<std::unique_ptr<CartonSource>> source = CartonSource::load(root, options.limits);
    if (!source)
        return source.error();
    if ((*source)->files().isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("the folder is empty: there is nothing to put in model/"),
                         folder);
    // A folder that already has model/ is laid out as a carton (its carton.toml left
    // out, or files arranged by hand): its paths are kept, so model/ stays model/
    // rather than becoming model/model/; MANIFEST is written again.
    const bool laidOut = QFileInfo(root + QStringLiteral("/model")).isDir();
    CartonEdits edits;
    edits.setInfo(info);
    for (const SourceFile &file : (*source)->files()) {
        if (laidOut && file.path == u"MANIFEST")
            continue;
        const QString path = laidOut ? file.path : QStringLiteral("model/") + file.path;
        if (Status s = edits.putFile(path, root + u'/' + file.path); !s)
            return s.error();
    }
    SaveOptions save;
    save.method = options.method;
    save.level = options.level;
    save.threads = options.threads;
    save.overwrite = options.overwrite;
    Result<SaveResult> saved = saveCarton(edits, outputFile, save, progress);
    if (!saved)
        return saved.error();
    result.modelHash = saved->modelHash;
    result.bytesWritten = saved->bytesWritten;
    result.fileCount = saved->fileCount;
    return result;
}

} // namespace carton
