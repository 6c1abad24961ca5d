// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QList>
#include <QString>
#include <compare>
#include <optional>

namespace carton {

// A semantic version MAJOR.MINOR.PATCH[-PRE]; build metadata ("+...") is
// accepted by parseSemVersion and dropped (it never affects matching).
struct CARTONCORE_EXPORT SemVersion {
    quint64 major = 0, minor = 0, patch = 0;
    QString pre; // pre-release, without '-'
    // SemVer precedence: a version without pre-release is greater than the same
    // version with one; pre-release identifiers compare dot by dot, numeric ones
    // numerically and below alphanumeric ones.
    std::strong_ordering operator<=>(const SemVersion &other) const;
    bool operator==(const SemVersion &) const = default;
    QString toString() const;
};

// Parses a full version as Rust's semver::Version does ("1.2.3", "1.0.0-rc.1+b5");
// no surrounding spaces, no leading zeros. Fails with ErrorCode::Format and the
// crate's wording ("unexpected end of input while parsing minor version number").
CARTONCORE_EXPORT Result<SemVersion> parseSemVersion(QStringView text);

// A version requirement as Rust's semver crate parses it (VersionReq):
// comma-separated comparators, each `[op]MAJOR[.MINOR[.PATCH[-pre]]]` with op one
// of = > >= < <= ~ ^ (none means ^), or wildcards `*`, `1.*`, `1.2.x`.
class CARTONCORE_EXPORT VersionReq {
public:
    // Fails with ErrorCode::Format on a syntax error, worded like the semver crate
    // ("unexpected character 'x' while parsing major version number").
    // Spaces (only U+0020, as in the crate) are allowed around operators and commas.
    static Result<VersionReq> parse(QStringView text);
    bool matches(const SemVersion &version) const;
    // Parses `version` and matches it; false when it is not a valid version.
    bool matches(QStringView version) const;
    QString toString() const { return m_text; }
    // What the requirement matches, for people: every comparator turned into a
    // range of versions and the ranges intersected. "exactly 1.13.1", "1.13.x",
    // "1.x ≥ 1.13.2", "≥ 1.0.0, < 2.5.0", "any version", "no version".
    // Pre-release rules are left out (a pre-release matches only when named).
    QString describe() const;

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
