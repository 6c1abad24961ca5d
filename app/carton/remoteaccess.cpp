// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remoteaccess.h"

#include "output.h"

#include <QTextStream>
#include <cstdio>
#include <memory>

#ifdef Q_OS_WIN
#include <io.h>
#define isatty _isatty
#else
#include <unistd.h>
#endif

namespace cli {

namespace {
bool g_download = false;
bool g_stats = false;
std::shared_ptr<carton::RemoteStats> g_counters;
std::unique_ptr<carton::Progress> g_progress;
} // namespace

void takeRemoteOptions(QStringList &args)
{
    g_download = args.removeAll(QStringLiteral("--download")) > 0;
    g_stats = args.removeAll(QStringLiteral("--remote-stats")) > 0;
}

carton::RemoteOptions remoteOptions()
{
    carton::RemoteOptions options;
    if (!g_counters)
        g_counters = std::make_shared<carton::RemoteStats>();
    options.stats = g_counters;
    options.allowDownload = [](const QUrl &url, qint64 size) {
        if (g_download)
            return true;
        if (!isatty(fileno(stdin)) || !isatty(fileno(stderr)))
            return false;
        std::fprintf(stderr, "%s does not support range requests: download the whole file (%s) to read it? [y/N] ",
                     qPrintable(url.toDisplayString()),
                     qPrintable(size >= 0 ? humanSize(size) : QStringLiteral("size unknown")));
        std::fflush(stderr);
        QTextStream in(stdin);
        const QString answer = in.readLine().trimmed().toLower();
        return answer == u"y" || answer == u"yes";
    };
    if (!g_progress)
        g_progress = makeProgressBar(QStringLiteral("download"));
    options.downloadProgress = g_progress.get();
    return options;
}

void printRemoteStats()
{
    finishProgressBar(g_progress.get());
    if (!g_stats || !g_counters)
        return;
    std::fprintf(stderr, "remote: %lld requests, %lld bytes fetched\n",
                 static_cast<long long>(g_counters->requests.load()), static_cast<long long>(g_counters->bytes.load()));
}

} // namespace cli
