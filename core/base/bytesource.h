// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QString>
#include <functional>
#include <memory>

class QFile;

namespace carton {

// Random access to the bytes of one file: a local file (or a region of one), a
// Stored zip entry, a decoded compressed entry (see SpillSource), bytes in memory or
// a file on an http(s) server (remote/httpsource.h). Every tensor read and every
// zip archive read (ZipReader) goes through one of these.
//
// Thread safety: read() may be called from any number of threads at once.
class CARTONCORE_EXPORT ByteSource {
public:
    virtual ~ByteSource() = default;

    // Size of the file's (uncompressed) bytes.
    virtual qint64 size() const = 0;
    // Names the file in messages ("model.carton: entry tensor_data/t.bin").
    virtual QString name() const = 0;
    // Copies `length` bytes from `offset` into `out`. Fails with ErrorCode::Usage for
    // a range outside the file, Io for a short read (the file shrank), Cancelled when
    // `progress` is cancelled while waiting for bytes still being decoded.
    virtual Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const = 0;

    // The whole file, failing with ErrorCode::Limit when larger than maxSize.
    Result<QByteArray> readAll(qint64 maxSize) const;

    // A hint that the bytes [offset, offset+length) are about to be read, in one or
    // more read() calls (a zip entry's local header and data). A remote source
    // fetches them in one request; a local one ignores it.
    virtual void willNeed(qint64 offset, qint64 length) const
    {
        Q_UNUSED(offset);
        Q_UNUSED(length);
    }

    // Appends the bytes [offset, offset+length) to the file open as descriptor `outFd`
    // (at its current position) inside the kernel, without passing them through user
    // memory (copy_file_range on Linux). Returns false, having written nothing, when
    // this source or the system cannot (the caller then reads and writes); an error
    // once some bytes were copied.
    virtual Result<bool> copyToFile(qint64 offset, qint64 length, int outFd) const
    {
        Q_UNUSED(offset);
        Q_UNUSED(length);
        Q_UNUSED(outFd);
        return false;
    }

    // Where byte 0 of this source lies in the file copyToFile() copies from, or -1
    // (no such file). A writer aligns its output with it: the kernel copies fastest
    // between offsets that agree modulo the page size.
    virtual qint64 diskOffset() const { return -1; }

    // The open file the bytes are read from (a descriptor this source owns; byte 0
    // of the source at diskOffset()), or -1 when they do not come straight from one
    // open file. It is the file that was opened even after its path was replaced
    // on disk (a save in place renames a new file over it): copy from it, never
    // from the path again.
    virtual int fileHandle() const { return -1; }

protected:
    // ErrorCode::Usage naming the file when [offset, offset+length) is not inside it.
    Status checkRange(qint64 offset, qint64 length) const;
};

using ByteSourcePtr = std::shared_ptr<const ByteSource>;

// Opens the bytes of a file under a carton root ("tensor_data/tensor_0.bin").
using ByteSourceOpener = std::function<Result<ByteSourcePtr>(const QString &path)>;

// Bytes in memory.
class CARTONCORE_EXPORT MemorySource final : public ByteSource {
public:
    MemorySource(QByteArray data, QString name) : m_data(std::move(data)), m_name(std::move(name)) {}
    qint64 size() const override { return m_data.size(); }
    QString name() const override { return m_name; }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

private:
    QByteArray m_data;
    QString m_name;
};

// `size` bytes of a file on disk from `offset` (a folder's file, a Stored zip entry,
// a standalone .safetensors/.npy). Reads seek straight to the bytes: nothing is read
// whole. Thread-safe with one handle: reads are positioned (pread) where the system
// has them, else a few handles are kept for reuse across threads.
class CARTONCORE_EXPORT FileRegionSource final : public ByteSource {
public:
    // Fails with ErrorCode::Io when the file cannot be opened, Format when the region
    // does not lie inside the file.
    static Result<std::shared_ptr<FileRegionSource>> open(const QString &diskPath, qint64 offset, qint64 size,
                                                          QString name);
    // The whole file.
    static Result<std::shared_ptr<FileRegionSource>> open(const QString &diskPath);
#ifdef Q_OS_UNIX
    // A region of a file already open as `fd` (it need not have a name: the spill file
    // is unlinked when made). The source reads through its own duplicate of `fd`.
    static Result<std::shared_ptr<FileRegionSource>> openHandle(int fd, qint64 offset, qint64 size, QString name);
#endif
    ~FileRegionSource() override;

    qint64 size() const override
    {
        return m_size;
    }
    QString name() const override
    {
        return m_name;
    }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;
    Result<bool> copyToFile(qint64 offset, qint64 length, int outFd) const override;
    qint64 diskOffset() const override
    {
        return m_offset;
    }
    int fileHandle() const override;

private:
    FileRegionSource() = default;
    static Result<std::shared_ptr<FileRegionSource>> fromFile(std::unique_ptr<QFile> file, const QString &diskPath,
                                                              qint64 offset, qint64 size, QString name);
    struct Handles;
    QString m_diskPath;
    QString m_name;
    qint64 m_offset = 0;
    qint64 m_size = 0;
    std::unique_ptr<Handles> m_handles;
};

} // namespace carton
