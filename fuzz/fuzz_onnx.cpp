// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ONNX ModelProto (the protobuf wire reader): the signature, the graph, every weight's first elements, with one
// external data file beside it (the input's second half).
#include "base/bytesource.h"
#include "fuzzmodel.h"
#include "fuzzutil.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // The first two bytes (little-endian) say how long the model is; the rest is its
    // external data file "x.bin".
    const qsizetype length = size < 2 ? 0 : qsizetype(data[0] | data[1] << 8);
    auto model = std::make_shared<carton::MemorySource>(bytes.mid(2, length), QStringLiteral("m.onnx"));
    const qsizetype split = std::min<qsizetype>(bytes.size(), 2 + length);
    auto external = std::make_shared<carton::MemorySource>(bytes.mid(split), QStringLiteral("x.bin"));
    carton::SiblingFiles siblings;
    siblings.size = [external](const QString &path) -> std::optional<qint64> {
        return path == u"x.bin" ? std::optional<qint64>(external->size()) : std::nullopt;
    };
    siblings.open = [external](const QString &path) -> carton::Result<carton::ByteSourcePtr> {
        if (path != u"x.bin")
            return carton::makeError(carton::ErrorCode::NotFound, path);
        return carton::ByteSourcePtr(external);
    };
    (void)carton::ModelFile::detect(*model, fuzz::limits());
    if (auto onnx = carton::readOnnxModel(*model, siblings, fuzz::limits()); onnx)
        (void)onnx->weights.size();
    if (auto read = carton::ModelFile::read(model, siblings, fuzz::limits()))
        fuzz::readWeights(**read);
    return 0;
}
