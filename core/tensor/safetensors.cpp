// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/safetensors.h"

#include "tensor/jsonscanner.h"

#include <QFileDevice>
#include <QSet>
#include <QStringDecoder>
#include <QtEndian>
#include <algorithm>
#include <array>
#include <limits>

namespace carton {

namespace {

struct StDType {
    const char16_t *name;
    std::optional<DType> dtype;
    int bits;                         // per element (F4 packs two per byte, F6 four per three bytes)
    std::optional<NarrowType> narrow; // read as float32 through NarrowFloatSource
};

// Every dtype the reference (safetensors/src/tensor.rs, Dtype) defines; those with
// neither a DType nor a NarrowType are listed, their values "cannot be shown". F8_E4M3
// is PyTorch's float8_e4m3fn (NaN = S.1111.111, no infinities).
const std::array<StDType, 22> kDTypes{{
    {u"BOOL", DType::Bool, 8, {}},
    {u"F4", std::nullopt, 4, NarrowType::F4E2M1},
    {u"F6_E2M3", std::nullopt, 6, {}},
    {u"F6_E3M2", std::nullopt, 6, {}},
    {u"U8", DType::Uint8, 8, {}},
    {u"I8", DType::Int8, 8, {}},
    {u"F8_E5M2", std::nullopt, 8, NarrowType::F8E5M2},
    {u"F8_E4M3", std::nullopt, 8, NarrowType::F8E4M3FN},
    {u"F8_E8M0", std::nullopt, 8, NarrowType::F8E8M0},
    {u"F8_E4M3FNUZ", std::nullopt, 8, NarrowType::F8E4M3FNUZ},
    {u"F8_E5M2FNUZ", std::nullopt, 8, NarrowType::F8E5M2FNUZ},
    {u"I16", DType::Int16, 16, {}},
    {u"U16", DType::Uint16, 16, {}},
    {u"F16", DType::Float16, 16, {}},
    {u"BF16", DType::BFloat16, 16, {}},
    {u"I32", DType::Int32, 32, {}},
    {u"U32", DType::Uint32, 32, {}},
    {u"F32", DType::Float32, 32, {}},
    {u"C64", std::nullopt, 64, {}},
    {u"F64", DType::Float64, 64, {}},
    {u"I64", DType::Int64, 64, {}},
    {u"U64", DType::Uint64, 64, {}},
}};

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

const StDType *findDType(QStringView name)
{
    for (const StDType &d : kDTypes)
        if (name == QStringView(d.name))
            return &d;
    return nullptr;
}

QString knownDTypes()
{
    QStringList names;
    for (const StDType &d : kDTypes)
        names << QString::fromUtf16(d.name);
    return names.join(QStringLiteral(", "));
}

class HeaderParser {
public:
    HeaderParser(QByteArrayView header, qint64 bufferSize, const Limits &limits)
        : m_json(header), m_header(header), m_bufferSize(bufferSize), m_limits(limits)
    {
    }

    Status parse(QList<SafetensorsTensor> &tensors, SafetensorsMetadata &metadata)
    {
        // The format says the header MUST begin with '{' and MAY be padded at the
        // end only: leading whitespace is refused (the reference refuses it too).
        if (m_header.isEmpty())
            return plain(QStringLiteral("the header must be a JSON object, starting with '{'; it is empty"));
        if (m_header.front() != '{') {
            const char c = m_header.front();
            const QString found = isJsonSpace(c) ? QStringLiteral("whitespace (byte 0x%1); padding is allowed only "
                                                                  "after the JSON object")
                                                       .arg(quint8(c), 2, 16, QLatin1Char('0'))
                                                 : QStringLiteral("byte 0x%1").arg(quint8(c), 2, 16, QLatin1Char('0'));
            return plain(QStringLiteral("the header must be a JSON object, starting with '{' at its first byte; "
                                        "found %1")
                             .arg(found));
        }
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = utf8.decode(m_header);
        Q_UNUSED(decoded);
        if (utf8.hasError())
            return plain(QStringLiteral("the header is not valid UTF-8"));
        if (Status s = m_json.expect('{'); !s)
            return s;
        QSet<QString> keys;
        bool sawMetadata = false;
        if (!m_json.accept('}')) {
            do {
                Result<QString> key = m_json.string();
                if (!key)
                    return key.error();
                if (keys.contains(*key))
                    return plain(QStringLiteral("duplicate key \"%1\" in the header").arg(*key));
                keys.insert(*key);
                if (Status s = m_json.expect(':'); !s)
                    return s;
                if (*key == u"__metadata__") {
                    sawMetadata = true;
                    if (Status s = parseMetadata(metadata); !s)
                        return s;
                    continue;
                }
                Result<SafetensorsTensor> tensor = parseTensor(*key);
                if (!tensor)
                    return tensor.error();
                tensors.append(std::move(tensor).value());
            } while (m_json.accept(','));
            if (Status s = m_json.expect('}'); !s)
                return s;
        }
        Q_UNUSED(sawMetadata);
        for (qint64 i = m_json.position(); i < m_header.size(); ++i)
            if (!isJsonSpace(m_header[i]))
                return plain(QStringLiteral("only JSON whitespace may pad the header after its JSON object; found "
                                            "byte 0x%1 at byte %2")
                                 .arg(quint8(m_header[i]), 2, 16, QLatin1Char('0'))
                                 .arg(i));
        return checkLayout(tensors);
    }

private:
    static Error plain(const QString &message) { return makeError(ErrorCode::Format, message); }

