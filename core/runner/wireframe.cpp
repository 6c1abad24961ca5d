// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "wireframe.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QtEndian>
#ifdef Q_OS_LINUX
#include <sys/mman.h>
#endif

namespace carton::wire {

namespace {
constexpr char kMagic[4] = {'C', 'R', 'T', 'N'};
// Bytes read at a time while the binary part arrives: big enough for few
// syscalls, small enough that a lying length costs nothing.
constexpr qint64 kReadChunk = 4ll << 20;
} // namespace

Result<QList<QByteArray>> encodeFrame(QJsonObject header, const QList<Tensor> &tensors, const QString &tensorsKey,
                                      const Externalizer &externalize)
{
    qint64 binarySize = 0;
    QList<QByteArray> chunks{QByteArray()};
    if (!tensors.isEmpty()) {
        Result<EncodedTensors> encoded = encodeTensors(tensors, externalize);
        if (!encoded)
            return encoded.error();
        header.insert(tensorsKey, encoded->descriptors);
        binarySize = encoded->binarySize;
        chunks.append(std::move(encoded->chunks));
    }
    const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    QByteArray &first = chunks.first();
    first.reserve(kFramePrefixSize + json.size());
    first.append(kMagic, 4);
    char lengths[12];
    qToLittleEndian(quint32(json.size()), lengths);
    qToLittleEndian(quint64(binarySize), lengths + 4);
    first.append(lengths, 12);
    first.append(json);
    return chunks;
}

Result<TensorMap> decodeFrameTensors(const Frame &frame, const QString &tensorsKey, const QString &where,
                                     const WireLimits &limits, const ExternalReader &external)
{
    const QJsonValue descriptors = frame.header.value(tensorsKey);
    if (!descriptors.isUndefined() && !descriptors.isArray())
        return makeError(ErrorCode::Format, QStringLiteral("\"%1\" must be an array").arg(tensorsKey), where);
    Result<QList<Tensor>> tensors = decodeTensors(descriptors.toArray(), frame.binary, where, limits, external);
    if (!tensors)
        return tensors.error();
    TensorMap out;
    for (Tensor &t : *tensors) {
        if (out.contains(t.name()))
            return makeError(ErrorCode::Format, QStringLiteral("tensor \"%1\" is given twice").arg(t.name()), where);
        const QString name = t.name();
        out.insert(name, std::move(t));
    }
    return out;
}

Status FrameReader::feed(QByteArrayView bytes)
{
    while (!bytes.isEmpty()) {
        if (m_state == State::Done)
            return makeError(ErrorCode::Usage, QStringLiteral("a frame is waiting to be taken"), m_where);
        qint64 want = 0;
        QByteArray *target = nullptr;
        switch (m_state) {
        case State::Prefix:
            want = kFramePrefixSize - m_prefix.size();
            target = &m_prefix;
            break;
        case State::Json:
            want = m_jsonLength - m_json.size();
            target = &m_json;
            break;
        case State::Binary:
            want = m_binaryLength - m_frame.binary.size();
            target = &m_frame.binary;
            break;
        case State::Done:
            break;
        }
        const qint64 n = std::min<qint64>(want, bytes.size());
        target->append(bytes.first(n));
        bytes = bytes.sliced(n);
        if (Status s = advance(); !s)
            return s;
    }
    return {};
}

Result<qint64> FrameReader::readFrom(QIODevice &device, qint64 maxRead)
{
    if (m_state == State::Done)
        return makeError(ErrorCode::Usage, QStringLiteral("a frame is waiting to be taken"), m_where);
    QByteArray *target = nullptr;
    qint64 want = 0;
    switch (m_state) {
    case State::Prefix:
        target = &m_prefix;
        want = kFramePrefixSize - m_prefix.size();
        break;
    case State::Json:
        target = &m_json;
        want = m_jsonLength - m_json.size();
        break;
    case State::Binary:
        target = &m_frame.binary;
        want = std::min(m_binaryLength - m_frame.binary.size(), kReadChunk);
        break;
    case State::Done:
        break;
    }
    want = std::min(want, maxRead);
    if (want <= 0)
        return qint64(0);
    const qsizetype old = target->size();
    if (target->capacity() < old + want) {
        target->reserve(std::max<qsizetype>(old + want, std::min<qsizetype>(old * 2, old + 256 * kReadChunk)));
        adviseHugePages(target->data() + old, target->capacity() - old);
    }
    target->resize(old + want);
    const qint64 n = device.read(target->data() + old, want);
    target->resize(old + std::max<qint64>(n, 0));
    if (n < 0)
        return makeError(ErrorCode::Io, QStringLiteral("read failed: %1").arg(device.errorString()), m_where);
    if (Status s = advance(); !s)
        return s.error();
    return n;
}

Status FrameReader::advance()
{
    for (;;) {
        switch (m_state) {
        case State::Prefix: {
            if (m_prefix.size() < kFramePrefixSize)
                return {};
            if (!m_prefix.startsWith(QByteArrayView(kMagic, 4)))
                return makeError(ErrorCode::Format,
                                 QStringLiteral("the stream does not start a message (expected \"CRTN\", got %1)")
                                     .arg(QString::fromLatin1(m_prefix.left(4).toHex())),
                                 m_where);
            m_jsonLength = qFromLittleEndian<quint32>(m_prefix.constData() + 4);
            const quint64 binary = qFromLittleEndian<quint64>(m_prefix.constData() + 8);
            if (m_jsonLength > m_limits.maxHeaderBytes)
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("message header of %1 bytes, more than the limit of %2")
                                     .arg(m_jsonLength)
                                     .arg(m_limits.maxHeaderBytes),
                                 m_where);
            if (binary > quint64(m_limits.maxBinaryBytes))
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("message data of %1 bytes, more than the limit of %2")
                                     .arg(binary)
                                     .arg(m_limits.maxBinaryBytes),
                                 m_where);
            m_binaryLength = qint64(binary);
            m_state = State::Json;
            break;
        }
        case State::Json: {
            if (m_json.size() < m_jsonLength)
                return {};
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(m_json, &error);
            if (error.error != QJsonParseError::NoError || !doc.isObject())
                return makeError(ErrorCode::Format,
                                 QStringLiteral("message header is not a JSON object (%1 at byte %2)")
                                     .arg(error.errorString())
                                     .arg(error.offset),
                                 m_where);
            m_frame.header = doc.object();
            m_json.clear();
            m_state = State::Binary;
            break;
        }
        case State::Binary:
            if (m_frame.binary.size() < m_binaryLength)
                return {};
            m_state = State::Done;
            return {};
        case State::Done:
            return {};
        }
    }
}

