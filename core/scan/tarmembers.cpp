// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/tarmembers.h"

#include <QHash>
#include <optional>

namespace carton {

namespace {

constexpr qint64 kBlock = 512;
constexpr qint64 kMaxRecords = 1 << 20; // pax records or a GNU long name, per member

// Python's tarfile.nts: the bytes up to the first NUL.
QByteArray nts(QByteArrayView field)
{
    const qsizetype nul = field.indexOf('\0');
    return (nul < 0 ? field : field.first(nul)).toByteArray();
}

// Python's tarfile.nti: base-256 when the first byte is 0x80 or 0xff, else octal
// text up to a NUL, blanks around it ignored (tarfile's int(s.strip(), 8) takes a
// sign, a 0o prefix and underscores too: taken here, so that no header tarfile
// reads is refused). nullopt where tarfile raises "invalid header".
std::optional<qint64> nti(QByteArrayView field)
{
    const auto first = uchar(field.front());
    if (first == 0x80 || first == 0xff) {
        qint64 n = 0;
        for (qsizetype i = 1; i < field.size(); ++i) {
            if (n > (std::numeric_limits<qint64>::max() >> 8))
                return std::nullopt; // past what any file here can hold
            n = (n << 8) | uchar(field[i]);
        }
        return first == 0xff ? -n : n;
    }
    QByteArray text = nts(field);
    for (char c : text)
        if (uchar(c) >= 0x80)
            return std::nullopt;
    // str.strip(): ASCII blanks and the separators 0x1c-0x1f.
    const auto blank = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1c' && c <= '\x1f'); };
    while (!text.isEmpty() && blank(text.back()))
        text.chop(1);
    while (!text.isEmpty() && blank(text.front()))
        text.remove(0, 1);
    bool negative = false;
    if (text.startsWith('+') || text.startsWith('-')) {
        negative = text.front() == '-';
        text.remove(0, 1);
    }
    if (text.startsWith("0o") || text.startsWith("0O"))
        text.remove(0, 2);
    text.replace('_', QByteArray());
    if (text.isEmpty())
        return negative ? std::nullopt : std::optional<qint64>(0);
    qint64 n = 0;
    for (char c : text) {
        if (c < '0' || c > '7' || n > (std::numeric_limits<qint64>::max() >> 3))
            return std::nullopt;
        n = (n << 3) | (c - '0');
    }
    return negative ? -n : n;
}

bool checksumMatches(QByteArrayView block)
{
    const std::optional<qint64> stored = nti(block.sliced(148, 8));
    if (!stored)
        return false;
    qint64 unsignedSum = 256, signedSum = 256; // the checksum field counts as eight blanks
    for (qsizetype i = 0; i < kBlock; ++i) {
        if (i >= 148 && i < 156)
            continue;
        unsignedSum += uchar(block[i]);
        signedSum += qint8(block[i]);
    }
    return *stored == unsignedSum || *stored == signedSum;
}

qint64 blocks(qint64 size)
{
    return (size + kBlock - 1) / kBlock * kBlock;
}

// pax records, "LENGTH key=value\n" each; the keys wanted here only.
void readPax(const QByteArray &data, QHash<QByteArray, QByteArray> *into)
{
    qsizetype pos = 0;
    while (pos < data.size()) {
        const qsizetype space = data.indexOf(' ', pos);
        if (space < 0)
            return;
        bool ok = false;
        const qsizetype length = data.mid(pos, space - pos).toLongLong(&ok);
        if (!ok || length <= space - pos || pos + length > data.size())
            return;
        const QByteArray record = data.mid(space + 1, length - (space - pos) - 1);
        const qsizetype eq = record.indexOf('=');
        if (eq > 0)
            into->insert(record.left(eq), record.mid(eq + 1).chopped(record.endsWith('\n') ? 1 : 0));
        pos += length;
    }
}

} // namespace

bool TarMembers::isTarHeader(QByteArrayView block)
{
    if (block.size() < kBlock)
        return false;
    block = block.first(kBlock);
    if (block.count('\0') == kBlock)
        return false;
    return checksumMatches(block) && nti(block.sliced(124, 12)).has_value();
}

Result<QList<TarMember>> TarMembers::list(const ByteSource &source, int maxMembers)
{
    QList<TarMember> out;
    QHash<QByteArray, QByteArray> global; // pax 'g' records, for every member after them
    QHash<QByteArray, QByteArray> local;  // pax 'x' records, for the next member
    QByteArray longName;                  // GNU 'L', for the next member
    bool extended = false;                // a pax 'x' header came just before
    QByteArray block(kBlock, Qt::Uninitialized);
    qint64 offset = 0;
    for (int headers = 0;; ++headers) {
        if (headers >= maxMembers)
            return makeError(ErrorCode::Limit, QStringLiteral("more than %1 tar headers").arg(maxMembers),
                             source.name());
        if (offset < 0 || offset > source.size() - kBlock)
            break; // the end of the data: tarfile ends the listing there
        if (Status s = source.read(offset, kBlock, block.data()); !s)
            return s.error();
        if (!isTarHeader(block))
            break; // the end-of-archive block, or not a header: the listing ends
        const char type = block[156];
        const qint64 headerSize = *nti(QByteArrayView(block).sliced(124, 12));
        const qint64 data = offset + kBlock;
        if (headerSize < 0)
            break; // tarfile would walk backwards: nothing after this is read the same way
        if (type == 'L' || type == 'K' || type == 'x' || type == 'X' || type == 'g') {
            if (headerSize > kMaxRecords)
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("offset %1: an extended tar header of %2 bytes, more than %3")
                                     .arg(offset)
                                     .arg(headerSize)
                                     .arg(kMaxRecords),
                                 source.name());
            const qint64 available = std::clamp<qint64>(source.size() - data, 0, headerSize);
            QByteArray records(available, Qt::Uninitialized);
            if (Status s = source.read(data, available, records.data()); !s)
                return s.error();
            if (type == 'L') {
                longName = nts(records);
            } else if (type == 'g') {
                readPax(records, &global);
            } else if (type != 'K') {
                readPax(records, &local);
                extended = true;
            }
            offset = data + blocks(headerSize);
            continue;
        }
        QHash<QByteArray, QByteArray> pax = global;
        pax.insert(local);
        QByteArray name = nts(QByteArrayView(block).first(100));
        const QByteArray prefix = nts(QByteArrayView(block).sliced(345, 155));
        if (!prefix.isEmpty() && type != 'S')
            name = prefix + '/' + name;
        if (!longName.isEmpty())
            name = longName;
        if (pax.contains("path"))
            name = pax.value("path");
        // As tarfile: pax "size" replaces the header's; the walk to the next header
        // follows it only after an 'x' header (a global one changes the member only).
        bool ok = false;
        const qint64 paxSize = pax.value("size").toLongLong(&ok);
        const qint64 size = ok && paxSize >= 0 ? paxSize : headerSize;
        const qint64 walkSize = extended ? size : headerSize;
        local.clear();
        longName.clear();
        extended = false;
        const bool directory = type == '5' || (type == '\0' && name.endsWith('/'));
        const bool regular = !directory && (type == '0' || type == '\0' || type == '7' || type == 'S');
        const bool known = QByteArrayView("0\0"
                                          "1234567S",
                                          10)
                               .contains(type);
        if (regular || !known) {
            const qint64 stored = std::clamp<qint64>(source.size() - data, 0, size);
            bool sparse = type == 'S';
            for (auto it = pax.cbegin(); it != pax.cend(); ++it)
                sparse = sparse || it.key().startsWith("GNU.sparse.");
            out.append(TarMember{QString::fromUtf8(name), data, stored, sparse});
            if (walkSize > source.size())
                break;
            offset = data + blocks(walkSize);
        } else {
            offset = data;
        }
    }
    return out;
}

} // namespace carton
