// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hub/hfhub.h"

#include "base/archivepath.h"
#include "base/jsonutil.h"
#include "base/sha256.h"
#include "remote/httpclient.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace carton {

namespace {

constexpr qint64 kMaxTokenFile = 4096;
constexpr qint64 kHashChunk = 1 << 20;

bool isRepoName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$"));
    return re.match(name).hasMatch() && !name.contains(QLatin1String("..")) && !name.endsWith(u'.');
}

Status checkRevision(const QString &revision, const QString &text)
{
    if (revision.isEmpty() || revision.size() > 256)
        return makeError(ErrorCode::Format, QStringLiteral("the revision must be 1 to 256 characters"), text);
    for (const QString &part : revision.split(u'/'))
        if (part.isEmpty() || part == u"." || part == u"..")
            return makeError(ErrorCode::Format,
                             QStringLiteral("the revision \"%1\" has an empty, \".\" or \"..\" part").arg(revision),
                             text);
    for (const QChar c : revision)
        if (c.unicode() < 0x21 || c.unicode() == 0x7f || c == u'\\')
            return makeError(ErrorCode::Format,
                             QStringLiteral("the revision holds a space, a control character or a backslash"), text);
    return {};
}

QString encoded(const QString &segment)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(segment));
}

QString encodedPath(const QString &path)
{
    QStringList parts = path.split(u'/');
    for (QString &p : parts)
        p = encoded(p);
    return parts.join(u'/');
}

// The endpoint without query, fragment or trailing slashes, for paths to follow.
QString baseOf(const QUrl &endpoint)
{
    QString base = endpoint.toString(QUrl::RemoveQuery | QUrl::RemoveFragment);
    while (base.endsWith(u'/'))
        base.chop(1);
    return base;
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 &&
           a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && a.port(-1) == b.port(-1);
}

// The rel="next" target of a Link header, or an empty URL.
QUrl nextPage(const QByteArray &link, const QUrl &base)
{
    for (const QByteArray &part : link.split(',')) {
        const qsizetype open = part.indexOf('<');
        const qsizetype close = part.indexOf('>');
        if (open < 0 || close < open || !part.mid(close).contains("rel=\"next\""))
            continue;
        return base.resolved(QUrl(QString::fromLatin1(part.mid(open + 1, close - open - 1)), QUrl::StrictMode));
    }
    return {};
}

// What the server said beside an error status (the Hub's X-Error-Message), as
// printable text of at most 200 characters.
QString serverText(const QByteArray &message)
{
    QString text;
    for (const QChar c : QString::fromUtf8(message.left(400)))
        text += c.isPrint() ? c : u' ';
    text = text.simplified();
    return text.size() > 200 ? text.left(199) + QChar(0x2026) : text;
}

QByteArray bareEtag(QByteArray etag)
{
    etag = etag.trimmed();
    if (etag.startsWith("W/"))
        etag = etag.mid(2);
    if (etag.size() >= 2 && etag.startsWith('"') && etag.endsWith('"'))
        etag = etag.mid(1, etag.size() - 2);
    return etag.toLower();
}

bool isHex(QByteArrayView text)
{
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

QString latin(const QByteArray &text)
{
    return QString::fromLatin1(text.left(100));
}

Result<HfRepoFile> listedFile(const QJsonObject &o, const QString &where)
{
    HfRepoFile file;
    Result<QString> path = checkArchivePath(o.value(u"path").toString(), where);
    if (!path)
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("a listed path is not a safe relative path: %1").arg(path.error().message),
                         where);
    file.path = *path;
    const QJsonObject lfs = o.value(u"lfs").toObject();
    const QJsonValue size = lfs.isEmpty() ? o.value(u"size") : lfs.value(u"size");
    const std::optional<qint64> bytes = size.isDouble() ? wholeNumber(size.toDouble()) : std::nullopt;
    if (!bytes || *bytes < 0)
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1: \"size\" must be a whole number of bytes").arg(file.path), where);
    file.size = *bytes;
    if (!lfs.isEmpty()) {
        file.sha256 = lfs.value(u"oid").toString().toLatin1().toLower();
        if (!isSha256Hex(file.sha256))
            return makeError(ErrorCode::Format,
                             QStringLiteral("%1: \"lfs.oid\" must be a sha256 (64 hex digits)").arg(file.path), where);
    }
    return file;
}

} // namespace

