// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// A small GGUF writer for tests, after the spec (docs/gguf.md in ggml).

#include <QByteArray>
#include <QList>
#include <QtEndian>
#include <optional>

namespace testutil {

// A GGUF v3 writer after the spec: header, key/values, tensor infos, padding to the
// alignment, then each tensor's bytes at an aligned offset.
class GgufWriter {
public:
    enum Type : quint32 { U8, I8, U16, I16, U32, I32, F32, Bool, String, Array, U64, I64, F64 };
    struct TensorSpec {
        QByteArray name;
        QList<quint64> ne; // ggml order: ne[0] fastest
        quint32 type;
        QByteArray data;
        std::optional<quint64> offset; // override (hostile files)
    };

    static QByteArray u32(quint32 v)
    {
        QByteArray b(4, '\0');
        qToLittleEndian(v, b.data());
        return b;
    }
    static QByteArray u64(quint64 v)
    {
        QByteArray b(8, '\0');
        qToLittleEndian(v, b.data());
        return b;
    }
    static QByteArray str(const QByteArray &s) { return u64(quint64(s.size())) + s; }

    void kv(const QByteArray &key, quint32 type, const QByteArray &value)
    {
        m_kv += str(key) + u32(type) + value;
        ++m_kvCount;
    }
    void tensor(TensorSpec spec) { m_tensors.append(std::move(spec)); }

    QByteArray build(quint32 alignment = 32, quint32 version = 3) const
    {
        QByteArray out = QByteArray("GGUF") + u32(version) + u64(quint64(m_tensors.size())) + u64(m_kvCount) + m_kv;
        QByteArray data;
        for (const TensorSpec &t : m_tensors) {
            while (data.size() % alignment)
                data += '\0';
            out += str(t.name) + u32(quint32(t.ne.size()));
            for (quint64 n : t.ne)
                out += u64(n);
            out += u32(t.type) + u64(t.offset.value_or(quint64(data.size())));
            data += t.data;
        }
        while (out.size() % alignment)
            out += '\0';
        return out + data;
    }

private:
    QByteArray m_kv;
    quint64 m_kvCount = 0;
    QList<TensorSpec> m_tensors;
};

} // namespace testutil
