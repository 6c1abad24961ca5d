// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The streaming string-tensor reader (and its fallback to the TOML parser). The
// first byte is the expected element count.
#include "fuzzutil.h"
#include "tensor/stringtensorfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    (void)carton::decodeStringTensorFile(fuzz::bytes(data + 1, size - 1), data[0], QStringLiteral("s.toml"),
                                         fuzz::limits());
    return 0;
}
