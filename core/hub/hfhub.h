// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The Hugging Face Hub's API as far as an import needs it, through the one
// HttpClient: a repository's file listing (sizes, LFS sha256) and each file's bytes
// from its resolve URL (redirects to a storage host followed). The token goes to
// the endpoint's origin only (HttpRequest's headers are first-origin only: a
// redirect to the storage host drops it), is never stored and never named in a
// message. Everything the server says is data: paths are checked as archive paths,
// sizes and counts are capped, listed sizes and sha256 are enforced on the bytes.

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QUrl>
#include <functional>

namespace carton {

struct HttpHead;
struct HttpHop;

// "owner/name" at a revision (a branch, a tag or a commit).
struct CARTONCORE_EXPORT HfRepoRef {
    QString repo; // "owner/name" or "name"
    QString revision = QStringLiteral("main");

    // "owner/name", "owner/name@REV", or a repository URL on `endpoint`
    // ("https://huggingface.co/owner/name", ".../tree/REV"). Names are letters,
    // digits, '-', '_' and '.', no ".." (what the Hub allows).
    static Result<HfRepoRef> parse(const QString &text, const QUrl &endpoint);
};

// A file of a repository as the tree listing gives it.
struct HfRepoFile {
    QString path;      // "model-00001-of-00002.safetensors", "images/arch.png"
    qint64 size = 0;   // bytes (the LFS object's for an LFS file)
    QByteArray sha256; // the LFS object's sha256 (lowercase hex); empty when not in LFS
};

// What the Hub's resolve answer says of a file, from the hops on the endpoint's
// origin (the redirect to the storage host for an LFS file, the answer itself for
// the others), as huggingface_hub reads it.
struct HfResolveInfo {
    QByteArray etag;         // X-Linked-Etag, else ETag: quotes and "W/" removed, lowercase
    bool linkedEtag = false; // etag came from X-Linked-Etag (the LFS object's sha256)
    qint64 size = -1;  // X-Linked-Size, else the size the answer gives (Content-Range total, Content-Length of a 200)
    QByteArray commit; // X-Repo-Commit (lowercase hex); empty when not sent
};

// Bytes of a file read by HfHub::readRange.
struct HfRangeRead {
    QByteArray bytes;
    HfResolveInfo resolved;
    bool rangeIgnored = false; // the server answered 200 to the Range: its first bytes were read, then it was left
    qint64 received = 0;       // body bytes that arrived (the skipped ones too when the Range was ignored)
};

class CARTONCORE_EXPORT HfHub final {
public:
    static constexpr qint64 maxListingBytes = 32ll << 20; // the tree listing's JSON, all pages
    static constexpr int maxFiles = 100'000;
    static constexpr int maxListingPages = 100;

    // `endpoint`: "https://huggingface.co" or a server speaking its API. `token`
    // (may be empty) is sent as "Authorization: Bearer" to the endpoint's origin.
    HfHub(QUrl endpoint, QString token, int idleTimeoutMs = 60'000);

    // The endpoint named by HF_ENDPOINT, else https://huggingface.co.
    static QUrl defaultEndpoint();
    // HF_TOKEN, else the file HF_TOKEN_PATH, $HF_HOME/token or
    // ~/.cache/huggingface/token names (its first line, at most 4 KiB); empty when none.
    static QString tokenFromEnvironment();

    // GET /api/models/REPO/tree/REV?recursive=true (following the Link header's
    // rel="next" pages): the files, directories left out.
    Result<QList<HfRepoFile>> listFiles(const HfRepoRef &ref, Progress *progress = nullptr) const;
    // ENDPOINT/REPO: the repository's page.
    QString repoUrl(const HfRepoRef &ref) const;
    // ENDPOINT/REPO/resolve/REV/PATH
    QUrl resolveUrl(const HfRepoRef &ref, const QString &path) const;

    // Downloads `file` to `target`: bytes go to `partial` first (kept when the
    // transfer breaks: the next call asks for the rest with a Range request and
    // starts over when the server does not send it), which is moved to `target`
    // once it has exactly file.size bytes and, for an LFS file, its sha256 (a wrong
    // one removes the partial file). The body is capped at what is still missing.
    // The resolve answer is checked as checkResolved() says.
    Status download(const HfRepoRef &ref, const HfRepoFile &file, const QString &target, const QString &partial,
                    Progress *progress = nullptr) const;

    // `length` bytes of `file` from `first` (within file.size): "Range: bytes=A-B"
    // (no Range for the whole file). A 206 must be the range asked for, of a file of
    // the listed size; a server that ignores Range (200) is read only up to the last
    // byte wanted and then left (rangeIgnored): never the whole file. At most
    // `length` bytes are taken from a 206 either way. The resolve answer is checked.
    Result<HfRangeRead> readRange(const HfRepoRef &ref, const HfRepoFile &file, qint64 first, qint64 length,
                                  Progress *progress = nullptr) const;

    // What the resolve answer that led to `head` says (HfResolveInfo).
    HfResolveInfo resolveInfo(const HttpHead &head) const;
    // The resolve answer against the listing: X-Linked-Etag (or an ETag that is a
    // sha256) against an LFS file's sha256, the size against its listed size, and a
    // commit id of 40 or 64 hex digits. A mismatch names the file and both values.
    static Status checkResolved(const HfRepoFile &file, const HfResolveInfo &info);

private:
    // Checks the Hub's answer before a redirect to the storage host is followed.
    std::function<Status(const QList<HttpHop> &)> redirectCheck(const HfRepoFile &file) const;
    // A readable error for a status that is not 200/206 (401/403: gated or private; 404).
    Error statusError(int status, const QByteArray &serverMessage, const QString &what) const;

    QUrl m_endpoint;
    QString m_token;
    int m_idleTimeoutMs;
};

} // namespace carton
