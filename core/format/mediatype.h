// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QString>

namespace carton {

// The media type of a file from its first bytes (magic numbers), never from its
// name: misc/ files are often written without extensions, and a name can lie.
// Knows the formats the Carton spec asks readers to understand (png, jpeg, mp3,
// mp4) and their usual neighbours:
//   image/png, image/jpeg, image/gif, image/webp, image/bmp, image/tiff,
//   audio/mpeg (an ID3v2 tag or an MPEG audio frame header), audio/aac (ADTS),
//   audio/wav, audio/flac, audio/ogg, video/ogg (Theora), audio/mp4 (M4A/M4B
//   brands), video/mp4 (other ISO base media brands), video/quicktime,
//   image/heif, image/avif, video/webm, video/x-matroska, video/x-msvideo,
//   application/pdf; then text/plain (valid UTF-8 without NUL bytes) and
//   application/octet-stream for everything else (and for an empty file).
// Looks at no more than sniffBytes; pure and thread-safe.
class CARTONCORE_EXPORT MediaType final {
public:
    static constexpr qsizetype sniffBytes = 512;

    // `head` is the file's first bytes (up to sniffBytes are looked at);
    // `complete` says whether it is the whole file (then a text check does not
    // forgive a UTF-8 sequence cut at the end).
    static QString detect(QByteArrayView head, bool complete);

    static bool isAudio(QStringView type) { return type.startsWith(u"audio/"); }
    static bool isVideo(QStringView type) { return type.startsWith(u"video/"); }
    static bool isImage(QStringView type) { return type.startsWith(u"image/"); }
    // True for audio/* and video/*.
    static bool isPlayable(QStringView type) { return isAudio(type) || isVideo(type); }

    // Valid UTF-8 without NUL bytes; with mayBeCut, an incomplete sequence at the
    // very end (a read cut in the middle of a character) is forgiven.
    static bool looksLikeText(QByteArrayView bytes, bool mayBeCut);
    // Length of `bytes` without an incomplete UTF-8 sequence at its end.
    static qsizetype completeUtf8Length(QByteArrayView bytes);

    // The media types a file name's extension usually stands for ("clip.mp4" ->
    // "video/mp4"), or an empty string: only to say that a name and its content
    // disagree ("named .mp3 but its content is text/plain"), never to decide.
    static QString fromExtension(QStringView fileName);
};

} // namespace carton
