// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "format/mediatype.h"

#include <QTest>

using carton::MediaType;
using namespace Qt::StringLiterals;

class TestMediaType : public QObject {
    Q_OBJECT

private slots:
    void detect_data();
    void detect();
    void onlyTheHeadIsRead();
    void fromExtension_data();
    void fromExtension();
};

namespace {

QByteArray bytes(std::initializer_list<int> values)
{
    QByteArray out;
    for (int v : values)
        out.append(char(v));
    return out;
}

// A 4-byte MPEG-1 layer III header, 128 kbit/s, 44.1 kHz, no padding: frames of 417 bytes.
QByteArray mp3Frame()
{
    QByteArray frame = bytes({0xFF, 0xFB, 0x90, 0x64});
    frame.append(417 - 4, char(0x55));
    return frame;
}

// MPEG-2 layer III 64 kbit/s 24 kHz: 72 * 64000 / 24000 = 192 bytes a frame; two of them.
QByteArray mpeg2Frames()
{
    QByteArray frame = bytes({0xFF, 0xF3, 0x84, 0xC4});
    frame.append(192 - 4, char(0x11));
    QByteArray two = frame;
    two.append(frame);
    return two;
}

QByteArray riff(const char *form)
{
    return QByteArray("RIFF") + bytes({0x24, 0, 0, 0}) + QByteArray(form) + QByteArray(20, '\x01');
}

QByteArray box(const char *type, const char *brand)
{
    return bytes({0, 0, 0, 0x20}) + QByteArray(type) + QByteArray(brand) + bytes({0, 0, 2, 0}) +
           QByteArray("isomiso2avc1mp41");
}

QByteArray ebml(const char *docType)
{
    const QByteArray name(docType);
    return bytes({0x1A, 0x45, 0xDF, 0xA3, 0xA3, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01, 0x42, 0x82,
                  0x80 | int(name.size())}) +
           name + bytes({0x42, 0x87, 0x81, 0x04});
}

} // namespace

