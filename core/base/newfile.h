// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QFile>

namespace carton {

// A file that must not exist yet, written so that it appears under its name only
// once complete: on Linux an unnamed O_TMPFILE in the target's folder, linked into
// place by commit(), so that an error or a kill leaves nothing at all; elsewhere a
// ".NAME.RANDOM.part" next to it, renamed into place. commit() never replaces a
// file that appeared meanwhile, and does not wait for the disk (as cp does): there
// is no earlier file a power loss could cost. Replacing a file is QSaveFile's job.
class CARTONCORE_EXPORT NewFile {
public:
    explicit NewFile(QString path);
    ~NewFile(); // discards what was written unless committed
    NewFile(const NewFile &) = delete;
    NewFile &operator=(const NewFile &) = delete;

    Status open();
    QFile &device() { return m_file; } // a QFileDevice with a real handle()
    Status commit();
    void discard();

private:
    QString m_path;
    QString m_partPath; // the fallback's temporary name; empty for O_TMPFILE
    QFile m_file;
    bool m_done = false;
};

} // namespace carton