    static Error inTensor(const QString &name, Error e)
    {
        e.message = QStringLiteral("tensor \"%1\": %2").arg(name, e.message);
        return e;
    }

    Status parseMetadata(SafetensorsMetadata &metadata)
    {
        if (m_json.peek() != '{')
            return m_json.error(QStringLiteral("__metadata__ must be an object mapping strings to strings"));
        (void)m_json.accept('{');
        QSet<QString> keys;
        if (m_json.accept('}'))
            return {};
        do {
            Result<QString> key = m_json.string();
            if (!key)
                return key.error();
            if (keys.contains(*key))
                return plain(QStringLiteral("__metadata__: duplicate key \"%1\"").arg(*key));
            keys.insert(*key);
            if (Status s = m_json.expect(':'); !s)
                return s;
            if (m_json.peek() != '"')
                return m_json.error(
                    QStringLiteral("__metadata__: the value of \"%1\" must be a string (only strings are allowed)")
                        .arg(*key));
            Result<QString> value = m_json.string();
            if (!value)
                return value.error();
            metadata.append({*key, *value});
        } while (m_json.accept(','));
        return m_json.expect('}');
    }

    Result<QList<qint64>> integerList(const QString &name, const char *field)
    {
        QList<qint64> values;
        if (m_json.peek() != '[')
            return inTensor(
                name, m_json.error(QStringLiteral("\"%1\" must be an array of integers").arg(QLatin1String(field))));
        (void)m_json.accept('[');
        if (m_json.accept(']'))
            return values;
        do {
            Result<qint64> v = m_json.unsignedInteger();
            if (!v) {
                Error e = v.error();
                e.message = QStringLiteral("\"%1\": %2").arg(QLatin1String(field), e.message);
                return inTensor(name, e);
            }
            if (values.size() >= 1024)
                return inTensor(name,
                                plain(QStringLiteral("\"%1\" has more than 1024 values").arg(QLatin1String(field))));
            values.append(*v);
        } while (m_json.accept(','));
        if (Status s = m_json.expect(']'); !s)
            return inTensor(name, s.error());
        return values;
    }

