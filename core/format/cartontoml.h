// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"

#include <QByteArrayView>

namespace carton {

// Parses carton.toml (toml++ underneath; its exceptions never escape).
// - A TOML syntax error fails with ErrorCode::Format and location
//   "FILENAME:LINE:COLUMN".
// - A structural error that makes a field unusable (wrong type, missing required
//   [runner] fields, bad shape value, negative dim, opts of other types, a
//   self_test without inputs, an example without sample_out...) also fails, with
//   location "FILENAME:LINE:COLUMN" and the message naming the field
//   ("input[1].shape: expected ...").
// - Unknown fields are ignored (and kept in CartonInfo::unknownToml).
// - Semantic checks (symbols, references, semver syntax, triples, lengths)
//   belong to validation, not here, so an upstream-valid file always parses.
CARTONCORE_EXPORT Result<CartonInfo> parseCartonToml(QByteArrayView text, const QString &fileName = QStringLiteral("carton.toml"));

// Writes carton.toml deterministically: fixed key order, runner opts sorted by
// key, `spec_version` first, unknown keys appended, UTF-8, '\n' line ends.
// parseCartonToml(writeCartonToml(x)) == x for every valid x.
CARTONCORE_EXPORT QByteArray writeCartonToml(const CartonInfo &info);

} // namespace carton
