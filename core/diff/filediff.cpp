// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/filediff.h"

#include "base/sha256.h"
#include "diff/textdiff.h"
#include "package/carton.h"
#include "selftest/tensorcompare.h"
#include "tensor/tensorregion.h"

#include <QMap>

namespace carton {

namespace {

const QString kToml = QStringLiteral("carton.toml");
const QString kLinks = QStringLiteral("LINKS");
const QString kTensorDir = QStringLiteral("tensor_data/");

Status cancelled(const Progress *progress)
{
    if (progress && progress->isCancelled())
        return makeError(ErrorCode::Cancelled, QStringLiteral("comparison cancelled"));
    return {};
}

// path -> sha256 hex: from MANIFEST, or by hashing every file when there is none.
// LINKS (not in MANIFEST) is hashed from the bytes read at open.
Result<QMap<QString, QByteArray>> fileHashes(const Carton &c, Progress *progress, qint64 *bytesRead)
{
    QMap<QString, QByteArray> out;
    if (c.manifest()) {
        for (const ManifestEntry &e : c.manifest()->entries())
            out.insert(e.path, e.sha256);
    } else {
        for (const SourceFile &f : c.source().files()) {
            if (f.path == u"MANIFEST" || f.path == kLinks)
                continue;
            auto device = c.source().open(f.path);
            if (!device) {
                out.insert(f.path, QByteArray()); // unreadable: compared as different
                continue;
            }
            Sha256 sha;
            QByteArray chunk(1 << 20, Qt::Uninitialized);
            for (;;) {
                if (auto s = cancelled(progress); !s)
                    return s.error();
                const qint64 n = (*device)->read(chunk.data(), chunk.size());
                if (n <= 0)
                    break;
                sha.add(chunk.constData(), n);
                *bytesRead += n;
            }
            out.insert(f.path, sha.finishHex());
        }
    }
    if (c.links() && c.source().find(kLinks)) {
        auto bytes = c.source().read(kLinks, c.source().limits().maxMetadataFileSize);
        if (bytes) {
            *bytesRead += bytes->size();
            out.insert(kLinks, Sha256::hashHex(*bytes));
        }
    }
    return out;
}

qint64 sourceSize(const Carton &c, const QString &path)
{
    const SourceFile *f = c.source().find(path);
    return f ? f->size : -1;
}

Result<QByteArray> readText(const Carton &c, const QString &path, const DiffOptions &options, qint64 *bytesRead)
{
    if (path == kToml)
        return c.cartonTomlBytes(); // read at open
    auto bytes = c.source().read(path, options.maxTextBytes);
    if (bytes)
        *bytesRead += bytes->size();
    return bytes;
}

void diffText(const Carton &a, const Carton &b, FileDiff &file, const DiffOptions &options, qint64 *bytesRead)
{
    if (file.sizeA > options.maxTextBytes || file.sizeB > options.maxTextBytes) {
        file.note = QStringLiteral("not diffed: larger than %1 bytes").arg(options.maxTextBytes);
        return;
    }
    auto ta = readText(a, file.path, options, bytesRead);
    auto tb = ta ? readText(b, file.path, options, bytesRead) : Result<QByteArray>(ta.error());
    if (!ta || !tb) {
        file.note = QStringLiteral("not diffed: %1").arg((!ta ? ta.error() : tb.error()).toString());
        return;
    }
    TextDiffOptions textOptions;
    textOptions.context = options.context;
    textOptions.maxEdits = options.maxEdits;
    textOptions.maxOutputLines = options.maxDiffLines;
    auto diff = unifiedTextDiff(*ta, *tb, u"a/" + file.path, u"b/" + file.path, textOptions);
    if (!diff) {
        file.text = diff.error().code != ErrorCode::Format;
        file.note = QStringLiteral("not diffed: %1").arg(diff.error().message);
        return;
    }
    file.unifiedDiff = diff->unified;
}

// The index entry whose file is `path` (under tensor_data/).
const TensorIndexEntry *tensorForFile(const Carton &c, const QString &path)
{
    if (!c.tensorIndex() || !path.startsWith(kTensorDir))
        return nullptr;
    const QString relative = path.mid(kTensorDir.size());
    for (const TensorIndexEntry &e : c.tensorIndex()->entries())
        if (e.file && *e.file == relative)
            return &e;
    return nullptr;
}

void diffTensor(const Carton &a, const Carton &b, const TensorIndexEntry &ea, const TensorIndexEntry &eb,
                FileDiff &file, const DiffOptions &options, qint64 *bytesRead)
{
    TensorDelta d;
    d.nameA = ea.name;
    d.nameB = eb.name;
    d.dtypeA = ea.dtype;
    d.dtypeB = eb.dtype;
    d.shapeA = ea.shape.value_or(QList<qint64>());
    d.shapeB = eb.shape.value_or(QList<qint64>());
    if (d.shapeA != d.shapeB) {
        d.message = QStringLiteral("shape changed from %1 to %2").arg(shapeText(d.shapeA), shapeText(d.shapeB));
        if (d.dtypeA != d.dtypeB)
            d.message += QStringLiteral("; dtype changed from %1 to %2").arg(dtypeName(d.dtypeA), dtypeName(d.dtypeB));
    } else if (file.sizeA > options.maxTensorBytes || file.sizeB > options.maxTensorBytes) {
        d.message = QStringLiteral("not compared: larger than %1 bytes").arg(options.maxTensorBytes);
    } else {
        auto ta = a.loadTensor(ea.name);
        auto tb = ta ? b.loadTensor(eb.name) : Result<Tensor>(ta.error());
        if (!ta || !tb) {
            d.message = QStringLiteral("not compared: %1").arg((!ta ? ta.error() : tb.error()).toString());
        } else {
            *bytesRead += std::max<qint64>(0, file.sizeA) + std::max<qint64>(0, file.sizeB);
            const TensorComparison cmp = compareTensors(*tb, *ta, Tolerance{0, 0, true});
            d.compared = cmp.verdict != CompareVerdict::ShapeMismatch && cmp.verdict != CompareVerdict::Malformed &&
                         cmp.elementCount > 0;
            d.elementCount = cmp.elementCount;
            d.mismatchCount = cmp.mismatchCount;
            d.maxAbsError = cmp.absError.max;
            d.maxRelError = cmp.relError.max;
            if (cmp.verdict == CompareVerdict::Passed ||
                (cmp.verdict == CompareVerdict::DtypeMismatch && cmp.mismatchCount == 0 && d.dtypeA == d.dtypeB))
                d.message = QStringLiteral("same values (the file bytes differ)");
            else if (!d.compared)
                d.message = cmp.message;
            else
                d.message = QStringLiteral("%1 of %2 elements differ; max abs error %3, max rel error %4")
                                .arg(d.mismatchCount)
                                .arg(d.elementCount)
                                .arg(d.maxAbsError, 0, 'g', 6)
                                .arg(d.maxRelError, 0, 'g', 6);
            if (d.dtypeA != d.dtypeB)
                d.message =
                    QStringLiteral("dtype changed from %1 to %2; ").arg(dtypeName(d.dtypeA), dtypeName(d.dtypeB)) +
                    d.message;
        }
    }
    file.tensor = std::move(d);
}

} // namespace

bool isDiffTextFile(const QString &path)
{
    if (path == kToml || path == kLinks)
        return true;
    static const QStringList suffixes{QStringLiteral(".toml"), QStringLiteral(".py"),   QStringLiteral(".txt"),
                                      QStringLiteral(".md"),   QStringLiteral(".json"), QStringLiteral(".yaml"),
                                      QStringLiteral(".yml")};
    for (const QString &s : suffixes)
        if (path.endsWith(s, Qt::CaseInsensitive))
            return true;
    return false;
}

Result<QList<FileDiff>> diffFiles(const Carton &a, const Carton &b, const DiffOptions &options, Progress *progress,
                                  qint64 *bytesRead)
{
    auto ha = fileHashes(a, progress, bytesRead);
    if (!ha)
        return ha.error();
    auto hb = fileHashes(b, progress, bytesRead);
    if (!hb)
        return hb.error();
    QStringList paths = ha->keys();
    for (auto it = hb->cbegin(); it != hb->cend(); ++it)
        if (!ha->contains(it.key()))
            paths.append(it.key());
    std::sort(paths.begin(), paths.end(), Manifest::pathLess);

    QList<FileDiff> out;
    if (progress)
        progress->setTotal(paths.size());
    for (const QString &path : std::as_const(paths)) {
        if (auto s = cancelled(progress); !s)
            return s.error();
        FileDiff f;
        f.path = path;
        f.text = isDiffTextFile(path);
        f.sha256A = ha->value(path);
        f.sha256B = hb->value(path);
        f.sizeA = ha->contains(path) ? sourceSize(a, path) : -1;
        f.sizeB = hb->contains(path) ? sourceSize(b, path) : -1;
        if (!ha->contains(path))
            f.kind = ChangeKind::Added;
        else if (!hb->contains(path))
            f.kind = ChangeKind::Removed;
        else if (f.sha256A != f.sha256B || f.sha256A.isEmpty())
            f.kind = ChangeKind::Changed;
        if (f.kind == ChangeKind::Changed) {
            const TensorIndexEntry *ea = tensorForFile(a, path), *eb = tensorForFile(b, path);
            if (ea && eb && ea->dtype != DType::Nested && eb->dtype != DType::Nested)
                diffTensor(a, b, *ea, *eb, f, options, bytesRead);
            else if (f.text)
                diffText(a, b, f, options, bytesRead);
            else
                f.note = QStringLiteral("binary file: only its sha256 is compared");
        }
        out.append(std::move(f));
        if (progress)
            progress->advance(1, path);
    }
    return out;
}

} // namespace carton
