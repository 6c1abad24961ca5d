// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to cartoncore: a strict, allocation-light JSON scanner for headers
// that must be validated exactly (safetensors): it sees duplicate keys, rejects
// anything RFC 8259 does not allow, and reports byte offsets. Also walks large
// documents of which only a few fields are wanted (tokenizer.json), skipping the
// rest without building it.

#include "base/result.h"

#include <QByteArrayView>
#include <QString>

namespace carton {

class JsonScanner final {
public:
    // `what` names the text in errors ("at byte N of the header: ...").
    explicit JsonScanner(QByteArrayView text, QString what = QStringLiteral("the header"))
        : m_text(text), m_what(std::move(what))
    {
    }

    qint64 position() const { return m_pos; }
    bool atEnd() const { return m_pos >= m_text.size(); }
    // The next non-whitespace byte (0 at the end), after skipping whitespace.
    char peek();
    // Skips whitespace and consumes `c`, or fails naming what was found.
    Status expect(char c);
    // Consumes `c` when it is next (after whitespace).
    bool accept(char c);
    Result<QString> string();
    // The next string's bytes between its quotes, checked as string() checks them,
    // without decoding: *escaped says whether they hold escapes (then string() on
    // the same text gives what they mean).
    Result<QByteArrayView> stringView(bool *escaped);
    // A non-negative integer without sign, fraction or exponent, fitting in qint64.
    Result<qint64> unsignedInteger();
    // The next number's text ("-5", "5.0", "1e3"), checked as skipValue() checks it.
    Result<QByteArrayView> numberView();
    // Skips any value (depth-limited).
    Status skipValue(int depth = 0);
    // "at byte N: MESSAGE".
    Error error(const QString &message) const;

private:
    void skipSpace();
    Status skipNumber();
    QString found() const;
    QByteArrayView m_text;
    QString m_what;
    qint64 m_pos = 0;
};

} // namespace carton
