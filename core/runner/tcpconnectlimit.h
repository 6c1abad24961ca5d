// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

namespace carton {

// Scopes the network of a sandboxed runner host that must share the network
// (the kserve plugin talking to its server): a Landlock ruleset (Linux 6.7+,
// Landlock ABI 4) lets this process and its children connect over TCP to one
// port only and bind no TCP port at all. What it does not cover: UDP (name
// resolution stays possible) and the address (any host on that port).
class CARTONCORE_EXPORT TcpConnectLimit final {
public:
    // The kernel's Landlock ABI version (0: no Landlock).
    static int landlockAbi();
    // Whether this kernel can scope TCP by port (ABI >= 4).
    static bool isSupported() { return landlockAbi() >= 4; }
    // Restricts the calling process (irreversibly) to TCP connections to `port`.
    static Status restrictTo(quint16 port);
};

} // namespace carton
