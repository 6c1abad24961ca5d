// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "codec/encoder.h"

namespace carton {

// zstd in the seekable format (codec/seektable.h): the input is cut into frames of
// `frameSize` bytes, each compressed on its own (with its content size in its
// header), followed by the seek table. `workers` threads compress frames in
// parallel (0: on the calling thread); the output does not depend on their number.
// An input of at most one frame is written as one ordinary frame, without a table.
// At most 2 x workers + 1 frames (and no more than 256 MiB of them, but always
// workers + 1) are in flight: memory stays bounded.
class CARTONCORE_EXPORT SeekableEncoder final : public Encoder {
public:
    // 8 MiB, chosen by measurement (zipbench, level 3, against zstd -3 in one frame):
    // a 512 MiB weights-like tensor is 0.1 % smaller (1, 2, 4 MiB frames: 0.9, 0.5,
    // 0.2 % smaller), 150 MB of shared libraries 2.1 % larger (1, 2, 4 MiB: 21, 13,
    // 5.7 % larger, long matches cut); a random read decodes 8 MiB, ~15 ms.
    static constexpr std::size_t DefaultFrameSize = std::size_t(8) << 20;

    static Result<std::unique_ptr<Encoder>> create(int level, int workers, std::size_t frameSize = DefaultFrameSize);
    ~SeekableEncoder() override;

    Status encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) override;
    bool reset() override;

private:
    SeekableEncoder();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace carton
