// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QStringList>

namespace carton {

// Decodes a string tensor file (`data = ["…", '…', …]`, the layout upstream and
// encodeTensorFile() write), checking the element count against the shape's.
//
// A general TOML DOM costs ~45 times the file's bytes, so the one-array layout is
// read by a streaming scanner straight into the strings (every TOML string form,
// escapes, comments); the count stops at expectedCount + 1, and expectedCount is
// capped by Limits::maxStringTensorElements. Only a small file in another layout
// (other keys, inline tables, a syntax error) goes through the TOML parser, for
// its exact messages; a large one is refused naming what the scanner found where.
CARTONCORE_EXPORT Result<QStringList> decodeStringTensorFile(QByteArrayView text, qint64 expectedCount,
                                                             const QString &fileName, const Limits &limits = {});

} // namespace carton
