// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"

#include <QIODevice>
#include <memory>

namespace carton {

// Random access to a compressed file (a zstd or deflate zip entry): a background
// thread decodes it once, front to back, into memory (when it fits
// Limits::maxSpillInMemory and the process-wide Limits::spillMemoryBudget) or into a
// temporary file. A read of bytes already decoded is a plain copy; a read of bytes
// not yet decoded waits for the streaming decode to pass them (no second decode), so
// the first slices of a tensor are served while the rest is still being decoded.
// If writing the temporary file fails (disk full), reads fall back to decoding the
// stream themselves up to the bytes they need. SpillSource decodes nothing itself:
// the opener's device does (for a zip carton, ZipReader::openEntry's entry device
// over the shared codec layer, codec/decoder.h, with its size and CRC checks).
//
// Errors of the stream (truncated data, CRC mismatch, over-long output) fail every
// read of bytes at or after the point where decoding stopped; the CRC is only known
// at the end, so bytes served earlier were not yet verified (the MANIFEST
// verification covers the file as a whole).
//
// Thread safety: read() from any thread. The destructor stops the decoder and
// removes the temporary file.
class CARTONCORE_EXPORT SpillSource final : public ByteSource {
public:
    using StreamOpener = std::function<Result<std::unique_ptr<QIODevice>>()>;

    // `open` yields the decoded bytes (it is called from the background thread, and
    // again for the fallback); `size` is the decoded size the stream must produce.
    static std::shared_ptr<SpillSource> start(StreamOpener open, qint64 size, QString name, const Limits &limits = {});
    ~SpillSource() override;

    qint64 size() const override;
    QString name() const override;
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

    // Bytes decoded so far.
    qint64 decodedBytes() const;
    bool inMemory() const;
    // Waits until the whole file is decoded (or failed, or `progress` cancelled).
    Status waitUntilDecoded(Progress *progress = nullptr) const;

private:
    SpillSource();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace carton
