// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/modelreview.h"

#include "model/modelfile.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>

namespace carton {

ModelSet ReviewSide::models() const
{
    if (bare)
        return *bare;
    return carton ? ModelSet::fromCarton(carton->source()) : ModelSet();
}

Result<ReviewSide> openReviewSide(const QString &path, const Limits &limits)
{
    ReviewSide side;
    side.path = path;
    const QFileInfo info(path);
    if (info.isFile()) {
        QFile f(path);
        const QByteArray head = f.open(QIODevice::ReadOnly) ? f.read(ModelFile::kHeadBytes) : QByteArray();
        if (ModelSet::maybeBareModel(head, info.size())) {
            Result<ModelSet> models = ModelSet::fromFile(path, limits);
            if (models) {
                side.bare = std::move(models).value();
                return side;
            }
            if (models.error().code != ErrorCode::Unsupported) {
                Error e = models.error();
                if (e.location.isEmpty())
                    e.location = path;
                return e;
            }
        }
    }
    Result<std::unique_ptr<Carton>> opened = Carton::open(path, limits);
    if (!opened) {
        Error e = opened.error();
        if (e.location.isEmpty())
            e.location = path;
        return e;
    }
    side.carton = std::move(opened).value();
    return side;
}

namespace {

// Model files known to hold the same bytes on both sides.
std::function<bool(const QString &, const QString &)> sameFiles(const CartonDiff &diff, bool bareFiles)
{
    if (bareFiles) {
        const bool same = diff.identical();
        return [same](const QString &, const QString &) { return same; };
    }
    QHash<QString, QByteArray> shaA, shaB;
    for (const FileDiff &f : diff.files) {
        shaA.insert(f.path, f.sha256A);
        shaB.insert(f.path, f.sha256B);
    }
    return [shaA, shaB](const QString &a, const QString &b) {
        const QByteArray x = shaA.value(a), y = shaB.value(b);
        return !x.isEmpty() && x == y;
    };
}

} // namespace

Result<ModelReview> reviewSides(const ReviewSide &a, const ReviewSide &b, const ModelDiffOptions &options,
                                Progress *progress)
{
    ModelReview out;
    const bool bareFiles = a.bare && b.bare;
    if (a.carton && b.carton) {
        Result<CartonDiff> d = diffCartons(*a.carton, *b.carton, {}, progress);
        if (!d)
            return d.error();
        out.package = std::move(d).value();
    } else if (bareFiles) {
        Result<CartonDiff> d = hashBareFiles(a.path, b.path, progress);
        if (!d)
            return d.error();
        out.package = std::move(d).value();
    } else {
        // A carton against a bare file: the carton's model hash against the file's sha256.
        out.package.pathA = a.path;
        out.package.pathB = b.path;
        const ReviewSide &file = a.bare ? a : b;
        Result<QByteArray> hash = fileSha256Hex(file.path, progress);
        if (!hash)
            return hash.error();
        out.package.modelHashA = a.carton ? a.carton->modelHash() : *hash;
        out.package.modelHashB = b.carton ? b.carton->modelHash() : *hash;
    }
    ModelDiffOptions withHints = options;
    if (!withHints.weights.sameFile)
        withHints.weights.sameFile = sameFiles(out.package, bareFiles);
    out.modelsA = a.models();
    out.modelsB = b.models();
    Result<ModelDiff> model = diffModels(out.modelsA, out.modelsB, withHints, progress);
    if (!model)
        return model.error();
    out.model = std::move(model).value();
    return out;
}

Result<ModelReview> reviewPaths(const QString &pathA, const QString &pathB, const ModelDiffOptions &options,
                                Progress *progress)
{
    Result<ReviewSide> a = openReviewSide(pathA);
    if (!a)
        return a.error();
    Result<ReviewSide> b = openReviewSide(pathB);
    if (!b)
        return b.error();
    return reviewSides(*a, *b, options, progress);
}

} // namespace carton
