// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "runner/wirecodec.h"

#include <QString>
#include <QStringList>

namespace carton {

// Big tensors passed between the app and the runner host through files in a
// RAM-backed folder (/dev/shm) instead of the pipe: one memcpy each way instead
// of a pipe's many small copies and wake-ups. A tensor of at least
// kMinimumBytes gets a file "carton-tensor-<32 hex>" of its own (mode 0600);
// descriptors name it with KServe's shared-memory parameters. The reader opens
// only such names in the folder and checks sizes against the file before
// reading, so a descriptor cannot point anywhere else or make it allocate more
// than the file holds. Files created here are removed by the destructor unless
// release()d; read files are listed by consumed() for the reader's owner to remove.
class CARTONCORE_EXPORT SharedTensorFiles final {
public:
    static constexpr qint64 kMinimumBytes = 1 << 20;
    // "/dev/shm" when it is a writable folder, else empty (then tensors go through the pipe).
    static QString defaultDirectory();

    explicit SharedTensorFiles(QString directory = defaultDirectory()) : m_directory(std::move(directory)) {}
    ~SharedTensorFiles();
    SharedTensorFiles(const SharedTensorFiles &) = delete;
    SharedTensorFiles &operator=(const SharedTensorFiles &) = delete;

    bool isEnabled() const { return !m_directory.isEmpty(); }
    wire::Externalizer externalizer();
    wire::ExternalReader reader();

    QStringList created() const { return m_created; }
    QStringList consumed() const { return m_consumed; }
    // Forgets the created files (someone else removes them).
    void release() { m_created.clear(); }
    // Removes files of the folder by name (names that are not ours are ignored).
    void remove(const QStringList &names) const;

private:
    QString m_directory;
    QStringList m_created;
    QStringList m_consumed;
};

} // namespace carton
