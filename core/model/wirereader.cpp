// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/wirereader.h"

namespace carton {

Result<bool> WireReader::next(Field &field)
{
    if (m_cursor.atLimit())
        return false;
    const qint64 at = m_cursor.position();
    Result<quint64> tag = m_cursor.varint();
    if (!tag)
        return tag.error();
    const quint64 number = *tag >> 3;
    const int type = int(*tag & 7);
    if (number == 0 || number > 0x1fffffff)
        return makeError(ErrorCode::Format, QStringLiteral("invalid field number %1 at byte %2").arg(number).arg(at));
    field.number = quint32(number);
    switch (type) {
    case Varint: {
        field.type = Varint;
        field.offset = m_cursor.position();
        Result<quint64> v = m_cursor.varint();
        if (!v)
            return v.error();
        field.value = *v;
        field.length = m_cursor.position() - field.offset;
        return true;
    }
    case Fixed64:
    case Fixed32: {
        field.type = WireType(type);
        field.offset = m_cursor.position();
        field.length = type == Fixed64 ? 8 : 4;
        Result<quint64> v = readScalar(int(field.length));
        if (!v)
            return v.error();
        field.value = *v;
        return true;
    }
    case Length: {
        field.type = Length;
        Result<quint64> length = m_cursor.varint();
        if (!length)
            return length.error();
        field.offset = m_cursor.position();
        if (*length > quint64(m_cursor.remaining()))
            return makeError(ErrorCode::Format,
                             QStringLiteral("field %1 at byte %2: its length %3 goes past the end of the enclosing "
                                            "message (byte %4)")
                                 .arg(number)
                                 .arg(at)
                                 .arg(*length)
                                 .arg(m_cursor.limit()));
        field.length = qint64(*length);
        if (Status s = m_cursor.skip(field.length); !s)
            return s.error();
        return true;
    }
    default:
        return makeError(ErrorCode::Format, QStringLiteral("field %1 at byte %2 has wire type %3 (%4)")
                                                .arg(number)
                                                .arg(at)
                                                .arg(type)
                                                .arg(type == 3 || type == 4 ? QStringLiteral("a group, not supported")
                                                                            : QStringLiteral("not a wire type")));
    }
}

WireReader::Scope WireReader::enter(const Field &field)
{
    const Scope scope{field.end(), m_cursor.limit()};
    m_cursor.setLimit(field.end());
    (void)m_cursor.seek(field.offset);
    return scope;
}

void WireReader::leave(const Scope &scope)
{
    m_cursor.setLimit(scope.limit);
    (void)m_cursor.seek(scope.resumeAt);
}

Result<QByteArray> WireReader::bytes(const Field &field, qint64 max)
{
    if (field.length > max)
        return makeError(ErrorCode::Limit, QStringLiteral("%1 bytes at byte %2, more than the limit of %3 bytes")
                                               .arg(field.length)
                                               .arg(field.offset)
                                               .arg(max));
    const Scope scope = enter(field);
    QByteArray out(field.length, Qt::Uninitialized);
    const Status s = m_cursor.read(out.data(), field.length);
    leave(scope);
    if (!s)
        return s.error();
    return out;
}

Result<QString> WireReader::string(const Field &field, qint64 max)
{
    Result<QByteArray> b = bytes(field, max);
    if (!b)
        return b.error();
    return QString::fromUtf8(*b);
}

Result<quint64> WireReader::readScalar(int width)
{
    if (width == 0)
        return m_cursor.varint();
    if (width == 8)
        return m_cursor.u64le();
    Result<quint32> v = m_cursor.u32le();
    if (!v)
        return v.error();
    return quint64(*v);
}

Status WireReader::forEachScalar(const Field &field, int width, const std::function<Status(quint64)> &each)
{
    if (field.type != Length)
        return each(field.value);
    if (width > 0 && field.length % width != 0)
        return makeError(ErrorCode::Format,
                         QStringLiteral("packed field %1 at byte %2: %3 bytes is not a multiple of %4")
                             .arg(field.number)
                             .arg(field.offset)
                             .arg(field.length)
                             .arg(width));
    const Scope scope = enter(field);
    Status status;
    while (!m_cursor.atLimit()) {
        Result<quint64> v = readScalar(width);
        if (!v) {
            status = v.error();
            break;
        }
        if (status = each(*v); !status)
            break;
    }
    leave(scope);
    return status;
}

} // namespace carton
