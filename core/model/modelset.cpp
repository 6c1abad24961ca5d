// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/modelset.h"

#include "package/carton.h"
#include "package/cartonedits.h"
#include "package/cartonsource.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <algorithm>

namespace carton {

namespace {

// Files beside `entry` in a carton, never outside model/.
SiblingFiles cartonSiblings(const CartonSource &source, const QString &entry)
{
    const QString folder = entry.left(entry.lastIndexOf(QLatin1Char('/')) + 1); // "model/" or "model/sub/"
    auto resolve = [folder](const QString &relative) -> QString {
        const QString path = folder + relative; // relative passed checkArchivePath: no "..", not absolute
        return path.startsWith(QLatin1String("model/")) ? path : QString();
    };
    SiblingFiles files;
    files.size = [&source, resolve](const QString &relative) -> std::optional<qint64> {
        const SourceFile *f = source.find(resolve(relative));
        return f ? std::optional<qint64>(f->size) : std::nullopt;
    };
    files.open = [&source, resolve](const QString &relative) -> Result<ByteSourcePtr> {
        const QString path = resolve(relative);
        if (path.isEmpty() || !source.find(path))
            return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" beside the model").arg(relative),
                             source.path());
        return source.byteSource(path);
    };
    return files;
}

} // namespace

ModelSet ModelSet::fromCarton(const CartonSource &source)
{
    ModelSet set;
    for (const SourceFile &file : source.files()) {
        if (!file.path.startsWith(QLatin1String("model/")) || file.size < 2)
            continue;
        // The first bytes first (a compressed entry decodes only those), so that other
        // files (code, data, zips whose first entry is not laid out as PyTorch lays out
        // its archives) are never opened for random access.
        Result<QByteArray> head = source.readRange(file.path, 0, std::min(file.size, ModelFile::kHeadBytes));
        if (!head)
            continue;
        if (!ModelFile::detectHead(*head, file.size, source.limits())) {
            set.noteOther(file.path, *head);
            continue;
        }
        Result<ByteSourcePtr> bytes = source.byteSource(file.path);
        ModelEntry entry;
        entry.path = file.path;
        if (!bytes) {
            entry.error = bytes.error();
            set.m_entries.append(entry);
            continue;
        }
        const std::optional<ModelFormat> format = ModelFile::detect(**bytes, source.limits());
        if (!format && !ModelFile::claimsOnnx(*head))
            continue;
        entry.format = format.value_or(ModelFormat::Onnx);
        Result<ModelFilePtr> model = ModelFile::read(*bytes, cartonSiblings(source, file.path), source.limits());
        if (model)
            entry.model = *model;
        else
            entry.error = model.error();
        set.m_entries.append(entry);
    }
    return set;
}

namespace {

// True when model/ in `edits` is the original's own: every entry unchanged at its
// own path, none removed (a walk of the edits, no copy of the original's list).
bool modelFolderUnchanged(const CartonEdits &edits, const Carton &original)
{
    using Kind = CartonEdits::FileSource::Kind;
    qsizetype kept = 0;
    for (auto it = edits.files().cbegin(); it != edits.files().cend(); ++it) {
        if (!it.key().startsWith(QLatin1String("model/")))
            continue;
        const bool unchanged = (it->kind == Kind::Original || it->kind == Kind::Linked) && it->originalPath == it.key();
        if (!unchanged)
            return false;
        kept += it->kind == Kind::Original;
    }
    const QList<SourceFile> &sourceFiles = original.source().files();
    return kept == std::count_if(sourceFiles.cbegin(), sourceFiles.cend(),
                                 [](const SourceFile &f) { return f.path.startsWith(QLatin1String("model/")); });
}

} // namespace

ModelSet ModelSet::fromEdits(const CartonEdits &edits)
{
    const Carton *original = edits.original();
    if (original && original->source().isRemote())
        return {};
    if (original && modelFolderUnchanged(edits, *original))
        return fromCarton(original->source());
    return fromFiles(
        edits.paths(), [&edits](const QString &path) { return edits.byteSource(path); },
        original ? original->source().limits() : Limits());
}

