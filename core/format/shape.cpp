// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shape.h"

#include "base/coretext.h"

#include <QRegularExpression>
#include <QStringList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace carton {

QString Dim::toString() const
{
    if (isValue())
        return QString::number(size());
    if (isSymbol())
        return symbolName();
    return QStringLiteral("*");
}

Shape Shape::symbol(QString name)
{
    Shape s;
    s.m_kind = Kind::Symbol;
    s.m_symbol = std::move(name);
    return s;
}

Shape Shape::dims(QList<Dim> dims)
{
    Shape s;
    s.m_kind = Kind::Dims;
    s.m_dims = std::move(dims);
    return s;
}

QString Shape::toString() const
{
    switch (m_kind) {
    case Kind::Any:
        return QStringLiteral("*");
    case Kind::Symbol:
        return m_symbol;
    case Kind::Dims:
        break;
    }
    QStringList parts;
    parts.reserve(m_dims.size());
    for (const Dim &d : m_dims)
        parts.append(d.toString());
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

namespace {

// A symbol typed bare must not read as a size, "*", a list or a list separator.
bool needsQuotes(const QString &symbol)
{
    if (symbol.isEmpty() || symbol == u"*"_s || symbol.front().isDigit() || symbol.startsWith(u'-'))
        return true;
    for (QChar c : symbol)
        if (c.isSpace() || c == u',' || c == u'[' || c == u']' || c == u'(' || c == u')' || c == u'"')
            return true;
    return false;
}

QString quotedIfNeeded(const QString &symbol)
{
    return needsQuotes(symbol) ? u'"' + symbol + u'"' : symbol;
}

QString expectedShape()
{
    return FormatText::tr(
        "expected * (any shape), a symbol, [] (a scalar) or a list such as [batch, 3, *] (brackets optional)");
}

bool isBracket(QChar c)
{
    return c == u'[' || c == u']' || c == u'(' || c == u')';
}

// "3x4" / "3×4": sizes typed as a product.
bool looksLikeProduct(QStringView token, QStringList *sizes)
{
    const QStringList parts = token.toString().split(QRegularExpression(u"\\s*[x×X]\\s*"_s));
    if (parts.size() < 2)
        return false;
    for (const QString &p : parts)
        if (p.isEmpty() || !std::all_of(p.begin(), p.end(), [](QChar c) { return c.isDigit(); }))
            return false;
    *sizes = parts;
    return true;
}

// One symbol, bare or in quotes; `what` names it in messages ("dimension 2").
Result<QString> readSymbol(QStringView token, const QString &what)
{
    if (token.startsWith(u'"')) {
        if (token.size() < 2 || !token.endsWith(u'"'))
            return makeError(ErrorCode::Format,
                             FormatText::tr("%1: %2 has no closing quote").arg(what, token.toString()));
        const QStringView inner = token.mid(1, token.size() - 2);
        if (inner.contains(u'"'))
            return makeError(ErrorCode::Format, FormatText::tr("%1: a symbol cannot contain a quote").arg(what));
        if (inner.isEmpty())
            return makeError(ErrorCode::Format, FormatText::tr("%1: \"\" is a symbol without a name").arg(what));
        return inner.toString();
    }
    if (QStringList sizes; looksLikeProduct(token, &sizes))
        return makeError(ErrorCode::Format,
                         FormatText::tr("%1: \"%2\" is not a size; for dimensions of sizes %3 write [%3]")
                             .arg(what, token.toString(), sizes.join(u", "_s)));
    for (QChar c : token) {
        if (c.isSpace())
            return makeError(
                ErrorCode::Format,
                FormatText::tr("%1: \"%2\" holds a space; quote a symbol with spaces (\"%2\") or separate dimensions "
                               "with commas")
                    .arg(what, token.toString()));
        if (isBracket(c) || c == u'"')
            return makeError(ErrorCode::Format,
                             FormatText::tr("%1: unexpected '%2' in \"%3\"").arg(what, c, token.toString()));
    }
    if (token.front().isDigit())
        return makeError(
            ErrorCode::Format,
            FormatText::tr("%1: \"%2\" is neither a size (digits only) nor a symbol; quote a symbol that starts with "
                           "a digit (\"%2\")")
                .arg(what, token.toString()));
    return token.toString();
}

// One dimension: a size >= 0, "*" or a symbol.
Result<Dim> readDim(QStringView token, const QString &what)
{
    if (token.isEmpty())
        return makeError(ErrorCode::Format,
                         FormatText::tr("%1 is empty; expected a size, a symbol or * between the commas").arg(what));
    if (token == u"*")
        return Dim::any();
    const bool negative = token.startsWith(u'-');
    const QStringView digits = negative ? token.mid(1) : token;
    if (digits.isEmpty() || !std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); })) {
        Result<QString> symbol = readSymbol(token, what);
        if (!symbol)
            return symbol.error();
        return Dim::symbol(std::move(*symbol));
    }
    bool ok = false;
    const qint64 size = token.toLongLong(&ok);
    if (!ok)
        return makeError(ErrorCode::Format, FormatText::tr("%1: %2 is too large").arg(what, token.toString()));
    if (size < 0)
        return makeError(
            ErrorCode::Format,
            FormatText::tr("%1 is %2; expected a size >= 0, a symbol or * (a size not fixed in advance is * or a "
                           "symbol such as batch)")
                .arg(what, token.toString()));
    return Dim::value(size);
}

