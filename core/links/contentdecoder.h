// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "codec/streamdecoder.h"

#include <QByteArray>
#include <memory>

namespace carton {

// The codec of one HTTP Content-Encoding (case and spaces ignored): "identity" or
// empty, "gzip", "x-gzip", "deflate" (zlib-wrapped, or raw as some servers send),
// "br", "zstd". Anything else fails with ErrorCode::Unsupported.
CARTONCORE_EXPORT Result<Codec> contentEncodingCodec(const QByteArray &encoding);

// A decoder for one Content-Encoding through the shared codec layer
// (codec/streamdecoder.h): output capped at maxOutput bytes (ErrorCode::Limit
// beyond), handed on in pieces of at most 64 KiB.
CARTONCORE_EXPORT Result<std::unique_ptr<StreamDecoder>> createContentDecoder(const QByteArray &encoding,
                                                                              qint64 maxOutput);

} // namespace carton
