// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Version and VersionReq parsing/matching after Rust's semver crate 1.0
// (parse.rs / eval.rs), including its error messages.
#include "semver.h"

#include "base/coretext.h"

#include <QStringList>
#include <limits>

namespace carton {

namespace {

enum class Position { Major, Minor, Patch, Pre, Build };

QString positionName(Position p)
{
    switch (p) {
    case Position::Major:
        return FormatText::tr("major version number");
    case Position::Minor:
        return FormatText::tr("minor version number");
    case Position::Patch:
        return FormatText::tr("patch version number");
    case Position::Pre:
        return FormatText::tr("pre-release identifier");
    case Position::Build:
        return FormatText::tr("build metadata");
    }
    return {};
}

// The first character of `text` (a whole code point), quoted like Rust's {:?}.
QString quotedChar(QStringView text)
{
    if (text.isEmpty())
        return {};
    QStringView ch = text.left(text.at(0).isHighSurrogate() && text.size() > 1 && text.at(1).isLowSurrogate() ? 2 : 1);
    const char16_t c = ch.at(0).unicode();
    if (c == 0)
        return QStringLiteral("'\\0'");
    if (c == u'\'')
        return QStringLiteral("'\\''");
    if (c == u'\\')
        return QStringLiteral("'\\\\'");
    if (c == u'\n')
        return QStringLiteral("'\\n'");
    if (c == u'\t')
        return QStringLiteral("'\\t'");
    if (c == u'\r')
        return QStringLiteral("'\\r'");
    if (c < 0x20 || c == 0x7f)
        return QStringLiteral("'\\u{%1}'").arg(int(c), 0, 16);
    return u'\'' + ch.toString() + u'\'';
}

struct ParseError {
    QString message;
};

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isIdentChar(QChar c)
{
    return isDigit(c) || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'-';
}

QStringView trimSpaces(QStringView text)
{
    qsizetype i = 0;
    while (i < text.size() && text.at(i) == u' ')
        ++i;
    return text.mid(i);
}

// numeric_identifier: digits, no leading zero, fits in u64.
std::optional<quint64> numericIdentifier(QStringView &text, Position pos, ParseError &err)
{
    qsizetype len = 0;
    quint64 value = 0;
    while (len < text.size() && isDigit(text.at(len))) {
        if (value == 0 && len > 0) {
            err.message = FormatText::tr("invalid leading zero in %1").arg(positionName(pos));
            return std::nullopt;
        }
        const quint64 digit = text.at(len).unicode() - u'0';
        if (value > (std::numeric_limits<quint64>::max() - digit) / 10) {
            err.message = FormatText::tr("value of %1 exceeds u64::MAX").arg(positionName(pos));
            return std::nullopt;
        }
        value = value * 10 + digit;
        ++len;
    }
    if (len > 0) {
        text = text.mid(len);
        return value;
    }
    if (!text.isEmpty())
        err.message =
            FormatText::tr("unexpected character %1 while parsing %2").arg(quotedChar(text), positionName(pos));
    else
        err.message = FormatText::tr("unexpected end of input while parsing %1").arg(positionName(pos));
    return std::nullopt;
}

// identifier: dot-separated segments of [0-9A-Za-z-]; numeric pre-release
// segments must not have leading zeros. Returns the identifier and advances text.
std::optional<QString> identifier(QStringView &text, Position pos, ParseError &err)
{
    qsizetype accumulated = 0;
    qsizetype segment = 0;
    bool nonDigit = false;
    for (;;) {
        const qsizetype i = accumulated + segment;
        const QChar c = i < text.size() ? text.at(i) : QChar();
        if (i < text.size() && isIdentChar(c)) {
            if (!isDigit(c))
                nonDigit = true;
            ++segment;
            continue;
        }
        const bool boundaryIsDot = i < text.size() && c == u'.';
        if (segment == 0) {
            if (accumulated == 0 && !boundaryIsDot)
                return QString();
            err.message = FormatText::tr("empty identifier segment in %1").arg(positionName(pos));
            return std::nullopt;
        }
        if (pos == Position::Pre && segment > 1 && !nonDigit && text.at(accumulated) == u'0') {
            err.message = FormatText::tr("invalid leading zero in %1").arg(positionName(pos));
            return std::nullopt;
        }
        accumulated += segment;
        if (boundaryIsDot) {
            ++accumulated;
            segment = 0;
            nonDigit = false;
        } else {
            const QString result = text.left(accumulated).toString();
            text = text.mid(accumulated);
            return result;
        }
    }
}

// '-pre' then '+build' after a patch number.
bool preAndBuild(QStringView &text, QString &pre, Position &pos, ParseError &err)
{
    if (text.startsWith(u'-')) {
        pos = Position::Pre;
        text = text.mid(1);
        std::optional<QString> p = identifier(text, Position::Pre, err);
        if (!p)
            return false;
        if (p->isEmpty()) {
            err.message = FormatText::tr("empty identifier segment in %1").arg(positionName(pos));
            return false;
        }
        pre = *p;
    }
    if (text.startsWith(u'+')) {
        pos = Position::Build;
        text = text.mid(1);
        std::optional<QString> b = identifier(text, Position::Build, err);
        if (!b)
            return false;
        if (b->isEmpty()) {
            err.message = FormatText::tr("empty identifier segment in %1").arg(positionName(pos));
            return false;
        }
    }
    return true;
}

// Wildcard at the start of text: '*', 'x' or 'X'.
std::optional<QChar> wildcard(QStringView &text)
{
    if (!text.isEmpty() && (text.at(0) == u'*' || text.at(0) == u'x' || text.at(0) == u'X')) {
        const QChar c = text.at(0);
        text = text.mid(1);
        return c;
    }
    return std::nullopt;
}

bool isNumericIdent(QStringView s)
{
    if (s.isEmpty())
        return false;
    for (QChar c : s)
        if (!isDigit(c))
            return false;
    return true;
}

// Precedence of two pre-release strings; an empty one is the greatest.
std::strong_ordering comparePre(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty())
        return a.isEmpty() <=> b.isEmpty(); // no pre-release ranks above any pre-release
    const QList<QStringView> pa = QStringView(a).split(u'.');
    const QList<QStringView> pb = QStringView(b).split(u'.');
    for (qsizetype i = 0; i < pa.size() && i < pb.size(); ++i) {
        const QStringView x = pa.at(i), y = pb.at(i);
        const bool nx = isNumericIdent(x), ny = isNumericIdent(y);
        if (nx && ny) {
            // No leading zeros in valid identifiers: longer means larger.
            if (x.size() != y.size())
                return x.size() <=> y.size();
        } else if (nx != ny) {
            return nx ? std::strong_ordering::less : std::strong_ordering::greater;
        }
        const int c = x.compare(y); // ASCII only: code unit order is byte order
        if (c != 0)
            return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    return pa.size() <=> pb.size();
}

} // namespace

std::strong_ordering SemVersion::operator<=>(const SemVersion &o) const
{
    if (auto c = major <=> o.major; c != 0)
        return c;
    if (auto c = minor <=> o.minor; c != 0)
        return c;
    if (auto c = patch <=> o.patch; c != 0)
        return c;
    return comparePre(pre, o.pre);
}

QString SemVersion::toString() const
{
    QString s = QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(patch);
    if (!pre.isEmpty())
        s += u'-' + pre;
    return s;
}

Result<SemVersion> parseSemVersion(QStringView text)
{
    ParseError err;
    auto fail = [&]() -> Result<SemVersion> { return makeError(ErrorCode::Format, err.message); };
    if (text.isEmpty()) {
        err.message = FormatText::tr("empty string, expected a semver version");
        return fail();
    }
    SemVersion v;
    Position pos = Position::Major;
    const Position order[] = {Position::Major, Position::Minor, Position::Patch};
    quint64 *fields[] = {&v.major, &v.minor, &v.patch};
    for (int i = 0; i < 3; ++i) {
        pos = order[i];
        if (i > 0) {
            if (!text.startsWith(u'.')) {
                err.message =
                    text.isEmpty()
                        ? FormatText::tr("unexpected end of input while parsing %1").arg(positionName(order[i - 1]))
                        : FormatText::tr("unexpected character %1 after %2")
                              .arg(quotedChar(text), positionName(order[i - 1]));
                return fail();
            }
            text = text.mid(1);
        }
        std::optional<quint64> n = numericIdentifier(text, pos, err);
        if (!n)
            return fail();
        *fields[i] = *n;
    }
    if (!preAndBuild(text, v.pre, pos, err))
        return fail();
    if (!text.isEmpty()) {
        err.message = FormatText::tr("unexpected character %1 after %2").arg(quotedChar(text), positionName(pos));
        return fail();
    }
    return v;
}

bool comparatorMatches(const VersionReq::Comparator &cmp, const SemVersion &ver)
{
    using C = VersionReq::Comparator;
    auto exact = [&] {
        if (ver.major != cmp.major)
            return false;
        if (cmp.minor && ver.minor != *cmp.minor)
            return false;
        if (cmp.patch && ver.patch != *cmp.patch)
            return false;
        return ver.pre == cmp.pre;
    };
    auto greater = [&] {
        if (ver.major != cmp.major)
            return ver.major > cmp.major;
        if (!cmp.minor)
            return false;
        if (ver.minor != *cmp.minor)
            return ver.minor > *cmp.minor;
        if (!cmp.patch)
            return false;
        if (ver.patch != *cmp.patch)
            return ver.patch > *cmp.patch;
        return comparePre(ver.pre, cmp.pre) > 0;
    };
    auto less = [&] {
        if (ver.major != cmp.major)
            return ver.major < cmp.major;
        if (!cmp.minor)
            return false;
        if (ver.minor != *cmp.minor)
            return ver.minor < *cmp.minor;
        if (!cmp.patch)
            return false;
        if (ver.patch != *cmp.patch)
            return ver.patch < *cmp.patch;
        return comparePre(ver.pre, cmp.pre) < 0;
    };
    auto tilde = [&] {
        if (ver.major != cmp.major)
            return false;
        if (cmp.minor && ver.minor != *cmp.minor)
            return false;
        if (cmp.patch && ver.patch != *cmp.patch)
            return ver.patch > *cmp.patch;
        return comparePre(ver.pre, cmp.pre) >= 0;
    };
    auto caret = [&] {
        if (ver.major != cmp.major)
            return false;
        if (!cmp.minor)
            return true;
        const quint64 minor = *cmp.minor;
        if (!cmp.patch)
            return cmp.major > 0 ? ver.minor >= minor : ver.minor == minor;
        const quint64 patch = *cmp.patch;
        if (cmp.major > 0) {
            if (ver.minor != minor)
                return ver.minor > minor;
            if (ver.patch != patch)
                return ver.patch > patch;
        } else if (minor > 0) {
            if (ver.minor != minor)
                return false;
            if (ver.patch != patch)
                return ver.patch > patch;
        } else if (ver.minor != minor || ver.patch != patch) {
            return false;
        }
        return comparePre(ver.pre, cmp.pre) >= 0;
    };
    switch (cmp.op) {
    case C::Exact:
    case C::Wildcard:
        return exact();
    case C::Greater:
        return greater();
    case C::GreaterEq:
        return exact() || greater();
    case C::Less:
        return less();
    case C::LessEq:
        return exact() || less();
    case C::Tilde:
        return tilde();
    case C::Caret:
        return caret();
    }
    return false;
}

Result<VersionReq> VersionReq::parse(QStringView input)
{
    ParseError err;
    auto fail = [&]() -> Result<VersionReq> { return makeError(ErrorCode::Format, err.message); };
    VersionReq req;
    req.m_text = input.toString();
    QStringView text = trimSpaces(input);
    {
        QStringView rest = text;
        if (std::optional<QChar> ch = wildcard(rest)) {
            rest = trimSpaces(rest);
            if (rest.isEmpty())
                return req; // "*": no comparators, matches every non-pre-release version
            err.message =
                rest.startsWith(u',')
                    ? FormatText::tr("wildcard req (%1) must be the only comparator in the version req").arg(*ch)
                    : FormatText::tr("unexpected character after wildcard in version req");
            return fail();
        }
    }
    constexpr int kMaxComparators = 32;
    for (;;) {
        const QStringView start = text;
        Comparator cmp{Comparator::Caret};
        bool ok = true;
        Position pos = Position::Major;
        // op
        if (text.startsWith(u'=')) {
            cmp.op = Comparator::Exact;
            text = text.mid(1);
        } else if (text.startsWith(u">=")) {
            cmp.op = Comparator::GreaterEq;
            text = text.mid(2);
        } else if (text.startsWith(u'>')) {
            cmp.op = Comparator::Greater;
            text = text.mid(1);
        } else if (text.startsWith(u"<=")) {
            cmp.op = Comparator::LessEq;
            text = text.mid(2);
        } else if (text.startsWith(u'<')) {
            cmp.op = Comparator::Less;
            text = text.mid(1);
        } else if (text.startsWith(u'~')) {
            cmp.op = Comparator::Tilde;
            text = text.mid(1);
        } else if (text.startsWith(u'^')) {
            cmp.op = Comparator::Caret;
            text = text.mid(1);
        }
        const bool defaultOp = text.size() == start.size();
        text = trimSpaces(text);
        std::optional<quint64> major = numericIdentifier(text, pos, err);
        ok = major.has_value();
        bool hasWildcard = false;
        if (ok) {
            cmp.major = *major;
            if (text.startsWith(u'.')) {
                pos = Position::Minor;
                text = text.mid(1);
                if (wildcard(text)) {
                    hasWildcard = true;
                    if (defaultOp)
                        cmp.op = Comparator::Wildcard;
                } else if (std::optional<quint64> minor = numericIdentifier(text, pos, err)) {
                    cmp.minor = *minor;
                } else {
                    ok = false;
                }
            }
        }
        if (ok && text.startsWith(u'.')) {
            pos = Position::Patch;
            text = text.mid(1);
            if (wildcard(text)) {
                if (defaultOp)
                    cmp.op = Comparator::Wildcard;
            } else if (hasWildcard) {
                err.message = FormatText::tr("unexpected character after wildcard in version req");
                ok = false;
            } else if (std::optional<quint64> patch = numericIdentifier(text, pos, err)) {
                cmp.patch = *patch;
            } else {
                ok = false;
            }
        }
        if (ok && cmp.patch && !preAndBuild(text, cmp.pre, pos, err))
            ok = false;
        if (!ok) {
            QStringView rest = start;
            if (wildcard(rest)) {
                rest = trimSpaces(rest);
                if (rest.isEmpty() || rest.startsWith(u','))
                    err.message = FormatText::tr("wildcard req (%1) must be the only comparator in the version req")
                                      .arg(start.at(0));
            }
            return fail();
        }
        text = trimSpaces(text);
        req.m_comparators.append(cmp);
        if (text.isEmpty())
            return req;
        if (!text.startsWith(u',')) {
            err.message = FormatText::tr("expected comma after %1, found %2").arg(positionName(pos), quotedChar(text));
            return fail();
        }
        text = trimSpaces(text.mid(1));
        if (req.m_comparators.size() == kMaxComparators) {
            err.message = FormatText::tr("excessive number of version comparators");
            return fail();
        }
    }
}

bool VersionReq::matches(const SemVersion &version) const
{
    for (const Comparator &c : m_comparators)
        if (!comparatorMatches(c, version))
            return false;
    if (version.pre.isEmpty())
        return true;
    // A pre-release version only matches when a comparator with the same
    // major.minor.patch has a pre-release too.
    for (const Comparator &c : m_comparators)
        if (c.major == version.major && c.minor == version.minor && c.patch == version.patch && !c.pre.isEmpty())
            return true;
    return false;
}

bool VersionReq::matches(QStringView version) const
{
    const Result<SemVersion> v = parseSemVersion(version);
    return v && matches(*v);
}

namespace {

// One end of a range of versions.
struct RangeBound {
    SemVersion version;
    bool inclusive = true;
};

// The versions a requirement matches, as [lo, hi] with open or closed ends;
// a missing end is unbounded.
struct VersionRange {
    std::optional<RangeBound> lo, hi;
    bool empty = false;
};

constexpr quint64 kMaxPart = std::numeric_limits<quint64>::max();

SemVersion makeVersion(quint64 major, quint64 minor = 0, quint64 patch = 0)
{
    SemVersion v;
    v.major = major;
    v.minor = minor;
    v.patch = patch;
    return v;
}

// The first version of the next major / minor / patch; nullopt past u64::MAX
// (the range is then unbounded above).
std::optional<SemVersion> nextMajor(quint64 major)
{
    if (major == kMaxPart)
        return std::nullopt;
    return makeVersion(major + 1);
}

std::optional<SemVersion> nextMinor(quint64 major, quint64 minor)
{
    if (minor == kMaxPart)
        return nextMajor(major);
    return makeVersion(major, minor + 1);
}

std::optional<SemVersion> nextPatch(quint64 major, quint64 minor, quint64 patch)
{
    if (patch == kMaxPart)
        return nextMinor(major, minor);
    return makeVersion(major, minor, patch + 1);
}

VersionRange fromTo(const SemVersion &lo, const std::optional<SemVersion> &hiExclusive)
{
    VersionRange r;
    r.lo = RangeBound{lo, true};
    if (hiExclusive)
        r.hi = RangeBound{*hiExclusive, false};
    return r;
}

} // namespace

namespace {

enum class RangeOp { Exact, Greater, GreaterEq, Less, LessEq, Tilde, Caret };

// The range one comparator matches (eval.rs, read as intervals).
VersionRange comparatorRange(quint64 major, const std::optional<quint64> &minor, const std::optional<quint64> &patch,
                             const QString &pre, RangeOp op)
{
    SemVersion full = makeVersion(major, minor.value_or(0), patch.value_or(0));
    full.pre = pre;
    // The first version after everything the comparator's given parts name:
    // "1" -> 2.0.0, "1.2" -> 1.3.0.
    const std::optional<SemVersion> afterPartial = minor ? nextMinor(major, *minor) : nextMajor(major);
    VersionRange r;
    switch (op) {
    case RangeOp::Exact:
        if (patch) {
            r.lo = r.hi = RangeBound{full, true};
            return r;
        }
        return fromTo(full, afterPartial);
    case RangeOp::Greater:
        if (patch) {
            r.lo = RangeBound{full, false};
            return r;
        }
        if (!afterPartial)
            r.empty = true;
        else
            r.lo = RangeBound{*afterPartial, true};
        return r;
    case RangeOp::GreaterEq:
        r.lo = RangeBound{full, true};
        return r;
    case RangeOp::Less:
        r.hi = RangeBound{full, false};
        return r;
    case RangeOp::LessEq:
        if (patch)
            r.hi = RangeBound{full, true};
        else if (afterPartial)
            r.hi = RangeBound{*afterPartial, false};
        return r;
    case RangeOp::Tilde:
        return fromTo(full, minor ? nextMinor(major, *minor) : nextMajor(major));
    case RangeOp::Caret:
        if (major > 0 || !minor)
            return fromTo(full, nextMajor(major));
        if (*minor > 0 || !patch)
            return fromTo(full, nextMinor(major, *minor));
        return fromTo(full, nextPatch(major, *minor, *patch));
    }
    return r;
}

} // namespace

QString VersionReq::describe() const
{
    auto rangeOp = [](Comparator::Op op) {
        switch (op) {
        case Comparator::Greater:
            return RangeOp::Greater;
        case Comparator::GreaterEq:
            return RangeOp::GreaterEq;
        case Comparator::Less:
            return RangeOp::Less;
        case Comparator::LessEq:
            return RangeOp::LessEq;
        case Comparator::Tilde:
            return RangeOp::Tilde;
        case Comparator::Caret:
            return RangeOp::Caret;
        case Comparator::Exact:
        case Comparator::Wildcard:
            break;
        }
        return RangeOp::Exact;
    };
    VersionRange range;
    for (const Comparator &c : m_comparators) {
        const VersionRange r = comparatorRange(c.major, c.minor, c.patch, c.pre, rangeOp(c.op));
        if (r.empty)
            range.empty = true;
        if (r.lo && (!range.lo || r.lo->version > range.lo->version ||
                     (r.lo->version == range.lo->version && !r.lo->inclusive)))
            range.lo = r.lo;
        if (r.hi && (!range.hi || r.hi->version < range.hi->version ||
                     (r.hi->version == range.hi->version && !r.hi->inclusive)))
            range.hi = r.hi;
    }
    if (range.lo && range.lo->inclusive && range.lo->version == SemVersion())
        range.lo.reset(); // ">= 0.0.0" bounds nothing
    if (range.lo && range.hi) {
        const int order = range.lo->version < range.hi->version ? -1 : range.lo->version == range.hi->version ? 0 : 1;
        if (order > 0 || (order == 0 && !(range.lo->inclusive && range.hi->inclusive)))
            range.empty = true;
    }
    if (range.empty)
        return FormatText::tr("no version");
    if (!range.lo && !range.hi)
        return FormatText::tr("any version");
    if (range.lo && range.hi) {
        const SemVersion &lo = range.lo->version;
        const SemVersion &hi = range.hi->version;
        if (lo == hi)
            return FormatText::tr("exactly %1").arg(lo.toString());
        if (range.lo->inclusive && !range.hi->inclusive && hi.pre.isEmpty() && lo.pre.isEmpty()) {
            // Name the family when the upper end is the next major, minor or patch.
            QString family;
            SemVersion start;
            if (hi == nextMajor(lo.major)) {
                family = QStringLiteral("%1.x").arg(lo.major);
                start = makeVersion(lo.major);
            } else if (hi == nextMinor(lo.major, lo.minor) && hi.major == lo.major) {
                family = QStringLiteral("%1.%2.x").arg(lo.major).arg(lo.minor);
                start = makeVersion(lo.major, lo.minor);
            } else if (hi == nextPatch(lo.major, lo.minor, lo.patch) && hi.minor == lo.minor) {
                return FormatText::tr("exactly %1").arg(lo.toString());
            }
            if (!family.isEmpty())
                return lo == start ? family : QStringLiteral("%1 ≥ %2").arg(family, lo.toString());
        }
    }
    QStringList parts;
    if (range.lo)
        parts.append(QStringLiteral("%1 %2").arg(range.lo->inclusive ? u"≥" : u">", range.lo->version.toString()));
    if (range.hi)
        parts.append(QStringLiteral("%1 %2").arg(range.hi->inclusive ? u"≤" : u"<", range.hi->version.toString()));
    return parts.join(QStringLiteral(", "));
}

} // namespace carton
