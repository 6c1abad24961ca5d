// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A bounded recursive-descent parser for TorchScript's printed Python subset
// (torchscriptsyntax.h). Nothing is evaluated here.
#include "model/torchscriptlexer_p.h"

namespace carton {

namespace {

using EK = TsExpr::Kind;
using SK = TsStmt::Kind;

class Parser {
public:
    Parser(std::vector<Token> tokens, TsFile &file, const TorchScriptLimits &limits)
        : m_t(std::move(tokens)), m_file(file), m_limits(limits)
    {
    }

    Status run()
    {
        while (!at(Token::Type::End)) {
            if (accept(Token::Type::Newline))
                continue;
            if (isName(u"class")) {
                if (Status s = classDef(); !s)
                    return s;
            } else if (isName(u"def")) {
                Result<TsFunction> f = function();
                if (!f)
                    return f.error();
                m_file.functions.insert(f->name, std::move(*f));
            } else {
                Result<int> s = statement();
                if (!s)
                    return s.error(); // op_version_set = 1, import ...: nothing to keep
            }
        }
        return {};
    }

private:
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

    Status classDef()
    {
        const int line = peek().line;
        ++m_i; // class
        TsClass c;
        c.line = line;
        Result<QString> n = name();
        if (!n)
            return n.error();
        c.name = *n;
        if (acceptOp(u"(")) {
            while (!isOp(u")")) {
                Result<int> base = expression();
                if (!base)
                    return base.error();
                c.base = m_file.text(*base);
                if (!acceptOp(u","))
                    break;
            }
            if (Status s = expectOp(u")"); !s)
                return s;
        }
        if (Status s = expectOp(u":"); !s)
            return s;
        if (!accept(Token::Type::Newline) || !accept(Token::Type::Indent))
            return fail(QStringLiteral("the class's indented body"));
        while (!accept(Token::Type::Dedent)) {
            if (accept(Token::Type::Newline))
                continue;
            if (at(Token::Type::End))
                return fail(QStringLiteral("the end of the class"));
            if (isName(u"def")) {
                Result<TsFunction> f = function();
                if (!f)
                    return f.error();
                c.methods.insert(f->name, std::move(*f));
                continue;
            }
            Result<int> s = statement();
            if (!s)
                return s.error();
            const TsStmt &st = m_file.stmts[*s];
            if (st.kind == SK::Annotated) {
                c.types.insert(st.text, st.kids[0]);
                if (st.kids.size() > 1)
                    c.constants.insert(st.text, st.kids[1]);
            } else if (st.kind == SK::Assign && st.kids.size() == 2) {
                const TsExpr &target = m_file.exprs[st.kids[0]];
                if (target.kind == EK::Name)
                    c.constants.insert(target.text, st.kids[1]);
                else if (target.kind == EK::Subscript && m_file.exprs[target.kids[0]].text == u"__annotations__" &&
                         m_file.exprs[target.kids[1]].kind == EK::String)
                    c.types.insert(m_file.exprs[target.kids[1]].text, st.kids[1]);
            }
        }
        m_file.classes.insert(c.name, std::move(c));
        return {};
    }

    Result<TsFunction> function()
    {
        TsFunction f;
        f.line = peek().line;
        ++m_i; // def
        Result<QString> n = name();
        if (!n)
            return n.error();
        f.name = *n;
        if (Status s = expectOp(u"("); !s)
            return s.error();
        while (!isOp(u")")) {
            TsParam p;
            Result<QString> pn = name();
            if (!pn)
                return pn.error();
            p.name = *pn;
            if (acceptOp(u":")) {
                Result<int> type = expression();
                if (!type)
                    return type.error();
                p.type = *type;
            }
            if (acceptOp(u"=")) {
                Result<int> value = expression();
                if (!value)
                    return value.error();
                p.defaultValue = *value;
            }
            f.params.append(p);
            if (!acceptOp(u","))
                break;
        }
        if (Status s = expectOp(u")"); !s)
            return s.error();
        if (acceptOp(u"->")) {
            Result<int> type = expression();
            if (!type)
                return type.error();
            f.returnType = *type;
        }
        Result<std::vector<int>> body = block();
        if (!body)
            return body.error();
        f.body = std::move(*body);
        return f;
    }

    // ':' then a statement on the same line or an indented block.
    Result<std::vector<int>> block()
    {
        if (Status s = expectOp(u":"); !s)
            return s.error();
        std::vector<int> out;
        if (!accept(Token::Type::Newline)) {
            Result<int> s = statement();
            if (!s)
                return s.error();
            out.push_back(*s);
            return out;
        }
        if (!accept(Token::Type::Indent))
            return fail(QStringLiteral("an indented block"));
        if (Status s = enter(); !s)
            return s.error();
        while (!accept(Token::Type::Dedent)) {
            if (accept(Token::Type::Newline))
                continue;
            if (at(Token::Type::End))
                return fail(QStringLiteral("the end of the block"));
            Result<int> s = statement();
            if (!s)
                return s.error();
            out.push_back(*s);
        }
        --m_depth;
        return out;
    }

    int addStmt(TsStmt s)
    {
        m_file.stmts.push_back(std::move(s));
        return int(m_file.stmts.size() - 1);
    }

