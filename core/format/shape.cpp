// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shape.h"

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

// A symbol typed bare must not read as a size, "*", or a list separator.
bool needsQuotes(const QString &symbol)
{
    if (symbol.isEmpty() || symbol == u"*"_s)
        return true;
    bool allDigits = true;
    for (QChar c : symbol) {
        if (c.isSpace() || c == u',' || c == u'[' || c == u']' || c == u'"')
            return true;
        allDigits = allDigits && c.isDigit();
    }
    return allDigits || symbol.startsWith(u'-');
}

QString quotedIfNeeded(const QString &symbol)
{
    return needsQuotes(symbol) ? u'"' + symbol + u'"' : symbol;
}

const QString expectedShape = u"expected * (any shape), a symbol, [] (a scalar) or a list such as [batch, 3, *]"_s;

// One symbol, bare or in quotes; `what` names it in messages ("dimension 2").
Result<QString> readSymbol(QStringView token, const QString &what)
{
    if (token.startsWith(u'"')) {
        if (token.size() < 2 || !token.endsWith(u'"'))
            return makeError(ErrorCode::Format, u"%1: %2 has no closing quote"_s.arg(what, token.toString()));
        const QStringView inner = token.mid(1, token.size() - 2);
        if (inner.contains(u'"'))
            return makeError(ErrorCode::Format, u"%1: a symbol cannot contain a quote"_s.arg(what));
        if (inner.isEmpty())
            return makeError(ErrorCode::Format, u"%1: \"\" is a symbol without a name"_s.arg(what));
        return inner.toString();
    }
    for (QChar c : token) {
        if (c.isSpace())
            return makeError(ErrorCode::Format,
                             u"%1: \"%2\" holds a space; quote a symbol with spaces (\"%2\") or separate dimensions "
                             "with commas"_s.arg(what, token.toString()));
        if (c == u'[' || c == u']' || c == u'"')
            return makeError(ErrorCode::Format, u"%1: unexpected '%2' in \"%3\""_s.arg(what, c, token.toString()));
    }
    return token.toString();
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
        return makeError(ErrorCode::Format, u"the shape is empty; "_s + expectedShape);
    if (t == u"*")
        return Shape::any();
    if (t.startsWith(u'[')) {
        if (!t.endsWith(u']'))
            return makeError(ErrorCode::Format, u"\"%1\" has no closing ]; "_s.arg(t.toString()) + expectedShape);
        const QStringView body = t.mid(1, t.size() - 2).trimmed();
        if (body.isEmpty())
            return Shape::scalar();
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
            const QString what = u"dimension %1"_s.arg(dims.size());
            if (token.isEmpty())
                return makeError(ErrorCode::Format,
                                 u"%1 is empty; expected a size, a symbol or * between the commas"_s.arg(what));
            if (token == u"*") {
                dims.append(Dim::any());
                continue;
            }
            const bool negative = token.startsWith(u'-');
            const QStringView digits = negative ? token.mid(1) : token;
            if (!digits.isEmpty() && std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); })) {
                bool ok = false;
                const qint64 size = token.toLongLong(&ok);
                if (!ok)
                    return makeError(ErrorCode::Format, u"%1: %2 is too large"_s.arg(what, token.toString()));
                if (size < 0)
                    return makeError(ErrorCode::Format,
                                     u"%1 is %2; expected a size >= 0, a symbol or *"_s.arg(what, token.toString()));
                dims.append(Dim::value(size));
                continue;
            }
            Result<QString> symbol = readSymbol(token, what);
            if (!symbol)
                return symbol.error();
            dims.append(Dim::symbol(std::move(*symbol)));
        }
        return Shape::dims(std::move(dims));
    }
    if (t.startsWith(u']'))
        return makeError(ErrorCode::Format, u"\"%1\" starts with ]; "_s.arg(t.toString()) + expectedShape);
    const bool negative = t.startsWith(u'-');
    const QStringView digits = negative ? t.mid(1) : t;
    if (!digits.isEmpty() && std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); }))
        return makeError(ErrorCode::Format,
                         u"%1 is not a shape: write [%1] for one dimension of size %1, or \"%1\" for a symbol "
                         "named %1"_s.arg(t.toString()));
    if (t.contains(u',') && !t.startsWith(u'"'))
        return makeError(ErrorCode::Format,
                         u"\"%1\" looks like a list of dimensions; write it in brackets: [%1]"_s.arg(t.toString()));
    Result<QString> symbol = readSymbol(t, u"the shape"_s);
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
