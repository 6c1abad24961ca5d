// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QtGlobal>
#include <algorithm>

namespace carton {

// How many bytes the next kernel copy (copy_file_range) into a file should move when
// the output is at `outPos` and `left` bytes remain: at most `maxRun`, and only up
// to the next 64 KiB boundary of the output while it is not on one. The kernel
// splices 64 KiB at a time; writes that start on 64 KiB boundaries fill whole large
// page-cache folios. A 1 GiB copy behind a 4 KiB header took 0.255 s unaligned and
// 0.207 s aligned (ext4, Linux 6.18), as fast as a copy from offset 0.
inline qint64 kernelCopyRun(qint64 outPos, qint64 left, qint64 maxRun)
{
    constexpr qint64 kBoundary = qint64(64) << 10;
    const qint64 toBoundary = (kBoundary - outPos % kBoundary) % kBoundary;
    return std::min({left, maxRun, toBoundary > 0 ? toBoundary : maxRun});
}

} // namespace carton
