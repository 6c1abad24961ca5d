// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "mediatype.h"

#include <QStringDecoder>
#include <QtEndian>
#include <algorithm>
#include <array>

namespace carton {

namespace {

bool startsWith(QByteArrayView bytes, qsizetype at, QByteArrayView magic)
{
    return bytes.size() >= at + magic.size() && bytes.sliced(at, magic.size()) == magic;
}

// The byte length of the MPEG audio frame whose 4-byte header starts at `at`, 0 when
// the bytes there are no valid header, -1 for a valid free-format header (no length).
qsizetype mpegFrameLength(QByteArrayView bytes, qsizetype at)
{
    if (bytes.size() < at + 4)
        return 0;
    const auto b1 = uchar(bytes[at + 1]), b2 = uchar(bytes[at + 2]);
    if (uchar(bytes[at]) != 0xFF || (b1 & 0xE0) != 0xE0)
        return 0;
    const int version = (b1 >> 3) & 3; // 0: MPEG 2.5, 1: reserved, 2: MPEG 2, 3: MPEG 1
    const int layer = (b1 >> 1) & 3;   // 1: layer III, 2: layer II, 3: layer I, 0: reserved
    const int bitrateIndex = b2 >> 4;
    const int rateIndex = (b2 >> 2) & 3;
    if (version == 1 || layer == 0 || bitrateIndex == 15 || rateIndex == 3)
        return 0;
    if (bitrateIndex == 0)
        return -1;
    static constexpr std::array<std::array<int, 15>, 5> kbps{{
        {0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448}, // MPEG 1 layer I
        {0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},    // MPEG 1 layer II
        {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320},     // MPEG 1 layer III
        {0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},    // MPEG 2/2.5 layer I
        {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},         // MPEG 2/2.5 layers II, III
    }};
    static constexpr std::array<int, 3> mpeg1Rates{44100, 48000, 32000};
    const bool mpeg1 = version == 3;
    const int table = mpeg1 ? 3 - layer : (layer == 3 ? 3 : 4);
    const qint64 bitrate = qint64(kbps[size_t(table)][size_t(bitrateIndex)]) * 1000;
    const int rate = mpeg1Rates[size_t(rateIndex)] / (mpeg1 ? 1 : (version == 2 ? 2 : 4));
    const int padding = (b2 >> 1) & 1;
    if (layer == 3)
        return qsizetype((12 * bitrate / rate + padding) * 4);
    const int factor = (layer == 1 && !mpeg1) ? 72 : 144;
    return qsizetype(factor * bitrate / rate + padding);
}

// An MPEG audio stream without an ID3 tag: a frame header at 0 and, when the head
// reaches that far, another one where the first frame ends.
bool looksLikeMpegAudio(QByteArrayView bytes)
{
    const qsizetype length = mpegFrameLength(bytes, 0);
    if (length == 0)
        return false;
    if (length < 0 || length + 4 > bytes.size())
        return true;
    return mpegFrameLength(bytes, length) != 0;
}

// An ADTS (AAC) header: 12-bit sync, layer 00.
bool looksLikeAdts(QByteArrayView bytes)
{
    return bytes.size() >= 7 && uchar(bytes[0]) == 0xFF && (uchar(bytes[1]) & 0xF6) == 0xF0 &&
           ((uchar(bytes[2]) >> 2) & 0xF) < 13;
}

QString isoBaseMediaType(QByteArrayView bytes)
{
    const QByteArrayView brand = bytes.size() >= 12 ? bytes.sliced(8, 4) : QByteArrayView();
    if (brand == "M4A " || brand == "M4B " || brand == "M4P " || brand == "F4A ")
        return QStringLiteral("audio/mp4");
    if (brand == "qt  ")
        return QStringLiteral("video/quicktime");
    if (brand == "avif" || brand == "avis")
        return QStringLiteral("image/avif");
    if (brand == "heic" || brand == "heix" || brand == "mif1" || brand == "msf1" || brand == "heif")
        return QStringLiteral("image/heif");
    return QStringLiteral("video/mp4");
}

QString matroskaType(QByteArrayView bytes)
{
    // The EBML header's DocType element (ID 0x4282, a one-byte size, the name).
    for (qsizetype i = 4; i + 3 < bytes.size(); ++i) {
        if (uchar(bytes[i]) != 0x42 || uchar(bytes[i + 1]) != 0x82)
            continue;
        const QByteArrayView name = bytes.sliced(i + 3);
        if (name.startsWith("webm"))
            return QStringLiteral("video/webm");
        if (name.startsWith("matroska"))
            return QStringLiteral("video/x-matroska");
    }
    return QStringLiteral("video/x-matroska");
}

bool looksLikeBmp(QByteArrayView bytes)
{
    if (bytes.size() < 18 || !bytes.startsWith("BM"))
        return false;
    const quint32 reserved = qFromLittleEndian<quint32>(bytes.data() + 6);
    const quint32 headerSize = qFromLittleEndian<quint32>(bytes.data() + 14);
    static constexpr std::array<quint32, 7> known{12, 40, 52, 56, 64, 108, 124};
    return reserved == 0 && std::find(known.begin(), known.end(), headerSize) != known.end();
}

// An ID3v2 tag (before MPEG audio): "ID3", version 2..4, a revision, flags and a
// 28-bit synchsafe size (four bytes below 0x80).
bool looksLikeId3(QByteArrayView bytes)
{
    if (bytes.size() < 10 || !bytes.startsWith("ID3"))
        return false;
    const auto version = uchar(bytes[3]);
    if (version < 2 || version > 4 || uchar(bytes[4]) == 0xFF)
        return false;
    for (qsizetype i = 6; i < 10; ++i)
        if (uchar(bytes[i]) >= 0x80)
            return false;
    return true;
}

} // namespace

qsizetype MediaType::completeUtf8Length(QByteArrayView bytes)
{
    const qsizetype n = bytes.size();
    for (qsizetype back = 1; back <= 4 && back <= n; ++back) {
        const auto c = uchar(bytes[n - back]);
        if ((c & 0xC0) == 0x80)
            continue; // continuation byte
        int need = 1;
        if ((c & 0xE0) == 0xC0)
            need = 2;
        else if ((c & 0xF0) == 0xE0)
            need = 3;
        else if ((c & 0xF8) == 0xF0)
            need = 4;
        return back < need ? n - back : n;
    }
    return n;
}

bool MediaType::looksLikeText(QByteArrayView bytes, bool mayBeCut)
{
    if (bytes.contains('\0'))
        return false;
    const QByteArrayView view = mayBeCut ? bytes.first(completeUtf8Length(bytes)) : bytes;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(view);
    return !decoder.hasError();
}

QString MediaType::detect(QByteArrayView head, bool complete)
{
    const QByteArrayView b = head.first(qMin(head.size(), sniffBytes));
    if (b.isEmpty())
        return QStringLiteral("application/octet-stream");
    if (b.startsWith("\x89PNG\r\n\x1a\n"))
        return QStringLiteral("image/png");
    if (b.startsWith("\xFF\xD8\xFF"))
        return QStringLiteral("image/jpeg");
    if (b.startsWith("GIF87a") || b.startsWith("GIF89a"))
        return QStringLiteral("image/gif");
    if ((b.startsWith("RIFF") || b.startsWith("RF64")) && startsWith(b, 8, "WAVE"))
        return QStringLiteral("audio/wav");
    if (b.startsWith("RIFF") && startsWith(b, 8, "WEBP"))
        return QStringLiteral("image/webp");
    if (b.startsWith("RIFF") && startsWith(b, 8, "AVI "))
        return QStringLiteral("video/x-msvideo");
    if (looksLikeBmp(b))
        return QStringLiteral("image/bmp");
    if (b.startsWith(QByteArrayView("II*\0", 4)) || b.startsWith(QByteArrayView("MM\0*", 4)))
        return QStringLiteral("image/tiff");
    if (b.startsWith("fLaC"))
        return QStringLiteral("audio/flac");
    if (b.startsWith("OggS"))
        return b.indexOf("\x80theora") >= 0 ? QStringLiteral("video/ogg") : QStringLiteral("audio/ogg");
    if (startsWith(b, 4, "ftyp"))
        return isoBaseMediaType(b);
    if (startsWith(b, 4, "moov") || startsWith(b, 4, "mdat") || startsWith(b, 4, "wide"))
        return QStringLiteral("video/quicktime");
    if (b.startsWith("\x1A\x45\xDF\xA3"))
        return matroskaType(b);
    if (looksLikeId3(b))
        return QStringLiteral("audio/mpeg");
    if (looksLikeAdts(b))
        return QStringLiteral("audio/aac");
    if (looksLikeMpegAudio(b))
        return QStringLiteral("audio/mpeg");
    if (b.startsWith("%PDF-"))
        return QStringLiteral("application/pdf");
    if (looksLikeText(b, !complete || head.size() > b.size()))
        return QStringLiteral("text/plain");
    return QStringLiteral("application/octet-stream");
}

QString MediaType::fromExtension(QStringView fileName)
{
    const qsizetype dot = fileName.lastIndexOf(u'.');
    if (dot < 0 || fileName.indexOf(u'/', dot) >= 0)
        return {};
    const QString ext = fileName.sliced(dot + 1).toString().toLower();
    struct Entry {
        const char16_t *ext;
        const char16_t *type;
    };
    static constexpr std::array<Entry, 21> table{{
        {u"png", u"image/png"},        {u"jpg", u"image/jpeg"},      {u"jpeg", u"image/jpeg"},
        {u"gif", u"image/gif"},        {u"webp", u"image/webp"},     {u"bmp", u"image/bmp"},
        {u"mp3", u"audio/mpeg"},       {u"wav", u"audio/wav"},       {u"flac", u"audio/flac"},
        {u"ogg", u"audio/ogg"},        {u"oga", u"audio/ogg"},       {u"opus", u"audio/ogg"},
        {u"m4a", u"audio/mp4"},        {u"aac", u"audio/aac"},       {u"mp4", u"video/mp4"},
        {u"m4v", u"video/mp4"},        {u"mov", u"video/quicktime"}, {u"webm", u"video/webm"},
        {u"mkv", u"video/x-matroska"}, {u"avi", u"video/x-msvideo"}, {u"ogv", u"video/ogg"},
    }};
    for (const Entry &e : table)
        if (ext == QStringView(e.ext))
            return QString::fromUtf16(e.type);
    return {};
}

} // namespace carton
