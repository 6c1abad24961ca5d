// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A bounded recursive-descent parser for TorchScript's printed Python subset
// (torchscriptsyntax.h). Nothing is evaluated here.
#include "model/torchscriptexpressions_p.h"

namespace carton {

namespace {

using SK = TsStmt::Kind;

// Classes, functions, blocks and statements, over TsExpressionParser's expressions.
class Parser final : TsExpressionParser {
public:
    using TsExpressionParser::TsExpressionParser;

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
