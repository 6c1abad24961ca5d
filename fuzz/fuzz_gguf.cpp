// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// GGUF headers: metadata, tensor infos and every tensor's first elements (Q8_0/Q4_0 dequantised).
#include "base/bytesource.h"
#include "fuzzmodel.h"
#include "fuzzutil.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto source = std::make_shared<carton::MemorySource>(bytes, QStringLiteral("m.gguf"));
    if (auto read = carton::ModelFile::read(source, {}, fuzz::limits()))
        fuzz::readWeights(**read);
    return 0;
}
