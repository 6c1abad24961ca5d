// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The contexts of core's user-visible messages: validation diagnostics, safety
// scan findings and carton.toml/MANIFEST parse errors are written in English
// through these tr() functions. The app installs a translator, so the window
// shows them in the user's language (lupdate reads core/ too); the `carton`
// command line installs none, so its text and --json stay English and stable.
//
// Translate the format string before .arg(), never a message already filled in.

#include <QCoreApplication>

namespace carton {

struct ValidationText {
    Q_DECLARE_TR_FUNCTIONS(ValidationText)
};

struct ScanText {
    Q_DECLARE_TR_FUNCTIONS(ScanText)
};

struct FormatText {
    Q_DECLARE_TR_FUNCTIONS(FormatText)
};

// Units of latencies (latencyText): the benchmark dialog and report.
struct LatencyText {
    Q_DECLARE_TR_FUNCTIONS(LatencyText)
};

} // namespace carton
