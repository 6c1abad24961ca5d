// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <QStringList>

namespace studio {

// `carton-studio [options] [FILE|FOLDER...]`
struct CommandLine {
    QStringList paths;  // absolute, cleaned
    QString tab;        // --tab: initial tab of each carton view (name or 1-based number)
    QString screenshot; // --screenshot: save a grab of the window there once idle, then quit
    int screenshotDelayMs = 300;
    bool quitAfterCard = false; // --quit-after-card: quit once the first carton is shown (benchmarks)
    bool newInstance = false;   // --new-instance: do not hand over to a running instance
    bool helpRequested = false;
    bool versionRequested = false;
    QString helpText;
    QString error; // non-empty: bad usage

    // Parses `arguments` (arguments[0] is the program). Relative paths are
    // resolved against `workingDir`.
    static CommandLine parse(const QStringList &arguments, const QString &workingDir);
};

} // namespace studio
