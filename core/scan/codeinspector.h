// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QString>
#include <QStringList>

namespace carton {

// What a file's first bytes say it is, when it is native code or a script.
enum class ExecutableKind { None, Elf, Pe, MachO, MachOFat, Script };

// Reads code without running it: the modules a Python file imports (a line
// scanner, not a parser) and native executables by their magic bytes.
class CARTONCORE_EXPORT CodeInspector final {
public:
    // The modules named by `import a.b, c as d` and `from x.y import z` statements
    // (also indented ones and `from . import z`, listed as "." + z), and
    // "__import__"/"importlib" for dynamic imports; sorted, unique. At most
    // maxLines lines of at most 4096 bytes each are looked at.
    static QStringList pythonImports(QByteArrayView source, int maxLines = 1'000'000);
    // Of these imports, those that reach the system, the network or run other code.
    static QStringList riskyImports(const QStringList &imports);

    // `head` is the file's first bytes (64 are enough); `peSignature` the 4 bytes at
    // the offset peOffset(head) returns (for "MZ" files), empty otherwise.
    static ExecutableKind executableKind(QByteArrayView head, QByteArrayView peSignature = {});
    // Where a DOS/PE file's "PE\0\0" signature should be (-1 when head is not "MZ").
    static qint64 peOffset(QByteArrayView head);
    static QString kindName(ExecutableKind kind); // "ELF executable or shared library", ...
};

} // namespace carton
