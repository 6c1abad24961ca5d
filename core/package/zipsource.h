// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/cartonsource.h"
#include "zip/zipreader.h"

#include <QHash>
#include <atomic>

namespace carton {

// A carton read from a .carton (zip) file. Symlink entries (unix mode 0120777,
// body = relative target) are resolved at open: chains followed, loops and
// targets outside the archive rejected.
class ZipSource final : public CartonSource {
public:
    static Result<std::unique_ptr<ZipSource>> open(const QString &path, const Limits &limits);
    // A carton whose bytes come from `bytes` (an http(s) server); path() is `path`.
    static Result<std::unique_ptr<ZipSource>> open(ByteSourcePtr bytes, const QString &path, const Limits &limits);

    QString path() const override;
    bool isArchive() const override { return true; }
    bool isRemote() const override { return m_reader->localPath().isEmpty(); }
    Result<std::unique_ptr<QIODevice>> open(const QString &path, bool checkCrc = true) const override;
    Result<QByteArray> read(const QString &path, qint64 maxSize) const override;
    Result<QByteArray> readRange(const QString &path, qint64 offset, qint64 length) const override;
    std::optional<RawRegion> rawRegion(const QString &path) const override;
    void recheckPath() const override;

    const ZipReader &reader() const { return *m_reader; }
    // How often the path was compared with the open file (stat): once per open and
    // once after each recheckPath() that was followed by a rawRegion().
    int pathChecks() const { return m_pathChecks.load(); }

private:
    ZipSource() = default;
    static Result<std::unique_ptr<ZipSource>> fromReader(Result<std::unique_ptr<ZipReader>> reader,
                                                         const Limits &limits);
    Result<ByteSourcePtr> directSource(const QString &path, const QString &name) const override;
    Status resolveSymlinks();
    // True unless the path names another file than the one the reader has open
    // (a save in place renamed a new carton over it): a region by path would
    // read the new file at the old offsets. Asks the system once, then again
    // after recheckPath() (a replaced path stays replaced).
    bool pathIsTheOpenFile() const;
    bool statPathIsTheOpenFile() const;
    Result<const ZipEntry *> dataEntry(const QString &path) const;
    SpillSource::StreamOpener streamOpener(const QString &path) const override;

    std::shared_ptr<ZipReader> m_reader;
    QHash<QString, QString> m_linkTargets; // symlink path -> final target path
    enum PathState { PathUnknown, PathIsOpenFile, PathReplaced };
    mutable std::atomic<int> m_pathState{PathUnknown};
    mutable std::atomic<int> m_pathChecks{0};
};

} // namespace carton
