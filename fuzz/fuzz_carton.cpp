// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A whole carton from bytes, end to end: open (carton.toml, MANIFEST, index.toml,
// LINKS), validate, verify every file, and load every tensor.
#include "fuzzutil.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "validate/validator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = fuzz::scratchFile(data, size, ".carton");
    auto carton = carton::Carton::open(path, fuzz::limits());
    if (!carton)
        return 0;
    (void)carton::validateCarton(**carton);
    carton::VerifyOptions options;
    options.threads = 1;
    (void)carton::verifyCarton(**carton, options);
    if (const auto &index = (*carton)->tensorIndex())
        for (const carton::TensorIndexEntry &e : index->entries())
            (void)(*carton)->loadTensor(e.name);
    return 0;
}
