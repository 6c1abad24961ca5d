// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The content decoders LINKS downloads go through (gzip, deflate, br, zstd) with
// their output cap. The first byte picks the encoding.
#include "fuzzutil.h"
#include "links/contentdecoder.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const QByteArray encodings[] = {"gzip", "deflate", "br", "zstd"};
    auto decoder = carton::createContentDecoder(encodings[data[0] % 4], 1 << 20);
    if (!decoder)
        return 0;
    // Fed in two pieces, as a network delivers it.
    const QByteArrayView input = fuzz::bytes(data + 1, size - 1);
    const qsizetype half = input.size() / 2;
    auto sink = [](QByteArrayView) { return carton::Status(); };
    if ((*decoder)->decodeTo(input.first(half), sink) && (*decoder)->decodeTo(input.sliced(half), sink))
        (void)(*decoder)->finish();
    return 0;
}
