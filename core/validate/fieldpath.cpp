// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/fieldpath.h"

namespace carton {

namespace {

// Reads a name (up to '.', '[' or the end) and an optional "[N]" from the front of
// `rest`. False when the brackets are malformed.
bool takeStep(QStringView &rest, QString *name, int *index)
{
    qsizetype end = 0;
    while (end < rest.size() && rest.at(end) != u'.' && rest.at(end) != u'[')
        ++end;
    *name = rest.first(end).toString();
    rest = rest.mid(end);
    if (!rest.startsWith(u'['))
        return true;
    const qsizetype close = rest.indexOf(u']');
    if (close < 2 || close > 10)
        return false;
    bool ok = false;
    const int n = rest.sliced(1, close - 1).toInt(&ok);
    if (!ok || n < 0)
        return false;
    *index = n;
    rest = rest.mid(close + 1);
    return true;
}

} // namespace

FieldPath FieldPath::parse(QStringView field)
{
    FieldPath out;
    QStringView rest = field;
    if (!takeStep(rest, &out.section, &out.index))
        return FieldPath{field.toString()};
    if (rest.isEmpty())
        return out;
    if (!rest.startsWith(u'.'))
        return FieldPath{field.toString()};
    rest = rest.mid(1);
    if (!takeStep(rest, &out.member, &out.memberIndex))
        return FieldPath{field.toString()};
    if (rest.startsWith(u'.'))
        out.key = rest.mid(1).toString();
    else if (!rest.isEmpty()) // "a.b[1]c": not a path; keep what was understood
        out.key = rest.toString();
    return out;
}

} // namespace carton