ModelSet ModelSet::fromFiles(const QStringList &paths, const OpenFile &open, const Limits &limits)
{
    const QSet<QString> all(paths.cbegin(), paths.cend());
    ModelSet set;
    for (const QString &path : paths) {
        if (!path.startsWith(QLatin1String("model/")))
            continue;
        Result<ByteSourcePtr> bytes = open(path);
        if (!bytes || (*bytes)->size() < 2)
            continue;
        QByteArray head(int(std::min((*bytes)->size(), ModelFile::kHeadBytes)), Qt::Uninitialized);
        if (!(*bytes)->read(0, head.size(), head.data()))
            continue;
        if (!ModelFile::detectHead(head, (*bytes)->size(), limits)) {
            set.noteOther(path, head);
            continue;
        }
        const std::optional<ModelFormat> format = ModelFile::detect(**bytes, limits);
        if (!format && !ModelFile::claimsOnnx(head))
            continue;
        const QString folder = path.left(path.lastIndexOf(QLatin1Char('/')) + 1);
        SiblingFiles siblings;
        siblings.size = [all, folder, open](const QString &relative) -> std::optional<qint64> {
            if (!all.contains(folder + relative))
                return std::nullopt;
            Result<ByteSourcePtr> f = open(folder + relative);
            return f ? std::optional<qint64>((*f)->size()) : std::nullopt;
        };
        siblings.open = [all, folder, open](const QString &relative) -> Result<ByteSourcePtr> {
            if (!all.contains(folder + relative))
                return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" beside the model").arg(relative));
            return open(folder + relative);
        };
        ModelEntry entry;
        entry.path = path;
        entry.format = format.value_or(ModelFormat::Onnx);
        Result<ModelFilePtr> model = ModelFile::read(*bytes, siblings, limits);
        if (model)
            entry.model = *model;
        else
            entry.error = model.error();
        set.m_entries.append(entry);
    }
    return set;
}

bool ModelSet::maybeBareModel(QByteArrayView head, qint64 fileSize)
{
    const std::optional<ModelFormat> format = ModelFile::detectHead(head, fileSize);
    return (!head.startsWith("PK") || format == ModelFormat::TorchZip) && (format || ModelFile::claimsOnnx(head));
}

Result<ModelSet> ModelSet::fromFile(const QString &path, const Limits &limits)
{
    Result<std::shared_ptr<FileRegionSource>> bytes = FileRegionSource::open(path);
    if (!bytes)
        return bytes.error();
    Result<ModelFilePtr> model =
        ModelFile::read(*bytes, SiblingFiles::inFolder(QFileInfo(path).absolutePath()), limits);
    if (!model)
        return model.error();
    ModelSet set;
    set.m_bare = true;
    set.m_entries.append(ModelEntry{QFileInfo(path).fileName(), (*model)->format(), *model, std::nullopt});
    return set;
}

Result<ModelSet> ModelSet::fromHfFolder(const QString &dir, const Limits &limits)
{
    const QString index = QDir(dir).filePath(QStringLiteral("model.safetensors.index.json"));
    if (!QFileInfo(index).isFile())
        return fromFile(QDir(dir).filePath(QStringLiteral("model.safetensors")), limits);
    Result<std::shared_ptr<FileRegionSource>> bytes = FileRegionSource::open(index);
    if (!bytes)
        return bytes.error();
    Result<ModelFilePtr> model = ModelFile::readShards(*bytes, SiblingFiles::inFolder(dir), limits);
    if (!model)
        return model.error();
    ModelSet set;
    set.m_bare = true;
    set.m_entries.append(ModelEntry{QFileInfo(index).fileName(), (*model)->format(), *model, std::nullopt});
    return set;
}

void ModelSet::noteOther(const QString &path, QByteArrayView head)
{
    if (const int protocol = ModelFile::plainPickleProtocol(head))
        m_others.append({path, protocol});
}

QString ModelSet::weightName(const ModelEntry &entry, const ModelWeight &weight) const
{
    return m_bare ? weight.name : entry.path + QLatin1Char(':') + weight.name;
}

std::optional<ModelSet::WeightRef> ModelSet::resolve(const QString &name) const
{
    if (m_bare) {
        if (m_entries.isEmpty())
            return std::nullopt;
        return WeightRef{&m_entries.first(), name};
    }
    for (const ModelEntry &entry : m_entries)
        if (name.size() > entry.path.size() && name.startsWith(entry.path) && name[entry.path.size()] == u':')
            return WeightRef{&entry, name.mid(entry.path.size() + 1)};
    return std::nullopt;
}

Result<TensorReaderPtr> ModelSet::openWeight(const QString &name) const
{
    const std::optional<WeightRef> ref = resolve(name);
    if (!ref)
        return makeError(ErrorCode::NotFound, QStringLiteral("no model file's weight is named \"%1\"").arg(name));
    if (!ref->entry->model)
        return *ref->entry->error;
    return ref->entry->model->openWeight(ref->weight, name);
}

} // namespace carton
