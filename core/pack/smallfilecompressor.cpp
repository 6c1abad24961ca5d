// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pack/smallfilecompressor.h"

#include "base/sha256.h"
#include "codec/encoder.h"
#include "zip/zipcrc.h"
#include "zip/zipentry.h"

#include <QFile>

namespace carton {

SmallFileCompressor::SmallFileCompressor(QList<File> files, quint16 method, int level, int threads, int window)
    : m_files(std::move(files)), m_method(method), m_level(level), m_window(std::max(1, window)),
      m_results(size_t(m_files.size())),
      m_threads(int(std::min<qsizetype>(std::max(1, threads), m_files.size())), [this](int) { work(); })
{
}

SmallFileCompressor::~SmallFileCompressor()
{
    stop();
}

void SmallFileCompressor::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_threads.join();
}

std::optional<CompressedFile> SmallFileCompressor::take(int index)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_stop || m_results[size_t(index)].has_value(); });
    if (!m_results[size_t(index)])
        return std::nullopt;
    CompressedFile out = std::move(*m_results[size_t(index)]);
    m_results[size_t(index)].reset();
    m_taken = index + 1;
    lock.unlock();
    m_changed.notify_all();
    return out;
}

void SmallFileCompressor::work()
{
    // One worker thread in libzstd, like the streaming path (any count >= 1 gives the same bytes).
    const auto create = [this]() -> Result<std::unique_ptr<Encoder>> {
        const Result<Codec> codec = zipMethodCodec(m_method);
        if (!codec)
            return codec.error();
        return Encoder::create(*codec, m_level, 1);
    };
    Result<std::unique_ptr<Encoder>> encoder = create();
    for (;;) {
        int index = 0;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [&] { return m_stop || m_next >= m_files.size() || m_next - m_taken < m_window; });
            if (m_stop || m_next >= m_files.size())
                return;
            index = m_next++;
        }
        CompressedFile result;
        if (!encoder)
            result.error = makeError(encoder.error().code, encoder.error().message, m_files.at(index).path);
        else
            result = compress(m_files.at(index), **encoder);
        if (encoder && !result.error && !(*encoder)->reset())
            encoder = create();
        {
            std::lock_guard lock(m_mutex);
            m_results[size_t(index)] = std::move(result);
        }
        m_changed.notify_all();
    }
}

CompressedFile SmallFileCompressor::compress(const File &file, Encoder &encoder) const
{
    CompressedFile out;
    QFile in(file.absolutePath);
    if (!in.open(QIODevice::ReadOnly)) {
        out.error = makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(in.errorString()), file.path);
        return out;
    }
    const QByteArray data = in.read(file.size + 1);
    if (data.size() != file.size) {
        out.error = makeError(
            ErrorCode::Io,
            QStringLiteral("file changed while packing (%1 bytes expected, %2 read)").arg(file.size).arg(data.size()),
            file.path);
        return out;
    }
    out.size = quint64(data.size());
    out.sha256Hex = Sha256::hashHex(data);
    out.crc32 = zipCrc32(zipCrc32(0, nullptr, 0), data.constData(), std::size_t(data.size()));
    out.data.reserve(data.size() / 2 + 64);
    auto sink = [](void *context, const char *bytes, std::size_t size) {
        static_cast<QByteArray *>(context)->append(bytes, qsizetype(size));
        return Status();
    };
    if (Status s = encoder.encode(data.constData(), std::size_t(data.size()), true, sink, &out.data); !s)
        out.error = makeError(s.error().code, s.error().message, file.path);
    else if (out.data.size() >= data.size()) { // not smaller (media, tiny files): Stored, as ZipWriter would
        out.data = data;
        out.stored = true;
    }
    return out;
}

} // namespace carton
