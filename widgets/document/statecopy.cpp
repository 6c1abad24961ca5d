// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "statecopy.h"

#include "pack/cartonsaver.h"
#include "package/carton.h"

namespace studio {

carton::Result<std::shared_ptr<const carton::Carton>>
writeStateCopy(const DocumentState &state, const std::shared_ptr<const carton::Carton> &original, const QString &path,
               carton::Progress *progress)
{
    Q_UNUSED(original); // held by the caller for as long as this runs
    carton::CartonEdits edits = state.files;
    edits.setInfo(state.info);
    carton::SaveOptions options;
    options.level = 1;
    const carton::Result<carton::SaveResult> saved = carton::saveCarton(edits, path, options, progress);
    if (!saved)
        return saved.error();
    carton::Result<std::unique_ptr<carton::Carton>> opened = carton::Carton::open(path);
    if (!opened)
        return opened.error();
    return std::shared_ptr<const carton::Carton>(std::move(*opened));
}

QString stateCopyName(const QString &displayName)
{
    QString base = displayName;
    if (base.endsWith(QStringLiteral(".carton"), Qt::CaseInsensitive))
        base.chop(7);
    base.replace(u'/', u'_').replace(u'\\', u'_');
    if (base.isEmpty() || base.startsWith(u'.'))
        base.prepend(QStringLiteral("edited"));
    return base + QStringLiteral(".carton");
}

} // namespace studio
