// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QStringList>

namespace carton {

// The LINKS file: `version = 1` and `[urls]` mapping sha256 -> list of URLs.
class CARTONCORE_EXPORT Links {
public:
    // Strict: version must be 1, keys 64-char lowercase hex sha256, values
    // non-empty arrays of http(s) URL strings. Errors name "LINKS:LINE:COL".
    static Result<Links> parse(QByteArrayView text, const QString &fileName = QStringLiteral("LINKS"));
    QByteArray serialize() const; // sorted by sha256, deterministic

    const QMap<QByteArray, QStringList> &urls() const { return m_urls; }
    QStringList urlsFor(const QByteArray &sha256Hex) const { return m_urls.value(sha256Hex); }
    void setUrls(const QByteArray &sha256Hex, const QStringList &urls) { m_urls.insert(sha256Hex, urls); }
    bool isEmpty() const { return m_urls.isEmpty(); }

private:
    QMap<QByteArray, QStringList> m_urls;
};

} // namespace carton
