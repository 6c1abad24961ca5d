// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_zip: ZipReader's state, shared by zipreader.cpp (the end
// records, the central directory, entries) and ziplocalheader.cpp (local headers).
#include "zip/zipformat.h"
#include "zip/zipreader.h"

#include <QHash>
#include <atomic>
#include <memory>
#include <vector>

namespace carton {

inline QString hex32(quint32 v)
{
    return QStringLiteral("0x%1").arg(v, 8, 16, QLatin1Char('0'));
}

// Names -> places 0, 1, 2... in the order they were added: open addressing over
// views of the names' bytes, with no string or node per name (an archive has up to
// Limits::maxEntries). Seeded per process (QHashSeed), so names chosen to collide
// cannot make it quadratic.
class NameIndex {
public:
    // Room for `count` names without growing.
    void reserve(std::size_t count);
    // Adds `key` (which must outlive the index) as the next place, or, when an equal
    // key is there, adds nothing and returns that key's place (-1: added).
    qsizetype insert(QByteArrayView key);
    // The place of `key`, or -1.
    qsizetype find(QByteArrayView key) const;
    qsizetype size() const { return qsizetype(m_keys.size()); }

private:
    // The slot holding `key` (whose hash is `hash`), or the empty slot where it would go.
    std::size_t slotOf(QByteArrayView key, std::size_t hash) const;
    // Per slot: the key's hash in the high 32 bits (most probes of other keys stop
    // there, without reading their bytes), place + 1 in the low 32; 0: empty.
    std::vector<quint64> m_slots;
    std::vector<QByteArrayView> m_keys;
    std::size_t m_seed = QHashSeed::globalSeed();
};

struct ZipReader::Private {
    QString path;         // the file, or a URL
    QString localPath;    // the file on disk; empty when the bytes come from elsewhere
    QString fileName;     // for messages
    ByteSourcePtr source; // the zip's bytes (the region, for openRegion())
    qint64 fileSize = 0;  // of the zip (the region, for openRegion())
    qint64 base = 0;      // where the zip starts in the file (openRegion())
    QByteArray comment;   // the end record's archive comment
    Limits limits;
    std::vector<ZipEntry> entries;
    std::vector<QuarantinedEntry> quarantined;
    // The central directory's bytes, kept: each entry's raw name and extra field
    // length are read from its record (no copy of 100,000 names).
    QByteArray centralDirectory;
    std::vector<qsizetype> recordStarts; // per entry, where its record starts in centralDirectory
    QByteArrayView rawName(qsizetype i) const
    {
        const char *h = centralDirectory.constData() + recordStarts[size_t(i)];
        return QByteArrayView(h + zipformat::CentralHeaderSize, zipformat::get16(h + 28));
    }
    // To announce the local header's size.
    quint16 centralExtraLength(qsizetype i) const
    {
        return zipformat::get16(centralDirectory.constData() + recordStarts[size_t(i)] + 30);
    }
    // Per entry, where its data starts once its local header was read and checked
    // (-1: not yet): a header is read once, however often its entry is opened.
    std::unique_ptr<std::atomic<qint64>[]> dataStarts;
    // Entries in the order of their local headers in the file, and each entry's
    // place in it: the headers after one come in the same read (HeaderBatchBytes).
    std::vector<qsizetype> fileOrder;
    std::vector<std::size_t> fileRank;
    static constexpr qint64 HeaderBatchBytes = 64 << 10;
    // Entry names -> place in entries, keyed by the name's UTF-8 bytes: a view into
    // centralDirectory (ASCII and UTF-8 names), or into transcodedNames (a CP437
    // name's UTF-8).
    NameIndex index;
    std::vector<QByteArray> transcodedNames;
    // The place of the entry named `name`, or -1.
    qsizetype indexOf(const QString &name) const;

    Error error(ErrorCode code, const QString &message) const { return makeError(code, message, fileName); }
    Error entryError(ErrorCode code, const ZipEntry &entry, const QString &message) const
    {
        return makeError(code, message, QStringLiteral("%1: entry %2").arg(fileName, entry.name));
    }

    // Reads [offset, offset+length) of the zip; `what` names it in the error.
    Status readAt(qint64 offset, qint64 length, char *out, const QString &what) const;
    Status parse();
    Status parseCentralDirectory(const QByteArray &cd, quint64 count, quint64 cdOffset);
    // The data's offset in the zip; `hint` more bytes after the header are announced
    // to the source (willNeed) so a remote one fetches header and data at once.
    Result<qint64> localDataOffset(qsizetype index, qint64 hint = 0) const;
    // Entry i's local header: `h` its fixed 30 bytes, `rest` its name and extra
    // field (as long as `h` says). Where its data starts, or what does not agree
    // with the central directory.
    Result<qint64> checkLocalHeader(qsizetype i, const char *h, QByteArrayView rest) const;
    // The checks of the fixed 30 bytes alone (signature, name length, data inside the file).
    Result<qint64> checkFixedLocalHeader(qsizetype i, const char *h) const;
    Status checkLocalFields(const char *localHeader, const QByteArray &localExtra, const ZipEntry &entry) const;
    Result<qsizetype> lookup(const ZipEntry &entry) const;
    Result<std::unique_ptr<QIODevice>> open(qsizetype index, bool verifyCrc, qint64 hint) const;
    // After parse(): dataStarts (none known), fileOrder and fileRank.
    void indexLocalHeaders();
};

} // namespace carton
