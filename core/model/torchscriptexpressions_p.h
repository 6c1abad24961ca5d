// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The token cursor and the expression parser of TorchScript's printed Python
// (torchscriptsyntax.h): internal to core/model. The statement parser
// (torchscriptparser.cpp) builds on them. Nothing is evaluated here.

#include "model/torchscriptlexer_p.h"

#include <algorithm>

namespace carton {

// Expressions (with their operators' precedence, calls, subscripts, literals)
// read from a token list into a TsFile's expression arena, nested at most
// TorchScriptLimits::maxNesting deep.
class TsExpressionParser {
public:
    TsExpressionParser(std::vector<Token> tokens, TsFile &file, const TorchScriptLimits &limits)
        : m_t(std::move(tokens)), m_file(file), m_limits(limits)
    {
    }

protected:
    using EK = TsExpr::Kind;

    // The token cursor.
    const Token &peek(int ahead = 0) const { return m_t[std::min(m_i + ahead, m_t.size() - 1)]; }
    bool at(Token::Type t) const { return peek().type == t; }
    bool isOp(QStringView op, int ahead = 0) const
    {
        return peek(ahead).type == Token::Type::Op && peek(ahead).text == op;
    }
    bool isName(QStringView name) const { return at(Token::Type::Name) && peek().text == name; }
    bool accept(Token::Type t)
    {
        if (!at(t))
            return false;
        ++m_i;
        return true;
    }
    bool acceptOp(QStringView op)
    {
        if (!isOp(op))
            return false;
        ++m_i;
        return true;
    }
    bool acceptName(QStringView name)
    {
        if (!isName(name))
            return false;
        ++m_i;
        return true;
    }
    Error fail(const QString &what) const
    {
        const Token &t = peek();
        QString found;
        switch (t.type) {
        case Token::Type::End:
            found = QStringLiteral("the end of the file");
            break;
        case Token::Type::Newline:
            found = QStringLiteral("the end of the line");
            break;
        case Token::Type::Indent:
            found = QStringLiteral("an indented block");
            break;
        case Token::Type::Dedent:
            found = QStringLiteral("the end of a block");
            break;
        default:
            found = u'\'' + t.text.left(40) + u'\'';
            break;
        }
        return makeError(ErrorCode::Format, QStringLiteral("expected %1, found %2").arg(what, found),
                         m_file.where(t.line));
    }
    Status expectOp(QStringView op)
    {
        if (acceptOp(op))
            return {};
        return fail(u'\'' + op.toString() + u'\'');
    }
    Result<QString> name()
    {
        if (!at(Token::Type::Name))
            return fail(QStringLiteral("a name"));
        return m_t[m_i++].text;
    }
    Status enter()
    {
        if (++m_depth > m_limits.maxNesting)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("expressions or blocks nested deeper than %1").arg(m_limits.maxNesting),
                             m_file.where(peek().line));
        return {};
    }
    int add(TsExpr e)
    {
        m_file.exprs.push_back(std::move(e));
        return int(m_file.exprs.size() - 1);
    }
    int make(EK kind, int line, std::vector<int> kids = {}, QString text = {})
    {
        TsExpr e;
        e.kind = kind;
        e.line = line;
        e.kids = std::move(kids);
        e.text = std::move(text);
        return add(std::move(e));
    }

    // Expressions; each returns the index of its node in m_file.exprs.
    Result<int> exprList(bool targets);
    Result<int> expression();
    Result<int> binary(int level);
    Result<int> orExpr() { return binary(0); }
    Result<int> unary();
    Result<int> postfix();
    Result<int> sliceItem();
    Result<int> atom();

    std::vector<Token> m_t;
    size_t m_i = 0;
    TsFile &m_file;
    const TorchScriptLimits &m_limits;
    int m_depth = 0;
};

} // namespace carton
