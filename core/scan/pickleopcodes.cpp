// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/pickleopcodes.h"

#include <array>

namespace carton {

namespace {

constexpr PickleOpcode kOpcodes[] = {
    {'(', "MARK", PickleArg::None, 0},
    {'.', "STOP", PickleArg::None, 0},
    {'0', "POP", PickleArg::None, 0},
    {'1', "POP_MARK", PickleArg::None, 1},
    {'2', "DUP", PickleArg::None, 0},
    {'F', "FLOAT", PickleArg::Line, 0},
    {'I', "INT", PickleArg::Line, 0},
    {'J', "BININT", PickleArg::Int4, 1},
    {'K', "BININT1", PickleArg::UInt1, 1},
    {'L', "LONG", PickleArg::Line, 0},
    {'M', "BININT2", PickleArg::UInt2, 1},
    {'N', "NONE", PickleArg::None, 0},
    {'P', "PERSID", PickleArg::Line, 0},
    {'Q', "BINPERSID", PickleArg::None, 1},
    {'R', "REDUCE", PickleArg::None, 0},
    {'S', "STRING", PickleArg::Line, 0},
    {'T', "BINSTRING", PickleArg::Counted4, 1},
    {'U', "SHORT_BINSTRING", PickleArg::Counted1, 1},
    {'V', "UNICODE", PickleArg::Line, 0},
    {'X', "BINUNICODE", PickleArg::Counted4, 1},
    {'a', "APPEND", PickleArg::None, 0},
    {'b', "BUILD", PickleArg::None, 0},
    {'c', "GLOBAL", PickleArg::TwoLines, 0},
    {'d', "DICT", PickleArg::None, 0},
    {'}', "EMPTY_DICT", PickleArg::None, 1},
    {'e', "APPENDS", PickleArg::None, 1},
    {'g', "GET", PickleArg::Line, 0},
    {'h', "BINGET", PickleArg::UInt1, 1},
    {'i', "INST", PickleArg::TwoLines, 0},
    {'j', "LONG_BINGET", PickleArg::Int4, 1},
    {'l', "LIST", PickleArg::None, 0},
    {']', "EMPTY_LIST", PickleArg::None, 1},
    {'o', "OBJ", PickleArg::None, 1},
    {'p', "PUT", PickleArg::Line, 0},
    {'q', "BINPUT", PickleArg::UInt1, 1},
    {'r', "LONG_BINPUT", PickleArg::Int4, 1},
    {'s', "SETITEM", PickleArg::None, 0},
    {'t', "TUPLE", PickleArg::None, 0},
    {')', "EMPTY_TUPLE", PickleArg::None, 1},
    {'u', "SETITEMS", PickleArg::None, 1},
    {'G', "BINFLOAT", PickleArg::Float8, 1},
    {0x80, "PROTO", PickleArg::UInt1, 2},
    {0x81, "NEWOBJ", PickleArg::None, 2},
    {0x82, "EXT1", PickleArg::UInt1, 2},
    {0x83, "EXT2", PickleArg::UInt2, 2},
    {0x84, "EXT4", PickleArg::Int4, 2},
    {0x85, "TUPLE1", PickleArg::None, 2},
    {0x86, "TUPLE2", PickleArg::None, 2},
    {0x87, "TUPLE3", PickleArg::None, 2},
    {0x88, "NEWTRUE", PickleArg::None, 2},
    {0x89, "NEWFALSE", PickleArg::None, 2},
    {0x8a, "LONG1", PickleArg::Counted1, 2},
    {0x8b, "LONG4", PickleArg::Counted4, 2},
    {'B', "BINBYTES", PickleArg::Counted4, 3},
    {'C', "SHORT_BINBYTES", PickleArg::Counted1, 3},
    {0x8c, "SHORT_BINUNICODE", PickleArg::Counted1, 4},
    {0x8d, "BINUNICODE8", PickleArg::Counted8, 4},
    {0x8e, "BINBYTES8", PickleArg::Counted8, 4},
    {0x8f, "EMPTY_SET", PickleArg::None, 4},
    {0x90, "ADDITEMS", PickleArg::None, 4},
    {0x91, "FROZENSET", PickleArg::None, 4},
    {0x92, "NEWOBJ_EX", PickleArg::None, 4},
    {0x93, "STACK_GLOBAL", PickleArg::None, 4},
    {0x94, "MEMOIZE", PickleArg::None, 4},
    {0x95, "FRAME", PickleArg::UInt8, 4},
    {0x96, "BYTEARRAY8", PickleArg::Counted8, 5},
    {0x97, "NEXT_BUFFER", PickleArg::None, 5},
    {0x98, "READONLY_BUFFER", PickleArg::None, 5},
};

struct Table {
    std::array<const PickleOpcode *, 256> byCode{};
    Table()
    {
        for (const PickleOpcode &op : kOpcodes)
            byCode[op.code] = &op;
    }
};

} // namespace

const PickleOpcode *pickleOpcode(uchar code)
{
    static const Table table;
    return table.byCode[code];
}

} // namespace carton
