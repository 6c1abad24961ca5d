// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "filepreview.h"

#include "base/bytesource.h"
#include "common/imagedecoder.h"
#include "common/viewutils.h"
#include "format/mediatype.h"
#include "package/carton.h"
#include "tensor/tensorfile.h"

#include <QCoreApplication>

namespace studio {

namespace {

// The tr() of this file's free functions: one context, the same for lupdate
// and at run time.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(studio::FilePreview)
};

} // namespace

bool FilePreview::looksLikeText(const QByteArray &bytes, bool mayBeCut)
{
    return carton::MediaType::looksLikeText(bytes, mayBeCut);
}

QString FilePreview::hexSummary(const QByteArray &bytes)
{
    QString out;
    for (qsizetype offset = 0; offset < bytes.size(); offset += 16) {
        out += QStringLiteral("%1  ").arg(offset, 8, 16, QLatin1Char('0'));
        QString ascii;
        for (qsizetype i = 0; i < 16; ++i) {
            if (offset + i < bytes.size()) {
                const auto c = uchar(bytes[offset + i]);
                out += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
                ascii += (c >= 0x20 && c < 0x7f) ? QChar(char16_t(c)) : QChar(u'.');
            } else {
                out += QStringLiteral("   ");
            }
            if (i == 7)
                out += u' ';
        }
        out += u' ' + ascii + u'\n';
    }
    return out;
}

FilePreview FilePreview::fromHead(const QString &path, const QByteArray &head, qint64 size)
{
    FilePreview preview;
    preview.path = path;
    preview.size = size;
    const QByteArray bytes = head.left(maxTextBytes);
    if (looksLikeText(bytes, size > bytes.size())) {
        preview.kind = Text;
        preview.truncated = size > bytes.size();
        preview.text = QString::fromUtf8(bytes.left(carton::MediaType::completeUtf8Length(bytes)));
        return preview;
    }
    preview.kind = Binary;
    preview.text = hexSummary(bytes.left(hexBytes));
    preview.truncated = size > hexBytes;
    return preview;
}

FilePreview FilePreview::load(const carton::Carton &carton, const QString &path)
{
    FilePreview preview;
    preview.path = path;
    const carton::SourceFile *file = carton.source().find(path);
    if (!file) {
        preview.error = carton.isLinked(path)
                            ? Tr::tr("%1 is not in the archive: it is listed in LINKS (not fetched).").arg(path)
                            : Tr::tr("%1 is not in the archive.").arg(path);
        return preview;
    }
    const qint64 headSize = qMin(file->size, maxTextBytes);
    auto head = carton.source().readRange(path, 0, headSize);
    if (!head.ok()) {
        preview.size = file->size;
        preview.error = head.error().toString();
        return preview;
    }
    return fromContent(
        path, *head, file->size, [&carton, &path](qint64 max) { return carton.source().read(path, max); }, true);
}

FilePreview FilePreview::load(const carton::ByteSource &source, const QString &path)
{
    FilePreview preview;
    preview.path = path;
    preview.size = source.size();
    QByteArray head(qMin(preview.size, maxTextBytes), Qt::Uninitialized);
    if (carton::Status s = source.read(0, head.size(), head.data()); !s) {
        preview.error = s.error().toString();
        return preview;
    }
    return fromContent(
        path, head, preview.size, [&source](qint64 max) { return source.readAll(max); }, false);
}

FilePreview FilePreview::fromContent(const QString &path, const QByteArray &bytes, qint64 size,
                                     const std::function<carton::Result<QByteArray>(qint64)> &readAll, bool playable)
{
    FilePreview preview;
    preview.path = path;
    preview.size = size;
    if (carton::TensorFile::detect(bytes, size)) {
        preview.kind = TensorFile; // listed by TensorFileBrowser, which reads the header again
        return preview;
    }
    preview.mediaType = carton::MediaType::detect(bytes, size <= bytes.size());
    const QString named = carton::MediaType::fromExtension(path);
    if (carton::MediaType::isPlayable(preview.mediaType) ||
        (carton::MediaType::isPlayable(named) && !carton::MediaType::isImage(preview.mediaType))) {
        if (playable) {
            preview.kind = Media; // played by MediaPreview, streamed from the carton
            return preview;
        }
        preview.error = Tr::tr("%1 is played once the carton is saved.").arg(path);
    }

    if (ImageDecoder::isImage(bytes.left(4096))) {
        if (size <= maxImageBytes) {
            auto whole = size == bytes.size() ? carton::Result<QByteArray>(bytes) : readAll(maxImageBytes);
            if (whole.ok()) {
                const DecodedImage decoded = ImageDecoder::decode(*whole, QSize(4096, 4096));
                if (!decoded.image.isNull()) {
                    preview.kind = Image;
                    preview.image = decoded.image;
                    preview.imageSize = decoded.originalSize;
                    preview.imageFormat = decoded.format;
                    preview.frameCount = decoded.frameCount;
                    if (decoded.frameCount > 1)
                        preview.animation = *whole;
                    return preview;
                }
                preview.error = decoded.error;
            } else {
                preview.error = whole.error().toString();
            }
        } else {
            preview.error = Tr::tr("image larger than %1 is not previewed").arg(humanSize(maxImageBytes));
        }
        // Fall through to the hex summary, with the reason kept in `error`.
    }
    FilePreview textOrHex = fromHead(path, bytes, size);
    textOrHex.mediaType = preview.mediaType;
    textOrHex.error = preview.error;
    return textOrHex;
}

} // namespace studio
