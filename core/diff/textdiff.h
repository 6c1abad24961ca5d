// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

struct TextDiffOptions {
    int context = 3;       // unchanged lines around each hunk
    int maxLines = 20'000; // lines per side
    int maxEdits = 2'000;  // inserted + deleted lines beyond which the diff gives up
    int maxOutputLines = 5'000;
};

struct TextDiff {
    QString unified; // "--- a\n+++ b\n@@ -1,3 +1,4 @@\n ..." (empty when equal)
    int added = 0;   // lines
    int removed = 0;
    bool truncated = false; // the output was cut at maxOutputLines
};

// A line diff (Myers' O(ND) algorithm after stripping the common head and tail) of
// two UTF-8 texts as a unified diff. Time and memory are bounded by the caps: more
// lines than maxLines, or more edits than maxEdits, fail with ErrorCode::Limit; text
// that is not UTF-8 or holds NUL bytes fails with ErrorCode::Format (binary).
CARTONCORE_EXPORT Result<TextDiff> unifiedTextDiff(QByteArrayView a, QByteArrayView b, const QString &labelA,
                                                   const QString &labelB, const TextDiffOptions &options = {});

} // namespace carton
