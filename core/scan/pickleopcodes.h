// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QtGlobal>

namespace carton {

// How a pickle opcode's argument follows it in the stream (pickletools' ArgumentDescriptor).
enum class PickleArg : quint8 {
    None,
    UInt1,    // 1 byte
    UInt2,    // 2 bytes, little-endian
    Int4,     // 4 bytes, little-endian, signed (BININT, LONG_BINGET/PUT and EXT4 read it unsigned)
    UInt8,    // 8 bytes, little-endian (FRAME)
    Float8,   // 8 bytes, big-endian IEEE double (BINFLOAT)
    Counted1, // a 1-byte length, then that many bytes
    Counted4, // a 4-byte little-endian length, then that many bytes
    Counted8, // an 8-byte little-endian length, then that many bytes
    Line,     // bytes up to '\n'
    TwoLines, // "module\nname\n" (GLOBAL, INST)
};

// One opcode of pickle protocols 0 to 5.
struct PickleOpcode {
    uchar code;
    const char *name; // pickletools' name: "BINUNICODE", "STACK_GLOBAL"
    PickleArg arg;
    int protocol; // the protocol that introduced it
};

// The opcode table, shared by the disassembler (core/scan) and the torch pickle
// evaluator (core/model): the opcode `code` is, or nullptr when it is not a pickle opcode.
CARTONCORE_EXPORT const PickleOpcode *pickleOpcode(uchar code);

// Bytes of a fixed-width argument (UInt1 1, UInt2 2, Int4 4, UInt8 and Float8 8), 0 for the others.
constexpr int pickleArgWidth(PickleArg arg)
{
    switch (arg) {
    case PickleArg::UInt1:
        return 1;
    case PickleArg::UInt2:
        return 2;
    case PickleArg::Int4:
        return 4;
    case PickleArg::UInt8:
    case PickleArg::Float8:
        return 8;
    default:
        return 0;
    }
}

} // namespace carton
