// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The small metadata formats: MANIFEST, LINKS and tensor_data/index.toml (each
// input is tried as all three; the first byte does not select, so the corpora mix).
#include "format/manifest.h"
#include "fuzzutil.h"
#include "links/links.h"
#include "tensor/tensorindex.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text = fuzz::bytes(data, size);
    if (auto manifest = carton::Manifest::parse(text)) {
        if (!carton::Manifest::parse(manifest->serialize()))
            std::abort();
    }
    (void)carton::Links::parse(text);
    (void)carton::TensorIndex::parse(text);
    return 0;
}
