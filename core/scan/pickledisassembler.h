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
    qint64 maxLineLength = 64 * 1024;  // GLOBAL/INST module and name lines (other text lines are skipped)
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
//
// Whether the bytes are a pickle at all is decided by their content, never by a
// name or a first byte: a pickle is data whose first pickle disassembles to its
// STOP, or that calls an imported name before it fails (Python's unpickler runs
// each opcode as it reads it, so a call before garbage still runs). Data that
// fails before that with a format error is not a pickle (notPickle): Python's
// unpickler stops there too, having called nothing. Hitting a cap or a read error
// decides nothing (the error says which).
struct PickleListing {
    int protocol = 0;              // the highest PROTO seen (0 when none: protocol 0/1)
    int pickles = 0;               // complete pickles (STOP opcodes) in the stream
    qint64 opcodes = 0;            // opcodes decoded
    qint64 bytes = 0;              // bytes read as pickles (where trailing data starts)
    bool trailingData = false;     // bytes follow the last pickle that are not another pickle
    QList<PickleImport> imports;   // distinct imports and calls, in order of first occurrence
    bool importsTruncated = false; // maxDistinctImports was reached
    std::optional<Error> error;    // truncated, garbage, a cap hit: the listing is partial
    bool notPickle = false;        // not a pickle (see above); `error` says where the disassembly stopped
    bool complete() const { return !error.has_value(); }
};

// A pickle opcode disassembler for protocols 0 to 5 that lists what a pickle
// would import and call, by simulating the unpickler's stack and memo with
// strings only. It has no unpickler: no object is created, no module imported,
// nothing called. Every length is checked against what is left, nothing is
// allocated from a declared length, and PickleLimits bound time and memory.
// Errors name `location`, the byte offset and the opcode. Where Python's
// unpickler refuses a stream (a GLOBAL name that is not UTF-8, an INST without a
// MARK...), so does the disassembler, at the same opcode; it never refuses what
// Python's unpickler accepts.
class CARTONCORE_EXPORT PickleDisassembler final {
public:
    // Reads `input` sequentially; its bytesAvailable() must count the bytes up to
    // the end (files, buffers and zip entry devices do), so that a declared length
    // past the end is known as truncation without reading on. With concatenated,
    // pickles that follow one another (legacy torch.save files, at any protocol)
    // are read until the stream ends or what follows is not a pickle by the rule
    // above (trailingData).
    static PickleListing disassemble(QIODevice &input, const QString &location, const PickleLimits &limits = {},
                                     bool concatenated = true);
    static PickleListing disassemble(QByteArrayView data, const QString &location, const PickleLimits &limits = {},
                                     bool concatenated = true);
};

} // namespace carton
