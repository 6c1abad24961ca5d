// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "files/fileviewer.h"
#include "media/mediapreview.h"
#include "media/mediastreams.h"
#include "media/videoview.h"
#include "media/waveformbuilder.h"
#include "mediatestutil.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "testshot.h"

#include <QAudioDecoder>
#include <QAudioOutput>
#include <QComboBox>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QVideoSink>
#include <algorithm>

using namespace studio;
using namespace Qt::StringLiterals;

// The player on real media: an H.264/AAC mp4 and an mp3 made by ffmpeg, streamed
// from a Stored carton or played from a temporary copy of a zstd one; corrupt and
// mislabelled files end in a clear message.
class TestMediaPreview : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void noBackendUntilMediaIsOpened(); // first: the backend, once started, stays
    void video_data();
    void video();
    void audio_data();
    void audio();
    void waveformIsBounded();
    void corruptMp4();
    void textNamedMp3();
    void fileViewerPlaysMedia();
    void selfTestsPagePlaysExampleMedia();
    void staleCopiesAreRemoved();

private:
    std::shared_ptr<const carton::Carton> carton(const QString &method) const
    {
        return method == u"stored" ? m_stored : m_zstd;
    }

    QTemporaryDir m_dir;
    std::shared_ptr<const carton::Carton> m_stored;
    std::shared_ptr<const carton::Carton> m_zstd;
    std::shared_ptr<const carton::Carton> m_plain; // an example without media
    QString m_longWav;
};

