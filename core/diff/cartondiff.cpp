// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/cartondiff.h"

#include "diff/filediff.h"
#include "diff/metadiff.h"
#include "diff/specdiff.h"
#include "package/carton.h"

namespace carton {

QString diffSectionName(DiffSection section)
{
    switch (section) {
    case DiffSection::Metadata:
        return QStringLiteral("metadata");
    case DiffSection::Runner:
        return QStringLiteral("runner");
    case DiffSection::Inputs:
        return QStringLiteral("inputs");
    case DiffSection::Outputs:
        return QStringLiteral("outputs");
    case DiffSection::SelfTests:
        return QStringLiteral("self_tests");
    case DiffSection::Examples:
        return QStringLiteral("examples");
    case DiffSection::Files:
        return QStringLiteral("files");
    }
    return {};
}

QString changeKindName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Unchanged:
        return QStringLiteral("unchanged");
    case ChangeKind::Added:
        return QStringLiteral("added");
    case ChangeKind::Removed:
        return QStringLiteral("removed");
    case ChangeKind::Changed:
        return QStringLiteral("changed");
    }
    return {};
}

QString changeClassName(ChangeClass cls)
{
    return cls == ChangeClass::Breaking ? QStringLiteral("breaking") : QStringLiteral("compatible");
}

QList<DiffEntry> CartonDiff::changes() const
{
    QList<DiffEntry> out;
    for (const DiffEntry &e : entries)
        if (e.isChange())
            out.append(e);
    return out;
}

int CartonDiff::count(ChangeClass cls) const
{
    int n = 0;
    for (const DiffEntry &e : entries)
        n += e.isChange() && e.changeClass == cls;
    return n;
}

namespace {

QString sizeText(qint64 size, const QByteArray &sha)
{
    if (size < 0 && sha.isEmpty())
        return {};
    return QStringLiteral("%1 bytes, sha256 %2").arg(size).arg(QString::fromLatin1(sha.left(12)));
}

DiffEntry fileEntry(const FileDiff &f)
{
    DiffEntry e{DiffSection::Files,      f.kind, f.path, {}, sizeText(f.sizeA, f.sha256A), sizeText(f.sizeB, f.sha256B),
                ChangeClass::Compatible, {}};
    if (f.kind == ChangeKind::Unchanged)
        return e;
    if (f.kind == ChangeKind::Added)
        e.reason = QStringLiteral("new file");
    else if (f.kind == ChangeKind::Removed)
        e.reason = QStringLiteral("file removed");
    else if (f.path == u"carton.toml")
        e.reason = QStringLiteral("metadata file: its field changes are listed above");
    else if (f.tensor)
        e.reason = QStringLiteral("tensor data: %1").arg(f.tensor->message);
    else if (f.path.startsWith(u"model/"))
        e.reason = QStringLiteral("model file changed: results may differ, the interface is in the specs");
    else
        e.reason = QStringLiteral("content changed");
    if (f.kind != ChangeKind::Changed && f.path.startsWith(u"model/"))
        e.reason += QStringLiteral(" (model file: results may differ)");
    return e;
}

void unreadableInfo(CartonDiff &diff, const Carton &c, bool left)
{
    QString why = QStringLiteral("carton.toml could not be read");
    if (!c.loadDiagnostics().isEmpty())
        why = c.loadDiagnostics().constFirst().message;
    diff.entries.append(DiffEntry{DiffSection::Metadata,
                                  ChangeKind::Changed,
                                  QStringLiteral("carton.toml"),
                                  {},
                                  left ? why : QString(),
                                  left ? QString() : why,
                                  ChangeClass::Breaking,
                                  QStringLiteral("metadata of %1 unreadable: %2").arg(c.path(), why)});
}

} // namespace

Result<CartonDiff> diffCartons(const Carton &a, const Carton &b, const DiffOptions &options, Progress *progress)
{
    CartonDiff diff;
    diff.pathA = a.path();
    diff.pathB = b.path();
    diff.modelHashA = a.modelHash();
    diff.modelHashB = b.modelHash();
    diff.infoA = a.info();
    diff.infoB = b.info();
    if (a.info() && b.info()) {
        diff.entries += diffMetadata(*a.info(), *b.info());
        const QList<DiffEntry> specs = diffSpecs(*a.info(), *b.info());
        // Metadata and runner rows come first, then inputs, outputs, tests.
        QList<DiffEntry> runner, meta;
        for (const DiffEntry &e : std::as_const(diff.entries))
            (e.section == DiffSection::Runner ? runner : meta).append(e);
        diff.entries = meta + runner + specs + diffTestsAndExamples(*a.info(), *b.info());
    } else {
        if (!a.info())
            unreadableInfo(diff, a, true);
        if (!b.info())
            unreadableInfo(diff, b, false);
    }
    auto files = diffFiles(a, b, options, progress, &diff.contentBytesRead);
    if (!files)
        return files.error();
    diff.files = std::move(*files);
    for (const FileDiff &f : std::as_const(diff.files))
        diff.entries.append(fileEntry(f));
    return diff;
}

Result<CartonDiff> diffCartonFiles(const QString &pathA, const QString &pathB, const DiffOptions &options,
                                   Progress *progress)
{
    auto a = Carton::open(pathA);
    if (!a)
        return a.error();
    auto b = Carton::open(pathB);
    if (!b)
        return b.error();
    return diffCartons(**a, **b, options, progress);
}

} // namespace carton
