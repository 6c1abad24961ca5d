// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Standalone tensor files: the safetensors header (and every tensor's first
// elements) and the .npy header (and its first elements), from the same input.
#include "base/bytesource.h"
#include "fuzzutil.h"
#include "tensor/npyfile.h"
#include "tensor/safetensors.h"

#include <algorithm>

namespace {

void readSome(const carton::TensorReader &reader)
{
    char buffer[512];
    const qint64 count =
        std::min<qint64>(reader.elementCount(), qint64(sizeof buffer) / std::max(1, reader.elementSize()));
    if (count > 0)
        (void)reader.readFlat(0, count, buffer, sizeof buffer);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto source = std::make_shared<carton::MemorySource>(bytes, QStringLiteral("f"));
    if (auto st = carton::SafetensorsFile::read(source, fuzz::limits())) {
        for (const carton::SafetensorsTensor &t : st->tensors())
            if (auto reader = st->openTensor(t.name))
                readSome(**reader);
    }
    if (auto npy = carton::NpyFile::read(source, fuzz::limits()))
        if (auto reader = npy->openTensor(QStringLiteral("npy")))
            readSome(**reader);
    return 0;
}