Result<HfRepoRef> HfRepoRef::parse(const QString &text, const QUrl &endpoint)
{
    HfRepoRef ref;
    QString spec = text.trimmed();
    const QUrl url(spec, QUrl::StrictMode);
    if (url.isValid() && !url.scheme().isEmpty() && !url.host().isEmpty()) {
        if (!sameOrigin(url, endpoint))
            return makeError(
                ErrorCode::Format,
                QStringLiteral("the URL is not on the endpoint %1 (give --endpoint)").arg(endpoint.toDisplayString()),
                text);
        QStringList parts = url.path().split(u'/', Qt::SkipEmptyParts);
        const QStringList base = endpoint.path().split(u'/', Qt::SkipEmptyParts);
        if (parts.mid(0, base.size()) == base)
            parts = parts.mid(base.size());
        if (!parts.isEmpty() && parts.first() == u"models")
            parts.removeFirst();
        if (parts.size() < 2 || (parts.size() > 2 && parts.size() < 4) ||
            (parts.size() > 2 && parts[2] != u"tree" && parts[2] != u"resolve" && parts[2] != u"blob"))
            return makeError(ErrorCode::Format,
                             QStringLiteral("expected a repository URL: ENDPOINT/OWNER/NAME or .../tree/REVISION"),
                             text);
        ref.repo = parts[0] + u'/' + parts[1];
        if (parts.size() > 3)
            ref.revision = QUrl::fromPercentEncoding(parts.mid(3).join(u'/').toUtf8());
    } else {
        const qsizetype at = spec.indexOf(u'@');
        if (at >= 0) {
            ref.revision = spec.mid(at + 1);
            spec = spec.left(at);
        }
        ref.repo = spec;
    }
    const QStringList names = ref.repo.split(u'/');
    if (names.size() > 2 || !std::all_of(names.begin(), names.end(), isRepoName))
        return makeError(ErrorCode::Format,
                         QStringLiteral("expected a repository id OWNER/NAME (letters, digits, '-', '_', '.'), "
                                        "found \"%1\"")
                             .arg(ref.repo),
                         text);
    if (Status s = checkRevision(ref.revision, text); !s)
        return s.error();
    return ref;
}

HfHub::HfHub(QUrl endpoint, QString token, int idleTimeoutMs)
    : m_endpoint(std::move(endpoint)), m_token(std::move(token)), m_idleTimeoutMs(idleTimeoutMs)
{
}

QUrl HfHub::defaultEndpoint()
{
    const QString env = qEnvironmentVariable("HF_ENDPOINT");
    return QUrl(env.isEmpty() ? QStringLiteral("https://huggingface.co") : env);
}

QString HfHub::tokenFromEnvironment()
{
    const QString env = qEnvironmentVariable("HF_TOKEN").trimmed();
    if (!env.isEmpty())
        return env;
    QString path = qEnvironmentVariable("HF_TOKEN_PATH");
    if (path.isEmpty()) {
        const QString home = qEnvironmentVariable("HF_HOME");
        path = home.isEmpty() ? QString(QDir::homePath() + QStringLiteral("/.cache/huggingface/token"))
                              : QString(home + u"/token");
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.read(kMaxTokenFile).split('\n').constFirst()).trimmed();
}

QString HfHub::repoUrl(const HfRepoRef &ref) const
{
    return baseOf(m_endpoint) + u'/' + ref.repo;
}

QUrl HfHub::resolveUrl(const HfRepoRef &ref, const QString &path) const
{
    return QUrl(baseOf(m_endpoint) + u'/' + encodedPath(ref.repo) + QStringLiteral("/resolve/") +
                    encoded(ref.revision) + u'/' + encodedPath(path),
                QUrl::StrictMode);
}

Error HfHub::statusError(int status, const QByteArray &serverMessage, const QString &what) const
{
    QString message;
    if (status == 401 || status == 403)
        message = QStringLiteral("access refused (HTTP %1): the repository is gated or private; %2")
                      .arg(status)
                      .arg(m_token.isEmpty() ? QStringLiteral("a token with access is read from HF_TOKEN or the "
                                                              "Hugging Face token file")
                                             : QStringLiteral("the token sent has no access to it"));
    else if (status == 404)
        message = QStringLiteral("not found (HTTP 404): no such repository, revision or file (%1)").arg(what);
    else
        message = QStringLiteral("HTTP status %1 for %2 (expected 200)").arg(status).arg(what);
    if (const QString said = serverText(serverMessage); !said.isEmpty())
        message += QStringLiteral("; the server says: %1").arg(said);
    return makeError(status == 404 ? ErrorCode::NotFound : ErrorCode::Network, message);
}

