// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/textdiff.h"

#include <QStringDecoder>
#include <vector>

namespace carton {

namespace {

Result<QStringList> splitLines(QByteArrayView bytes, const QString &label, int maxLines)
{
    if (bytes.contains('\0'))
        return makeError(ErrorCode::Format, QStringLiteral("binary content (NUL bytes)"), label);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return makeError(ErrorCode::Format, QStringLiteral("not UTF-8 text"), label);
    QStringList lines = text.split(u'\n');
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast(); // the newline ending the last line
    if (lines.size() > maxLines)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("%1 lines, more than the %2 a diff compares").arg(lines.size()).arg(maxLines),
                         label);
    return lines;
}

enum class Op : char { Keep = ' ', Del = '-', Ins = '+' };

// Myers' greedy forward search keeping one V array per edit count for the path
// back; memory O(D^2) with D <= maxEdits.
Result<std::vector<Op>> myers(const QStringList &a, const QStringList &b, qsizetype lo, qsizetype hiA, qsizetype hiB,
                              int maxEdits)
{
    const qsizetype n = hiA - lo, m = hiB - lo;
    const qsizetype max = n + m;
    const qsizetype limit = std::min<qsizetype>(max, maxEdits);
    std::vector<std::vector<qsizetype>> trace;
    std::vector<qsizetype> v(size_t(2 * limit + 3), 0);
    const qsizetype off = limit + 1;
    qsizetype found = -1;
    for (qsizetype d = 0; d <= limit && found < 0; ++d) {
        for (qsizetype k = -d; k <= d; k += 2) {
            qsizetype x = (k == -d || (k != d && v[size_t(off + k - 1)] < v[size_t(off + k + 1)]))
                              ? v[size_t(off + k + 1)]
                              : v[size_t(off + k - 1)] + 1;
            qsizetype y = x - k;
            while (x < n && y < m && a.at(lo + x) == b.at(lo + y)) {
                ++x;
                ++y;
            }
            v[size_t(off + k)] = x;
            if (x >= n && y >= m) {
                found = d;
                break;
            }
        }
        trace.emplace_back(v.begin() + (off - d), v.begin() + (off + d + 1));
    }
    if (found < 0)
        return makeError(ErrorCode::Limit, QStringLiteral("more than %1 changed lines").arg(maxEdits));
    std::vector<Op> ops;
    qsizetype x = n, y = m;
    for (qsizetype d = found; d > 0; --d) {
        const std::vector<qsizetype> &prev = trace[size_t(d - 1)]; // index k + (d - 1)
        const auto at = [&prev, d](qsizetype k) { return prev[size_t(k + d - 1)]; };
        const qsizetype k = x - y;
        const bool down = (k == -d || (k != d && at(k - 1) < at(k + 1)));
        const qsizetype prevK = down ? k + 1 : k - 1;
        const qsizetype prevX = at(prevK), prevY = prevX - prevK;
        while (x > prevX && y > prevY) {
            ops.push_back(Op::Keep);
            --x;
            --y;
        }
        ops.push_back(down ? Op::Ins : Op::Del);
        x = prevX;
        y = prevY;
    }
    while (x > 0 && y > 0) {
        ops.push_back(Op::Keep);
        --x;
        --y;
    }
    std::reverse(ops.begin(), ops.end());
    return ops;
}

QString range(qsizetype start, qsizetype count)
{
    // Unified diff: "start,count"; an empty range names the line before it.
    if (count == 1)
        return QString::number(start + 1);
    return QStringLiteral("%1,%2").arg(count == 0 ? start : start + 1).arg(count);
}

} // namespace

Result<TextDiff> unifiedTextDiff(QByteArrayView bytesA, QByteArrayView bytesB, const QString &labelA,
                                 const QString &labelB, const TextDiffOptions &options)
{
    auto la = splitLines(bytesA, labelA, options.maxLines);
    if (!la)
        return la.error();
    auto lb = splitLines(bytesB, labelB, options.maxLines);
    if (!lb)
        return lb.error();
    const QStringList &a = *la, &b = *lb;
    qsizetype head = 0;
    while (head < a.size() && head < b.size() && a.at(head) == b.at(head))
        ++head;
    qsizetype tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a.at(a.size() - 1 - tail) == b.at(b.size() - 1 - tail))
        ++tail;
    auto middle = myers(a, b, head, a.size() - tail, b.size() - tail, options.maxEdits);
    if (!middle)
        return makeError(ErrorCode::Limit, middle.error().message, labelA);
    std::vector<Op> ops(size_t(head), Op::Keep);
    ops.insert(ops.end(), middle->begin(), middle->end());
    ops.insert(ops.end(), size_t(tail), Op::Keep);

    TextDiff out;
    for (Op op : ops) {
        out.added += op == Op::Ins;
        out.removed += op == Op::Del;
    }
    if (out.added == 0 && out.removed == 0)
        return out;
    QStringList lines{u"--- " + labelA, u"+++ " + labelB};
    // Hunks: runs of changes joined when fewer than 2*context unchanged lines apart.
    const qsizetype count = qsizetype(ops.size());
    const qsizetype ctx = options.context;
    qsizetype i = 0;
    std::vector<qsizetype> posA(size_t(count) + 1), posB(size_t(count) + 1);
    for (qsizetype j = 0; j < count; ++j) {
        posA[size_t(j + 1)] = posA[size_t(j)] + (ops[size_t(j)] != Op::Ins);
        posB[size_t(j + 1)] = posB[size_t(j)] + (ops[size_t(j)] != Op::Del);
    }
    while (i < count) {
        while (i < count && ops[size_t(i)] == Op::Keep)
            ++i;
        if (i >= count)
            break;
        const qsizetype start = std::max<qsizetype>(0, i - ctx);
        qsizetype end = i; // one past the last change of the hunk
        qsizetype j = i;
        while (j < count) {
            if (ops[size_t(j)] != Op::Keep) {
                end = ++j;
                continue;
            }
            qsizetype run = j;
            while (run < count && ops[size_t(run)] == Op::Keep)
                ++run;
            if (run >= count || run - j > 2 * ctx)
                break;
            j = run;
        }
        const qsizetype stop = std::min(count, end + ctx);
        const qsizetype aCount = posA[size_t(stop)] - posA[size_t(start)];
        const qsizetype bCount = posB[size_t(stop)] - posB[size_t(start)];
        lines.append(QStringLiteral("@@ -%1 +%2 @@")
                         .arg(range(posA[size_t(start)], aCount), range(posB[size_t(start)], bCount)));
        for (qsizetype k = start; k < stop; ++k) {
            const Op op = ops[size_t(k)];
            const QString &text = op == Op::Ins ? b.at(posB[size_t(k)]) : a.at(posA[size_t(k)]);
            lines.append(QChar::fromLatin1(char(op)) + text);
        }
        i = stop;
        if (lines.size() > options.maxOutputLines) {
            out.truncated = true;
            lines.resize(options.maxOutputLines);
            lines.append(QStringLiteral("… (diff cut at %1 lines)").arg(options.maxOutputLines));
            break;
        }
    }
    out.unified = lines.join(u'\n') + u'\n';
    return out;
}

} // namespace carton
