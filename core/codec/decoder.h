// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "codec/codec.h"

#include <cstddef>
#include <memory>

namespace carton {

// A streaming decoder for one codec. Every C handle is owned (RAII); a decoder is
// used by one thread at a time. Corrupt input fails with ErrorCode::Format
// "corrupt NAME data: DETAIL"; the caller adds the location.
class CARTONCORE_EXPORT Decoder {
public:
    static Result<std::unique_ptr<Decoder>> create(Codec codec);
    virtual ~Decoder() = default;

    // Decodes from in[inPos, inSize) into out[outPos, outSize), advancing both
    // positions by what was used and produced. Once ended(), consumes nothing.
    // A call may make no progress (more input or more output room is needed).
    virtual Status decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                          std::size_t &outPos) = 0;
    // The stream has ended and takes no more input (deflate, zlib, brotli after
    // their last block). Never true for gzip and zstd: another member or frame
    // may follow, and complete() tells whether the input stops cleanly.
    bool ended() const { return m_ended; }
    // The input so far is one or more whole streams (members, frames), none cut
    // off. False before any input, except for Identity.
    bool complete() const { return m_complete; }
    Codec codec() const { return m_codec; }

protected:
    explicit Decoder(Codec codec) : m_codec(codec) {}
    Error corrupt(const QString &detail) const;

    Codec m_codec;
    bool m_ended = false;
    bool m_complete = false;
};

} // namespace carton