void TestMediaType::detect_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<QString>("type");

    const QByteArray bmpHeader =
        QByteArray("BM") + bytes({0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0}) + QByteArray(40, '\0');
    QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << false << u"image/png"_s;
    QTest::newRow("jpeg") << bytes({0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10}) + "JFIF" << false << u"image/jpeg"_s;
    QTest::newRow("gif87") << QByteArray("GIF87a\x01\x00\x01\x00", 10) << false << u"image/gif"_s;
    QTest::newRow("gif89") << QByteArray("GIF89a\x01\x00\x01\x00", 10) << false << u"image/gif"_s;
    QTest::newRow("webp") << riff("WEBPVP8 ") << false << u"image/webp"_s;
    QTest::newRow("bmp") << bmpHeader << false << u"image/bmp"_s;
    QTest::newRow("tiff little-endian") << QByteArray("II*\0\x08\0\0\0", 8) << false << u"image/tiff"_s;
    QTest::newRow("mp3 with ID3v2.4") << QByteArray("ID3\x04\0\0\0\0\x01\x7f", 10) + mp3Frame() << false
                                      << u"audio/mpeg"_s;
    QTest::newRow("mp3 frame sync, two frames") << mp3Frame() + mp3Frame() << false << u"audio/mpeg"_s;
    QTest::newRow("mp3 frame sync, one frame in a short file") << mp3Frame().left(100) << true << u"audio/mpeg"_s;
    QTest::newRow("mpeg-2 layer III, 24 kHz, two frames") << mpeg2Frames() << false << u"audio/mpeg"_s;
    QTest::newRow("aac adts") << bytes({0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC}) << false << u"audio/aac"_s;
    QTest::newRow("wav") << riff("WAVEfmt ") << false << u"audio/wav"_s;
    QTest::newRow("flac") << QByteArray("fLaC\0\0\0\x22", 8) << false << u"audio/flac"_s;
    QTest::newRow("ogg vorbis") << QByteArray("OggS\0\x02", 6) + QByteArray(22, '\0') + "\x01vorbis" << false
                                << u"audio/ogg"_s;
    QTest::newRow("ogg theora") << QByteArray("OggS\0\x02", 6) + QByteArray(22, '\0') + "\x80theora" << false
                                << u"video/ogg"_s;
    QTest::newRow("mp4 isom") << box("ftyp", "isom") << false << u"video/mp4"_s;
    QTest::newRow("mp4 mp42") << box("ftyp", "mp42") << false << u"video/mp4"_s;
    QTest::newRow("m4a") << box("ftyp", "M4A ") << false << u"audio/mp4"_s;
    QTest::newRow("quicktime brand") << box("ftyp", "qt  ") << false << u"video/quicktime"_s;
    QTest::newRow("quicktime without ftyp") << bytes({0, 0, 0, 8}) + "wide" << false << u"video/quicktime"_s;
    QTest::newRow("heif") << box("ftyp", "heic") << false << u"image/heif"_s;
    QTest::newRow("avif") << box("ftyp", "avif") << false << u"image/avif"_s;
    QTest::newRow("webm") << ebml("webm") << false << u"video/webm"_s;
    QTest::newRow("matroska") << ebml("matroska") << false << u"video/x-matroska"_s;
    QTest::newRow("ebml without doctype") << bytes({0x1A, 0x45, 0xDF, 0xA3, 0x80}) << false << u"video/x-matroska"_s;
    QTest::newRow("avi") << riff("AVI LIST") << false << u"video/x-msvideo"_s;
    QTest::newRow("pdf") << QByteArray("%PDF-1.7\n%\xE2\xE3\xCF\xD3") << false << u"application/pdf"_s;
    QTest::newRow("text") << QByteArray("hello, world\n") << true << u"text/plain"_s;
    QTest::newRow("utf-8 text") << QStringLiteral("ఒక పదం\n").toUtf8() << true << u"text/plain"_s;
    QTest::newRow("text cut in a character")
        << QByteArray(QStringLiteral("ab ఒక").toUtf8()).chopped(1) << false << u"text/plain"_s;
    QTest::newRow("complete text ending in a cut character")
        << QByteArray(QStringLiteral("ab ఒక").toUtf8()).chopped(1) << true << u"application/octet-stream"_s;
    QTest::newRow("text starting with ID3") << QByteArray("ID3 tags are metadata\n") << true << u"text/plain"_s;
    QTest::newRow("text starting with BM") << QByteArray("BMW 320i, 1987, blue.\n") << true << u"text/plain"_s;
    QTest::newRow("text named like mp3") << QByteArray("not really an mp3\n") << true << u"text/plain"_s;
    QTest::newRow("frame sync then garbage")
        << bytes({0xFF, 0xFB, 0x90, 0x64}) + QByteArray(600, '\0') << false << u"application/octet-stream"_s;
    QTest::newRow("reserved mpeg version")
        << bytes({0xFF, 0xEB, 0x90, 0x64}) + QByteArray(10, '\0') << true << u"application/octet-stream"_s;
    QTest::newRow("riff of another form") << riff("CDXA") << false << u"application/octet-stream"_s;
    QTest::newRow("binary") << bytes({0x00, 0x01, 0x02, 0x03, 0xFE}) << true << u"application/octet-stream"_s;
    QTest::newRow("empty") << QByteArray() << true << u"application/octet-stream"_s;
}

void TestMediaType::detect()
{
    QFETCH(QByteArray, head);
    QFETCH(bool, complete);
    QFETCH(QString, type);
    QCOMPARE(MediaType::detect(head, complete), type);
}

void TestMediaType::onlyTheHeadIsRead()
{
    // A text head followed by a NUL byte beyond sniffBytes is still text: only
    // the head is looked at, and it is then not complete.
    QByteArray data(MediaType::sniffBytes, 'a');
    data += QByteArray(10, '\0');
    QCOMPARE(MediaType::detect(data, true), u"text/plain"_s);
    QVERIFY(MediaType::isPlayable(u"audio/mpeg"));
    QVERIFY(MediaType::isPlayable(u"video/webm"));
    QVERIFY(!MediaType::isPlayable(u"image/png"));
    QVERIFY(!MediaType::isPlayable(u"text/plain"));
}

void TestMediaType::fromExtension_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::newRow("mp3") << u"misc/speech.mp3"_s << u"audio/mpeg"_s;
    QTest::newRow("upper case") << u"misc/CLIP.MP4"_s << u"video/mp4"_s;
    QTest::newRow("m4a") << u"a.m4a"_s << u"audio/mp4"_s;
    QTest::newRow("no extension") << u"misc/sample"_s << QString();
    QTest::newRow("dot in a folder") << u"misc.v2/sample"_s << QString();
    QTest::newRow("unknown") << u"model/model.pt"_s << QString();
}

void TestMediaType::fromExtension()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QCOMPARE(MediaType::fromExtension(name), type);
}

QTEST_APPLESS_MAIN(TestMediaType)
#include "tst_mediatype.moc"