    Result<SafetensorsTensor> parseTensor(const QString &name)
    {
        SafetensorsTensor t;
        t.name = name;
        if (m_json.peek() != '{')
            return inTensor(
                name, m_json.error(QStringLiteral("expected an object {\"dtype\", \"shape\", \"data_offsets\"}")));
        (void)m_json.accept('{');
        QSet<QString> fields;
        std::optional<QList<qint64>> offsets;
        bool hasShape = false;
        if (!m_json.accept('}')) {
            do {
                Result<QString> field = m_json.string();
                if (!field)
                    return inTensor(name, field.error());
                if (fields.contains(*field))
                    return inTensor(name, plain(QStringLiteral("duplicate field \"%1\"").arg(*field)));
                fields.insert(*field);
                if (Status s = m_json.expect(':'); !s)
                    return inTensor(name, s.error());
                if (*field == u"dtype") {
                    if (m_json.peek() != '"')
                        return inTensor(name, m_json.error(QStringLiteral("\"dtype\" must be a string")));
                    Result<QString> dtype = m_json.string();
                    if (!dtype)
                        return inTensor(name, dtype.error());
                    t.dtypeName = *dtype;
                } else if (*field == u"shape") {
                    Result<QList<qint64>> shape = integerList(name, "shape");
                    if (!shape)
                        return shape.error();
                    t.shape = *shape;
                    hasShape = true;
                } else if (*field == u"data_offsets") {
                    Result<QList<qint64>> o = integerList(name, "data_offsets");
                    if (!o)
                        return o.error();
                    offsets = *o;
                } else if (Status s = m_json.skipValue(); !s) {
                    return inTensor(name, s.error());
                }
            } while (m_json.accept(','));
            if (Status s = m_json.expect('}'); !s)
                return inTensor(name, s.error());
        }
        for (const char *required : {"dtype", "shape", "data_offsets"})
            if (!fields.contains(QLatin1String(required)))
                return inTensor(name, plain(QStringLiteral("missing field \"%1\"").arg(QLatin1String(required))));
        Q_UNUSED(hasShape);
        const StDType *dtype = findDType(t.dtypeName);
        if (!dtype)
            return inTensor(
                name,
                plain(QStringLiteral("unknown dtype \"%1\" (expected one of %2)").arg(t.dtypeName, knownDTypes())));
        t.dtype = dtype->narrow ? std::optional<DType>(DType::Float32) : dtype->dtype;
        t.narrow = dtype->narrow;
        if (offsets->size() != 2)
            return inTensor(
                name,
                plain(QStringLiteral("\"data_offsets\" must be [begin, end], found %1 values").arg(offsets->size())));
        t.begin = offsets->at(0);
        t.end = offsets->at(1);
        const std::optional<qint64> count = checkedElementCount(t.shape, m_limits.maxTensorElements);
        if (!count || *count > std::numeric_limits<qint64>::max() / dtype->bits)
            return inTensor(name, plain(QStringLiteral("the element count of shape %1 overflows or exceeds the limit "
                                                       "of %2 elements")
                                            .arg(shapeText(t.shape))
                                            .arg(m_limits.maxTensorElements)));
        if (t.begin > t.end)
            return inTensor(name,
                            plain(QStringLiteral("data_offsets [%1, %2]: begin is after end").arg(t.begin).arg(t.end)));
        if (*count * dtype->bits % 8 != 0)
            return inTensor(name,
                            plain(QStringLiteral("%1 elements of %2 (%3 bits each) are not a whole number of bytes")
                                      .arg(*count)
                                      .arg(t.dtypeName)
                                      .arg(dtype->bits)));
        const qint64 need = *count * dtype->bits / 8;
        if (t.end - t.begin != need)
            return inTensor(name, plain(QStringLiteral("data_offsets [%1, %2] hold %3 bytes, but %4 %5 needs %6 bytes")
                                            .arg(t.begin)
                                            .arg(t.end)
                                            .arg(t.end - t.begin)
                                            .arg(t.dtypeName, shapeText(t.shape))
                                            .arg(need)));
        if (t.end > m_bufferSize)
            return inTensor(name, plain(QStringLiteral("data_offsets end %1 is past the end of the byte buffer (%2 "
                                                       "bytes after the header)")
                                            .arg(t.end)
                                            .arg(m_bufferSize)));
        return t;
    }

    Status checkLayout(const QList<SafetensorsTensor> &tensors) const
    {
        QList<const SafetensorsTensor *> order;
        for (const SafetensorsTensor &t : tensors)
            order.append(&t);
        std::sort(order.begin(), order.end(), [](const SafetensorsTensor *a, const SafetensorsTensor *b) {
            return std::pair(a->begin, a->end) < std::pair(b->begin, b->end);
        });
        qint64 expected = 0;
        const SafetensorsTensor *previous = nullptr;
        for (const SafetensorsTensor *t : std::as_const(order)) {
            if (t->begin < expected)
                return plain(QStringLiteral("tensor \"%1\" (bytes %2..%3) overlaps tensor \"%4\" (bytes %5..%6)")
                                 .arg(t->name)
                                 .arg(t->begin)
                                 .arg(t->end)
                                 .arg(previous->name)
                                 .arg(previous->begin)
                                 .arg(previous->end));
            if (t->begin > expected)
                return plain(QStringLiteral("tensor \"%1\" starts at byte %2 of the buffer, leaving a hole of %3 "
                                            "bytes that no tensor uses")
                                 .arg(t->name)
                                 .arg(t->begin)
                                 .arg(t->begin - expected));
            expected = t->end;
            previous = t;
        }
        if (expected != m_bufferSize)
            return plain(QStringLiteral("the byte buffer has %1 trailing bytes after the last tensor (tensors end at "
                                        "%2, the buffer is %3 bytes)")
                             .arg(m_bufferSize - expected)
                             .arg(expected)
                             .arg(m_bufferSize));
        return {};
    }