void TestMediaPreview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString folder = m_dir.filePath(u"src"_s);
    QString error = mediatest::makeVideo(folder + u"/misc/clip.mp4"_s);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = mediatest::makeTone(folder + u"/misc/tone.mp3"_s);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // An mp4 whose header is real (ftyp) and the rest garbage.
    QByteArray broken = mediatest::readFile(folder + u"/misc/clip.mp4"_s).left(32);
    QCOMPARE(broken.mid(4, 4), QByteArray("ftyp"));
    for (int i = 0; i < 20'000; ++i)
        broken.append(char((i * 7919) % 251));
    QVERIFY(mediatest::writeFile(folder + u"/misc/broken.mp4"_s, broken));
    QVERIFY(mediatest::writeFile(folder + u"/misc/notes.mp3"_s, "These are notes, not the bytes of an mp3.\n"));
    QVERIFY(mediatest::writeFile(
        folder + u"/carton.toml"_s,
        mediatest::cartonToml("\n[[input]]\nname = \"audio\"\ndtype = \"string\"\nshape = []\n"
                              "[[output]]\nname = \"video\"\ndtype = \"string\"\nshape = []\n"
                              "[[output]]\nname = \"notes\"\ndtype = \"string\"\nshape = []\n"
                              "\n[[example]]\nname = \"speech to video\"\ninputs = { audio = \"@misc/tone.mp3\" }\n"
                              "sample_out = { video = \"@misc/clip.mp4\", notes = \"@misc/notes.mp3\" }\n")));
    // The mp4 is packed Stored in one carton (streamed) and zstd in the other (copied).
    error = mediatest::pack(folder, m_dir.filePath(u"stored.carton"_s), carton::ZipMethod::Stored);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = mediatest::pack(folder, m_dir.filePath(u"zstd.carton"_s), carton::ZipMethod::Zstd);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString plain = m_dir.filePath(u"plain"_s);
    QVERIFY(mediatest::writeFile(plain + u"/misc/notes.txt"_s, "notes\n"));
    QVERIFY(mediatest::writeFile(
        plain + u"/carton.toml"_s,
        mediatest::cartonToml("\n[[input]]\nname = \"text\"\ndtype = \"string\"\nshape = []\n"
                              "[[output]]\nname = \"echo\"\ndtype = \"string\"\nshape = []\n"
                              "\n[[example]]\nname = \"notes\"\ninputs = { text = \"@misc/notes.txt\" }\n"
                              "sample_out = { echo = \"@misc/notes.txt\" }\n")));
    error = mediatest::pack(plain, m_dir.filePath(u"plain.carton"_s), carton::ZipMethod::Stored);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_plain = mediatest::open(m_dir.filePath(u"plain.carton"_s));
    QVERIFY(m_plain);
    m_stored = mediatest::open(m_dir.filePath(u"stored.carton"_s));
    m_zstd = mediatest::open(m_dir.filePath(u"zstd.carton"_s));
    QVERIFY(m_stored && m_zstd);
    QVERIFY(m_stored->source().rawRegion(u"misc/clip.mp4"_s).has_value());
    QVERIFY(!m_zstd->source().rawRegion(u"misc/clip.mp4"_s).has_value());

    // 10 s of 8 kHz audio: 10,000 one-millisecond buckets before merging.
    m_longWav = m_dir.filePath(u"long.wav"_s);
    error = mediatest::runFfmpeg({"-f", "lavfi", "-i", "sine=frequency=200:sample_rate=8000:duration=10", m_longWav});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

namespace {

QStringList g_multimediaMessages;
QtMessageHandler g_previousHandler = nullptr;

void recordMultimedia(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (context.category && QByteArrayView(context.category).startsWith("qt.multimedia"))
        g_multimediaMessages.append(QString::fromLatin1(context.category) + u": "_s + message);
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

} // namespace

// A page and a viewer that preview no media make no player, audio output or
// decoder, so Qt Multimedia never starts (it logged "qt.multimedia.player …
// Connection refused" for every window without an audio server).
void TestMediaPreview::noBackendUntilMediaIsOpened()
{
    g_previousHandler = qInstallMessageHandler(recordMultimedia);
    {
        SelfTestsPage page(m_plain, nullptr);
        page.resize(1000, 700);
        page.show();
        QVERIFY(page.revealItem(true, 0));
        FileViewer viewer;
        viewer.setCarton(m_stored);
        viewer.show();
        viewer.showFile(u"carton.toml"_s);
        QTRY_VERIFY(!viewer.isLoading());
        MediaPreview preview;
        preview.show();
        preview.open(m_stored, u"misc/notes.mp3"_s); // not media: decided without the player
        QCOMPARE(preview.state(), MediaPreview::State::Failed);
        preview.clear();
        QCoreApplication::processEvents();
        for (QObject *root :
             {static_cast<QObject *>(&page), static_cast<QObject *>(&viewer), static_cast<QObject *>(&preview)}) {
            QVERIFY(root->findChildren<QMediaPlayer *>().isEmpty());
            QVERIFY(root->findChildren<QAudioOutput *>().isEmpty());
            QVERIFY(root->findChildren<QAudioDecoder *>().isEmpty());
            QVERIFY(root->findChildren<QVideoSink *>().isEmpty()); // a sink starts the backend too
        }
        QVERIFY(!page.mediaPreview()->player());
    }
    qInstallMessageHandler(g_previousHandler);
    QVERIFY2(g_multimediaMessages.isEmpty(), qPrintable(g_multimediaMessages.join(u'\n')));
}

void TestMediaPreview::video_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("stored: streamed") << u"stored"_s;
    QTest::newRow("zstd: temporary copy") << u"zstd"_s;
}

void TestMediaPreview::video()
{
    QFETCH(QString, method);
    MediaPreview preview;
    preview.resize(480, 360);
    preview.show();
    QSignalSpy ready(&preview, &MediaPreview::ready);
    preview.open(carton(method), u"misc/clip.mp4"_s);
    QCOMPARE(preview.mediaType(), u"video/mp4"_s);
    QTRY_VERIFY_WITH_TIMEOUT(
        preview.state() != MediaPreview::State::Copying && preview.state() != MediaPreview::State::Loading, 15'000);
    QVERIFY2(preview.state() == MediaPreview::State::Ready, qPrintable(preview.message()));
    QCOMPARE(ready.size(), 1);
    QCOMPARE(preview.isStreamed(), method == u"stored");
    const QString copy = preview.temporaryFile();
    QCOMPARE(copy.isEmpty(), method == u"stored");
    if (!copy.isEmpty()) {
        QCOMPARE(QFileInfo(copy).size(), m_zstd->source().find(u"misc/clip.mp4"_s)->size);
        QCOMPARE(QFile::permissions(copy) & (QFile::ReadOther | QFile::ReadGroup), QFile::Permissions());
        QVERIFY2(QFileInfo(copy).fileName().startsWith(u"carton-media-%1-"_s.arg(QCoreApplication::applicationPid())),
                 qPrintable(copy)); // what removeStaleCopies() goes by
        QCOMPARE(MediaStreams::removeStaleCopies(QFileInfo(copy).absolutePath()), 0); // ours: in use
        QVERIFY(QFileInfo::exists(copy));
    }
    QTRY_VERIFY_WITH_TIMEOUT(preview.player()->duration() > 0, 5'000);
    QVERIFY2(qAbs(preview.player()->duration() - 2000) <= 100,
             qPrintable(QString::number(preview.player()->duration())));
    QVERIFY(preview.videoView()->isVisible());
    QVERIFY(preview.playButton()->isEnabled());

    QTest::mouseClick(preview.playButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(preview.videoView()->framesReceived() > 0, 10'000);
    QCOMPARE(preview.videoView()->frameSize(), QSize(160, 120));
    QTRY_VERIFY_WITH_TIMEOUT(preview.player()->position() > 0, 5'000);
    QVERIFY(preview.seekBar()->isEnabled());
    QCOMPARE(preview.seekBar()->maximum(), int(preview.player()->duration()));

    // Seeking (the mp4 index is at its end: this needs a seekable source).
    preview.player()->pause();
    preview.player()->setPosition(1500);
    QTRY_VERIFY_WITH_TIMEOUT(preview.player()->position() >= 1400, 5'000);

    preview.clear();
    QCOMPARE(preview.state(), MediaPreview::State::Empty);
    if (!copy.isEmpty())
        QVERIFY2(!QFileInfo::exists(copy), "the temporary copy is removed when the preview lets go of it");
}

void TestMediaPreview::audio_data()
{
    video_data();
}

void TestMediaPreview::audio()
{
    QFETCH(QString, method);
    MediaPreview preview;
    preview.resize(480, 200);
    preview.show();
    preview.open(carton(method), u"misc/tone.mp3"_s);
    QCOMPARE(preview.mediaType(), u"audio/mpeg"_s);
    QTRY_VERIFY_WITH_TIMEOUT(
        preview.state() == MediaPreview::State::Ready || preview.state() == MediaPreview::State::Failed, 15'000);
    QVERIFY2(preview.state() == MediaPreview::State::Ready, qPrintable(preview.message()));
    QVERIFY(!preview.videoView()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(preview.player()->duration() > 0, 5'000);
    QVERIFY2(qAbs(preview.player()->duration() - 2000) <= 100,
             qPrintable(QString::number(preview.player()->duration())));

    // The waveform of the whole tone: ffmpeg's sine has amplitude 1/8.
    WaveformBuilder *waveform = preview.waveform();
    QTRY_VERIFY_WITH_TIMEOUT(waveform->isFinished() || !waveform->error().isEmpty(), 10'000);
    QCOMPARE(waveform->error(), QString());
    QVERIFY2(qAbs(waveform->decodedUs() / 1000 - 2000) <= 100, qPrintable(QString::number(waveform->decodedUs())));
    const auto &buckets = waveform->buckets();
    QVERIFY(buckets.size() > 100);
    float lo = 1, hi = -1;
    for (const auto &b : buckets) {
        lo = std::min(lo, b.min);
        hi = std::max(hi, b.max);
    }
    QVERIFY2(hi > 0.09f && hi < 0.2f, qPrintable(QString::number(hi)));
    QVERIFY2(lo < -0.09f && lo > -0.2f, qPrintable(QString::number(lo)));
}

void TestMediaPreview::waveformIsBounded()
{
    WaveformBuilder builder;
    QSignalSpy finished(&builder, &WaveformBuilder::finished);
    builder.start(QUrl::fromLocalFile(m_longWav));
    QVERIFY(finished.wait(15'000));
    QCOMPARE(builder.error(), QString());
    QCOMPARE(builder.decodedUs(), qint64(10'000'000));
    // 10,000 ms of 1 ms buckets were merged in pairs until fewer than maxBuckets remain.
    QVERIFY(builder.buckets().size() < WaveformBuilder::maxBuckets);
    QCOMPARE(builder.bucketDurationUs(), qint64(4000));
    QCOMPARE(builder.buckets().size(), 2500);
}

void TestMediaPreview::corruptMp4()
{
    MediaPreview preview;
    preview.setLoadTimeout(8'000);
    QSignalSpy failed(&preview, &MediaPreview::failed);
    preview.open(m_stored, u"misc/broken.mp4"_s);
    QCOMPARE(preview.mediaType(), u"video/mp4"_s);
    QTRY_VERIFY_WITH_TIMEOUT(preview.state() == MediaPreview::State::Failed, 12'000);
    QCOMPARE(failed.size(), 1);
    const QString message = preview.message();
    QVERIFY2(message.contains(u"misc/broken.mp4 (video/mp4 by its first bytes) cannot be played: "_s),
             qPrintable(message));
    QVERIFY2(message.size() > 60, qPrintable(message)); // the player's reason follows
    auto *label = preview.findChild<QLabel *>(u"mediaPreviewMessage"_s);
    QVERIFY(label);
    QCOMPARE(label->text(), message);
}

void TestMediaPreview::textNamedMp3()
{
    MediaPreview preview;
    QSignalSpy failed(&preview, &MediaPreview::failed);
    preview.open(m_zstd, u"misc/notes.mp3"_s);
    // Decided from the first bytes, at once: nothing is handed to the player.
    QCOMPARE(preview.state(), MediaPreview::State::Failed);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(preview.mediaType(), u"text/plain"_s);
    QCOMPARE(preview.message(), u"misc/notes.mp3 (text/plain by its first bytes) cannot be played: its name says "
                                "audio/mpeg but its content is text/plain, not audio or video."_s);
    QVERIFY(!preview.player());
}

void TestMediaPreview::fileViewerPlaysMedia()
{
    FileViewer viewer;
    viewer.resize(600, 400);
    viewer.show();
    viewer.setCarton(m_zstd);
    viewer.showFile(u"misc/tone.mp3"_s);
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(viewer.preview().kind, FilePreview::Media);
    QCOMPARE(viewer.preview().mediaType, u"audio/mpeg"_s);
    MediaPreview *media = viewer.mediaPreview();
    QVERIFY(media);
    QVERIFY(media->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(media->state() == MediaPreview::State::Ready, 15'000);
    const QString copy = media->temporaryFile();
    QVERIFY(QFileInfo::exists(copy));
    auto *header = viewer.findChild<QLabel *>(u"fileViewerHeader"_s);
    QVERIFY(header->text().contains(u"audio/mpeg"_s));
    testutil::shot(&viewer, u"media-audio"_s);

    // A mislabelled file shows the message in the viewer.
    viewer.showFile(u"misc/notes.mp3"_s);
    QTRY_VERIFY(!viewer.isLoading());
    QVERIFY2(!QFileInfo::exists(copy), "showing another file removes the temporary copy");
    QCOMPARE(viewer.preview().kind, FilePreview::Media);
    QCOMPARE(media->state(), MediaPreview::State::Failed);
    QVERIFY(media->message().contains(u"text/plain"_s));

    // Another file stops the player.
    viewer.showFile(u"carton.toml"_s);
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(media->state(), MediaPreview::State::Empty);
    QVERIFY(!media->player()); // let go of
}

void TestMediaPreview::selfTestsPagePlaysExampleMedia()
{
    SelfTestsPage page(m_stored, nullptr);
    page.resize(1000, 700);
    page.show();
    QVERIFY(page.revealItem(true, 0));
    MediaPreview *media = page.mediaPreview();
    QVERIFY(media);
    QComboBox *choice = page.mediaChoice();
    QVERIFY(choice);
    // The example's audio input and video sample output; the text named .mp3 is listed with its real type.
    QCOMPARE(choice->count(), 3);
    QCOMPARE(choice->itemData(0).toString(), u"misc/tone.mp3"_s);
    QVERIFY(media->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(media->state() == MediaPreview::State::Ready, 15'000);
    QCOMPARE(media->path(), u"misc/tone.mp3"_s);
    const int video = choice->findData(u"misc/clip.mp4"_s);
    QVERIFY(video >= 0);
    choice->setCurrentIndex(video);
    QCOMPARE(media->path(), u"misc/clip.mp4"_s);
    QTRY_VERIFY_WITH_TIMEOUT(media->state() != MediaPreview::State::Loading, 15'000);
    QVERIFY2(media->state() == MediaPreview::State::Ready, qPrintable(media->message()));
    QVERIFY(media->videoView()->isVisible());
    choice->setCurrentIndex(choice->findData(u"misc/notes.mp3"_s));
    QCOMPARE(media->state(), MediaPreview::State::Failed);
    QVERIFY(media->message().contains(u"text/plain"_s));
}

// A copy whose owner no longer runs (killed, crashed) is removed; one whose owner
// runs, one without a PID and other files stay.
void TestMediaPreview::staleCopiesAreRemoved()
{
    QProcess finished;
    finished.start(u"/bin/true"_s, {});
    QVERIFY(finished.waitForStarted());
    const qint64 deadPid = finished.processId();
    QVERIFY(finished.waitForFinished());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList names = {u"carton-media-%1-Ab12Cd.mp4"_s.arg(deadPid),
                               u"carton-media-%1-Ef34Gh.wav"_s.arg(QCoreApplication::applicationPid()),
                               u"carton-media-Ij56Kl.mp3"_s, u"carton-media-x-Mn78Op"_s,
                               u"other-%1-Qr90St"_s.arg(deadPid)};
    for (const QString &name : names) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("data");
    }
    QCOMPARE(MediaStreams::removeStaleCopies(dir.path()), 1);
    QStringList left = QDir(dir.path()).entryList(QDir::Files);
    left.sort();
    QStringList expected = names.mid(1);
    expected.sort();
    QCOMPARE(left, expected);
    QCOMPARE(MediaStreams::removeStaleCopies(dir.path()), 0);
}

QTEST_MAIN(TestMediaPreview)
#include "tst_mediapreview.moc"
