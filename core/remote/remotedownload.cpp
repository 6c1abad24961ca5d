// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remote/remotedownload.h"

#include "remote/httpclient.h"
#include "remote/remoteurl.h"

#include <QSaveFile>

namespace carton {

Result<qint64> downloadToFile(const QUrl &url, const QString &outputFile, const RemoteOptions &options,
                              Progress *progress)
{
    const QString where = url.toDisplayString();
    if (!isHttpUrl(url))
        return makeError(ErrorCode::Unsafe, QStringLiteral("only http and https URLs are downloaded"), where);
    QSaveFile out(outputFile);
    if (!out.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot write the file: %1").arg(out.errorString()), outputFile);
    qint64 written = 0;
    qint64 announced = -1;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status != 200)
            return makeError(ErrorCode::Network,
                             QStringLiteral("HTTP status %1 (expected 200 with the whole file)").arg(head.status));
        if (head.contentLength > options.maxFetchedBytes)
            return makeError(ErrorCode::Limit, QStringLiteral("the file is %1 bytes, more than the limit of %2 bytes")
                                                   .arg(head.contentLength)
                                                   .arg(options.maxFetchedBytes));
        announced = head.contentLength;
        if (progress && announced >= 0)
            progress->setTotal(progress->done() + announced);
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (n > options.maxFetchedBytes - written)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("the file is larger than the limit of %1 bytes").arg(options.maxFetchedBytes));
        if (announced >= 0 && n > announced - written)
            return makeError(ErrorCode::Format,
                             QStringLiteral("the server sends more than the %1 bytes it announced").arg(announced));
        if (out.write(data, n) != n)
            return makeError(ErrorCode::Io, QStringLiteral("cannot write %1: %2").arg(outputFile, out.errorString()));
        written += n;
        if (progress) {
            progress->advance(n, where);
            if (progress->isCancelled())
                return makeError(ErrorCode::Cancelled, QStringLiteral("download cancelled"));
        }
        return {};
    };
    Result<HttpHead> head = HttpClient(HttpPolicy::fromRemote(options)).send(url, {}, check, sink, progress);
    if (!head) {
        out.cancelWriting();
        return head.error();
    }
    if (announced >= 0 && written != announced) {
        out.cancelWriting();
        return makeError(
            ErrorCode::Network,
            QStringLiteral("the download is truncated: %1 of the %2 bytes arrived").arg(written).arg(announced), where);
    }
    if (!out.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot save the file: %1").arg(out.errorString()), outputFile);
    return written;
}

} // namespace carton
