// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QMediaPlayer>
#include <QTimer>
#include <QWidget>
#include <memory>

class QAudioOutput;
class QLabel;
class QSlider;
class QStackedWidget;
class QTemporaryFile;
class QToolButton;

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;
class VideoView;
class WaveformBuilder;
class WaveformView;

// Plays an audio or video file of a carton: play/pause, a seek bar, position and
// duration, volume; video scaled to fit; for audio a waveform strip computed in
// the background. The media type comes from the file's first bytes, never from its
// name. A Stored entry (or an unpacked carton's file) is streamed to the player
// through a seekable device over its bytes on disk; a compressed entry is first
// copied (on a worker thread) into a private temporary file, removed when the
// preview shows something else or is destroyed. Nothing is read whole into memory.
// A file that is not audio/video, a backend error, or a player that does not
// reach "loaded" within the load timeout ends in Failed with a message naming the
// file, its detected type and the reason: never a blank pane, never a hang.
// Qt Multimedia (player, audio output, decoder, device list) is made only when a
// playable file is opened: a window that previews no media starts no backend and
// connects to no audio server.
class MediaPreview final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MediaPreview)

public:
    enum class State { Empty, Copying, Loading, Ready, Failed };
    static constexpr int defaultLoadTimeoutMs = 15'000;

    explicit MediaPreview(QWidget *parent = nullptr);
    ~MediaPreview() override;

    void open(std::shared_ptr<const carton::Carton> carton, const QString &path);
    // Stops playback and lets go of the file (the temporary copy is removed).
    void clear();
    void setLoadTimeout(int ms) { m_loadTimeout.setInterval(ms); }

    State state() const { return m_state; }
    QString path() const { return m_path; }
    QString mediaType() const { return m_mediaType; }
    // The text shown instead of the player (Failed), or the status line.
    QString message() const;
    // True while the file is streamed from the carton (no temporary copy).
    bool isStreamed() const { return m_streamed; }
    // The temporary copy's path (empty when streamed).
    QString temporaryFile() const;
    // The current file's player; null while nothing playable is open.
    QMediaPlayer *player() const { return m_player; }
    VideoView *videoView() const { return m_video; }
    WaveformBuilder *waveform() const { return m_waveform; }
    QToolButton *playButton() const { return m_play; }
    QSlider *seekBar() const { return m_seek; }
    QSlider *volumeSlider() const { return m_volume; }

signals:
    // The player loaded the media (duration known).
    void ready();
    void failed(const QString &message);

private:
    // Makes the audio output (once) and a fresh player for the next file.
    void replacePlayer(bool withAudio);
    // Stops and deletes the player, if any.
    void dropPlayer();
    void startPlayer(std::unique_ptr<QIODevice> device, const QUrl &file);
    void startWaveform();
    void fail(const QString &reason);
    void setState(State state);
    void onStatusChanged(QMediaPlayer::MediaStatus status);
    void onDuration(qint64 ms);
    void onPosition(qint64 ms);
    void updatePlayButton();
    QString describe() const; // "misc/x.mp4 (video/mp4 by its first bytes)"

    std::shared_ptr<const carton::Carton> m_carton;
    QString m_path;
    QString m_mediaType;
    State m_state = State::Empty;
    bool m_streamed = false;
    std::unique_ptr<QIODevice> m_device; // what the player reads (outlives its use by the player)
    std::shared_ptr<QTemporaryFile> m_temporary;
    LatestJob *m_jobs = nullptr;
    QMediaPlayer *m_player = nullptr;
    QAudioOutput *m_audio = nullptr;
    bool m_hasAudioDevice = false;
    QTimer m_loadTimeout;
    WaveformBuilder *m_waveform = nullptr;

    QStackedWidget *m_stack = nullptr;
    QLabel *m_message = nullptr;
    QWidget *m_playerPage = nullptr;
    VideoView *m_video = nullptr;
    WaveformView *m_waveformView = nullptr;
    QWidget *m_audioSpacer = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_play = nullptr;
    QSlider *m_seek = nullptr;
    QLabel *m_time = nullptr;
    QToolButton *m_mute = nullptr;
    QSlider *m_volume = nullptr;
};

} // namespace studio
