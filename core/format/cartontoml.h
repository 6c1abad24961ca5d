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
// - An unknown dtype (or a preview-only one such as "bfloat16") is an error, as
//   upstream rejects it.
// - Input larger than Limits::maxMetadataFileSize, or nested deeper than
//   Limits::maxTomlNesting (see format/tomlguard.h), fails with ErrorCode::Limit.
// - A missing top-level key ("spec_version", [runner]) has location "FILENAME".
// - Unknown top-level keys and tables are kept in CartonInfo::unknownToml (as
//   toml++ renders them, keys sorted); so are the unknown keys and sub-tables of
//   each [[self_test]] (SelfTest::unknownToml: extensions such as
//   [self_test.tolerance]). Unknown keys inside other known tables
//   ("input[0].dtyep") are dropped and listed in CartonInfo::ignoredKeys.
// - [runner.opts] come back sorted by key; self_test/example references in file
//   order.
// - Semantic checks (symbols, references, semver syntax, triples, lengths)
//   belong to validation, not here, so an upstream-valid file always parses.
CARTONCORE_EXPORT Result<CartonInfo> parseCartonToml(QByteArrayView text,
                                                     const QString &fileName = QStringLiteral("carton.toml"));

// Writes carton.toml deterministically: fixed key order, runner opts sorted by
// key, `spec_version` first, UTF-8 (non-ASCII text unescaped, control characters
// escaped), '\n' line ends, a multi-line string for a model_description with
// newlines, [self_test.inputs]-style sub-tables for references. Unknown plain
// keys go after the known top-level keys (so they stay top-level), unknown
// tables at the end; a self-test's unknown keys go after its name/description and
// its unknown tables after its references, as [self_test.x] sub-tables.
// unknownToml that is not valid TOML, or a key in it that has the name of a known
// field, is an error naming the table (it would be lost on writing, and a save
// must not drop content). Writes dtypeName(dtype), not dtypeText.
// parseCartonToml(writeCartonToml(x)) == x for every valid x (opts sorted by
// key, no Shape/Dim symbol named "*", no negative dims, no duplicate names).
CARTONCORE_EXPORT Result<QByteArray> writeCartonToml(const CartonInfo &info);

} // namespace carton
