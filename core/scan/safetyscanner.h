// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/progress.h"
#include "cartoncore_export.h"
#include "scan/pickledisassembler.h"
#include "scan/scanreport.h"

namespace carton {

class Carton;

struct ScanOptions {
    Limits limits;       // for the carton and the zips inside it (unsafe entries are quarantined, not fatal)
    PickleLimits pickle; // per pickle stream
    qint64 maxCodeFileSize = 16ll << 20; // a Python file read whole to list its imports
    // A compressed zip inside a carton (a torch file...) is decoded to a temporary
    // file to be read as a zip; larger ones are not scanned (status incomplete).
    qint64 maxSpillBytes = 8ll << 30;
};

// A safety scan of everything in a carton that can execute or reach out:
// pickles (disassembled, never unpickled: see PickleDisassembler, judged by
// PickleAllowList), Python files the python runner runs, native executables,
// archive tricks (escaping entries, symlinks, duplicate names, comments) and the
// hosts LINKS and the description's remote images name. Reads the carton, never
// runs or extracts anything. Thread-safe (no shared state); cancellable through
// `progress` (a cancelled scan is incomplete).
// Every file of the carton, and every member of a zip or a tar in it, is read as a pickle:
// what is one is decided by content (PickleListing::notPickle), never by a name
// or a first byte. Data that is not a pickle fails within its first bytes, and
// the first read is 4 KiB, so this costs little on large files.
class CARTONCORE_EXPORT SafetyScanner final {
public:
    // A .carton, an unpacked carton folder, or a single file, whatever its name:
    // any zip is scanned as a carton (a torch zip's files are read as pickles like
    // a carton's), a tar (a legacy torch file) has its members read as pickles,
    // anything else is read as a pickle (when it is not one: status failed, and a
    // "not a pickle" info finding saying where it stopped).
    static ScanReport scan(const QString &path, const ScanOptions &options = {}, Progress *progress = nullptr);
    // An opened carton (the same scan as of its path, without opening it again).
    // Whether it has serious findings, and which:
    //   SafetyScanner::scan(carton).findingsAtLeast(ScanSeverity::High)
    static ScanReport scan(const Carton &carton, const ScanOptions &options = {}, Progress *progress = nullptr);
};

} // namespace carton
