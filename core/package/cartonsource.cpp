// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/cartonsource.h"

#include "format/manifest.h"
#include "oci/ocireference.h"
#include "package/dirsource.h"
#include "package/ocisource.h"
#include "package/zipsource.h"
#include "remote/httpsource.h"
#include "remote/remoteurl.h"

#include <QFileInfo>
#include <algorithm>
#include <iterator>

namespace carton {

Result<std::unique_ptr<CartonSource>> CartonSource::load(const QString &path, const Limits &limits,
                                                         const RemoteOptions &remote)
{
    if (isOciUrl(path)) {
        auto oci = OciSource::open(path, limits, remote);
        if (!oci)
            return oci.error();
        return std::unique_ptr<CartonSource>(std::move(oci).value());
    }
    if (isRemoteUrl(path)) {
        auto bytes = HttpSource::open(QUrl(path, QUrl::StrictMode), remote);
        if (!bytes)
            return bytes.error();
        auto zip = ZipSource::open(std::move(bytes).value(), path, limits);
        if (!zip)
            return zip.error();
        return std::unique_ptr<CartonSource>(std::move(zip).value());
    }
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

QList<qsizetype> CartonSource::filesOf(const QList<ManifestEntry> &entries) const
{
    QList<qsizetype> out(entries.size(), -1);
    auto file = m_files.cbegin();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString &path = entries.at(i).path;
        // Equal paths first: the usual case, and the costliest for pathLess (each pair
        // compared once).
        for (; file != m_files.cend(); ++file) {
            if (file->path == path) {
                out[i] = file - m_files.cbegin();
                break;
            }
            if (!Manifest::pathLess(file->path, path))
                break;
        }
    }
    return out;
}

Result<ByteSourcePtr> CartonSource::byteSource(const QString &path) const
{
    const SourceFile *file = find(path);
    std::call_once(m_fileNameOnce, [this] { m_fileName = QFileInfo(this->path()).fileName(); });
    const QString name = m_fileName + QStringLiteral(": ") + path;
    if (!file)
        return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" in the carton").arg(path), this->path());
    Result<ByteSourcePtr> direct = directSource(path, name);
    if (!direct || *direct)
        return direct;
    std::lock_guard lock(m_spillMutex);
    if (auto it = m_spills.constFind(path); it != m_spills.cend())
        return ByteSourcePtr(*it);
    std::shared_ptr<SpillSource> spill = SpillSource::start(streamOpener(path), file->size, name, m_limits);
    m_spills.insert(path, spill);
    return ByteSourcePtr(spill);
}

Result<ByteSourcePtr> CartonSource::directSource(const QString &path, const QString &name) const
{
    const std::optional<RawRegion> raw = rawRegion(path);
    if (!raw)
        return ByteSourcePtr();
    auto region = FileRegionSource::open(raw->diskPath, raw->offset, raw->size, name);
    if (!region)
        return region.error();
    return ByteSourcePtr(std::move(region).value());
}

void CartonSource::sortFiles()
{
    const auto less = [](const SourceFile &a, const SourceFile &b) { return Manifest::pathLess(a.path, b.path); };
    // Archives written by carton (and upstream) list entries in MANIFEST order, with
    // MANIFEST itself last: checking is linear, sorting 100,000 paths is not.
    const auto firstUnsorted = std::is_sorted_until(m_files.begin(), m_files.end(), less);
    if (firstUnsorted == m_files.end())
        return;
    // Carton's own archives: MANIFEST (which sorts first) is written last. A few files
    // out of place at the end are inserted where they belong, not every file moved
    // to a new list twice.
    constexpr qsizetype FewAtTheEnd = 8;
    if (m_files.end() - firstUnsorted <= FewAtTheEnd) {
        QList<SourceFile> tail(std::make_move_iterator(firstUnsorted), std::make_move_iterator(m_files.end()));
        m_files.resize(m_files.size() - tail.size());
        for (SourceFile &f : tail) {
            const auto at = std::upper_bound(m_files.cbegin(), m_files.cend(), f, less);
            m_files.insert(at - m_files.cbegin(), std::move(f));
        }
        return;
    }
    // Nearly sorted: the few files that break the order are taken out, sorted and
    // merged back (linear); anything else is sorted whole.
    QList<SourceFile> inOrder, outOfOrder;
    inOrder.reserve(m_files.size());
    for (SourceFile &f : m_files) {
        if (inOrder.isEmpty() || !less(f, inOrder.constLast()))
            inOrder.append(std::move(f));
        else
            outOfOrder.append(std::move(f));
    }
    if (outOfOrder.size() > 64 && outOfOrder.size() > inOrder.size() / 16) {
        inOrder.append(std::move(outOfOrder));
        m_files = std::move(inOrder);
        std::sort(m_files.begin(), m_files.end(), less);
        return;
    }
    std::sort(outOfOrder.begin(), outOfOrder.end(), less);
    m_files.clear();
    m_files.reserve(inOrder.size() + outOfOrder.size());
    std::merge(std::make_move_iterator(inOrder.begin()), std::make_move_iterator(inOrder.end()),
               std::make_move_iterator(outOfOrder.begin()), std::make_move_iterator(outOfOrder.end()),
               std::back_inserter(m_files), less);
}

} // namespace carton
