// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/npyfile.h"

#include "tensor/safetensors.h"

#include <QStringList>
#include <QtEndian>
#include <array>

namespace carton {

namespace {

const QByteArray kMagic("\x93NUMPY", 6);
constexpr qint64 kPage = 4096;
constexpr qint64 kAlignedMinimum = qint64(1) << 20; // smaller tensors keep the smallest header

struct NpyType {
    char kind;
    int size;
    DType dtype;
};

constexpr std::array<NpyType, 13> kTypes{{
    {'b', 1, DType::Bool},
    {'i', 1, DType::Int8},
    {'i', 2, DType::Int16},
    {'i', 4, DType::Int32},
    {'i', 8, DType::Int64},
    {'u', 1, DType::Uint8},
    {'u', 2, DType::Uint16},
    {'u', 4, DType::Uint32},
    {'u', 8, DType::Uint64},
    {'f', 2, DType::Float16},
    {'f', 4, DType::Float32},
    {'f', 8, DType::Float64},
    {'?', 1, DType::Bool}, // descr "?" is numpy's other spelling of bool
}};

// Parses the header dict: a tiny subset of Python literals.
class DictParser {
public:
    explicit DictParser(QStringView text) : m_text(text) {}

    Error error(const QString &message) const
    {
        return makeError(ErrorCode::Format, QStringLiteral("header, at character %1: %2").arg(m_pos).arg(message));
    }
    void skipSpace()
    {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
    }
    bool accept(QChar c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    QChar peek()
    {
        skipSpace();
        return m_pos < m_text.size() ? m_text[m_pos] : QChar();
    }
    Result<QString> string()
    {
        const QChar quote = peek();
        if (quote != u'\'' && quote != u'"')
            return error(QStringLiteral("expected a quoted string (\"descr\" and the keys are strings)"));
        ++m_pos;
        QString out;
        while (m_pos < m_text.size() && m_text[m_pos] != quote) {
            if (m_text[m_pos] == u'\\')
                return error(QStringLiteral("escapes are not supported in header strings"));
            out += m_text[m_pos++];
        }
        if (m_pos >= m_text.size())
            return error(QStringLiteral("unterminated string"));
        ++m_pos;
        return out;
    }
    Result<bool> boolean()
    {
        skipSpace();
        for (const auto &[word, value] :
             {std::pair(QStringLiteral("True"), true), std::pair(QStringLiteral("False"), false)})
            if (m_text.sliced(m_pos).startsWith(word)) {
                m_pos += word.size();
                return value;
            }
        return error(QStringLiteral("\"fortran_order\" must be True or False"));
    }
    Result<QList<qint64>> tuple()
    {
        if (!accept(u'('))
            return error(QStringLiteral("\"shape\" must be a tuple of integers"));
        QList<qint64> dims;
        while (!accept(u')')) {
            skipSpace();
            const qsizetype start = m_pos;
            while (m_pos < m_text.size() && (m_text[m_pos].isDigit() || m_text[m_pos] == u'-'))
                ++m_pos;
            // Python 2 era files may write longs as "3L".
            bool ok = false;
            const qint64 value = m_text.sliced(start, m_pos - start).toLongLong(&ok);
            if (m_pos < m_text.size() && m_text[m_pos] == u'L')
                ++m_pos;
            if (!ok)
                return error(QStringLiteral("\"shape\" must hold integers"));
            if (value < 0)
                return error(QStringLiteral("\"shape\" has a negative dimension %1").arg(value));
            if (dims.size() >= 64)
                return error(QStringLiteral("\"shape\" has more than 64 dimensions"));
            dims.append(value);
            if (!accept(u',')) {
                if (!accept(u')'))
                    return error(QStringLiteral("expected ',' or ')' in \"shape\""));
                break;
            }
        }
        return dims;
    }
    bool atEnd()
    {
        skipSpace();
        return m_pos >= m_text.size();
    }
    qsizetype m_pos = 0;

private:
    QStringView m_text;
};

Result<TensorLayout> parseDescr(const QString &descr)
{
    TensorLayout layout;
    if (descr == u"O" || descr == u"|O")
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("object arrays ('O') are stored with pickle, which is never loaded"));
    if (descr.size() < 2)
        return makeError(ErrorCode::Unsupported, QStringLiteral("unsupported dtype '%1'").arg(descr));
    const QChar order = descr[0];
    if (order != u'<' && order != u'>' && order != u'|' && order != u'=')
        return makeError(ErrorCode::Unsupported, QStringLiteral("unsupported dtype '%1'").arg(descr));
    layout.bigEndian = order == u'>';
    const char kind = char(descr[1].toLatin1());
    bool ok = false;
    const int size = descr.mid(2).toInt(&ok);
    if (kind == 'c' || kind == 'U' || kind == 'S' || kind == 'V' || kind == 'M' || kind == 'm' || kind == 'a')
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("dtype '%1' (complex, string, void or datetime) is not a tensor dtype "
                                        "Carton can hold")
                             .arg(descr));
    for (const NpyType &t : kTypes)
        if (t.kind == kind && ok && t.size == size) {
            layout.dtype = t.dtype;
            return layout;
        }
    return makeError(ErrorCode::Unsupported, QStringLiteral("unsupported dtype '%1'").arg(descr));
}

} // namespace

