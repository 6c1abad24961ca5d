// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// GGUF headers: metadata, tensor infos and every tensor's first elements (Q8_0/Q4_0 dequantised).
#include "base/bytesource.h"
#include "fuzzutil.h"
#include "model/modelfile.h"

#include <algorithm>

namespace {

void readSome(const carton::ModelFile &model)
{
    char buffer[512];
    for (const carton::ModelWeight &w : model.weights()) {
        auto reader = model.openWeight(w.name);
        if (!reader)
            continue;
        const qint64 count =
            std::min<qint64>((*reader)->elementCount(), qint64(sizeof buffer) / std::max(1, (*reader)->elementSize()));
        if (count > 0)
            (void)(*reader)->readFlat(0, count, buffer, sizeof buffer);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto source = std::make_shared<carton::MemorySource>(bytes, QStringLiteral("m.gguf"));
    if (auto read = carton::ModelFile::read(source, {}, fuzz::limits()))
        readSome(**read);
    return 0;
}
