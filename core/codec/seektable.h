// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <functional>
#include <optional>
#include <vector>

namespace carton {

// One frame of a seekable zstd stream: where its compressed bytes start in the
// stream and where its decoded bytes start in the output.
struct SeekFrame {
    quint64 compressedOffset = 0;
    quint64 decompressedOffset = 0;
    quint32 compressedSize = 0;
    quint32 decompressedSize = 0;
};

// The seek table of zstd's seekable format (contrib/seekable_format): independent
// frames followed by a skippable frame (magic 0x184D2A5E) holding, per frame, its
// compressed and decompressed size [and a checksum], then a 9-byte footer: the
// number of frames, a descriptor (bit 7: checksums present; bits 6-2 reserved,
// zero) and the seekable magic 0x8F92EAB1. Ordinary zstd decoders skip the
// skippable frame: the stream stays one zstd stream.
class CARTONCORE_EXPORT SeekTable final {
public:
    static constexpr quint32 SkippableMagic = 0x184D2A5E;
    static constexpr quint32 SeekableMagic = 0x8F92EAB1;
    static constexpr int FooterSize = 9;
    static constexpr int HeaderSize = 8; // skippable magic + frame size
    // Caps for tables read from files: a hostile table costs at most this much to
    // read and a frame at most this much memory to decode.
    static constexpr quint32 MaxFrames = 1u << 20;
    static constexpr quint32 MaxFrameDecompressedSize = 64u << 20;

    // The skippable frame listing `frames` (compressed size, decompressed size), no checksums.
    static QByteArray encode(const std::vector<std::pair<quint32, quint32>> &frames);

    // Reads `length` bytes at `offset` of the compressed stream into `out`.
    using ReadAt = std::function<Status(qint64 offset, qint64 length, char *out)>;
    // The table at the end of a compressed stream of `compressedSize` bytes that
    // must decode to `decompressedSize`. nullopt when there is none or it cannot be
    // trusted (bad magic, reserved bits set, too many frames, sizes that do not sum
    // to the stream's, a frame larger than the caps): `why` then says which check
    // failed. An error only when reading fails.
    static Result<std::optional<SeekTable>> read(const ReadAt &read, quint64 compressedSize, quint64 decompressedSize,
                                                 QString *why = nullptr);

    const std::vector<SeekFrame> &frames() const { return m_frames; }
    // The frame holding decoded byte `offset` (offset < decompressed size).
    std::size_t frameAt(quint64 offset) const;
    bool hasChecksums() const { return m_checksums; }

private:
    std::vector<SeekFrame> m_frames; // frames with no decoded bytes are left out
    bool m_checksums = false;
};

} // namespace carton
