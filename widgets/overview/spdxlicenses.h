// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace studio {

// The SPDX license list shipped as a resource (resources/spdx/: identifiers,
// names, OSI approval, deprecation, and the exceptions allowed after WITH), and
// a checker for SPDX license expressions ("MIT OR Apache-2.0",
// "GPL-2.0-or-later WITH Classpath-exception-2.0", "(MIT AND BSD-3-Clause)",
// "LicenseRef-custom").
class SpdxLicenses final {
public:
    struct License {
        QString id;
        QString name; // may be empty (ids newer than the names' source)
        bool osiApproved = false;
        bool deprecated = false;
    };

    // The list read once from the resource.
    static const SpdxLicenses &instance();

    const QList<License> &licenses() const { return m_licenses; }
    const QStringList &exceptionIds() const { return m_exceptionIds; }
    // Case-insensitive lookup (SPDX ids match case-insensitively); nullptr when unknown.
    const License *find(const QString &id) const;
    bool isException(const QString &id) const;

    // What is wrong with a license field, for people; empty when it is a valid
    // SPDX expression of known ids. Unknown ids, ids in the wrong case,
    // deprecated ids, exceptions used as licenses and syntax errors each give
    // one line.
    QStringList check(const QString &expression) const;

private:
    SpdxLicenses();

    QList<License> m_licenses;
    QHash<QString, qsizetype> m_index; // lower-case id -> m_licenses index
    QStringList m_exceptionIds;
    QHash<QString, QString> m_exceptions; // lower-case id -> id
};

} // namespace studio
