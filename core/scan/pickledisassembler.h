// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QIODevice>
#include <QList>
#include <QString>
#include <optional>

namespace carton {

// Caps for one pickle stream: hostile pickles are made of tiny opcodes, so the
// byte and opcode caps bound the time, the stack and memo caps the memory.
struct PickleLimits {
    qint64 maxBytes = 8ll << 30;       // bytes read from one stream (large BINBYTES are skipped, not kept)
    qint64 maxOpcodes = 500'000'000;   // opcodes decoded (a real 100 MB data.pkl has a few million)
    qint64 maxStackDepth = 1'000'000;  // values on the stack and marks, all together
    qint64 maxMemoEntries = 2'000'000; // PUT / MEMOIZE slots (~100 bytes each)
    qint64 maxLineLength = 64 * 1024;  // protocol 0 text arguments (GLOBAL module and name, INT...)
    qint64 maxKeptString = 1024;       // longer strings are not kept (no module name is that long)
    int maxDistinctImports = 10'000;   // distinct (opcode, module, name) triples listed
};

// How a pickle reaches a Python object by name.
enum class PickleRef {
    Global,      // GLOBAL 'module name' (protocols 0-3): imports module, takes name
    StackGlobal, // STACK_GLOBAL (protocol 4+): module and name are strings from the stack (or the memo)
    Inst,        // INST 'module name' (protocol 0): imports and calls the class with the marked items
    Ext,         // EXT1/EXT2/EXT4: a code from copyreg's extension registry (an import we cannot name)
    Reduce,      // REDUCE: calls the callable below the argument tuple
    Obj,         // OBJ: calls the first marked item with the others
    NewObj,      // NEWOBJ / NEWOBJ_EX: cls.__new__(cls, *args)
};
CARTONCORE_EXPORT QString pickleRefName(PickleRef ref); // "GLOBAL", "STACK_GLOBAL", ...
// True for the opcodes that import (GLOBAL, STACK_GLOBAL, INST, EXT*); the others call.
CARTONCORE_EXPORT bool pickleRefImports(PickleRef ref);

// One distinct way a pickle names an object. Calls (REDUCE, OBJ, NEWOBJ) carry the
// global their callable came from, when the stack simulation knows it.
struct PickleImport {
    PickleRef ref = PickleRef::Global;
    QString module;        // empty when not resolved
    QString name;          // empty when not resolved
    bool resolved = false; // module and name are known strings
    QString detail;        // how it was resolved ("module from memo 3") or why not
    qint64 offset = 0;     // byte offset of the first occurrence's opcode
    qint64 count = 0;      // occurrences
    QString qualifiedName() const { return resolved ? module + u'.' + name : QString(); }
};

// What one pickle stream holds: every import and call target, and why it stopped
// early (if it did). Nothing is ever executed or constructed.
struct PickleListing {
    int protocol = 0;              // the highest PROTO seen (0 when none: protocol 0/1)
    int pickles = 0;               // complete pickles (STOP opcodes) in the stream
    qint64 opcodes = 0;            // opcodes decoded
    qint64 bytes = 0;              // bytes consumed
    bool trailingData = false;     // bytes follow the last pickle that are not another pickle (not read)
    QList<PickleImport> imports;   // distinct imports and calls, in order of first occurrence
    bool importsTruncated = false; // maxDistinctImports was reached
    std::optional<Error> error;    // truncated, garbage, a cap hit: the listing is partial
    bool complete() const { return !error.has_value(); }
};

// A pickle opcode disassembler for protocols 0 to 5 that lists what a pickle
// would import and call, by simulating the unpickler's stack and memo with
// strings only. It has no unpickler: no object is created, no module imported,
// nothing called. Every length is checked against what is left, nothing is
// allocated from a declared length, and PickleLimits bound time and memory.
// Errors name `location`, the byte offset and the opcode.
class CARTONCORE_EXPORT PickleDisassembler final {
public:
    // Reads `input` sequentially. With concatenated, pickles that follow one
    // another (legacy torch.save files) are read until the stream ends or the
    // next byte is not a PROTO opcode (the rest is counted in trailingBytes).
    static PickleListing disassemble(QIODevice &input, const QString &location, const PickleLimits &limits = {},
                                     bool concatenated = true);
    static PickleListing disassemble(QByteArrayView data, const QString &location, const PickleLimits &limits = {},
                                     bool concatenated = true);
};

} // namespace carton
