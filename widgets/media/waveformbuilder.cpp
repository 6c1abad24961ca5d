// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "waveformbuilder.h"

#include "mediabackend.h"

#include <QAudioBuffer>
#include <QAudioDecoder>
#include <QIODevice>
#include <algorithm>

namespace studio {

WaveformBuilder::WaveformBuilder(QObject *parent) : QObject(parent) {}

QAudioDecoder *WaveformBuilder::decoder()
{
    if (m_decoder)
        return m_decoder;
    MediaBackend::prepare(); // before the decoder starts the backend
    m_decoder = new QAudioDecoder(this);
    connect(m_decoder, &QAudioDecoder::bufferReady, this, [this] {
        while (m_decoder->bufferAvailable())
            consume(m_decoder->read());
        if (m_sinceUpdate.hasExpired(100)) {
            m_sinceUpdate.restart();
            emit updated();
        }
    });
    connect(m_decoder, &QAudioDecoder::finished, this, [this] {
        if (!m_running)
            return;
        m_running = false;
        m_finished = true;
        if (m_framesInBucket > 0) {
            m_buckets.append(m_current);
            m_framesInBucket = 0;
        }
        emit updated();
        emit finished();
    });
    connect(m_decoder, qOverload<QAudioDecoder::Error>(&QAudioDecoder::error), this, [this](QAudioDecoder::Error) {
        if (!m_running)
            return;
        m_running = false;
        m_error = m_decoder->errorString().isEmpty() ? tr("the audio could not be decoded") : m_decoder->errorString();
        m_decoder->stop();
        emit failed(m_error);
    });
    return m_decoder;
}

WaveformBuilder::~WaveformBuilder()
{
    m_running = false;
    if (m_decoder) {
        m_decoder->stop();
        m_decoder->setSourceDevice(nullptr);
    }
}

void WaveformBuilder::reset()
{
    m_running = false;
    if (m_decoder) {
        m_decoder->stop();
        m_decoder->setSource(QUrl());
    }
    m_device.reset();
    m_buckets.clear();
    m_current = {};
    m_framesPerBucket = 0;
    m_framesInBucket = 0;
    m_frames = 0;
    m_sampleRate = 0;
    m_finished = false;
    m_error.clear();
}

void WaveformBuilder::start(const QUrl &file)
{
    reset();
    decoder()->setSource(file);
    m_running = true;
    m_sinceUpdate.start();
    m_decoder->start();
}

void WaveformBuilder::start(std::unique_ptr<QIODevice> device)
{
    reset();
    m_device = std::move(device);
    decoder()->setSourceDevice(m_device.get());
    m_running = true;
    m_sinceUpdate.start();
    m_decoder->start();
}

void WaveformBuilder::stop()
{
    reset();
}

qint64 WaveformBuilder::bucketDurationUs() const
{
    return m_sampleRate > 0 ? m_framesPerBucket * 1'000'000 / m_sampleRate : 0;
}

qint64 WaveformBuilder::decodedUs() const
{
    return m_sampleRate > 0 ? m_frames * 1'000'000 / m_sampleRate : 0;
}

void WaveformBuilder::halve()
{
    const qsizetype half = m_buckets.size() / 2;
    for (qsizetype i = 0; i < half; ++i) {
        const Bucket &a = m_buckets[2 * i];
        const Bucket &b = m_buckets[2 * i + 1];
        m_buckets[i] = {std::min(a.min, b.min), std::max(a.max, b.max)};
    }
    m_buckets.resize(half);
    m_framesPerBucket *= 2;
}

void WaveformBuilder::addFrame(float min, float max)
{
    if (m_framesInBucket == 0) {
        m_current = {min, max};
    } else {
        m_current.min = std::min(m_current.min, min);
        m_current.max = std::max(m_current.max, max);
    }
    ++m_frames;
    if (++m_framesInBucket < m_framesPerBucket)
        return;
    m_buckets.append(m_current);
    m_framesInBucket = 0;
    if (m_buckets.size() >= maxBuckets)
        halve();
}

void WaveformBuilder::consume(const QAudioBuffer &buffer)
{
    const QAudioFormat format = buffer.format();
    const int channels = format.channelCount();
    const int bytesPerSample = format.bytesPerSample();
    if (!buffer.isValid() || channels <= 0 || bytesPerSample <= 0 || format.sampleRate() <= 0)
        return;
    if (m_sampleRate != format.sampleRate()) {
        // The first buffer (a rate change mid-stream restarts the overview).
        const bool restart = m_sampleRate != 0;
        m_sampleRate = format.sampleRate();
        if (restart) {
            m_buckets.clear();
            m_frames = 0;
            m_framesInBucket = 0;
        }
        m_framesPerBucket = std::max(1, m_sampleRate / 1000); // 1 ms buckets to start with
    }
    const auto *data = buffer.constData<char>();
    const qsizetype frames = buffer.frameCount();
    const int frameBytes = format.bytesPerFrame();
    for (qsizetype f = 0; f < frames; ++f) {
        const char *frame = data + f * frameBytes;
        float lo = 1, hi = -1;
        for (int c = 0; c < channels; ++c) {
            const float v = format.normalizedSampleValue(frame + c * bytesPerSample);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        addFrame(lo, hi);
    }
}

} // namespace studio
