// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A bounded tokenizer for TorchScript's printed Python subset (torchscriptlexer_p.h).
#include "model/torchscriptlexer_p.h"

namespace carton {

namespace {

class Lexer {
public:
    Lexer(const QByteArray &source, const QString &name, const TorchScriptLimits &limits)
        : m_src(source), m_name(name), m_limits(limits)
    {
    }

    Result<std::vector<Token>> run()
    {
        m_indents.push_back(0);
        bool lineStart = true;
        while (m_pos < m_src.size()) {
            if (qint64(m_tokens.size()) > m_limits.maxTokens)
                return fail(QStringLiteral("more than %1 tokens").arg(m_limits.maxTokens), ErrorCode::Limit);
            if (lineStart && m_depth == 0) {
                lineStart = false;
                int width = 0;
                while (m_pos < m_src.size() && (m_src[m_pos] == ' ' || m_src[m_pos] == '\t')) {
                    width = m_src[m_pos] == '\t' ? (width / 8 + 1) * 8 : width + 1;
                    ++m_pos;
                }
                if (m_pos >= m_src.size() || m_src[m_pos] == '\n' || m_src[m_pos] == '\r' || m_src[m_pos] == '#')
                    goto rest; // a blank or comment line: no indentation
                if (width > m_indents.back()) {
                    if (int(m_indents.size()) > m_limits.maxNesting)
                        return fail(QStringLiteral("blocks nested deeper than %1").arg(m_limits.maxNesting),
                                    ErrorCode::Limit);
                    m_indents.push_back(width);
                    add(Token::Type::Indent, {});
                }
                while (width < m_indents.back()) {
                    m_indents.pop_back();
                    add(Token::Type::Dedent, {});
                }
                if (width != m_indents.back())
                    return fail(QStringLiteral("the indentation matches no enclosing block"));
            }
        rest:
            if (m_pos >= m_src.size())
                break;
            const char c = m_src[m_pos];
            if (c == '\n') {
                if (m_depth == 0 && !m_tokens.empty() && m_tokens.back().type != Token::Type::Newline &&
                    m_tokens.back().type != Token::Type::Indent && m_tokens.back().type != Token::Type::Dedent)
                    add(Token::Type::Newline, {});
                ++m_pos;
                ++m_line;
                lineStart = m_depth == 0; // inside brackets a line goes on
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                ++m_pos;
            } else if (c == '#') {
                while (m_pos < m_src.size() && m_src[m_pos] != '\n')
                    ++m_pos;
            } else if (c == '\\' && m_pos + 1 < m_src.size() && m_src[m_pos + 1] == '\n') {
                m_pos += 2;
                ++m_line;
            } else if (isNameStart(c)) {
                if ((c == 'r' || c == 'b' || c == 'u') && m_pos + 1 < m_src.size() &&
                    (m_src[m_pos + 1] == '"' || m_src[m_pos + 1] == '\'')) {
                    ++m_pos;
                    if (Status s = string(c == 'r'); !s)
                        return s.error();
                    continue;
                }
                const qsizetype start = m_pos;
                while (m_pos < m_src.size() && (isNameStart(m_src[m_pos]) || isDigit(m_src[m_pos])))
                    ++m_pos;
                add(Token::Type::Name, QString::fromUtf8(m_src.mid(start, m_pos - start)));
            } else if (isDigit(c) || (c == '.' && m_pos + 1 < m_src.size() && isDigit(m_src[m_pos + 1]))) {
                const qsizetype start = m_pos;
                while (m_pos < m_src.size() &&
                       (isDigit(m_src[m_pos]) || isNameStart(m_src[m_pos]) || m_src[m_pos] == '.' ||
                        ((m_src[m_pos] == '-' || m_src[m_pos] == '+') &&
                         (m_src[m_pos - 1] == 'e' || m_src[m_pos - 1] == 'E') && !isHex(m_src.mid(start, 2)))))
                    ++m_pos;
                add(Token::Type::Number, QString::fromLatin1(m_src.mid(start, m_pos - start)));
            } else if (c == '"' || c == '\'') {
                if (Status s = string(false); !s)
                    return s.error();
            } else {
                if (Status s = op(); !s)
                    return s.error();
            }
        }
        if (m_depth > 0)
            return makeError(ErrorCode::Format, QStringLiteral("the file ends inside a bracket opened here"),
                             m_name + u':' + QString::number(m_openLines.back()));
        if (!m_tokens.empty() && m_tokens.back().type != Token::Type::Newline)
            add(Token::Type::Newline, {});
        while (m_indents.size() > 1) {
            m_indents.pop_back();
            add(Token::Type::Dedent, {});
        }
        add(Token::Type::End, {});
        return std::move(m_tokens);
    }

private:
    static bool isNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
    static bool isDigit(char c) { return c >= '0' && c <= '9'; }
    static bool isHex(const QByteArray &start) { return start == "0x" || start == "0X"; }
    Error fail(const QString &message, ErrorCode code = ErrorCode::Format) const
    {
        return makeError(code, message, m_name + u':' + QString::number(m_line));
    }
    void add(Token::Type type, QString text) { m_tokens.push_back({type, m_line, std::move(text)}); }

