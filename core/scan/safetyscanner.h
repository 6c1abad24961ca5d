// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/progress.h"
#include "cartoncore_export.h"
#include "scan/pickledisassembler.h"
#include "scan/scanreport.h"

namespace carton {

struct ScanOptions {
    Limits limits;       // for the carton and the zips inside it (unsafe entries are quarantined, not fatal)
    PickleLimits pickle; // per pickle stream
    qint64 maxCodeFileSize = 16ll << 20; // a Python file read whole to list its imports
    // A compressed TorchScript/torch zip inside a carton is decoded to a temporary
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
class CARTONCORE_EXPORT SafetyScanner final {
public:
    // A .carton, an unpacked carton folder, or a single pickle / torch file
    // (.pkl .pickle .pt .pth .bin .ckpt).
    static ScanReport scan(const QString &path, const ScanOptions &options = {}, Progress *progress = nullptr);
};

} // namespace carton
