// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <functional>
#include <memory>

namespace carton {

// Streaming decoder for one HTTP Content-Encoding: "identity", "gzip", "x-gzip",
// "deflate" (zlib-wrapped, or raw as some servers send), "br", "zstd".
// Output is capped at maxOutput bytes (ErrorCode::Limit beyond).
class CARTONCORE_EXPORT ContentDecoder {
public:
    static Result<std::unique_ptr<ContentDecoder>> create(const QByteArray &encoding, qint64 maxOutput);
    virtual ~ContentDecoder() = default;
    // Feeds compressed bytes; returns the decoded bytes produced so far.
    Result<QByteArray> decode(QByteArrayView input);
    // Streaming form: decoded bytes are handed to `sink` in pieces of at most 64 KiB,
    // so a small hostile input never has to be expanded in memory at once. A failing
    // sink stops decoding and its error is returned.
    using Sink = std::function<Status(QByteArrayView decoded)>;
    virtual Status decodeTo(QByteArrayView input, const Sink &sink) = 0;
    // Call at the end of the input; fails if the stream was truncated.
    virtual Status finish() = 0;
};

} // namespace carton
