// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "remote/remoteoptions.h"

#include <QStringList>

// How the `carton` tool reads cartons given as http(s) URLs: the global options
// --download (fetch the whole file when the server has no range support, without
// asking) and --remote-stats (print the requests and bytes fetched on stderr).
namespace cli {

// Takes the global remote options out of `args` (wherever they are).
void takeRemoteOptions(QStringList &args);
// Options for opening a URL: asks on a terminal before downloading a whole file
// (or downloads with --download); counts what is fetched.
carton::RemoteOptions remoteOptions();
// "remote: N requests, M bytes fetched" on stderr, with --remote-stats and when a
// URL was opened.
void printRemoteStats();

} // namespace cli
