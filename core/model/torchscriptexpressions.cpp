// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/torchscriptexpressions_p.h"

namespace carton {

Result<int> TsExpressionParser::exprList(bool targets)
{
    const int line = peek().line;
    std::vector<int> items;
    bool comma = false;
    for (;;) {
        Result<int> e = targets ? postfix() : expression();
        if (!e)
            return e.error();
        items.push_back(*e);
        if (!acceptOp(u","))
            break;
        comma = true;
        if (at(Token::Type::Newline) || isOp(u"=") || isOp(u")") || isName(u"in") || isOp(u":"))
            break;
    }
    return comma ? make(EK::Tuple, line, std::move(items)) : items.front();
}

Result<int> TsExpressionParser::expression()
{
    if (Status s = enter(); !s)
        return s.error();
    Result<int> e = orExpr();
    if (e && isName(u"if")) {
        ++m_i;
        Result<int> cond = orExpr();
        if (!cond)
            return cond.error();
        if (!acceptName(u"else"))
            return fail(QStringLiteral("'else'"));
        Result<int> other = expression();
        if (!other)
            return other.error();
        e = make(EK::IfElse, m_file.exprs[*e].line, {*e, *cond, *other});
    }
    --m_depth;
    return e;
}

Result<int> TsExpressionParser::binary(int level)
{
    // Lowest first: or, and, not (unary), comparisons, |, ^, &, shifts, + -, * / // % @, unary, **.
    static const QList<QStringList> levels = {
        {QStringLiteral("or")},
        {QStringLiteral("and")},
        {},
        {QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("<"), QStringLiteral(">"), QStringLiteral("<="),
         QStringLiteral(">="), QStringLiteral("is"), QStringLiteral("in"), QStringLiteral("not")},
        {QStringLiteral("|")},
        {QStringLiteral("^")},
        {QStringLiteral("&")},
        {QStringLiteral("<<"), QStringLiteral(">>")},
        {QStringLiteral("+"), QStringLiteral("-")},
        {QStringLiteral("*"), QStringLiteral("/"), QStringLiteral("//"), QStringLiteral("%"), QStringLiteral("@")},
    };
    if (Status s = enter(); !s)
        return s.error();
    Result<int> out = [&]() -> Result<int> {
        if (level == 2) { // not
            if (isName(u"not")) {
                const int line = peek().line;
                ++m_i;
                Result<int> operand = binary(2);
                if (!operand)
                    return operand.error();
                return make(EK::Unary, line, {*operand}, QStringLiteral("not"));
            }
            return binary(3);
        }
        if (level >= int(levels.size()))
            return unary();
        Result<int> left = binary(level + 1);
        if (!left)
            return left;
        for (;;) {
            const Token &t = peek();
            if ((t.type != Token::Type::Op && t.type != Token::Type::Name) || !levels[level].contains(t.text))
                return left;
            QString op = t.text;
            ++m_i;
            if (op == u"not") {
                if (!acceptName(u"in"))
                    return fail(QStringLiteral("'in' after 'not'"));
                op = QStringLiteral("not in");
            } else if (op == u"is" && acceptName(u"not")) {
                op = QStringLiteral("is not");
            }
            Result<int> right = binary(level + 1);
            if (!right)
                return right;
            left = make(EK::Binary, t.line, {*left, *right}, op);
        }
    }();
    --m_depth;
    return out;
}

Result<int> TsExpressionParser::unary()
{
    if (isOp(u"-") || isOp(u"+") || isOp(u"~")) {
        const Token &t = m_t[m_i++];
        if (Status s = enter(); !s)
            return s.error();
        Result<int> operand = unary();
        --m_depth;
        if (!operand)
            return operand;
        return make(EK::Unary, t.line, {*operand}, t.text);
    }
    Result<int> base = postfix();
    if (base && acceptOp(u"**")) {
        Result<int> exponent = unary();
        if (!exponent)
            return exponent;
        return make(EK::Binary, m_file.exprs[*base].line, {*base, *exponent}, QStringLiteral("**"));
    }
    return base;
}

Result<int> TsExpressionParser::postfix()
{
    Result<int> e = atom();
    while (e) {
        const int line = peek().line;
        if (acceptOp(u".")) {
            Result<QString> attr = name();
            if (!attr)
                return attr.error();
            e = make(EK::Attribute, line, {*e}, *attr);
        } else if (acceptOp(u"(")) {
            TsExpr call;
            call.kind = EK::Call;
            call.line = line;
            call.kids.push_back(*e);
            while (!isOp(u")")) {
                if (at(Token::Type::Name) && isOp(u"=", 1)) {
                    call.keywords.append(peek().text);
                    m_i += 2;
                } else if (!call.keywords.isEmpty()) {
                    return fail(QStringLiteral("a keyword argument (positional after keyword)"));
                }
                Result<int> arg = expression();
                if (!arg)
                    return arg.error();
                call.kids.push_back(*arg);
                if (!acceptOp(u","))
                    break;
            }
            if (Status s = expectOp(u")"); !s)
                return s.error();
            e = add(std::move(call));
        } else if (acceptOp(u"[")) {
            std::vector<int> indices;
            bool comma = false;
            while (!isOp(u"]")) {
                Result<int> index = sliceItem();
                if (!index)
                    return index.error();
                indices.push_back(*index);
                if (!acceptOp(u","))
                    break;
                comma = true;
            }
            if (Status s = expectOp(u"]"); !s)
                return s.error();
            if (indices.empty())
                return fail(QStringLiteral("an index"));
            const int index = comma || indices.size() > 1 ? make(EK::Tuple, line, indices) : indices.front();
            e = make(EK::Subscript, line, {*e, index});
        } else {
            break;
        }
    }
    return e;
}

Result<int> TsExpressionParser::sliceItem()
{
    const int line = peek().line;
    int parts[3] = {-1, -1, -1};
    int part = 0;
    bool slice = false;
    for (;;) {
        if (!isOp(u":") && !isOp(u"]") && !isOp(u",")) {
            Result<int> e = expression();
            if (!e)
                return e.error();
            parts[part] = *e;
        }
        if (part < 2 && acceptOp(u":")) {
            slice = true;
            ++part;
            continue;
        }
        break;
    }
    if (!slice) {
        if (parts[0] < 0)
            return fail(QStringLiteral("an index"));
        return parts[0];
    }
    return make(EK::Slice, line, {parts[0], parts[1], parts[2]});
}

Result<int> TsExpressionParser::atom()
{
    const Token &t = peek();
    TsExpr e;
    e.line = t.line;
    switch (t.type) {
    case Token::Type::Name:
        ++m_i;
        if (t.text == u"None") {
            e.kind = EK::None;
        } else if (t.text == u"True" || t.text == u"False") {
            e.kind = EK::Bool;
            e.integer = t.text == u"True";
        } else {
            e.kind = EK::Name;
            e.text = t.text;
        }
        return add(std::move(e));
    case Token::Type::Number: {
        ++m_i;
        bool ok = false;
        const QString &text = t.text;
        if (text.startsWith(u"0x") || text.startsWith(u"0X")) {
            e.integer = text.mid(2).toLongLong(&ok, 16);
            e.kind = EK::Int;
        } else if (!text.contains(u'.') && !text.contains(u'e') && !text.contains(u'E') && !text.contains(u'j')) {
            e.integer = text.toLongLong(&ok);
            e.kind = EK::Int;
            if (!ok) { // past 64 bits: kept as a float
                e.real = text.toDouble(&ok);
                e.kind = EK::Float;
            }
        } else {
            e.real = text.toDouble(&ok);
            e.kind = EK::Float;
        }
        if (!ok)
            return makeError(ErrorCode::Format, QStringLiteral("'%1' is not a number").arg(text.left(40)),
                             m_file.where(t.line));
        return add(std::move(e));
    }
    case Token::Type::String:
        ++m_i;
        e.kind = EK::String;
        e.text = t.text;
        while (at(Token::Type::String)) // adjacent literals join
            e.text += m_t[m_i++].text;
        return add(std::move(e));
    case Token::Type::Op:
        if (t.text == u"(" || t.text == u"[" || t.text == u"{") {
            const QString close = t.text == u"("   ? QStringLiteral(")")
                                  : t.text == u"[" ? QStringLiteral("]")
                                                   : QStringLiteral("}");
            const EK kind = t.text == u"(" ? EK::Tuple : t.text == u"[" ? EK::List : EK::Dict;
            ++m_i;
            std::vector<int> items;
            bool comma = false;
            while (!isOp(close)) {
                Result<int> item = expression();
                if (!item)
                    return item.error();
                items.push_back(*item);
                if (kind == EK::Dict) {
                    if (Status s = expectOp(u":"); !s)
                        return s.error();
                    Result<int> value = expression();
                    if (!value)
                        return value.error();
                    items.push_back(*value);
                }
                if (!acceptOp(u","))
                    break;
                comma = true;
            }
            if (Status s = expectOp(close); !s)
                return s.error();
            if (kind == EK::Tuple && items.size() == 1 && !comma)
                return items.front(); // parentheses
            return make(kind, t.line, std::move(items));
        }
        break;
    default:
        break;
    }
    return fail(QStringLiteral("an expression"));
}

} // namespace carton
