// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"

#include <QIODevice>
#include <QTemporaryFile>
#include <memory>

namespace carton {
class CartonSource;
}

namespace studio {

// How a carton's media file reaches QMediaPlayer / QAudioDecoder without being
// read whole into memory.
class MediaStreams final {
public:
    // A seekable device straight over the file's bytes on disk (a Stored zip entry,
    // a file of an unpacked carton), opened; nullptr when the entry is compressed
    // (players need to seek: mp4 keeps its index at the end) or cannot be opened.
    static std::unique_ptr<QIODevice> openRegion(const carton::CartonSource &source, const QString &path);

    // Streams the (decompressed) file into a private temporary file (mode 0600,
    // removed when the last owner drops it), in 1 MiB chunks, cancellable through
    // `progress`. Keeps the file's extension, which some backends use as a hint.
    // The player opens it by name, so it cannot be unlinked while in use: it is
    // named "carton-media-PID-XXXXXX" after the process that owns it.
    // Blocking: run it on a worker thread.
    static carton::Result<std::shared_ptr<QTemporaryFile>>
    copyToTemporary(const carton::CartonSource &source, const QString &path, carton::Progress &progress);

    // Removes the copies in `folder` that a process which no longer runs left behind
    // (it crashed or was killed); returns how many. The app calls it at start.
    // Unix only (elsewhere returns 0).
    static int removeStaleCopies(const QString &folder);
};

} // namespace studio