    Result<int> statement()
    {
        TsStmt st;
        st.line = peek().line;
        const auto endLine = [&]() -> Status {
            if (accept(Token::Type::Newline) || at(Token::Type::End) || at(Token::Type::Dedent))
                return {};
            return fail(QStringLiteral("the end of the statement"));
        };
        if (isName(u"if") || isName(u"elif")) {
            ++m_i;
            st.kind = SK::If;
            Result<int> cond = expression();
            if (!cond)
                return cond.error();
            st.kids = {*cond};
            Result<std::vector<int>> body = block();
            if (!body)
                return body.error();
            st.body = std::move(*body);
            if (isName(u"elif")) {
                Result<int> inner = statement();
                if (!inner)
                    return inner.error();
                st.orElse = {*inner};
            } else if (acceptName(u"else")) {
                Result<std::vector<int>> orElse = block();
                if (!orElse)
                    return orElse.error();
                st.orElse = std::move(*orElse);
            }
            return addStmt(std::move(st));
        }
        if (isName(u"for") || isName(u"while")) {
            const bool isFor = peek().text == u"for";
            ++m_i;
            st.kind = isFor ? SK::For : SK::While;
            if (isFor) {
                Result<int> target = exprList(true);
                if (!target)
                    return target.error();
                if (!acceptName(u"in"))
                    return fail(QStringLiteral("'in'"));
                st.kids.push_back(*target);
            }
            Result<int> iter = exprList(false);
            if (!iter)
                return iter.error();
            st.kids.push_back(*iter);
            Result<std::vector<int>> body = block();
            if (!body)
                return body.error();
            st.body = std::move(*body);
            return addStmt(std::move(st));
        }
        if (isName(u"with"))
            return fail(QStringLiteral("a statement ('with' blocks are not read)"));
        if (acceptName(u"pass") || acceptName(u"break") || acceptName(u"continue")) {
            const QString &word = m_t[m_i - 1].text;
            st.kind = word == u"pass" ? SK::Pass : word == u"break" ? SK::Break : SK::Continue;
        } else if (acceptName(u"return") || acceptName(u"raise")) {
            st.kind = m_t[m_i - 1].text == u"return" ? SK::Return : SK::Raise;
            if (!at(Token::Type::Newline) && !at(Token::Type::End)) {
                Result<int> value = exprList(false);
                if (!value)
                    return value.error();
                st.kids = {*value};
            }
        } else if (acceptName(u"assert")) {
            st.kind = SK::Assert;
            for (Result<int> e = expression(); true; e = expression()) {
                if (!e)
                    return e.error();
                st.kids.push_back(*e);
                if (!acceptOp(u","))
                    break;
            }
        } else if (isName(u"import") || isName(u"from") || isName(u"global") || isName(u"del")) {
            st.kind = SK::Other;
            while (!at(Token::Type::Newline) && !at(Token::Type::End))
                ++m_i;
        } else {
            Result<int> first = exprList(false);
            if (!first)
                return first.error();
            if (acceptOp(u":")) { // name : Type (= value)
                const TsExpr &target = m_file.exprs[*first];
                if (target.kind != EK::Name)
                    return fail(QStringLiteral("a name before ':'"));
                st.kind = SK::Annotated;
                st.text = target.text;
                Result<int> type = expression();
                if (!type)
                    return type.error();
                st.kids = {*type};
                if (acceptOp(u"=")) {
                    Result<int> value = exprList(false);
                    if (!value)
                        return value.error();
                    st.kids.push_back(*value);
                }
            } else if (isOp(u"=")) {
                st.kind = SK::Assign;
                st.kids = {*first};
                while (acceptOp(u"=")) {
                    Result<int> value = exprList(false);
                    if (!value)
                        return value.error();
                    st.kids.push_back(*value);
                }
            } else if (peek().type == Token::Type::Op && peek().text.size() >= 2 && peek().text.endsWith(u'=') &&
                       peek().text != u"==" && peek().text != u"!=" && peek().text != u"<=" && peek().text != u">=") {
                st.kind = SK::AugAssign;
                st.text = peek().text.chopped(1);
                ++m_i;
                Result<int> value = exprList(false);
                if (!value)
                    return value.error();
                st.kids = {*first, *value};
            } else {
                st.kind = SK::Expr;
                st.kids = {*first};
            }
        }
        if (Status s = endLine(); !s)
            return s.error();
        return addStmt(std::move(st));
    }

    // Expressions separated by commas: a Tuple when there is a comma. `targets`: stops at 'in'.
    Result<int> exprList(bool targets)
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

    Result<int> expression()
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

    Result<int> binary(int level)
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
    Result<int> orExpr() { return binary(0); }

    Result<int> unary()
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

    Result<int> postfix()
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

    Result<int> sliceItem()
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

    Result<int> atom()
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

    std::vector<Token> m_t;
    size_t m_i = 0;
    TsFile &m_file;
    const TorchScriptLimits &m_limits;
    int m_depth = 0;
};

} // namespace

Result<TsFile> parseTorchScript(const QByteArray &source, const QString &name, const TorchScriptLimits &limits)
{
    if (source.size() > limits.maxFileBytes)
        return makeError(
            ErrorCode::Limit,
            QStringLiteral("%1 bytes of code, more than the limit of %2").arg(source.size()).arg(limits.maxFileBytes),
            name);
    Result<std::vector<Token>> tokens = tokenizeTorchScript(source, name, limits);
    if (!tokens)
        return tokens.error();
    TsFile file;
    file.name = name;
    file.exprs.reserve(tokens->size());
    Parser parser(std::move(*tokens), file, limits);
    if (Status s = parser.run(); !s)
        return s.error();
    return file;
}

} // namespace carton