    JsonScanner m_json;
    QByteArrayView m_header;
    qint64 m_bufferSize;
    const Limits &m_limits;
};

QByteArray jsonQuote(const QString &text)
{
    QByteArray out("\"");
    for (char c : text.toUtf8()) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (quint8(c) < 0x20) {
            out += "\\u00";
            out += QByteArray::number(quint8(c), 16).rightJustified(2, '0');
        } else {
            out += c;
        }
    }
    out += '"';
    return out;
}

QByteArray intList(const QList<qint64> &values)
{
    QByteArray out("[");
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        out += QByteArray::number(values[i]);
    }
    return out + ']';
}

} // namespace

QString SafetensorsFile::dtypeName(DType dtype)
{
    for (const StDType &d : kDTypes)
        if (d.dtype == dtype)
            return QString::fromUtf16(d.name);
    return {};
}

std::optional<DType> SafetensorsFile::parseDType(QStringView name)
{
    const StDType *d = findDType(name);
    return d ? d->dtype : std::nullopt;
}

Result<SafetensorsFile> SafetensorsFile::read(ByteSourcePtr bytes, const Limits &limits)
{
    const QString file = bytes->name();
    const qint64 size = bytes->size();
    auto fail = [&file](Error e) {
        e.location = file;
        return e;
    };
    if (size < 8)
        return fail(
            makeError(ErrorCode::Format,
                      QStringLiteral("the file is %1 bytes, too short for the 8-byte header length").arg(size)));
    uchar lengthBytes[8];
    if (Status s = bytes->read(0, 8, reinterpret_cast<char *>(lengthBytes)); !s)
        return s.error();
    const quint64 length = qFromLittleEndian<quint64>(lengthBytes);
    if (length > quint64(limits.maxSafetensorsHeader))
        return fail(
            makeError(ErrorCode::Limit, QStringLiteral("the header length %1 is more than the limit of %2 bytes")
                                            .arg(length)
                                            .arg(limits.maxSafetensorsHeader)));
    if (length > quint64(size - 8))
        return fail(makeError(
            ErrorCode::Format,
            QStringLiteral("the header length %1 goes past the end of the file (%2 bytes)").arg(length).arg(size)));
    QByteArray header(qsizetype(length), Qt::Uninitialized);
    if (Status s = bytes->read(8, qint64(length), header.data()); !s)
        return s.error();
    SafetensorsFile result;
    result.m_bufferOffset = 8 + qint64(length);
    HeaderParser parser(header, size - result.m_bufferOffset, limits);
    if (Status s = parser.parse(result.m_tensors, result.m_metadata); !s)
        return fail(s.error());
    std::sort(result.m_tensors.begin(), result.m_tensors.end(),
              [](const SafetensorsTensor &a, const SafetensorsTensor &b) { return a.name < b.name; });
    result.m_bytes = std::move(bytes);
    result.m_limits = limits;
    return result;
}

const SafetensorsTensor *SafetensorsFile::find(const QString &name) const
{
    auto it = std::lower_bound(m_tensors.cbegin(), m_tensors.cend(), name,
                               [](const SafetensorsTensor &t, const QString &n) { return t.name < n; });
    return it != m_tensors.cend() && it->name == name ? &*it : nullptr;
}

Result<TensorReaderPtr> SafetensorsFile::openTensor(const QString &name) const
{
    const SafetensorsTensor *t = find(name);
    if (!t)
        return makeError(ErrorCode::NotFound, QStringLiteral("no tensor named \"%1\"").arg(name), m_bytes->name());
    if (!t->dtype)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("tensor \"%1\" has dtype %2: cannot show values").arg(name, t->dtypeName),
                         m_bytes->name());
    TensorLayout layout;
    layout.dtype = *t->dtype;
    layout.shape = t->shape;
    if (t->narrow) {
        const qint64 count = checkedElementCount(t->shape, m_limits.maxTensorElements).value_or(0);
        return TensorReader::create(
            name, layout, std::make_shared<NarrowFloatSource>(m_bytes, m_bufferOffset + t->begin, count, *t->narrow),
            false, m_limits);
    }
    layout.offset = m_bufferOffset + t->begin;
    return TensorReader::create(name, layout, m_bytes, false, m_limits);
}

