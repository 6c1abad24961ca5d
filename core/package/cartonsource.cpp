// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/cartonsource.h"

#include "format/manifest.h"
#include "package/dirsource.h"
#include "package/zipsource.h"

#include <QFileInfo>
#include <algorithm>

namespace carton {

Result<std::unique_ptr<CartonSource>> CartonSource::load(const QString &path, const Limits &limits)
{
    const QFileInfo info(path);
    if (!info.exists())
        return makeError(ErrorCode::Io, QStringLiteral("no such file or folder"), path);
    if (info.isDir()) {
        auto dir = DirSource::open(path, limits);
        if (!dir)
            return dir.error();
        return std::unique_ptr<CartonSource>(std::move(dir).value());
    }
    auto zip = ZipSource::open(path, limits);
    if (!zip)
        return zip.error();
    return std::unique_ptr<CartonSource>(std::move(zip).value());
}

const SourceFile *CartonSource::find(const QString &path) const
{
    auto it = std::lower_bound(m_files.cbegin(), m_files.cend(), path,
                               [](const SourceFile &f, const QString &p) { return Manifest::pathLess(f.path, p); });
    if (it != m_files.cend() && it->path == path)
        return &*it;
    return nullptr;
}

void CartonSource::sortFiles()
{
    std::sort(m_files.begin(), m_files.end(),
              [](const SourceFile &a, const SourceFile &b) { return Manifest::pathLess(a.path, b.path); });
}

} // namespace carton
