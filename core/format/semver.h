// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QList>
#include <QString>

#include <optional>

namespace carton {

struct SemVersion {
    quint64 major = 0, minor = 0, patch = 0;
    QString pre; // pre-release, without '-'
    auto operator<=>(const SemVersion &) const = default;
    QString toString() const;
};

CARTONCORE_EXPORT std::optional<SemVersion> parseSemVersion(QStringView text);

// A version requirement as Rust's semver crate parses it (VersionReq):
// comma-separated comparators, each `[op]MAJOR[.MINOR[.PATCH[-pre]]]` with op one
// of = > >= < <= ~ ^ (none means ^), or wildcards `*`, `1.*`, `1.2.x`.
class CARTONCORE_EXPORT VersionReq {
public:
    // nullopt + *error set on a syntax error ("unexpected character 'x' at 3").
    static std::optional<VersionReq> parse(QStringView text, QString *error = nullptr);
    bool matches(const SemVersion &version) const;
    QString toString() const { return m_text; }

private:
    struct Comparator {
        enum Op { Exact, Greater, GreaterEq, Less, LessEq, Tilde, Caret, Wildcard } op;
        quint64 major = 0;
        std::optional<quint64> minor, patch;
        QString pre;
    };
    QList<Comparator> m_comparators;
    QString m_text;
    friend bool comparatorMatches(const Comparator &, const SemVersion &);
};

} // namespace carton
