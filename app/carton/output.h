// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/humansize.h"
#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <memory>

// Printing for the `carton` tool: diagnostics and errors to stderr as
// "error: LOCATION: MESSAGE", JSON and text to stdout, and a progress bar on
// stderr when it is a terminal.
namespace cli {

void printError(const QString &message);
void printError(const carton::Error &error);
void printWarning(const QString &message);
void printDiagnostics(const carton::Diagnostics &diagnostics);
void printOut(const QString &text);
void printJson(const QJsonDocument &doc);

// Parses a subcommand's arguments; on a usage error prints it and returns false
// with *exitCode set; on --help prints help and returns false with exit 0.
// expectedPositional -1 leaves the count to the caller.
bool parseArgs(QCommandLineParser &parser, const QString &command, const QStringList &args, int expectedPositional,
               int *exitCode);

// A Progress that draws a bar on stderr when stderr is a terminal (else silent).
std::unique_ptr<carton::Progress> makeProgressBar(const QString &label);
// Ends the bar's line (if one was drawn).
void finishProgressBar(const carton::Progress *progress);

// "1.5 MiB": the core's wording, shared with the GUI.
using carton::humanSize;

} // namespace cli

namespace carton {
class Carton;
}

namespace cli {
// Opens a carton; on failure prints the error and returns null (exit code 2).
std::unique_ptr<carton::Carton> openCarton(const QString &path, const carton::Limits &limits = {});
// Whether the local PATH is no carton: a plain model folder or file (carton::classifyPath decides).
bool isPlainModel(const QString &path);
} // namespace cli
