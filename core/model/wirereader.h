// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/sourcecursor.h"

#include <QByteArray>
#include <QString>
#include <functional>

namespace carton {

// The protobuf wire format (https://protobuf.dev/programming-guides/encoding/),
// read field by field over a SourceCursor without ever holding a message whole:
// a length-delimited field is returned as a byte range of the file (so ONNX
// `raw_data` stays where it is: zero copy) and only entered or read on request.
// Groups (wire types 3 and 4) are refused, as every current protobuf does.
class WireReader {
public:
    enum WireType { Varint = 0, Fixed64 = 1, Length = 2, Fixed32 = 5 };
    struct Field {
        quint32 number = 0;
        WireType type = Varint;
        quint64 value = 0; // Varint, Fixed64, Fixed32: the value's bits
        qint64 offset = 0; // where the payload starts in the file
        qint64 length = 0; // Length: the payload's bytes
        qint64 end() const { return offset + length; }
    };
    // Where to resume the enclosing message after enter().
    struct Scope {
        qint64 resumeAt = 0;
        qint64 limit = 0;
    };

    explicit WireReader(const ByteSource &source) : m_cursor(source) {}

    SourceCursor &cursor() { return m_cursor; }
    // The next field of the current message into `field`; false at its end. A
    // Length field's payload is skipped (its range is in `field`).
    Result<bool> next(Field &field);
    // Reads a Length field's payload as a message: the current message becomes
    // [offset, end) until leave(scope).
    Scope enter(const Field &field);
    void leave(const Scope &scope);
    // A Length field's payload (at most `max` bytes, else ErrorCode::Limit).
    Result<QByteArray> bytes(const Field &field, qint64 max);
    // The payload as UTF-8 text (invalid sequences replaced), at most `max` bytes.
    Result<QString> string(const Field &field, qint64 max);
    // Each element of a repeated scalar field: the field itself (unpacked) or every
    // element of its packed payload: varints (width 0) or little-endian fixed-width
    // values (width 4 or 8) as bits.
    Status forEachScalar(const Field &field, int width, const std::function<Status(quint64)> &each);

private:
    Result<quint64> readScalar(int width);
    SourceCursor m_cursor;
};

} // namespace carton
