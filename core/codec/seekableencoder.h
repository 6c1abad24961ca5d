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
// At most 2 x workers + 1 frames are in flight: memory stays bounded.
class CARTONCORE_EXPORT SeekableEncoder final : public Encoder {
public:
    // 2 MiB: ratio within 0.5 % of one frame at level 3 on weights-like data, and a
    // random read decodes at most 2 MiB (bench/tensor-bench.sh measures 1, 2, 4 MiB).
    static constexpr std::size_t DefaultFrameSize = std::size_t(2) << 20;

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
