// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "cartoncore_export.h"

#include <memory>
#include <mutex>

namespace carton {

class OciRegistry;
class ReadAhead;

// Random access to one blob of a registry through Range requests (what a tensor
// or a weight of an `oci://` carton costs). A miss fetches at least 256 KiB; reads
// that continue the previous one (a stream, a verification) stream the rest of the
// blob in one request, read ahead on a thread of its own (ReadAhead). The last
// block is kept for the next read. Thread-safe.
class CARTONCORE_EXPORT OciBlobSource final : public ByteSource {
public:
    OciBlobSource(std::shared_ptr<OciRegistry> registry, QString digest, qint64 size, QString name);
    ~OciBlobSource() override;

    qint64 size() const override { return m_size; }
    QString name() const override { return m_name; }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

private:
    std::shared_ptr<OciRegistry> m_registry;
    QString m_digest;
    qint64 m_size = 0;
    QString m_name;
    mutable std::mutex m_mutex;
    mutable QByteArray m_block;
    mutable qint64 m_blockStart = -1;
    mutable qint64 m_lastEnd = -1;
    mutable std::shared_ptr<ReadAhead> m_stream; // the sequential reader's
};

} // namespace carton