Status copyTensorBytes(const TensorReader &tensor, QIODevice &out, Progress *progress)
{
    // 256 KiB: big enough for few system calls, small enough to stay in the CPU cache
    // (8 MiB writes were 3x slower than cp on the benchmark machine).
    constexpr qint64 kChunkBytes = 256 << 10;
    // Bytes already in the output's order (little-endian, C order) in a file on disk (a
    // Stored entry, a folder's file, a .safetensors) go to a file in the kernel,
    // 64 MiB per call so that progress and cancellation still move.
    auto *file = qobject_cast<QFileDevice *>(&out);
    const TensorLayout &layout = tensor.layout();
    if (file && file->handle() >= 0 && !layout.bigEndian && !layout.fortran && tensor.byteSize() > 0) {
        if (!file->flush())
            return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(file->errorString()));
        const qint64 start = file->pos();
        constexpr qint64 kCopyBytes = qint64(64) << 20;
        qint64 done = 0;
        while (done < tensor.byteSize()) {
            if (progress && progress->isCancelled())
                return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), tensor.name());
            const qint64 n = std::min(kCopyBytes, tensor.byteSize() - done);
            Result<bool> copied = tensor.bytes().copyToFile(layout.offset + done, n, file->handle());
            if (!copied)
                return copied.error();
            if (!*copied)
                break; // the source cannot: read and write below
            done += n;
            if (progress)
                progress->advance(n, tensor.name());
        }
        if (done > 0 && !file->seek(start + done)) // Qt's idea of the position follows the descriptor's
            return makeError(ErrorCode::Io, QStringLiteral("cannot seek: %1").arg(file->errorString()));
        if (done == tensor.byteSize())
            return {};
        if (done > 0)
            return makeError(ErrorCode::Io, QStringLiteral("the kernel copy stopped after %1 bytes").arg(done),
                             tensor.name());
    }
    const qint64 perChunk = std::max<qint64>(1, kChunkBytes / tensor.elementSize());
    QByteArray buffer(std::min(tensor.elementCount(), perChunk) * tensor.elementSize(), Qt::Uninitialized);
    for (qint64 first = 0; first < tensor.elementCount(); first += perChunk) {
        const qint64 n = std::min(perChunk, tensor.elementCount() - first);
        if (Status s = tensor.readFlat(first, n, buffer.data(), buffer.size(), progress); !s)
            return s;
        const qint64 bytes = n * tensor.elementSize();
        if (out.write(buffer.constData(), bytes) != bytes)
            return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()));
        if (progress)
            progress->advance(bytes, tensor.name());
    }
    return {};
}

Status writeSafetensors(QIODevice &out, const QList<TensorReaderPtr> &tensors, const SafetensorsMetadata &metadata,
                        Progress *progress)
{
    QByteArray header("{");
    QSet<QString> names;
    qint64 offset = 0;
    for (const TensorReaderPtr &t : tensors) {
        if (t->name().isEmpty() || t->name() == u"__metadata__" || names.contains(t->name()))
            return makeError(ErrorCode::Usage,
                             QStringLiteral("tensor name \"%1\" is empty, reserved or used twice").arg(t->name()));
        names.insert(t->name());
        const QString dtype = SafetensorsFile::dtypeName(t->dtype());
        if (dtype.isEmpty())
            return makeError(ErrorCode::Usage, QStringLiteral("tensor \"%1\": dtype %2 has no safetensors spelling")
                                                   .arg(t->name(), carton::dtypeName(t->dtype())));
        if (header.size() > 1)
            header += ',';
        header += jsonQuote(t->name()) + ":{\"dtype\":" + jsonQuote(dtype) + ",\"shape\":" + intList(t->shape()) +
                  ",\"data_offsets\":" + intList({offset, offset + t->byteSize()}) + '}';
        offset += t->byteSize();
    }
    if (!metadata.isEmpty()) {
        if (header.size() > 1)
            header += ',';
        header += "\"__metadata__\":{";
        for (qsizetype i = 0; i < metadata.size(); ++i) {
            if (i > 0)
                header += ',';
            header += jsonQuote(metadata[i].first) + ':' + jsonQuote(metadata[i].second);
        }
        header += '}';
    }
    header += '}';
    while ((8 + header.size()) % 8 != 0)
        header += ' ';
    uchar length[8];
    qToLittleEndian<quint64>(quint64(header.size()), length);
    if (out.write(reinterpret_cast<const char *>(length), 8) != 8 || out.write(header) != header.size())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()));
    for (const TensorReaderPtr &t : tensors)
        if (Status s = copyTensorBytes(*t, out, progress); !s)
            return s;
    return {};
}

} // namespace carton
