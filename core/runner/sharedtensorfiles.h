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
// kMinimumBytes gets a file "carton-tensor-<tag>-<32 hex>" of its own (mode
// 0600); descriptors name it with KServe's shared-memory parameters. The tag
// ("<pid>-<16 hex>") names one app-side session and the process that owns it:
// the app gives it to its host, and the reader opens only names of its own tag
// in the folder (a frame cannot point at another session's file, or anywhere
// else), checks sizes against the file before reading, and unlinks the file as
// soon as it is open. Files created here are removed by the destructor unless
// release()d. Nothing is left behind when a host dies: the app removes every
// file of the session's tag afterwards (removeTagged), and files of an app that
// died are removed by the next session (removeStale).
class CARTONCORE_EXPORT SharedTensorFiles final {
public:
    static constexpr qint64 kMinimumBytes = 1 << 20;
    // "/dev/shm" when it is a writable folder, else empty (then tensors go through the pipe).
    static QString defaultDirectory();
    // A new tag for a session of this process: "<pid>-<16 random hex>".
    static QString newTag();
    static bool isValidTag(const QString &tag);
    // Removes the files in `directory` whose tag names a process that is no
    // longer running (an app that crashed or was killed); returns how many.
    static int removeStale(const QString &directory = defaultDirectory());

    explicit SharedTensorFiles(QString directory = defaultDirectory(), QString tag = newTag())
        : m_directory(std::move(directory)), m_tag(std::move(tag))
    {
    }
    ~SharedTensorFiles();
    SharedTensorFiles(const SharedTensorFiles &) = delete;
    SharedTensorFiles &operator=(const SharedTensorFiles &) = delete;

    bool isEnabled() const { return !m_directory.isEmpty() && isValidTag(m_tag); }
    const QString &directory() const { return m_directory; }
    const QString &tag() const { return m_tag; }
    wire::Externalizer externalizer();
    wire::ExternalReader reader();

    QStringList created() const { return m_created; }
    QStringList consumed() const { return m_consumed; }
    // Forgets the created files (someone else removes them).
    void release() { m_created.clear(); }
    // Removes files of the folder by name (names that are not of this tag are ignored).
    void remove(const QStringList &names) const;
    // Removes every file of this tag, whoever created it (after the host died).
    void removeTagged() const;

private:
    bool isOurName(const QString &name) const;

    QString m_directory;
    QString m_tag;
    QStringList m_created;
    QStringList m_consumed;
};

} // namespace carton