Result<NpyFile> NpyFile::read(ByteSourcePtr bytes, const Limits &limits)
{
    const QString file = bytes->name();
    auto fail = [&file](Error e) {
        e.location = file;
        return e;
    };
    const qint64 size = bytes->size();
    char prefix[12];
    if (size < 10)
        return fail(
            makeError(ErrorCode::Format, QStringLiteral("the file is %1 bytes, too short for a .npy").arg(size)));
    if (Status s = bytes->read(0, std::min<qint64>(12, size), prefix); !s)
        return s.error();
    if (QByteArrayView(prefix, 6) != kMagic)
        return fail(makeError(ErrorCode::Format, QStringLiteral("not a .npy file (no \\x93NUMPY magic)")));
    const int major = quint8(prefix[6]);
    const int minor = quint8(prefix[7]);
    if (major < 1 || major > 3 || minor != 0)
        return fail(makeError(ErrorCode::Unsupported,
                              QStringLiteral("format version %1.%2 (expected 1.0, 2.0 or 3.0)").arg(major).arg(minor)));
    qint64 headerLength = 0;
    qint64 headerStart = 10;
    if (major == 1) {
        headerLength = qFromLittleEndian<quint16>(prefix + 8);
    } else {
        if (size < 12)
            return fail(makeError(ErrorCode::Format, QStringLiteral("the file ends inside the header length")));
        headerLength = qFromLittleEndian<quint32>(prefix + 8);
        headerStart = 12;
    }
    if (headerLength > limits.maxNpyHeader)
        return fail(
            makeError(ErrorCode::Limit, QStringLiteral("the header length %1 is more than the limit of %2 bytes")
                                            .arg(headerLength)
                                            .arg(limits.maxNpyHeader)));
    if (headerLength > size - headerStart)
        return fail(
            makeError(ErrorCode::Format, QStringLiteral("the header length %1 goes past the end of the file (%2 "
                                                        "bytes)")
                                             .arg(headerLength)
                                             .arg(size)));
    QByteArray raw(headerLength, Qt::Uninitialized);
    if (Status s = bytes->read(headerStart, headerLength, raw.data()); !s)
        return s.error();
    const QString text = major == 3 ? QString::fromUtf8(raw) : QString::fromLatin1(raw);
    DictParser dict(text);
    if (!dict.accept(u'{'))
        return fail(dict.error(QStringLiteral("the header must be a dict {...}")));
    std::optional<QString> descr;
    std::optional<bool> fortran;
    std::optional<QList<qint64>> shape;
    while (!dict.accept(u'}')) {
        Result<QString> key = dict.string();
        if (!key)
            return fail(key.error());
        if (!dict.accept(u':'))
            return fail(dict.error(QStringLiteral("expected ':' after '%1'").arg(*key)));
        if (*key == u"descr") {
            if (dict.peek() == u'[')
                return fail(makeError(ErrorCode::Unsupported,
                                      QStringLiteral("structured dtypes (a list in \"descr\") are not supported")));
            Result<QString> v = dict.string();
            if (!v)
                return fail(v.error());
            descr = *v;
        } else if (*key == u"fortran_order") {
            Result<bool> v = dict.boolean();
            if (!v)
                return fail(v.error());
            fortran = *v;
        } else if (*key == u"shape") {
            Result<QList<qint64>> v = dict.tuple();
            if (!v)
                return fail(v.error());
            shape = *v;
        } else {
            return fail(
                dict.error(QStringLiteral("unexpected key '%1' (expected descr, fortran_order, shape)").arg(*key)));
        }
        if (!dict.accept(u',')) {
            if (!dict.accept(u'}'))
                return fail(dict.error(QStringLiteral("expected ',' or '}'")));
            break;
        }
    }
    if (!dict.atEnd())
        return fail(dict.error(QStringLiteral("unexpected text after the header dict")));
    if (!descr || !fortran || !shape)
        return fail(makeError(ErrorCode::Format, QStringLiteral("the header lacks \"%1\"")
                                                     .arg(!descr     ? QStringLiteral("descr")
                                                          : !fortran ? QStringLiteral("fortran_order")
                                                                     : QStringLiteral("shape"))));
    Result<TensorLayout> layout = parseDescr(*descr);
    if (!layout)
        return fail(layout.error());
    NpyFile npy;
    npy.m_layout = *layout;
    npy.m_layout.shape = *shape;
    npy.m_layout.fortran = *fortran;
    npy.m_layout.offset = headerStart + headerLength;
    npy.m_descr = *descr;
    npy.m_major = major;
    npy.m_bytes = std::move(bytes);
    npy.m_limits = limits;
    // Check sizes now, so that a broken file fails at open.
    Result<TensorReaderPtr> reader = npy.openTensor(QStringLiteral("array"));
    if (!reader)
        return reader.error();
    const qint64 trailing = size - npy.m_layout.offset - (*reader)->byteSize();
    if (trailing != 0)
        return fail(makeError(ErrorCode::Format, QStringLiteral("the file has %1 bytes after the %2 bytes of data "
                                                                "(dtype '%3', shape %4)")
                                                     .arg(trailing)
                                                     .arg((*reader)->byteSize())
                                                     .arg(*descr, shapeText(*shape))));
    return npy;
}