Result<QList<HfRepoFile>> HfHub::listFiles(const HfRepoRef &ref, Progress *progress) const
{
    HttpPolicy policy;
    policy.idleTimeoutMs = m_idleTimeoutMs;
    policy.maxBodyBytes = maxListingBytes;
    policy.bodyCapName = QStringLiteral("the listing's cap");
    const HttpClient client(policy);
    HttpRequest request;
    if (!m_token.isEmpty())
        request.addHeader("Authorization", "Bearer " + m_token.toUtf8());
    QUrl url(baseOf(m_endpoint) + QStringLiteral("/api/models/") + encodedPath(ref.repo) + QStringLiteral("/tree/") +
                 encoded(ref.revision) + QStringLiteral("?recursive=true"),
             QUrl::StrictMode);
    QList<HfRepoFile> files;
    qint64 listed = 0;
    for (int page = 0; url.isValid(); ++page) {
        const QString where = url.toDisplayString(QUrl::RemoveQuery);
        if (page >= maxListingPages)
            return makeError(ErrorCode::Limit, QStringLiteral("more than %1 pages of files").arg(maxListingPages),
                             where);
        Result<HttpResponse> response = client.fetch(url, request, progress);
        if (!response)
            return response.error();
        if (response->head.status != 200) {
            Error e = statusError(response->head.status, response->head.header("X-Error-Message"),
                                  QStringLiteral("the listing of %1 at %2").arg(ref.repo, ref.revision));
            e.location = where;
            return e;
        }
        listed += response->body.size();
        if (listed > maxListingBytes)
            return makeError(ErrorCode::Limit, QStringLiteral("the listing is more than %1 bytes").arg(maxListingBytes),
                             where);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(response->body, &error);
        if (!doc.isArray())
            return makeError(ErrorCode::Format,
                             doc.isNull() ? QStringLiteral("the listing is not JSON: %1").arg(error.errorString())
                                          : QStringLiteral("the listing must be a JSON array of files"),
                             where);
        for (const QJsonValue &v : doc.array()) {
            const QJsonObject o = v.toObject();
            if (o.value(u"type").toString() != u"file")
                continue; // directories (the listing is recursive)
            if (files.size() >= maxFiles)
                return makeError(ErrorCode::Limit, QStringLiteral("more than %1 files").arg(maxFiles), where);
            Result<HfRepoFile> file = listedFile(o, where);
            if (!file)
                return file.error();
            files.append(std::move(file).value());
        }
        const QUrl next = nextPage(response->head.header("Link"), url);
        if (next.isValid() && !sameOrigin(next, m_endpoint))
            return makeError(ErrorCode::Unsafe, QStringLiteral("the next page is on another host"), where);
        url = next;
    }
    std::sort(files.begin(), files.end(), [](const HfRepoFile &a, const HfRepoFile &b) { return a.path < b.path; });
    return files;
}

