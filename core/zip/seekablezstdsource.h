// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "codec/seektable.h"

#include <memory>

namespace carton {

class ZipReader;
struct ZipEntry;

// Random access to a zstd zip entry in the seekable format (codec/seektable.h): a
// read decodes only the frames its range touches, straight into the caller's
// buffer when it covers a whole frame; the last frames decoded for partial reads
// are kept (a few MiB) so that small sequential reads do not decode them again.
// Each frame is checked as it is decoded: exactly one zstd frame of the stated
// compressed size that decodes to the stated size, else ErrorCode::Format naming
// the entry and the frame. The entry's CRC-32 covers the whole entry and is not
// checked by a range read (the MANIFEST verification reads it whole).
//
// Thread safety: read() from any number of threads.
class CARTONCORE_EXPORT SeekableZstdSource final : public ByteSource {
public:
    // nullptr when the entry is not zstd or has no seek table that can be trusted
    // (callers keep their sequential path); an error when reading the archive
    // fails or the entry breaks the reader's limits (ratio, size). `why`, when
    // given, says why there is no table.
    static Result<std::shared_ptr<SeekableZstdSource>> open(const ZipReader &reader, const ZipEntry &entry,
                                                            QString name, QString *why = nullptr);
    ~SeekableZstdSource() override;

    qint64 size() const override;
    QString name() const override;
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;
    void willNeed(qint64 offset, qint64 length) const override;

    const SeekTable &table() const;
    // Frames decoded so far (all reads together): what a test or a benchmark checks.
    quint64 framesDecoded() const;

private:
    SeekableZstdSource();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace carton
