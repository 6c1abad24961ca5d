// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_zip: RAII wrappers around zlib's raw deflate/inflate streams
// and libzstd's streaming contexts, behind two small interfaces used by the
// entry device (decoding) and the writer (encoding).

#include <QString>
#include <cstddef>
#include <memory>

namespace carton {

// zlib's CRC-32 over any length.
quint32 zipCrc32(quint32 crc, const char *data, std::size_t size);
// "CRC-32 mismatch: stored 0x…, data 0x…", the one wording for every full read.
QString crcMismatchMessage(quint32 stored, quint32 data);

class ZipDecoder {
public:
    virtual ~ZipDecoder() = default;
    // Decodes from in[inPos, inSize) into out[outPos, outSize), advancing both
    // positions. Returns false (with error()) on corrupt data.
    virtual bool decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                        std::size_t &outPos) = 0;
    // Deflate: the final block has been seen (more input is ignored).
    virtual bool ended() const = 0;
    // True when the input so far is a complete stream (zstd: at a frame end).
    virtual bool complete() const = 0;
    QString error() const { return m_error; }
    // Makes a finished encoder ready for a new stream with the same settings, so
    // that a writer can reuse it (a zstd context with workers owns a thread pool,
    // costly to make for every small entry). False when it cannot be reused.
    virtual bool reset() { return false; }

    // nullptr for methods that are not compressed or not supported.
    static std::unique_ptr<ZipDecoder> create(quint16 method, QString *error);

protected:
    QString m_error;
};

class ZipEncoder {
public:
    virtual ~ZipEncoder() = default;
    // Consumes all of in[0, inSize) (finish: and ends the stream), appending the
    // compressed bytes to out through `sink`, called with chunks of at most the
    // encoder's buffer size. Returns false with error() on failure.
    using Sink = bool (*)(void *context, const char *data, std::size_t size);
    virtual bool encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) = 0;
    QString error() const { return m_error; }
    // Makes a finished encoder ready for a new stream with the same settings, so
    // that a writer can reuse it (a zstd context with workers owns a thread pool,
    // costly to make for every small entry). False when it cannot be reused.
    virtual bool reset() { return false; }

    // level: deflate 1..9, zstd 1..22 (clamped); workers: zstd threads (0 = none).
    static std::unique_ptr<ZipEncoder> create(quint16 method, int level, int workers, QString *error);

protected:
    QString m_error;
};

} // namespace carton