Status HfHub::download(const HfRepoRef &ref, const HfRepoFile &file, const QString &target, const QString &partial,
                       Progress *progress) const
{
    const QUrl url = resolveUrl(ref, file.path);
    const QString where = url.toDisplayString(QUrl::RemoveQuery);
    if (!QDir().mkpath(QFileInfo(partial).absolutePath()) || !QDir().mkpath(QFileInfo(target).absolutePath()))
        return makeError(ErrorCode::Io, QStringLiteral("cannot make the folder"), QFileInfo(partial).absolutePath());
    QFile part(partial);
    qint64 have = part.exists() ? part.size() : 0;
    if (have > file.size) {
        (void)part.remove();
        have = 0;
    }
    Sha256 hash;
    if (have > 0) {
        if (!part.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Io, part.errorString(), partial);
        QByteArray chunk;
        for (qint64 left = have; left > 0; left -= chunk.size()) {
            chunk = part.read(std::min(left, kHashChunk));
            if (chunk.isEmpty())
                return makeError(ErrorCode::Io, QStringLiteral("cannot read the partial download"), partial);
            hash.add(chunk);
        }
        part.close();
    }
    if (!part.open(have > 0 ? QIODevice::WriteOnly | QIODevice::Append : QIODevice::WriteOnly | QIODevice::Truncate))
        return makeError(ErrorCode::Io, part.errorString(), partial);
    qint64 written = have;
    if (have < file.size) {
        HttpPolicy policy;
        policy.idleTimeoutMs = m_idleTimeoutMs;
        policy.maxBodyBytes = file.size;
        policy.bodyCapName = QStringLiteral("the size the listing gives");
        HttpRequest request;
        if (!m_token.isEmpty())
            request.addHeader("Authorization", "Bearer " + m_token.toUtf8());
        if (have > 0)
            request.range = QByteArrayLiteral("bytes=") + QByteArray::number(have) + '-';
        request.beforeRedirect = redirectCheck(file);
        auto check = [&](const HttpHead &head) -> Result<bool> {
            if (head.status == 200 || head.status == 206)
                if (Status s = checkResolved(file, resolveInfo(head)); !s)
                    return s.error();
            if (head.status == 206 && have > 0) {
                if (head.rangeFirst != have)
                    return makeError(
                        ErrorCode::Format,
                        QStringLiteral("the server sent bytes from %1, asked from %2").arg(head.rangeFirst).arg(have));
            } else if (head.status == 200) {
                if (written > 0) { // no range support: start over
                    if (!part.resize(0) || !part.seek(0))
                        return makeError(ErrorCode::Io, part.errorString(), partial);
                    hash = Sha256();
                    written = 0;
                }
            } else {
                return statusError(head.status, head.header("X-Error-Message"), file.path);
            }
            if (head.contentLength >= 0 && head.contentLength != file.size - written)
                return makeError(ErrorCode::Format, QStringLiteral("%1: the server announces %2 bytes, the listing %3")
                                                        .arg(file.path)
                                                        .arg(head.contentLength)
                                                        .arg(file.size - written));
            return true;
        };
        auto sink = [&](const char *data, qint64 n) -> Status {
            if (n > file.size - written)
                return makeError(ErrorCode::Limit, QStringLiteral("%1: the server sends more than the %2 bytes the "
                                                                  "listing gives")
                                                       .arg(file.path)
                                                       .arg(file.size));
            if (part.write(data, n) != n)
                return makeError(ErrorCode::Io, part.errorString(), partial);
            hash.add(data, n);
            written += n;
            if (progress) {
                progress->advance(n, file.path);
                if (progress->isCancelled())
                    return makeError(ErrorCode::Cancelled, QStringLiteral("import cancelled"));
            }
            return {};
        };
        Result<HttpHead> head = HttpClient(policy).send(url, request, check, sink, progress);
        if (!part.flush())
            return makeError(ErrorCode::Io, part.errorString(), partial);
        if (!head)
            return head.error(); // the partial file is kept: the next run resumes it
    }
    part.close();
    if (written != file.size)
        return makeError(ErrorCode::Network,
                         QStringLiteral("%1: %2 of the %3 bytes arrived (kept, to be resumed)")
                             .arg(file.path)
                             .arg(written)
                             .arg(file.size),
                         where);
    if (!file.sha256.isEmpty()) {
        const QByteArray got = hash.finishHex();
        if (got != file.sha256) {
            (void)part.remove();
            return makeError(ErrorCode::Format,
                             QStringLiteral("%1: sha256 %2, the listing says %3 (the download was removed)")
                                 .arg(file.path, QString::fromLatin1(got), QString::fromLatin1(file.sha256)),
                             where);
        }
    }
    (void)QFile::remove(target);
    if (!part.rename(target))
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot move the download into place: %1").arg(part.errorString()), target);
    return {};
}

std::function<Status(const QList<HttpHop> &)> HfHub::redirectCheck(const HfRepoFile &file) const
{
    return [this, file](const QList<HttpHop> &hops) -> Status {
        HttpHead answered; // the hops only: what the Hub said before sending us on
        answered.redirects = hops;
        return checkResolved(file, resolveInfo(answered));
    };
}

HfResolveInfo HfHub::resolveInfo(const HttpHead &head) const
{
    HfResolveInfo info;
    QList<const QList<std::pair<QByteArray, QByteArray>> *> answers; // the endpoint's, first hop first
    for (const HttpHop &hop : head.redirects)
        if (sameOrigin(hop.url, m_endpoint))
            answers.append(&hop.headers);
    const bool final = head.status != 0 && sameOrigin(head.url, m_endpoint);
    if (final)
        answers.append(&head.headers);
    auto first = [&](QByteArrayView name) -> QByteArray {
        for (const auto *headers : std::as_const(answers))
            for (const auto &[key, value] : *headers)
                if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0 && !value.trimmed().isEmpty())
                    return value.trimmed();
        return {};
    };
    const QByteArray linked = first("X-Linked-Etag");
    info.linkedEtag = !linked.isEmpty();
    info.etag = bareEtag(info.linkedEtag ? linked : first("ETag"));
    info.commit = first("X-Repo-Commit").toLower();
    const QByteArray size = first("X-Linked-Size");
    bool ok = false;
    if (!size.isEmpty()) {
        info.size = size.toLongLong(&ok);
        if (!ok || info.size < 0)
            info.size = -2; // not a size: checkResolved says so
    } else if (head.rangeTotal >= 0) {
        info.size = head.rangeTotal; // the storage host's 206 tells the whole size too
    } else if (head.status == 200 && head.contentLength >= 0) {
        info.size = head.contentLength;
    }
    return info;
}