// The dims of a list's body ("batch, 3, *"), split at the commas outside
// quotes; one trailing comma is allowed ("3," as in Python's (3,)).
Result<Shape> readDims(QStringView body)
{
    QList<Dim> dims;
    qsizetype start = 0;
    bool quoted = false;
    for (qsizetype i = 0; i <= body.size(); ++i) {
        if (i < body.size() && body.at(i) == u'"')
            quoted = !quoted;
        if (i < body.size() && (quoted || body.at(i) != u','))
            continue;
        const QStringView token = body.mid(start, i - start).trimmed();
        start = i + 1;
        if (token.isEmpty() && i == body.size() && !dims.isEmpty())
            break; // a trailing comma
        Result<Dim> dim = readDim(token, FormatText::tr("dimension %1").arg(dims.size()));
        if (!dim)
            return dim.error();
        dims.append(std::move(*dim));
    }
    return Shape::dims(std::move(dims));
}

// True when `text` has a comma outside quotes.
bool hasListComma(QStringView text)
{
    bool quoted = false;
    for (QChar c : text) {
        if (c == u'"')
            quoted = !quoted;
        else if (c == u',' && !quoted)
            return true;
    }
    return false;
}

} // namespace

QString Shape::toInputText() const
{
    switch (m_kind) {
    case Kind::Any:
        return u"*"_s;
    case Kind::Symbol:
        return quotedIfNeeded(m_symbol);
    case Kind::Dims:
        break;
    }
    QStringList parts;
    parts.reserve(m_dims.size());
    for (const Dim &d : m_dims)
        parts.append(d.isSymbol() ? quotedIfNeeded(d.symbolName()) : d.toString());
    return u'[' + parts.join(u", "_s) + u']';
}

Result<Shape> Shape::parse(QStringView text)
{
    const QStringView t = text.trimmed();
    if (t.isEmpty())
        return makeError(ErrorCode::Format, FormatText::tr("the shape is empty; ") + expectedShape());
    if (t == u"*")
        return Shape::any();
    const QChar first = t.front();
    if (first == u'[' || first == u'(') {
        const QChar close = first == u'[' ? u']' : u')';
        if (t.size() < 2 || !t.endsWith(close))
            return makeError(ErrorCode::Format,
                             FormatText::tr("\"%1\" has no closing %2; ").arg(t.toString(), QString(close)) +
                                 expectedShape());
        const QStringView body = t.mid(1, t.size() - 2).trimmed();
        if (body.isEmpty())
            return Shape::scalar();
        return readDims(body);
    }
    if (first == u']' || first == u')')
        return makeError(ErrorCode::Format,
                         FormatText::tr("\"%1\" starts with %2; ").arg(t.toString(), QString(first)) + expectedShape());
    // "batch, 3, 32, 32" and "3" (numpy's and torch's way to say [3]): dims
    // without brackets. Anything else bare is a symbol for the whole shape.
    const bool negative = t.startsWith(u'-');
    const QStringView digits = negative ? t.mid(1) : t;
    const bool number =
        !digits.isEmpty() && std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); });
    if (number || hasListComma(t))
        return readDims(t);
    Result<QString> symbol = readSymbol(t, FormatText::tr("the shape"));
    if (!symbol)
        return symbol.error();
    return Shape::symbol(std::move(*symbol));
}

bool Shape::accepts(const QList<qint64> &concrete) const
{
    for (qint64 size : concrete)
        if (size < 0)
            return false;
    if (m_kind != Kind::Dims)
        return true;
    if (concrete.size() != m_dims.size())
        return false;
    for (qsizetype i = 0; i < m_dims.size(); ++i)
        if (m_dims.at(i).isValue() && m_dims.at(i).size() != concrete.at(i))
            return false;
    return true;
}

} // namespace carton
