// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "base/workerthreads.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <vector>

namespace carton {

class Encoder;

// One small file, read, hashed and compressed whole.
struct CompressedFile {
    QByteArray data;     // compressed bytes; with `stored`, the file's own bytes
    bool stored = false; // compressing did not make the file smaller: it is to be written Stored
    quint32 crc32 = 0;   // of the uncompressed bytes
    quint64 size = 0;    // uncompressed
    QByteArray sha256Hex;
    std::optional<Error> error;
};

// Compresses small files on several threads at once (internal to carton_pack).
// A file of a few hundred KiB is a single libzstd job, so compressing small
// entries one after another leaves all but one core idle; here each thread takes
// the next file. The packer takes results in order; at most `window` files are
// held ahead of it, so memory stays bounded. The bytes equal what the streaming
// ZipWriter path writes (same encoder settings, zstd with >= 1 worker).
class SmallFileCompressor final {
public:
    struct File {
        QString path;         // archive path, for messages
        QString absolutePath; // on disk
        qint64 size = 0;      // expected size
    };

    SmallFileCompressor(QList<File> files, quint16 method, int level, int threads, int window);
    ~SmallFileCompressor();
    SmallFileCompressor(const SmallFileCompressor &) = delete;
    SmallFileCompressor &operator=(const SmallFileCompressor &) = delete;

    // Blocks until file `index` (in the order given) is done, and hands it over.
    // Call with 0, 1, 2... in order. nullopt once stopped.
    std::optional<CompressedFile> take(int index);
    // Stops the threads (results not taken are dropped).
    void stop();

private:
    void work();
    CompressedFile compress(const File &file, Encoder &encoder) const;

    const QList<File> m_files; // read by several threads: const, so nothing detaches it
    quint16 m_method;
    int m_level;
    int m_window;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<std::optional<CompressedFile>> m_results;
    int m_next = 0;  // next file a thread picks
    int m_taken = 0; // files handed to the packer
    bool m_stop = false;
    WorkerThreads m_threads; // last: starts once the rest is set up
};

} // namespace carton
