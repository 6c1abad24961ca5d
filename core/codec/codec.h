// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The one compression layer of the core (carton_codec): zip entries (raw deflate,
// zstd) and HTTP content encodings (gzip, deflate, br, zstd) go through it.
//   Decoder        buffer-to-buffer decoding, no copies (the zip entry device)
//   StreamDecoder  a Decoder with an output cap, trailing-data and truncation
//                  checks, output handed to a sink in bounded pieces (links)
//   Encoder        raw deflate and zstd compression (the zip writer, the packer)
// Every error is a carton::Result/Status; every C handle is owned (RAII).

#include "cartoncore_export.h"

#include <QString>

namespace carton {

enum class Codec {
    Identity,   // no compression: bytes are copied
    RawDeflate, // headerless deflate (zip method 8)
    Deflate,    // HTTP "deflate": zlib-wrapped, or raw deflate as some servers send (browsers accept both)
    Gzip,       // gzip, several members one after the other
    Brotli,     // br
    Zstd,       // one or more zstd frames (zip method 93); decoding window at most 128 MiB
};

// "identity", "deflate", "gzip", "br", "zstd": the name used in messages.
CARTONCORE_EXPORT QString codecName(Codec codec);

} // namespace carton
