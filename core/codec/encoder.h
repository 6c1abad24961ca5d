// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "codec/codec.h"

#include <cstddef>
#include <memory>

namespace carton {

// A streaming compressor: raw deflate (zip method 8) or zstd (zip method 93).
// Used by one thread at a time.
class CARTONCORE_EXPORT Encoder {
public:
    // level: deflate 1..9, zstd 1..22 (clamped); workers: zstd threads (0 = none;
    // a libzstd without threads compresses on the calling thread). Other codecs
    // fail with ErrorCode::Unsupported.
    static Result<std::unique_ptr<Encoder>> create(Codec codec, int level, int workers = 0);
    virtual ~Encoder() = default;

    // Receives the compressed bytes in pieces of at most 1 MiB; a failing sink
    // stops encode(), which returns the sink's error.
    using Sink = Status (*)(void *context, const char *data, std::size_t size);
    // Consumes all of in[0, inSize); with `finish`, also ends the stream.
    virtual Status encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) = 0;
    // Makes a finished encoder ready for a new stream with the same settings, so
    // that a writer can reuse it (a zstd context with workers owns a thread pool,
    // costly to make for every small entry). False when it cannot be reused.
    virtual bool reset() { return false; }
    Codec codec() const { return m_codec; }

protected:
    explicit Encoder(Codec codec) : m_codec(codec) {}
    Codec m_codec;
};

} // namespace carton
