// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ociblobsource.h"

#include "base/readahead.h"
#include "oci/ociregistry.h"

#include <cstring>

namespace carton {

namespace {
constexpr qint64 kMinFetch = 256 << 10;
constexpr qint64 kStreamFetch = 8 << 20;     // a sequential reader with more left than this streams
constexpr qint64 kReadAheadBuffer = 8 << 20; // that far ahead of it
} // namespace

OciBlobSource::OciBlobSource(std::shared_ptr<OciRegistry> registry, QString digest, qint64 size, QString name)
    : m_registry(std::move(registry)), m_digest(std::move(digest)), m_size(size), m_name(std::move(name))
{
}

OciBlobSource::~OciBlobSource() = default;

Status OciBlobSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    if (length == 0)
        return {};
    bool sequential = false;
    {
        std::lock_guard lock(m_mutex);
        if (m_blockStart >= 0 && offset >= m_blockStart && offset + length <= m_blockStart + m_block.size()) {
            std::memcpy(out, m_block.constData() + (offset - m_blockStart), size_t(length));
            m_lastEnd = offset + length;
            return {};
        }
        sequential = offset == m_lastEnd;
    }
    std::shared_ptr<ReadAhead> stream;
    std::shared_ptr<ReadAhead> replaced; // stopped outside the lock
    {
        std::lock_guard lock(m_mutex);
        if (m_stream && m_stream->canRead(offset)) {
            stream = m_stream;
        } else if (sequential && m_size - offset > kStreamFetch) {
            replaced = std::move(m_stream);
            m_stream = std::make_shared<ReadAhead>(
                offset, m_size,
                [registry = m_registry, digest = m_digest,
                 size = m_size](qint64 from, qint64 n, const ReadAhead::Sink &sink, Progress *requestProgress) {
                    return registry->readBlobTo(digest, size, from, n, sink, requestProgress);
                },
                kReadAheadBuffer);
            stream = m_stream;
        }
    }
    if (stream) {
        Result<bool> got = stream->read(offset, length, out, progress);
        if (!got)
            return got.error();
        if (*got) {
            std::lock_guard lock(m_mutex);
            m_lastEnd = offset + length;
            return {};
        }
    }
    const qint64 want = std::min(std::max(length, sequential ? kStreamFetch : kMinFetch), m_size - offset);
    if (want == length && length > kStreamFetch) { // big reads go straight to the caller's buffer
        if (Status s = m_registry->readBlob(m_digest, m_size, offset, length, out, progress); !s)
            return s;
        std::lock_guard lock(m_mutex);
        m_lastEnd = offset + length;
        return {};
    }
    QByteArray block(want, Qt::Uninitialized);
    if (Status s = m_registry->readBlob(m_digest, m_size, offset, want, block.data(), progress); !s)
        return s;
    std::memcpy(out, block.constData(), size_t(length));
    std::lock_guard lock(m_mutex);
    m_block = std::move(block);
    m_blockStart = offset;
    m_lastEnd = offset + length;
    return {};
}

} // namespace carton
