// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton-runner-host: started by the app (core/runner/hostsession.h) with pipes on
// stdin/stdout. Reads framed requests ("load" once, then "infer"; or "inspect"), answers each
// with one framed reply, and exits 0 when stdin closes. Plugin output to stdout is
// redirected to stderr so that it cannot corrupt the protocol stream.
#include "runner/tcpconnectlimit.h"
#include "runnerhost.h"

#include <QCoreApplication>
#include <QFile>
#include <cstdio>
#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace carton;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("carton-runner-host"));
    // --max-processes N: RLIMIT_NPROC, set here and not by the app: inside the
    // sandbox's new user namespace it counts the sandbox's own processes and
    // threads only (set before, it would count every process of the user).
    // --allow-tcp-port P: TCP only to port P (TcpConnectLimit, Landlock), for a
    // host that shares the network with its inference server.
    const QStringList args = QCoreApplication::arguments().mid(1);
    bool ok = args.size() % 2 == 0;
    for (qsizetype i = 0; ok && i + 1 < args.size(); i += 2) {
        const long long n = args[i + 1].toLongLong(&ok);
        ok = ok && n > 0;
        if (ok && args[i] == u"--max-processes") {
#ifdef Q_OS_UNIX
            struct rlimit rl;
            rl.rlim_cur = rl.rlim_max = rlim_t(n);
            ::setrlimit(RLIMIT_NPROC, &rl);
#endif
        } else if (ok && args[i] == u"--allow-tcp-port" && n <= 65535) {
            if (Status s = TcpConnectLimit::restrictTo(quint16(n)); !s) {
                std::fprintf(stderr, "carton-runner-host: %s\n", qPrintable(s.error().toString()));
                return 3; // never run with more network than the sandbox said
            }
        } else {
            ok = false;
        }
    }
    if (!ok) {
        std::fputs("usage: carton-runner-host [--max-processes N] [--allow-tcp-port P] (started by Carton Studio; "
                   "speaks framed messages on stdin/stdout)\n",
                   stderr);
        return 2;
    }
    int protocolOut = 1;
#ifdef Q_OS_UNIX
    protocolOut = ::dup(1);
    ::dup2(2, 1);
#ifdef F_SETPIPE_SZ
    // Bigger pipes: fewer wake-ups when hundreds of MiB of tensors go through.
    ::fcntl(0, F_SETPIPE_SZ, 1 << 20);
    ::fcntl(protocolOut, F_SETPIPE_SZ, 1 << 20);
#endif
#endif
    QFile in;
    QFile out;
    if (!in.open(0, QIODevice::ReadOnly | QIODevice::Unbuffered) ||
        !out.open(protocolOut, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        std::fputs("carton-runner-host: cannot open the protocol pipes\n", stderr);
        return 3;
    }
    RunnerHost host;
    for (;;) {
        wire::FrameReader reader(QStringLiteral("request"));
        bool ended = false;
        while (!reader.hasFrame()) {
            Result<qint64> n = reader.readFrom(in, std::numeric_limits<qint64>::max());
            if (!n) {
                std::fprintf(stderr, "carton-runner-host: %s\n", qPrintable(n.error().toString()));
                return 3;
            }
            if (*n == 0 && !reader.hasFrame()) {
                ended = true;
                break;
            }
        }
        if (ended) {
            if (reader.isMidFrame()) {
                std::fputs("carton-runner-host: stdin ended in the middle of a request\n", stderr);
                return 3;
            }
            return 0;
        }
        const QList<QByteArray> reply = host.handle(reader.takeFrame());
        if (Status s = wire::writeChunks(out, reply, QStringLiteral("reply")); !s) {
            std::fprintf(stderr, "carton-runner-host: %s\n", qPrintable(s.error().toString()));
            return 3;
        }
    }
}