Status HfHub::checkResolved(const HfRepoFile &file, const HfResolveInfo &info)
{
    if (info.size == -2)
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1: the Hub's X-Linked-Size is not a number of bytes").arg(file.path));
    if (info.size >= 0 && info.size != file.size)
        return makeError(ErrorCode::Format, QStringLiteral("%1: the Hub's answer gives %2 bytes, the listing %3")
                                                .arg(file.path)
                                                .arg(info.size)
                                                .arg(file.size));
    const bool sha = info.etag.size() == 64 && isHex(info.etag);
    if (!file.sha256.isEmpty() && (info.linkedEtag || sha) && info.etag != file.sha256)
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1: the Hub's %2 is %3, the listing's LFS sha256 %4")
                             .arg(file.path, info.linkedEtag ? QStringLiteral("X-Linked-Etag") : QStringLiteral("ETag"),
                                  latin(info.etag), QString::fromLatin1(file.sha256)));
    if (!info.commit.isEmpty() && !((info.commit.size() == 40 || info.commit.size() == 64) && isHex(info.commit)))
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1: the Hub's X-Repo-Commit \"%2\" is not a commit id (40 or 64 hex digits)")
                             .arg(file.path, latin(info.commit)));
    return {};
}

Result<HfRangeRead> HfHub::readRange(const HfRepoRef &ref, const HfRepoFile &file, qint64 first, qint64 length,
                                     Progress *progress) const
{
    const QUrl url = resolveUrl(ref, file.path);
    const QString where = url.toDisplayString(QUrl::RemoveQuery);
    if (first < 0 || length < 0 || first > file.size || length > file.size - first)
        return makeError(ErrorCode::Usage,
                         QStringLiteral("%1: bytes %2 to %3 are not inside its %4 bytes")
                             .arg(file.path)
                             .arg(first)
                             .arg(first + length)
                             .arg(file.size),
                         where);
    const bool whole = first == 0 && length == file.size;
    HttpPolicy policy;
    policy.idleTimeoutMs = m_idleTimeoutMs;
    HttpRequest request;
    if (!m_token.isEmpty())
        request.addHeader("Authorization", "Bearer " + m_token.toUtf8());
    if (!whole)
        request.range =
            QByteArrayLiteral("bytes=") + QByteArray::number(first) + '-' + QByteArray::number(first + length - 1);
    request.beforeRedirect = redirectCheck(file);
    HfRangeRead read;
    read.bytes.reserve(qsizetype(std::min<qint64>(length, 1 << 20)));
    qint64 skip = 0;     // bytes before `first` in the body
    bool enough = false; // the transfer was left on purpose
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status != 200 && head.status != 206)
            return statusError(head.status, head.header("X-Error-Message"), file.path);
        read.resolved = resolveInfo(head);
        if (Status s = checkResolved(file, read.resolved); !s)
            return s.error();
        if (head.status == 206) {
            if (whole || head.rangeFirst != first || head.rangeLast != first + length - 1)
                return makeError(ErrorCode::Format, QStringLiteral("%1: the server sent bytes %2-%3, asked %4-%5")
                                                        .arg(file.path)
                                                        .arg(head.rangeFirst)
                                                        .arg(head.rangeLast)
                                                        .arg(first)
                                                        .arg(first + length - 1));
        } else {
            read.rangeIgnored = !whole;
            skip = first;
        }
        return length > 0;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        read.received += n;
        const qint64 skipped = std::min(skip, n);
        skip -= skipped;
        const qint64 take = std::min(n - skipped, length - read.bytes.size());
        read.bytes.append(data + skipped, take);
        if (read.bytes.size() == length && (read.rangeIgnored || n - skipped > take)) {
            if (!read.rangeIgnored)
                return makeError(ErrorCode::Format, QStringLiteral("%1: the server sends more than the %2 bytes "
                                                                   "asked for")
                                                        .arg(file.path)
                                                        .arg(length));
            enough = true; // the rest of the whole file is not read
            return makeError(ErrorCode::Cancelled, QStringLiteral("enough"));
        }
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("import cancelled"));
        return {};
    };
    Result<HttpHead> head = HttpClient(policy).send(url, request, check, sink, progress);
    if (!head && !enough)
        return head.error();
    if (read.bytes.size() != length)
        return makeError(ErrorCode::Network,
                         QStringLiteral("%1: %2 of the %3 bytes asked for arrived")
                             .arg(file.path)
                             .arg(read.bytes.size())
                             .arg(length),
                         where);
    return read;
}

} // namespace carton