    Status string(bool raw)
    {
        const char quote = m_src[m_pos];
        const bool triple = m_pos + 2 < m_src.size() && m_src[m_pos + 1] == quote && m_src[m_pos + 2] == quote;
        m_pos += triple ? 3 : 1;
        const int startLine = m_line;
        QByteArray out;
        for (;;) {
            if (m_pos >= m_src.size())
                return makeError(ErrorCode::Format, QStringLiteral("a string that is never closed"),
                                 m_name + u':' + QString::number(startLine));
            const char c = m_src[m_pos];
            if (c == quote &&
                (!triple || (m_pos + 2 < m_src.size() && m_src[m_pos + 1] == quote && m_src[m_pos + 2] == quote))) {
                m_pos += triple ? 3 : 1;
                break;
            }
            if (c == '\n') {
                if (!triple)
                    return fail(QStringLiteral("a string that is never closed"));
                ++m_line;
            }
            if (c == '\\' && !raw && m_pos + 1 < m_src.size()) {
                const char e = m_src[++m_pos];
                switch (e) {
                case 'n':
                    out += '\n';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case '0':
                    out += '\0';
                    break;
                case '\n':
                    ++m_line;
                    break;
                case 'x':
                    if (m_pos + 2 < m_src.size()) {
                        out += char(m_src.mid(m_pos + 1, 2).toInt(nullptr, 16));
                        m_pos += 2;
                    }
                    break;
                default:
                    out += e;
                    break;
                }
                ++m_pos;
                continue;
            }
            out += c;
            ++m_pos;
        }
        add(Token::Type::String, QString::fromUtf8(out));
        return {};
    }

    Status op()
    {
        static const char *const two[] = {"**", "//", "==", "!=", "<=", ">=", "->", "<<", ">>",
                                          "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ":="};
        const QByteArray rest = m_src.mid(m_pos, 3);
        if (rest.startsWith("**=") || rest.startsWith("//=") || rest.startsWith(">>=") || rest.startsWith("<<=")) {
            add(Token::Type::Op, QString::fromLatin1(rest));
            m_pos += 3;
            return {};
        }
        for (const char *t : two)
            if (rest.startsWith(t)) {
                add(Token::Type::Op, QString::fromLatin1(t));
                m_pos += 2;
                return {};
            }
        const char c = m_src[m_pos];
        if (!QByteArrayView("()[]{},:.;=+-*/%<>&|^~@").contains(c))
            return fail(QStringLiteral("unexpected character '%1'")
                            .arg(QChar::fromLatin1(c).isPrint()
                                     ? QString(QChar::fromLatin1(c))
                                     : QStringLiteral("\\x%1").arg(uint(quint8(c)), 2, 16, QChar(u'0'))));
        if (c == '(' || c == '[' || c == '{') {
            m_openLines.push_back(m_line);
            if (++m_depth > m_limits.maxNesting)
                return fail(QStringLiteral("brackets nested deeper than %1").arg(m_limits.maxNesting),
                            ErrorCode::Limit);
        } else if (c == ')' || c == ']' || c == '}') {
            if (--m_depth < 0)
                return fail(QStringLiteral("'%1' closes no bracket").arg(QChar::fromLatin1(c)));
            m_openLines.pop_back();
        }
        add(Token::Type::Op, QString(QChar::fromLatin1(c)));
        ++m_pos;
        return {};
    }

    const QByteArray &m_src;
    const QString &m_name;
    const TorchScriptLimits &m_limits;
    std::vector<Token> m_tokens;
    std::vector<int> m_indents;
    std::vector<int> m_openLines; // where each open bracket was opened
    qsizetype m_pos = 0;
    int m_line = 1;
    int m_depth = 0;
};

using EK = TsExpr::Kind;
using SK = TsStmt::Kind;

} // namespace

Result<std::vector<Token>> tokenizeTorchScript(const QByteArray &source, const QString &name,
                                               const TorchScriptLimits &limits)
{
    Lexer lexer(source, name, limits);
    return lexer.run();
}

} // namespace carton
