// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tomlguard.h"

#include "base/coretext.h"

#include <QVarLengthArray>

namespace carton {

namespace {

struct Frame {
    bool array = false;   // inside [...] value
    bool inValue = false; // past '=' (or in an array): dots belong to numbers/dates
    int dots = 0;         // dots of the key being read
};

} // namespace

Status checkTomlNesting(QByteArrayView text, const QString &fileName, int maxDepth)
{
    QVarLengthArray<Frame, 16> stack;
    stack.append(Frame{});
    int depth = 1; // stack.size() + sum of dots over the stack
    int line = 1;
    const qsizetype n = text.size();
    auto tooDeep = [&] {
        return makeError(
            ErrorCode::Limit,
            FormatText::tr("TOML nested deeper than %1 levels (tables, dotted keys, arrays, inline tables)")
                .arg(maxDepth),
            QStringLiteral("%1:%2").arg(fileName).arg(line));
    };
    for (qsizetype i = 0; i < n; ++i) {
        const char c = text[i];
        if (c == '#') {
            while (i + 1 < n && text[i + 1] != '\n')
                ++i;
            continue;
        }
        if (c == '"' || c == '\'') {
            const bool multi = i + 2 < n && text[i + 1] == c && text[i + 2] == c;
            const bool escapes = c == '"';
            i += multi ? 3 : 1;
            for (; i < n; ++i) {
                const char d = text[i];
                if (d == '\n') {
                    ++line;
                    if (!multi)
                        break; // unterminated: toml++ reports it
                } else if (escapes && d == '\\') {
                    if (i + 1 < n && text[i + 1] == '\n')
                        ++line;
                    ++i;
                } else if (d == c && (!multi || (i + 2 < n && text[i + 1] == c && text[i + 2] == c))) {
                    if (multi) {
                        i += 2;
                        while (i + 1 < n && text[i + 1] == c) // up to two quotes may close the content
                            ++i;
                    }
                    break;
                }
            }
            continue;
        }
        Frame &f = stack.back();
        switch (c) {
        case '\n':
            ++line;
            if (stack.size() == 1) {
                depth -= f.dots;
                f = Frame{};
            }
            break;
        case '=':
            f.inValue = true;
            break;
        case ',':
            depth -= f.dots;
            f.dots = 0;
            f.inValue = f.array;
            break;
        case '.':
            if (!f.inValue) {
                ++f.dots;
                if (++depth > maxDepth)
                    return tooDeep();
            }
            break;
        case '[':
            if (stack.size() > 1 || f.inValue) { // an array value, not a [table] header
                stack.append(Frame{true, true, 0});
                if (++depth > maxDepth)
                    return tooDeep();
            }
            break;
        case '{':
            stack.append(Frame{});
            if (++depth > maxDepth)
                return tooDeep();
            break;
        case ']':
        case '}':
            if (stack.size() > 1) {
                depth -= stack.back().dots + 1;
                stack.removeLast();
            }
            break;
        default:
            break;
        }
    }
    return {};
}

} // namespace carton
