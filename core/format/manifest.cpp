// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "manifest.h"

#include "base/archivepath.h"
#include "base/coretext.h"
#include "base/limits.h"
#include "base/sha256.h"

#include <QStringDecoder>
#include <algorithm>

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
    for (qsizetype i = 0; i < n; ++i) {
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
    qsizetype pos = 0;
    int line = 0;
    while (pos < text.size()) {
        ++line;
        const QString where = QStringLiteral("%1:%2").arg(fileName).arg(line);
        auto fail = [&](const QString &message) { return makeError(ErrorCode::Format, message, where); };
        if (line > limits.maxEntries)
            return makeError(ErrorCode::Limit, FormatText::tr("more than %1 entries").arg(limits.maxEntries), where);
        const qsizetype nl = text.indexOf('\n', pos);
        if (nl < 0)
            return fail(FormatText::tr("expected '\\n' at the end of the last line"));
        const QByteArrayView lineBytes = text.sliced(pos, nl - pos);
        pos = nl + 1;
        if (lineBytes.isEmpty())
            return fail(FormatText::tr("empty line; expected \"path=sha256\""));
        if (lineBytes.endsWith('\r'))
            return fail(FormatText::tr("CR before the line end; expected '\\n' line endings only"));
        const qsizetype eq = lineBytes.lastIndexOf('=');
        if (eq < 0)
            return fail(FormatText::tr("no '='; expected \"path=sha256\""));
        const QByteArrayView pathBytes = lineBytes.first(eq);
        const QByteArrayView hash = lineBytes.sliced(eq + 1);
        if (!isSha256Hex(hash)) {
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
        // Byte-exact: a leading U+FEFF is kept (Qt drops it unless told not to), then refused.
        QStringDecoder decoder(QStringDecoder::Utf8,
                               QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
        const QString path = decoder.decode(pathBytes);
        if (decoder.hasError())
            return fail(FormatText::tr("path is not valid UTF-8"));
        if (path.startsWith(QChar(0xFEFF)))
            return fail(FormatText::tr("path \"%1\" begins with U+FEFF (a byte order mark); expected a path "
                                       "without invisible characters")
                            .arg(path.left(200)));
        if (path.trimmed() != path)
            return fail(FormatText::tr("spaces around path \"%1\"").arg(path.left(200)));
        Result<QString> safe = checkArchivePath(path, where);
        if (!safe)
            return safe.error();
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
        manifest.m_entries.append(ManifestEntry{path, hash.toByteArray()});
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
