// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The runner-host protocol reader (frames of a KServe v2 JSON header and binary
// tensors), fed in pieces, and the tensors of every complete frame decoded. The
// first byte's low bit accepts KServe JSON "data" tensors (a server's JSON outputs).
#include "fuzzutil.h"
#include "runner/wireframe.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    carton::wire::WireLimits limits;
    limits.maxHeaderBytes = 1 << 20;
    limits.maxBinaryBytes = 4 << 20;
    limits.maxTensorElements = 1 << 20;
    limits.acceptJsonData = data[0] & 1;
    carton::wire::FrameReader reader(QStringLiteral("fuzz"), limits);
    const QByteArrayView input = fuzz::bytes(data + 1, size - 1);
    for (qsizetype at = 0; at < input.size();) {
        const qsizetype n = std::min<qsizetype>(input.size() - at, 7 + at % 13);
        if (!reader.feed(input.sliced(at, n)))
            return 0;
        at += n;
        while (reader.hasFrame()) {
            const carton::wire::Frame frame = reader.takeFrame();
            (void)carton::wire::decodeFrameTensors(frame, QStringLiteral("outputs"), QStringLiteral("fuzz"), limits);
        }
    }
    return 0;
}
