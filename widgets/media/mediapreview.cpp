// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "mediapreview.h"

#include "format/mediatype.h"
#include "jobs/latestjob.h"
#include "mediabackend.h"
#include "mediastreams.h"
#include "package/carton.h"
#include "package/mediasniff.h"
#include "videoview.h"
#include "waveformbuilder.h"
#include "waveformview.h"

#include <QAudioDevice>
#include <QAudioOutput>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMediaDevices>
#include <QSlider>
#include <QStackedWidget>
#include <QStyle>
#include <QTemporaryFile>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

namespace studio {

namespace {

QString clockText(qint64 ms)
{
    ms = std::max<qint64>(0, ms);
    const qint64 tenths = ms / 100;
    const qint64 seconds = tenths / 10;
    if (seconds >= 3600)
        return QStringLiteral("%1:%2:%3.%4")
            .arg(seconds / 3600)
            .arg(seconds / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(seconds % 60, 2, 10, QLatin1Char('0'))
            .arg(tenths % 10);
    return QStringLiteral("%1:%2.%3").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0')).arg(tenths % 10);
}

} // namespace

MediaPreview::MediaPreview(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_waveform(new WaveformBuilder(this))
{
    setObjectName(QStringLiteral("mediaPreview"));
    m_loadTimeout.setSingleShot(true);
    m_loadTimeout.setInterval(defaultLoadTimeoutMs);
    connect(&m_loadTimeout, &QTimer::timeout, this, [this] {
        fail(tr("the player did not load it within %1 s").arg(double(m_loadTimeout.interval()) / 1000.0));
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack);

    m_message = new QLabel(m_stack);
    m_message->setObjectName(QStringLiteral("mediaPreviewMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setMargin(12);
    m_stack->addWidget(m_message);

    m_playerPage = new QWidget(m_stack);
    auto *page = new QVBoxLayout(m_playerPage);
    page->setContentsMargins(0, 0, 0, 0);
    m_video = new VideoView(m_playerPage);
    m_video->setObjectName(QStringLiteral("mediaPreviewVideo"));
    page->addWidget(m_video, 1);
    m_waveformView = new WaveformView(m_waveform, m_playerPage);
    m_waveformView->setObjectName(QStringLiteral("mediaPreviewWaveform"));
    page->addWidget(m_waveformView);

    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(4, 0, 4, 0);
    m_play = new QToolButton(m_playerPage);
    m_play->setObjectName(QStringLiteral("mediaPreviewPlay"));
    m_play->setAutoRaise(true);
    controls->addWidget(m_play);
    m_seek = new QSlider(Qt::Horizontal, m_playerPage);
    m_seek->setObjectName(QStringLiteral("mediaPreviewSeek"));
    m_seek->setToolTip(tr("Position"));
    controls->addWidget(m_seek, 1);
    m_time = new QLabel(m_playerPage);
    m_time->setObjectName(QStringLiteral("mediaPreviewTime"));
    controls->addWidget(m_time);
    m_mute = new QToolButton(m_playerPage);
    m_mute->setAutoRaise(true);
    m_mute->setCheckable(true);
    m_mute->setIcon(style()->standardIcon(QStyle::SP_MediaVolume));
    m_mute->setToolTip(tr("Mute"));
    controls->addWidget(m_mute);
    m_volume = new QSlider(Qt::Horizontal, m_playerPage);
    m_volume->setObjectName(QStringLiteral("mediaPreviewVolume"));
    m_volume->setRange(0, 100);
    m_volume->setValue(80);
    m_volume->setMaximumWidth(100);
    m_volume->setToolTip(tr("Volume"));
    controls->addWidget(m_volume);
    page->addLayout(controls);
    m_status = new QLabel(m_playerPage);
    m_status->setObjectName(QStringLiteral("mediaPreviewStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setContentsMargins(4, 0, 4, 2);
    page->addWidget(m_status);
    // Audio has no picture: the strip, controls and status stay together at the top.
    m_audioSpacer = new QWidget(m_playerPage);
    m_audioSpacer->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    page->addWidget(m_audioSpacer, 1);
    m_stack->addWidget(m_playerPage);

    connect(m_play, &QToolButton::clicked, this, [this] {
        if (!m_player)
            return;
        if (m_player->playbackState() == QMediaPlayer::PlayingState)
            m_player->pause();
        else
            m_player->play();
    });
    connect(m_seek, &QSlider::sliderMoved, this, [this](int ms) {
        if (m_player)
            m_player->setPosition(ms);
    });
    connect(m_seek, &QSlider::actionTriggered, this, [this](int action) {
        if (m_player && action != QAbstractSlider::SliderMove)
            m_player->setPosition(m_seek->sliderPosition());
    });
    connect(m_waveformView, &WaveformView::seekRequested, this, [this](qint64 ms) {
        if (m_player)
            m_player->setPosition(ms);
    });
    connect(m_volume, &QSlider::valueChanged, this, [this](int value) {
        if (m_audio)
            m_audio->setVolume(float(value) / 100.0f);
    });
    connect(m_mute, &QToolButton::toggled, this, [this](bool muted) {
        if (m_audio)
            m_audio->setMuted(muted);
        m_mute->setIcon(style()->standardIcon(muted ? QStyle::SP_MediaVolumeMuted : QStyle::SP_MediaVolume));
    });
    connect(m_video, &VideoView::frameReceived, this, [this](QSize size) {
        if (m_video->framesReceived() == 1 && m_state == State::Ready)
            m_status->setText(m_status->text() + QStringLiteral(" · %1 × %2").arg(size.width()).arg(size.height()));
    });
    clear();
}

void MediaPreview::dropPlayer()
{
    if (!m_player)
        return;
    m_player->disconnect(this);
    m_player->stop();
    m_player->setSource(QUrl());
    delete m_player;
    m_player = nullptr;
}

void MediaPreview::replacePlayer(bool withAudio)
{
    if (!m_audio) {
        MediaBackend::prepare(); // before the first player starts the backend
        m_hasAudioDevice = !QMediaDevices::audioOutputs().isEmpty();
        m_audio = new QAudioOutput(this);
        m_audio->setVolume(float(m_volume->value()) / 100.0f);
        m_audio->setMuted(m_mute->isChecked());
        if (!m_hasAudioDevice) {
            for (QWidget *w : {static_cast<QWidget *>(m_mute), static_cast<QWidget *>(m_volume)}) {
                w->setEnabled(false);
                w->setToolTip(tr("No audio output device"));
            }
        }
    }
    // A fresh player per file: Qt 6.4's GStreamer backend does not reset its device
    // source between two QIODevices, and the second one may then not load.
    dropPlayer();
    // Without an audio device, video plays without an audio output (see below).
    m_player = new QMediaPlayer(this);
    // Without an audio device, video plays without an audio output (a sink that
    // cannot open would keep the pipeline from playing); audio keeps its output,
    // which the pipeline needs to load at all.
    if (withAudio || m_hasAudioDevice)
        m_player->setAudioOutput(m_audio);
    m_player->setVideoSink(m_video->videoSink());
    connect(m_player, &QMediaPlayer::mediaStatusChanged, this, &MediaPreview::onStatusChanged);
    connect(m_player, &QMediaPlayer::durationChanged, this, &MediaPreview::onDuration);
    connect(m_player, &QMediaPlayer::positionChanged, this, &MediaPreview::onPosition);
    connect(m_player, &QMediaPlayer::playbackStateChanged, this, &MediaPreview::updatePlayButton);
    connect(m_player, &QMediaPlayer::seekableChanged, this,
            [this](bool seekable) { m_seek->setEnabled(m_state == State::Ready && seekable); });
    connect(m_player, &QMediaPlayer::errorOccurred, this, [this](QMediaPlayer::Error error, const QString &text) {
        if (error != QMediaPlayer::NoError && m_state != State::Empty)
            fail(text.isEmpty() ? tr("the player cannot decode it") : text);
    });
}

MediaPreview::~MediaPreview()
{
    // The player lets go of the device before it (and the temporary copy) goes.
    m_jobs->cancelAll();
    dropPlayer();
}

QString MediaPreview::message() const
{
    return m_state == State::Failed || m_state == State::Empty ? m_message->text() : m_status->text();
}

QString MediaPreview::temporaryFile() const
{
    return m_temporary ? m_temporary->fileName() : QString();
}

QString MediaPreview::describe() const
{
    return m_mediaType.isEmpty() ? m_path : tr("%1 (%2 by its first bytes)").arg(m_path, m_mediaType);
}

void MediaPreview::setState(State state)
{
    m_state = state;
    const bool ready = state == State::Ready;
    m_play->setEnabled(ready);
    m_seek->setEnabled(ready && m_player && m_player->isSeekable());
    m_stack->setCurrentWidget(state == State::Failed || state == State::Empty ? static_cast<QWidget *>(m_message)
                                                                              : m_playerPage);
}

void MediaPreview::clear()
{
    m_jobs->cancelAll();
    m_loadTimeout.stop();
    m_waveform->stop();
    dropPlayer();
    m_device.reset();    // after the player that read it
    m_temporary.reset(); // removes the copy
    m_carton.reset();
    m_video->clear();
    m_streamed = false;
    m_path.clear();
    m_mediaType.clear();
    m_seek->setRange(0, 0);
    m_waveformView->setDuration(0);
    m_waveformView->setPosition(0);
    m_time->clear();
    m_status->clear();
    m_message->setText(tr("No audio or video selected."));
    updatePlayButton();
    setState(State::Empty);
}

void MediaPreview::open(std::shared_ptr<const carton::Carton> carton, const QString &path)
{
    clear();
    if (!carton)
        return;
    m_carton = std::move(carton);
    m_path = path;
    const carton::Result<QString> type = carton::sniffMediaType(m_carton->source(), path);
    if (!type.ok()) {
        fail(type.error().message);
        return;
    }
    m_mediaType = *type;
    if (!carton::MediaType::isPlayable(m_mediaType)) {
        QString reason = tr("it is not audio or video");
        const QString named = carton::MediaType::fromExtension(path);
        if (!named.isEmpty() && named != m_mediaType)
            reason = tr("its name says %1 but its content is %2, not audio or video").arg(named, m_mediaType);
        fail(reason);
        return;
    }
    const bool video = carton::MediaType::isVideo(m_mediaType);
    replacePlayer(!video);
    m_video->setVisible(video);
    m_waveformView->setVisible(!video);
    m_audioSpacer->setVisible(!video);
    if (auto device = MediaStreams::openRegion(m_carton->source(), path)) {
        m_streamed = true;
        startPlayer(std::move(device), QUrl());
        return;
    }
    setState(State::Copying);
    m_status->setText(tr("Copying %1 out of the carton to play it…").arg(path));
    m_jobs->start(
        QStringLiteral("copy"),
        [carton = m_carton, path](carton::Progress &progress) {
            return MediaStreams::copyToTemporary(carton->source(), path, progress);
        },
        [this](carton::Result<std::shared_ptr<QTemporaryFile>> copy) {
            if (!copy.ok()) {
                fail(copy.error().message);
                return;
            }
            m_temporary = std::move(copy.value());
            startPlayer(nullptr, QUrl::fromLocalFile(m_temporary->fileName()));
        },
        [this, path](qint64 done, qint64 total) {
            if (total > 0)
                m_status->setText(
                    tr("Copying %1 out of the carton to play it… %2 %").arg(path).arg(done * 100 / total));
        });
}

void MediaPreview::startPlayer(std::unique_ptr<QIODevice> device, const QUrl &file)
{
    if (!m_player)
        return; // cleared meanwhile
    m_device = std::move(device);
    setState(State::Loading);
    m_status->setText(tr("Loading %1…").arg(describe()));
    m_loadTimeout.start();
    if (m_device)
        m_player->setSourceDevice(m_device.get(), QUrl(QFileInfo(m_path).fileName()));
    else
        m_player->setSource(file);
    startWaveform();
}

void MediaPreview::startWaveform()
{
    if (!carton::MediaType::isAudio(m_mediaType))
        return;
    if (m_temporary)
        m_waveform->start(QUrl::fromLocalFile(m_temporary->fileName()));
    else if (auto device = MediaStreams::openRegion(m_carton->source(), m_path))
        m_waveform->start(std::move(device));
}

void MediaPreview::fail(const QString &reason)
{
    if (m_state == State::Failed)
        return;
    m_jobs->cancelAll();
    m_loadTimeout.stop();
    m_waveform->stop();
    if (m_player)
        m_player->stop();
    QString why = reason.trimmed();
    while (why.endsWith(u'.'))
        why.chop(1); // backend messages end with one; the sentence adds its own
    const QString text = tr("%1 cannot be played: %2.").arg(describe(), why);
    m_message->setText(text);
    setState(State::Failed);
    emit failed(text);
}

void MediaPreview::onStatusChanged(QMediaPlayer::MediaStatus status)
{
    switch (status) {
    case QMediaPlayer::LoadedMedia:
    case QMediaPlayer::BufferedMedia:
        if (m_state != State::Loading)
            break;
        m_loadTimeout.stop();
        setState(State::Ready);
        m_status->setText(tr("%1 · %2").arg(describe(), m_streamed ? tr("streamed from the carton")
                                                                   : tr("played from a temporary copy")));
        emit ready();
        break;
    case QMediaPlayer::InvalidMedia:
        if (m_player && (m_state == State::Loading || m_state == State::Ready))
            fail(m_player->errorString().isEmpty() ? tr("the player cannot decode it") : m_player->errorString());
        break;
    case QMediaPlayer::EndOfMedia:
        updatePlayButton();
        break;
    default:
        break;
    }
}

void MediaPreview::onDuration(qint64 ms)
{
    m_seek->setRange(0, int(std::min<qint64>(ms, std::numeric_limits<int>::max())));
    m_seek->setPageStep(int(std::clamp<qint64>(ms / 10, 1, 10'000)));
    m_seek->setEnabled(m_state == State::Ready && m_player && m_player->isSeekable());
    m_waveformView->setDuration(ms);
    onPosition(m_player->position());
}

void MediaPreview::onPosition(qint64 ms)
{
    if (!m_seek->isSliderDown())
        m_seek->setValue(int(std::min<qint64>(ms, std::numeric_limits<int>::max())));
    m_waveformView->setPosition(ms);
    m_time->setText(QStringLiteral("%1 / %2").arg(clockText(ms), clockText(m_player ? m_player->duration() : 0)));
}

void MediaPreview::updatePlayButton()
{
    const bool playing = m_player && m_player->playbackState() == QMediaPlayer::PlayingState;
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(playing ? tr("Pause") : tr("Play"));
}

} // namespace studio
