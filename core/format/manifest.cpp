// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "manifest.h"

#include "base/archivepath.h"
#include "base/coretext.h"
#include "base/limits.h"
#include "base/sha256.h"

#include <QStringDecoder>
#include <algorithm>
#include <cstring>

namespace carton {

namespace {

// Maps a UTF-16 code unit so that comparing mapped units orders strings by code
// point (= UTF-8 byte order): surrogates move above U+E000..U+FFFF.
inline char16_t codePointOrderUnit(char16_t u)
{
    if (u >= 0xD800 && u <= 0xDFFF)
        return char16_t(u + 0x2000);
    if (u >= 0xE000)
        return char16_t(u - 0x800);
    return u;
}

} // namespace

Manifest::Manifest(QList<ManifestEntry> entries) : m_entries(std::move(entries))
{
    const auto less = [](const ManifestEntry &a, const ManifestEntry &b) { return pathLess(a.path, b.path); };
    if (!std::is_sorted(m_entries.begin(), m_entries.end(), less)) // a parsed MANIFEST is sorted already
        std::stable_sort(m_entries.begin(), m_entries.end(), less);
}

bool Manifest::pathLess(const QString &a, const QString &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    const auto *pa = reinterpret_cast<const char16_t *>(a.constData());
    const auto *pb = reinterpret_cast<const char16_t *>(b.constData());
    qsizetype i = 0;
    // Four units at a time over the common prefix (paths of one folder share most of theirs).
    for (; i + 4 <= n; i += 4) {
        quint64 wa, wb;
        std::memcpy(&wa, pa + i, sizeof wa);
        std::memcpy(&wb, pb + i, sizeof wb);
        if (wa != wb)
            break;
    }
    for (; i < n; ++i) {
        if (pa[i] != pb[i])
            return codePointOrderUnit(pa[i]) < codePointOrderUnit(pb[i]);
    }
    return a.size() < b.size();
}

Result<Manifest> Manifest::parse(QByteArrayView text, const QString &fileName)
{
    const Limits limits;
    if (Status size = checkFileSize(text.size(), limits.maxMetadataFileSize, fileName); !size)
        return size.error();
    Manifest manifest;
    // Room for the lines a valid MANIFEST of this size can have ("p=" and 64 digits each), at most the limit.
    manifest.m_entries.reserve(qsizetype(std::min<qint64>(limits.maxEntries, text.size() / 67)));
    qsizetype pos = 0;
    int line = 0;
    while (pos < text.size()) {
        ++line;
        // "MANIFEST:12" only for an error: formatting it for each of 100,000 lines cost more than the checks.
        const auto where = [&] { return QStringLiteral("%1:%2").arg(fileName).arg(line); };
        auto fail = [&](const QString &message) { return makeError(ErrorCode::Format, message, where()); };
        if (line > limits.maxEntries)
            return makeError(ErrorCode::Limit, FormatText::tr("more than %1 entries").arg(limits.maxEntries), where());
        const qsizetype nl = text.indexOf('\n', pos);
        if (nl < 0)
            return fail(FormatText::tr("expected '\\n' at the end of the last line"));
        const QByteArrayView lineBytes = text.sliced(pos, nl - pos);
        pos = nl + 1;
        if (lineBytes.isEmpty())
            return fail(FormatText::tr("empty line; expected \"path=sha256\""));
        if (lineBytes.endsWith('\r'))
            return fail(FormatText::tr("CR before the line end; expected '\\n' line endings only"));
        // "path=" and 64 hex digits: the '=' is 65 from the end (else searched, to say what is wrong).
        const bool wellFormed =
            lineBytes.size() > 65 && lineBytes[lineBytes.size() - 65] == '=' && isSha256Hex(lineBytes.last(64));
        const qsizetype eq = wellFormed ? lineBytes.size() - 65 : lineBytes.lastIndexOf('=');
        if (eq < 0)
            return fail(FormatText::tr("no '='; expected \"path=sha256\""));
        const QByteArrayView pathBytes = lineBytes.first(eq);
        const QByteArrayView hash = lineBytes.sliced(eq + 1);
        if (!wellFormed && !isSha256Hex(hash)) {
            QString what = FormatText::tr("expected 64 lowercase hex digits after '='");
            if (isSha256Hex(hash.toByteArray().toLower()))
                what += FormatText::tr(", found uppercase hex");
            else if (hash.trimmed().size() != hash.size())
                what += FormatText::tr(", found spaces");
            else
                what += FormatText::tr(", found %1 characters").arg(hash.size());
            return fail(what);
        }
        if (pathBytes.isEmpty())
            return fail(FormatText::tr("empty path before '='"));
        QString path;
        const bool plainSafe = isPlainSafeArchivePath(pathBytes); // ASCII, and checkArchivePath() would pass it
        if (plainSafe || std::all_of(pathBytes.cbegin(), pathBytes.cend(), [](char c) { return uchar(c) < 0x80; })) {
            path = QString::fromLatin1(pathBytes); // ASCII: no decoder needed
        } else {
            // Byte-exact: a leading U+FEFF is kept (Qt drops it unless told not to), then refused.
            QStringDecoder decoder(QStringDecoder::Utf8,
                                   QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
            path = decoder.decode(pathBytes);
            if (decoder.hasError())
                return fail(FormatText::tr("path is not valid UTF-8"));
        }
        if (path.startsWith(QChar(0xFEFF)))
            return fail(FormatText::tr("path \"%1\" begins with U+FEFF (a byte order mark); expected a path "
                                       "without invisible characters")
                            .arg(path.left(200)));
        if (path.front().isSpace() || path.back().isSpace()) // what trimmed() would remove
            return fail(FormatText::tr("spaces around path \"%1\"").arg(path.left(200)));
        if (!plainSafe) {
            if (Result<QString> safe = checkArchivePath(path, QString()); !safe) {
                Error e = safe.error();
                e.location = where();
                return e;
            }
        }
        if (path == u"MANIFEST" || path == u"LINKS")
            return fail(FormatText::tr("%1 must not list itself or LINKS (found \"%2\")").arg(fileName, path));
        if (!manifest.m_entries.isEmpty()) {
            const QString &prev = manifest.m_entries.constLast().path;
            if (prev == path)
                return fail(FormatText::tr("duplicate entry \"%1\"").arg(path.left(200)));
            if (!pathLess(prev, path))
                return fail(FormatText::tr("\"%1\" is out of order: expected paths sorted by UTF-8 bytes, and it "
                                           "comes before \"%2\" on the previous line")
                                .arg(path.left(200), prev.left(200)));
        }
        manifest.m_entries.append(ManifestEntry{std::move(path), hash.toByteArray()});
    }
    return manifest;
}

QByteArray Manifest::serialize() const
{
    QByteArray out;
    for (const ManifestEntry &e : m_entries) {
        out += e.path.toUtf8();
        out += '=';
        out += e.sha256;
        out += '\n';
    }
    return out;
}

QByteArray Manifest::modelHash() const
{
    return Sha256::hashHex(serialize());
}

const ManifestEntry *Manifest::find(const QString &path) const
{
    auto it = std::lower_bound(m_entries.cbegin(), m_entries.cend(), path,
                               [](const ManifestEntry &e, const QString &p) { return pathLess(e.path, p); });
    return it != m_entries.cend() && it->path == path ? &*it : nullptr;
}

} // namespace carton
