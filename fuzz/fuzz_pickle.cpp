// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The pickle disassembler of the safety scan.
#include "fuzzutil.h"
#include "scan/pickledisassembler.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)carton::PickleDisassembler::disassemble(fuzz::bytes(data, size), QStringLiteral("f.pkl"));
    return 0;
}
