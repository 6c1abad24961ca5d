// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QUrl>
#include <memory>

class QAudioBuffer;
class QAudioDecoder;
class QIODevice;

namespace studio {

// A waveform overview of an audio file: decodes it in the background with
// QAudioDecoder (its backend decodes on its own threads; buffers arrive here as
// queued signals, so a LatestJob worker is not needed and would have no event
// loop for the decoder) and keeps, per bucket of time, the minimum and maximum
// sample over all channels. Memory is bounded whatever the file's length: at most
// maxBuckets buckets; when they are full, neighbours are merged in pairs and each
// bucket then covers twice the time.
class WaveformBuilder final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WaveformBuilder)

public:
    struct Bucket {
        float min = 0;
        float max = 0;
    };
    static constexpr int maxBuckets = 4096;

    // Makes no decoder yet (see decoder()).
    explicit WaveformBuilder(QObject *parent = nullptr);
    ~WaveformBuilder() override;

    // Starts decoding a file (a temporary copy) or a seekable device (taken over).
    void start(const QUrl &file);
    void start(std::unique_ptr<QIODevice> device);
    void stop();

    const QList<Bucket> &buckets() const { return m_buckets; }
    // The microseconds of audio one bucket covers (0 before the first buffer).
    qint64 bucketDurationUs() const;
    // Microseconds decoded so far.
    qint64 decodedUs() const;
    bool isRunning() const { return m_running; }
    bool isFinished() const { return m_finished; }
    QString error() const { return m_error; }

signals:
    // More buckets (at most ten times a second while decoding, and at the end).
    void updated();
    void finished();
    void failed(const QString &message);

private:
    void reset();
    // The decoder, made on the first start(): Qt Multimedia's backend (and its
    // audio server connection) starts only when audio is decoded.
    QAudioDecoder *decoder();
    void consume(const QAudioBuffer &buffer);
    void addFrame(float min, float max);
    void halve();

    QAudioDecoder *m_decoder = nullptr;
    std::unique_ptr<QIODevice> m_device;
    QList<Bucket> m_buckets;
    Bucket m_current;
    qint64 m_framesPerBucket = 0;
    qint64 m_framesInBucket = 0;
    qint64 m_frames = 0;
    int m_sampleRate = 0;
    bool m_running = false;
    bool m_finished = false;
    QString m_error;
    QElapsedTimer m_sinceUpdate;
};

} // namespace studio
