// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QFileDevice>
#include <functional>

namespace carton {

// Called after each step of a copy with the bytes copied in that step; returning
// false stops the copy with ErrorCode::Cancelled.
using CopyStep = std::function<bool(qint64 copied)>;

// Appends `length` bytes of `source` (open for reading), starting at
// `sourceOffset`, to `out` at its current position, leaving `out` positioned after
// them. On Linux, when `out` is a file too, the kernel copies the bytes
// (copy_file_range: no trip through user space, shared extents where the
// filesystem can) and each copied run's writeback is started at once
// (sync_file_range), since the output is to be fsynced anyway; anywhere else, or when the kernel refuses (another
// filesystem, an old kernel), a read/write loop through a 1 MiB buffer does it.
// Steps are at most 32 MiB so that cancelling stays prompt. Fails (naming the
// source file) when the source ends before `length` bytes.
CARTONCORE_EXPORT Status copyRange(QFileDevice &source, qint64 sourceOffset, QIODevice &out, qint64 length,
                                   const CopyStep &step = {});

} // namespace carton
