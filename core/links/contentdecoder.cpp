// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "links/contentdecoder.h"

namespace carton {

Result<Codec> contentEncodingCodec(const QByteArray &encoding)
{
    const QByteArray name = encoding.trimmed().toLower();
    if (name.isEmpty() || name == "identity")
        return Codec::Identity;
    if (name == "gzip" || name == "x-gzip")
        return Codec::Gzip;
    if (name == "deflate")
        return Codec::Deflate;
    if (name == "br")
        return Codec::Brotli;
    if (name == "zstd")
        return Codec::Zstd;
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("unsupported content encoding \"%1\"").arg(QString::fromLatin1(name.left(50))));
}

Result<std::unique_ptr<StreamDecoder>> createContentDecoder(const QByteArray &encoding, qint64 maxOutput)
{
    const Result<Codec> codec = contentEncodingCodec(encoding);
    if (!codec)
        return codec.error();
    return StreamDecoder::create(*codec, maxOutput);
}

} // namespace carton
