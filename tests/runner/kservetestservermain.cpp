// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// kserve-test-server [PORT]: the tests' KServe v2 server as a process (for
// bench/kserve-bench.sh and manual runs). Prints "listening on URL" and serves
// KserveTestServer::standardModels() until killed.
#include "kservetestserver.h"

#include <QCoreApplication>
#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    bool ok = true;
    const uint port = argc > 1 ? QByteArray(argv[1]).toUInt(&ok) : 0;
    if (!ok || port > 65535 || argc > 2) {
        std::fputs("usage: kserve-test-server [PORT]\n", stderr);
        return 2;
    }
    KserveTestServer server(KserveTestServer::standardModels());
    if (!server.start(quint16(port))) {
        std::fprintf(stderr, "kserve-test-server: cannot listen on 127.0.0.1:%u\n", port);
        return 1;
    }
    std::printf("listening on %s\n", qPrintable(server.url()));
    std::fflush(stdout);
    return app.exec();
}
