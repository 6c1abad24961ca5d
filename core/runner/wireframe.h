// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// One message on a runner pipe: a 16-byte prefix ("CRTN", JSON length as
// little-endian u32, binary length as little-endian u64), the JSON object, then
// the binary tensor data in the KServe v2 layout (wirecodec.h). The prefix plays
// the part of HTTP's Inference-Header-Content-Length and Content-Length.

#include "base/result.h"
#include "cartoncore_export.h"
#include "runner/runnersession.h"
#include "runner/wirecodec.h"

#include <QByteArray>
#include <QIODevice>
#include <QJsonObject>
#include <QList>

namespace carton::wire {

constexpr qint64 kFramePrefixSize = 16;

struct Frame {
    QJsonObject header;
    QByteArray binary;
};

// The byte chunks of one frame, to be written in order: the prefix and JSON, then
// the tensor data (shared with the tensors, not copied). `tensorsKey` names the
// header's descriptor array ("inputs" or "outputs"); with no tensors it is left out.
CARTONCORE_EXPORT Result<QList<QByteArray>> encodeFrame(QJsonObject header, const QList<Tensor> &tensors = {},
                                                        const QString &tensorsKey = QStringLiteral("inputs"),
                                                        const Externalizer &externalize = {});
// The tensors of a received frame, by name (from header[tensorsKey]); a name
// given twice is an error.
CARTONCORE_EXPORT Result<TensorMap> decodeFrameTensors(const Frame &frame, const QString &tensorsKey,
                                                       const QString &where, const WireLimits &limits = {},
                                                       const ExternalReader &external = {});

// Assembles frames from bytes as they arrive. Declared lengths are checked
// against the limits, and buffers grow only as bytes actually come in.
class CARTONCORE_EXPORT FrameReader {
public:
    explicit FrameReader(QString where, WireLimits limits = {}) : m_where(std::move(where)), m_limits(limits) {}

    // Reads from `device` at most `maxRead` bytes (and never past the current
    // frame); returns the number read (0 at end of data), or an error for a bad
    // prefix, JSON or limit. With a blocking device, call it in a loop.
    Result<qint64> readFrom(QIODevice &device, qint64 maxRead);
    // Feeds bytes already read (tests, other transports); the same checks.
    Status feed(QByteArrayView bytes);

    bool hasFrame() const { return m_state == State::Done; }
    // The complete frame; the reader starts on the next one.
    Frame takeFrame();
    // True when some bytes of a frame arrived but not all of it.
    bool isMidFrame() const { return m_state != State::Prefix || !m_prefix.isEmpty(); }

private:
    enum class State { Prefix, Json, Binary, Done };
    Status advance();

    QString m_where;
    WireLimits m_limits;
    State m_state = State::Prefix;
    QByteArray m_prefix;
    QByteArray m_json;
    qint64 m_jsonLength = 0;
    qint64 m_binaryLength = 0;
    Frame m_frame;
};

// Asks the kernel to back a large buffer that is about to be filled with huge
// pages (Linux transparent huge pages in "madvise" mode): filling 256 MiB then
// takes 128 page faults instead of 65536, which dominates a transfer's CPU time
// on virtual machines. No effect elsewhere or for buffers under 4 MiB.
CARTONCORE_EXPORT void adviseHugePages(char *data, qint64 size);

// Writes all chunks to a blocking device (a pipe opened with QFile).
CARTONCORE_EXPORT Status writeChunks(QIODevice &device, const QList<QByteArray> &chunks, const QString &where);
// Reads one whole frame from a blocking device; ErrorCode::Io at end of data
// before a frame starts or in the middle of one.
CARTONCORE_EXPORT Result<Frame> readFrameBlocking(QIODevice &device, const QString &where,
                                                  const WireLimits &limits = {});

} // namespace carton::wire
