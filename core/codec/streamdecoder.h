// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "codec/codec.h"

#include <QByteArray>
#include <QByteArrayView>
#include <functional>
#include <memory>

namespace carton {

class Decoder;

// A Decoder fed with pieces of input as they arrive (an HTTP body), for input
// that is not trusted:
// - the decoded output is capped at maxOutput bytes (ErrorCode::Limit "decoded
//   NAME content exceeds the limit of N bytes"); decoding stops at the cap, so a
//   small bomb costs time and memory in proportion to the cap, not to its ratio;
// - output goes to a sink in pieces of at most 64 KiB, never expanded whole;
// - bytes after the end of a single-stream codec (deflate, br) are an error
//   (ErrorCode::Format "... data after the end of the stream"); gzip members and
//   zstd frames may follow each other;
// - finish() fails when the input stopped in the middle of a stream, or when a
//   compressed stream got no input at all (ErrorCode::Format "truncated ...").
// Error locations are left to the caller.
class CARTONCORE_EXPORT StreamDecoder final {
public:
    static Result<std::unique_ptr<StreamDecoder>> create(Codec codec, qint64 maxOutput);
    ~StreamDecoder();
    StreamDecoder(const StreamDecoder &) = delete;
    StreamDecoder &operator=(const StreamDecoder &) = delete;

    // A failing sink stops decoding and its error is returned.
    using Sink = std::function<Status(QByteArrayView decoded)>;
    Status decodeTo(QByteArrayView input, const Sink &sink);
    // decodeTo() collecting the output (capped like the rest).
    Result<QByteArray> decode(QByteArrayView input);
    // Call at the end of the input.
    Status finish();

    Codec codec() const;
    qint64 bytesIn() const { return m_in; }
    qint64 bytesOut() const { return m_out; }

private:
    StreamDecoder(std::unique_ptr<Decoder> decoder, qint64 maxOutput);
    Error corrupt(const QString &detail) const;

    std::unique_ptr<Decoder> m_decoder;
    QByteArray m_buffer; // heap, not stack: decoders nest (Content-Encoding: gzip, br)
    qint64 m_maxOutput;
    qint64 m_in = 0;
    qint64 m_out = 0;
};

} // namespace carton
