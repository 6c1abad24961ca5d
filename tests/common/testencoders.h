// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Encoders used by the tests to produce Content-Encoding bodies (zlib, libbrotlienc, zstd).

#include <QByteArray>

namespace testenc {

QByteArray gzip(const QByteArray &data);        // one gzip member
QByteArray zlibWrapped(const QByteArray &data); // HTTP "deflate" as the RFC means it
QByteArray rawDeflate(const QByteArray &data);  // HTTP "deflate" as some servers send it
QByteArray brotli(const QByteArray &data);
QByteArray zstd(const QByteArray &data);
// Applies encodings in the order listed, as "Content-Encoding: a, b" means.
QByteArray encode(const QByteArray &data, const QList<QByteArray> &encodings);

} // namespace testenc
