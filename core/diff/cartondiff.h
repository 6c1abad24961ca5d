// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "format/dtype.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace carton {

class Carton;

// Where a difference is.
enum class DiffSection { Metadata, Runner, Inputs, Outputs, SelfTests, Examples, Files };
// What happened to an item from the left carton (A) to the right one (B).
enum class ChangeKind { Unchanged, Added, Removed, Changed };
// What a change means for callers of the model.
enum class ChangeClass { Compatible, Breaking };

CARTONCORE_EXPORT QString diffSectionName(DiffSection section); // "metadata", "inputs", "files"...
CARTONCORE_EXPORT QString changeKindName(ChangeKind kind);      // "unchanged", "added", "removed", "changed"
CARTONCORE_EXPORT QString changeClassName(ChangeClass cls);     // "compatible", "breaking"

// One row of a comparison: a metadata field, a runner setting, one field of an
// input/output spec, a self-test, an example or a file. Unchanged rows are kept
// (the side-by-side view shows them); a change carries its class and a one-line
// reason saying what it means for callers.
struct DiffEntry {
    DiffSection section = DiffSection::Metadata;
    ChangeKind kind = ChangeKind::Unchanged;
    QString item;   // "model_name", an input's name, "runner.opts.num_threads", a self-test, a file path
    QString field;  // "dtype", "shape", "shape[2]", "description"...; empty for the whole item
    QString before; // A's value as text (empty when added)
    QString after;  // B's value as text (empty when removed)
    ChangeClass changeClass = ChangeClass::Compatible;
    QString reason; // empty for unchanged rows
    bool isChange() const { return kind != ChangeKind::Unchanged; }
};

// A changed tensor of tensor_data/ compared numerically (B against A, exactly, with
// the self-tests' comparison).
struct TensorDelta {
    QString nameA, nameB; // index names on each side
    DType dtypeA = DType::Float32, dtypeB = DType::Float32;
    QList<qint64> shapeA, shapeB;
    bool compared = false; // elements were compared (same shape, both loaded)
    qint64 elementCount = 0;
    qint64 mismatchCount = 0; // elements that differ
    double maxAbsError = 0;
    double maxRelError = 0;
    QString message; // what the comparison found, or why it was not made
};

// One file of either carton, from the MANIFESTs.
struct FileDiff {
    QString path;
    ChangeKind kind = ChangeKind::Unchanged;
    QByteArray sha256A, sha256B; // empty on the side that lacks the file
    qint64 sizeA = -1, sizeB = -1;
    std::optional<TensorDelta> tensor; // changed tensor_data files
    bool text = false;                 // a text file (carton.toml, .py, .txt, .md, .toml...)
    QString unifiedDiff;               // changed text files
    QString note;                      // why the content was not compared (binary, too big...)
};

struct DiffOptions {
    qint64 maxTextBytes = 1 << 20;      // text files larger than this are not diffed
    qint64 maxTensorBytes = 64ll << 20; // tensors larger than this (each loaded whole) are not compared
    int context = 3;                    // unified diff context lines
    int maxEdits = 2000;                // line edits beyond which a text diff gives up
    int maxDiffLines = 5000;            // lines of one unified diff shown at most
};

// The comparison of two cartons.
struct CartonDiff {
    QString pathA, pathB;
    QByteArray modelHashA, modelHashB;
    std::optional<CartonInfo> infoA, infoB;
    QList<DiffEntry> entries; // every row, changes and unchanged ones, in section order
    QList<FileDiff> files;    // every file of either side, sorted by path
    // Bytes of file content the diff read (changed text files and tensors;
    // carton.toml and MANIFEST are read when a carton is opened and not counted).
    qint64 contentBytesRead = 0;

    // Same model hash (sha256 of MANIFEST): the cartons hold the same files.
    bool identical() const { return !modelHashA.isEmpty() && modelHashA == modelHashB; }
    QList<DiffEntry> changes() const;
    int count(ChangeClass cls) const; // changes of this class
};

// Compares two opened cartons. Files come from the two MANIFESTs: the same path
// with the same sha256 is unchanged and no byte of it is read. A side without
// MANIFEST has its files hashed (read whole). Changed text files are diffed, changed
// tensors compared; both within the caps of `options`. Fails only when cancelled.
CARTONCORE_EXPORT Result<CartonDiff> diffCartons(const Carton &a, const Carton &b, const DiffOptions &options = {},
                                                 Progress *progress = nullptr);
// Opens both paths (.carton or folder) and compares them; errors name the file.
CARTONCORE_EXPORT Result<CartonDiff> diffCartonFiles(const QString &pathA, const QString &pathB,
                                                     const DiffOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