Result<TensorReaderPtr> NpyFile::openTensor(const QString &name) const
{
    return TensorReader::create(name, m_layout, m_bytes, false, m_limits);
}

QString NpyFile::descrFor(DType dtype)
{
    if (dtype == DType::Bool)
        return QStringLiteral("|b1");
    for (const NpyType &t : kTypes)
        if (t.dtype == dtype)
            return (t.size == 1 ? QStringLiteral("|") : QStringLiteral("<")) + QLatin1Char(t.kind) +
                   QString::number(t.size);
    return {};
}

Status writeNpy(QIODevice &out, const TensorReader &tensor, Progress *progress)
{
    const QString descr = NpyFile::descrFor(tensor.dtype());
    if (descr.isEmpty())
        return makeError(ErrorCode::Unsupported, QStringLiteral("tensor \"%1\" has dtype %2, which .npy cannot hold")
                                                     .arg(tensor.name(), dtypeName(tensor.dtype())));
    QStringList dims;
    for (qint64 d : tensor.shape())
        dims << QString::number(d);
    const QString shape = dims.size() == 1 ? QString(u'(' + dims[0] + QStringLiteral(",)"))
                                           : QString(u'(' + dims.join(QStringLiteral(", ")) + u')');
    QByteArray header =
        QStringLiteral("{'descr': '%1', 'fortran_order': False, 'shape': %2, }").arg(descr, shape).toLatin1();
    // The spec pads the header to a multiple of 64. When the bytes come from a file
    // the kernel copies (a Stored entry, a folder's file), the data is padded further,
    // by up to a page, to start at the same offset modulo 4096 as its source: the copy
    // is then page to page (about 25% faster for a large tensor).
    qint64 alignTo = -1;
    const qint64 sourceAt = tensor.bytes().diskOffset();
    if (sourceAt >= 0 && tensor.byteSize() >= kAlignedMinimum && !tensor.layout().bigEndian &&
        !tensor.layout().fortran && (sourceAt + tensor.layout().offset) % 64 == 0)
        alignTo = (sourceAt + tensor.layout().offset) % kPage;
    qint64 prefix = 10;
    auto padded = [&] {
        qint64 total = prefix + header.size() + 1;
        total += (64 - total % 64) % 64;
        if (alignTo >= 0)
            total += (alignTo - total % kPage + kPage) % kPage;
        return total - prefix - 1;
    };
    int major = 1;
    if (padded() + 1 > 65535) {
        major = 2;
        prefix = 12;
    }
    header += QByteArray(padded() - header.size(), ' ');
    header += '\n';
    QByteArray start = kMagic;
    start += char(major);
    start += '\0';
    if (major == 1) {
        uchar length[2];
        qToLittleEndian<quint16>(quint16(header.size()), length);
        start.append(reinterpret_cast<const char *>(length), 2);
    } else {
        uchar length[4];
        qToLittleEndian<quint32>(quint32(header.size()), length);
        start.append(reinterpret_cast<const char *>(length), 4);
    }
    start += header;
    if (out.write(start) != start.size())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()));
    return copyTensorBytes(tensor, out, progress);
}

} // namespace carton
