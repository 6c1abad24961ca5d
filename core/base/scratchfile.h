// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QTemporaryFile>
#include <memory>

namespace carton {

// A read-write temporary file in the temporary folder that nothing outlives. On Unix
// it is unlinked as soon as it is made, so a process that is killed or crashes while
// writing it leaves nothing behind (a QTemporaryFile removes its file only when it is
// destroyed); elsewhere it is a QTemporaryFile. region() may be called from any
// thread while one thread writes through device().
class CARTONCORE_EXPORT ScratchFile {
public:
    explicit ScratchFile(const QString &nameTemplate); // "carton-spill-XXXXXX": in QDir::tempPath()
    ScratchFile(const ScratchFile &) = delete;
    ScratchFile &operator=(const ScratchFile &) = delete;

    Status open();
    QFile &device() { return m_file; }
    // Bytes [offset, offset + size) of what is written so far, read through a
    // handle of their own.
    Result<std::shared_ptr<FileRegionSource>> region(qint64 offset, qint64 size, QString name) const;

private:
    QTemporaryFile m_file;
    int m_handle = -1; // the unlinked file's handle (Unix)
    QString m_path;    // else its name
};

} // namespace carton
