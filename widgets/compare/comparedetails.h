// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/cartondiff.h"

#include <QString>

namespace studio {

// HTML for the Compare tab's detail pane.
namespace comparedetails {

// The whole comparison: both paths and model hashes, the verdict and the counts.
QString summaryHtml(const carton::CartonDiff &diff);
// One entry: both values in full, its class and reason; for a file, its sizes
// and hashes, the tensor comparison figures and the unified diff.
QString entryHtml(const carton::CartonDiff &diff, int entryIndex);
// A unified diff with added lines green, removed lines red and hunk headers blue.
QString unifiedDiffHtml(const QString &unified);

} // namespace comparedetails

} // namespace studio
