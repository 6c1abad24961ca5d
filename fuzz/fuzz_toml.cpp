// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton.toml: parsing, then writing back and parsing again (the editor's save
// path), which must succeed for anything that parsed.
#include "format/cartontoml.h"
#include "fuzzutil.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    auto info = carton::parseCartonToml(fuzz::bytes(data, size));
    if (!info)
        return 0;
    const carton::Result<QByteArray> written = carton::writeCartonToml(*info);
    if (!written)
        std::abort(); // what we read, we must write without losing any of it
    if (!carton::parseCartonToml(*written))
        std::abort(); // what we write, we must read
    return 0;
}
