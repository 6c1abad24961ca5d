// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QString>
#include <QtGlobal>

namespace carton {

// Caps that every reader enforces against hostile or absurd input. Defaults are
// generous for real models and small enough to stop bombs; callers (the CLI's
// options, the app's settings) may raise them.
struct Limits {
    qint64 maxEntries = 200'000;                  // zip entries
    qint64 maxCentralDirectoryBytes = 64ll << 20; // 64 MiB
    qint64 maxEntrySize = 64ll << 30;             // 64 GiB uncompressed per entry
    qint64 maxTotalSize = 256ll << 30;            // 256 GiB uncompressed in all
    // uncompressed / compressed, for entries > 1 MiB. Real data reaches ~1030 with
    // deflate and ~32000 with zstd (zero-filled tensors), so the default only
    // stops entries whose ratio no real compressor produces; the declared sizes
    // (enforced while decoding) and maxEntrySize/maxTotalSize do the rest.
    qint64 maxRatio = 100'000;
    qint64 maxMetadataFileSize = 16ll << 20; // carton.toml, MANIFEST, LINKS, index.toml
    // String tensor .toml files: parsed by a streaming reader into at most this many
    // strings (a list of N empty strings costs ~24*N bytes, whatever the file).
    qint64 maxStringTensorFileSize = 64ll << 20; // 64 MiB
    qint64 maxStringTensorElements = 4ll << 20;  // 4 Mi strings
    // A nested tensor is loaded whole: its inner tensors' bytes together.
    qint64 maxNestedTensorBytes = 4ll << 30;    // 4 GiB
    qint64 maxTensorElements = qint64(1) << 40; // product of a tensor's dims
    // A compressed tensor file is decoded once into memory when it is at most this
    // big and the process-wide spill budget below has room; otherwise into a
    // temporary file. Keeps the app's memory bounded whatever the carton holds.
    qint64 maxSpillInMemory = 64ll << 20;      // 64 MiB per file
    qint64 spillMemoryBudget = 256ll << 20;    // 256 MiB for all in-memory spills together
    qint64 maxSafetensorsHeader = 100'000'000; // the safetensors format's own cap (100 MB)
    qint64 maxNpyHeader = 1 << 20;             // numpy itself refuses headers over 10 KB; be generous
    // Model files (core/model): ONNX graphs, GGUF headers. Names, attributes and metadata
    // kept in memory per model file are capped together (a graph of a million nodes
    // needs ~100 MiB); weights are never held, only listed.
    qint64 maxModelTensors = 1'000'000;         // weights (initializers, GGUF tensor infos) per file
    qint64 maxModelNodes = 1'000'000;           // graph nodes, GGUF metadata keys
    qint64 maxModelMetadataBytes = 256ll << 20; // text kept per model file
    // ONNX values in typed fields (int32_data, int64_data...) are decoded into memory
    // when a weight is opened (raw_data and external data never are).
    qint64 maxModelInlineBytes = 256ll << 20;
    int maxTomlNesting = 64;
    int maxSymlinkHops = 32;
    // Not a cap but how far hostility is tolerated: when true, a zip entry whose
    // name is unsafe (absolute, "..", a byte order mark...) or a symlink that
    // escapes or loops is left out of the archive's files and listed as
    // quarantined (ZipReader::quarantined(), CartonSource::quarantined()) instead
    // of failing the open. The app sets it to show such a carton read-only;
    // extraction, packing and saving never do.
    bool quarantineUnsafeEntries = false;
};

// Fails with ErrorCode::Limit "FILE is N bytes, more than the limit of M bytes"
// (location FILE) when a file to be read whole is larger than `limit`.
inline Status checkFileSize(qint64 size, qint64 limit, const QString &fileName)
{
    if (size <= limit)
        return {};
    return makeError(
        ErrorCode::Limit,
        QStringLiteral("%1 is %2 bytes, more than the limit of %3 bytes").arg(fileName).arg(size).arg(limit), fileName);
}

} // namespace carton
