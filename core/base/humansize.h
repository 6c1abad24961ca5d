// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QLocale>
#include <QString>

namespace carton {

// A byte count for people, in binary units, the one wording of the CLI and the GUI:
// "0 B", "1023 B", "1.0 KiB", "1.5 MiB", "8.0 EiB". Whole bytes below 1 KiB, one
// decimal above, rounded to nearest; a value that would round to 1024.0 is given
// in the next unit ("1.0 MiB", never "1024.0 KiB"). '.' whatever the locale (the
// GUI localises the separator); negative counts keep their sign ("-1.5 KiB").
CARTONCORE_EXPORT QString humanSize(qint64 bytes);
// The same wording with `locale`'s decimal separator ("1,5 MiB" in German): what
// the GUI shows. Every size a person reads goes through one of these two.
CARTONCORE_EXPORT QString humanSize(qint64 bytes, const QLocale &locale);
// The reverse, for options a person types: "1048576", "512M", "512MiB", "2G",
// "2 GiB", "1.5G" (binary units K, M, G, T, case-insensitive, an optional "iB"
// or "B"). Errors: not a size, negative, or past 2^62 bytes.
CARTONCORE_EXPORT Result<qint64> parseHumanSize(const QString &text);

} // namespace carton
