// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>

namespace carton {

// A file in memory with the given bytes, open (close-on-exec) at its start:
// how a wrapper (bubblewrap's --seccomp FD, --ro-bind-data FD) is handed data
// without a file on disk. FramedProcess::Options::inheritedDescriptors keeps it
// open across exec in the child only. Closed with this object. Linux only.
class CARTONCORE_EXPORT MemoryFile final {
public:
    static Result<MemoryFile> create(const char *name, const QByteArray &bytes);
    MemoryFile(MemoryFile &&other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }
    MemoryFile &operator=(MemoryFile &&other) noexcept;
    MemoryFile(const MemoryFile &) = delete;
    MemoryFile &operator=(const MemoryFile &) = delete;
    ~MemoryFile();
    int descriptor() const { return m_fd; }

private:
    explicit MemoryFile(int fd) : m_fd(fd) {}
    int m_fd = -1;
};

} // namespace carton
