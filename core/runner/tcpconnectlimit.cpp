// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tcpconnectlimit.h"

#ifdef Q_OS_LINUX
#include <cerrno>
#include <cstring>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace carton {

namespace {

#if defined(Q_OS_LINUX) && defined(SYS_landlock_create_ruleset)
// The kernel's structures (linux/landlock.h of 6.7+; Debian 12's headers predate
// the network rules, so they are spelled out here).
struct RulesetAttr {
    quint64 handledAccessFs;
    quint64 handledAccessNet;
};
struct NetPortAttr {
    quint64 allowedAccess;
    quint64 port;
};
constexpr quint64 kBindTcp = 1ull << 0;
constexpr quint64 kConnectTcp = 1ull << 1;
constexpr int kRuleNetPort = 2;
constexpr unsigned kCreateRulesetVersion = 1u << 0;
#endif

} // namespace

int TcpConnectLimit::landlockAbi()
{
#if defined(Q_OS_LINUX) && defined(SYS_landlock_create_ruleset)
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    return abi > 0 ? int(abi) : 0;
#else
    return 0;
#endif
}

Status TcpConnectLimit::restrictTo(quint16 port)
{
#if defined(Q_OS_LINUX) && defined(SYS_landlock_create_ruleset)
    if (!isSupported())
        return makeError(
            ErrorCode::Unsupported,
            QStringLiteral("this kernel cannot scope TCP by port (Landlock ABI %1, 4 needed)").arg(landlockAbi()));
    const RulesetAttr attr{0, kBindTcp | kConnectTcp};
    const int ruleset = int(::syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
    if (ruleset < 0)
        return makeError(
            ErrorCode::Io,
            QStringLiteral("landlock_create_ruleset: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    const NetPortAttr rule{kConnectTcp, port};
    Status status;
    if (::syscall(SYS_landlock_add_rule, ruleset, kRuleNetPort, &rule, 0) != 0)
        status = makeError(ErrorCode::Io,
                           QStringLiteral("landlock_add_rule: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    else if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || ::syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
        status =
            makeError(ErrorCode::Io,
                      QStringLiteral("landlock_restrict_self: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    ::close(ruleset);
    return status;
#else
    Q_UNUSED(port);
    return makeError(ErrorCode::Unsupported, QStringLiteral("TCP scoping needs Linux Landlock"));
#endif
}

} // namespace carton