Frame FrameReader::takeFrame()
{
    Frame f = std::move(m_frame);
    m_frame = {};
    m_prefix.clear();
    m_json.clear();
    m_jsonLength = m_binaryLength = 0;
    m_state = State::Prefix;
    return f;
}

void adviseHugePages(char *data, qint64 size)
{
#if defined(Q_OS_LINUX) && defined(MADV_HUGEPAGE)
    constexpr quintptr kHuge = 2u << 20;
    if (size < 2 * qint64(kHuge))
        return;
    const quintptr begin = (quintptr(data) + kHuge - 1) & ~(kHuge - 1);
    const quintptr end = (quintptr(data) + quintptr(size)) & ~(kHuge - 1);
    if (end > begin)
        ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    Q_UNUSED(data);
    Q_UNUSED(size);
#endif
}

Status writeChunks(QIODevice &device, const QList<QByteArray> &chunks, const QString &where)
{
    for (const QByteArray &c : chunks) {
        qint64 done = 0;
        while (done < c.size()) {
            const qint64 n = device.write(c.constData() + done, c.size() - done);
            if (n <= 0)
                return makeError(ErrorCode::Io, QStringLiteral("write failed: %1").arg(device.errorString()), where);
            done += n;
        }
    }
    return {};
}

Result<Frame> readFrameBlocking(QIODevice &device, const QString &where, const WireLimits &limits)
{
    FrameReader reader(where, limits);
    while (!reader.hasFrame()) {
        Result<qint64> n = reader.readFrom(device, std::numeric_limits<qint64>::max());
        if (!n)
            return n.error();
        if (*n == 0 && !reader.hasFrame())
            return makeError(ErrorCode::Io,
                             reader.isMidFrame() ? QStringLiteral("the stream ended in the middle of a message")
                                                 : QStringLiteral("the stream ended"),
                             where);
    }
    return reader.takeFrame();
}

} // namespace carton::wire
