// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/diffjson.h"

#include "base/jsonutil.h"

#include <QJsonArray>
#include <cmath>

namespace carton {

namespace {

// JSON has no infinity: +inf errors (a NaN against a number) become the string "inf".
QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QStringLiteral("inf"));
}

} // namespace

QJsonObject diffToJson(const CartonDiff &diff)
{
    QJsonArray changes;
    for (const DiffEntry &e : diff.entries) {
        if (!e.isChange())
            continue;
        QJsonObject o{{QStringLiteral("section"), diffSectionName(e.section)},
                      {QStringLiteral("kind"), changeKindName(e.kind)},
                      {QStringLiteral("item"), e.item},
                      {QStringLiteral("class"), changeClassName(e.changeClass)},
                      {QStringLiteral("reason"), e.reason}};
        if (!e.field.isEmpty())
            o.insert(QStringLiteral("field"), e.field);
        if (e.kind != ChangeKind::Added)
            o.insert(QStringLiteral("before"), e.before);
        if (e.kind != ChangeKind::Removed)
            o.insert(QStringLiteral("after"), e.after);
        changes.append(o);
    }
    QJsonArray files;
    for (const FileDiff &f : diff.files) {
        if (f.kind == ChangeKind::Unchanged)
            continue;
        QJsonObject o{{QStringLiteral("path"), f.path}, {QStringLiteral("kind"), changeKindName(f.kind)}};
        if (!f.sha256A.isEmpty())
            o.insert(QStringLiteral("sha256_a"), QString::fromLatin1(f.sha256A));
        if (!f.sha256B.isEmpty())
            o.insert(QStringLiteral("sha256_b"), QString::fromLatin1(f.sha256B));
        if (f.sizeA >= 0)
            o.insert(QStringLiteral("size_a"), f.sizeA);
        if (f.sizeB >= 0)
            o.insert(QStringLiteral("size_b"), f.sizeB);
        if (!f.unifiedDiff.isEmpty())
            o.insert(QStringLiteral("unified_diff"), f.unifiedDiff);
        if (!f.note.isEmpty())
            o.insert(QStringLiteral("note"), f.note);
        if (const auto &t = f.tensor) {
            o.insert(QStringLiteral("tensor"), QJsonObject{{QStringLiteral("name_a"), t->nameA},
                                                           {QStringLiteral("name_b"), t->nameB},
                                                           {QStringLiteral("dtype_a"), dtypeName(t->dtypeA)},
                                                           {QStringLiteral("dtype_b"), dtypeName(t->dtypeB)},
                                                           {QStringLiteral("shape_a"), toJsonArray(t->shapeA)},
                                                           {QStringLiteral("shape_b"), toJsonArray(t->shapeB)},
                                                           {QStringLiteral("compared"), t->compared},
                                                           {QStringLiteral("elements"), t->elementCount},
                                                           {QStringLiteral("mismatches"), t->mismatchCount},
                                                           {QStringLiteral("max_abs_error"), number(t->maxAbsError)},
                                                           {QStringLiteral("max_rel_error"), number(t->maxRelError)},
                                                           {QStringLiteral("message"), t->message}});
        }
        files.append(o);
    }
    const auto side = [](const QString &path, const QByteArray &hash) {
        return QJsonObject{{QStringLiteral("path"), path}, {QStringLiteral("model_hash"), QString::fromLatin1(hash)}};
    };
    return QJsonObject{{QStringLiteral("a"), side(diff.pathA, diff.modelHashA)},
                       {QStringLiteral("b"), side(diff.pathB, diff.modelHashB)},
                       {QStringLiteral("identical"), diff.identical()},
                       {QStringLiteral("breaking"), diff.count(ChangeClass::Breaking)},
                       {QStringLiteral("compatible"), diff.count(ChangeClass::Compatible)},
                       {QStringLiteral("content_bytes_read"), diff.contentBytesRead},
                       {QStringLiteral("changes"), changes},
                       {QStringLiteral("files"), files}};
}

} // namespace carton
