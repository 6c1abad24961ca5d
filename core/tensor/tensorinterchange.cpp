// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorinterchange.h"

#include "base/newfile.h"
#include "tensor/npyfile.h"
#include "tensor/tensorindex.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

namespace carton {

namespace {

Status commit(QSaveFile &file)
{
    if (!file.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(file.errorString()), file.fileName());
    return {};
}

Status openSave(QSaveFile &file)
{
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create: %1").arg(file.errorString()), file.fileName());
    return {};
}

Status located(Status s, const QString &path)
{
    if (s.ok() || !s.error().location.isEmpty())
        return s;
    Error e = s.error();
    e.location = path;
    return e;
}

} // namespace

Status exportTensors(const QList<TensorReaderPtr> &tensors, const QString &outPath, const SafetensorsMetadata &metadata,
                     Progress *progress)
{
    const QString suffix = QFileInfo(outPath).suffix().toLower();
    if (suffix != u"npy" && suffix != u"safetensors")
        return makeError(ErrorCode::Usage, QStringLiteral("the output must end in .npy or .safetensors"), outPath);
    if (suffix == u"npy" && tensors.size() != 1)
        return makeError(ErrorCode::Usage,
                         QStringLiteral("a .npy holds exactly one tensor, %1 were given").arg(tensors.size()), outPath);
    if (progress) {
        qint64 total = 0;
        for (const TensorReaderPtr &t : tensors)
            total += t->byteSize();
        progress->setTotal(total);
    }
    auto write = [&](QIODevice &out) {
        return located(suffix == u"npy" ? writeNpy(out, *tensors.first(), progress)
                                        : writeSafetensors(out, tensors, metadata, progress),
                       outPath);
    };
    if (QFileInfo::exists(outPath)) {
        // Replacing a file: QSaveFile fsyncs before its rename, so that a power loss
        // cannot cost the file being replaced.
        QSaveFile out(outPath);
        if (Status s = openSave(out); !s)
            return s;
        if (Status s = write(out); !s) {
            out.cancelWriting();
            return s;
        }
        return commit(out);
    }
    // A new file: appears only once complete and is not fsynced (NewFile).
    NewFile out(outPath);
    if (Status s = out.open(); !s)
        return s;
    if (Status s = write(out.device()); !s)
        return s;
    return out.commit();
}

Status checkTensorName(const QString &name)
{
    auto bad = [&name](const QString &rule) {
        return makeError(ErrorCode::Usage, QStringLiteral("invalid tensor name \"%1\": %2").arg(name, rule));
    };
    if (name.isEmpty())
        return bad(QStringLiteral("it is empty"));
    if (name.size() > 256)
        return bad(QStringLiteral("it is longer than 256 characters"));
    if (name.trimmed() != name)
        return bad(QStringLiteral("it starts or ends with white space"));
    for (QChar c : name)
        if (c.category() == QChar::Other_Control)
            return bad(QStringLiteral("it contains a control character"));
    return {};
}

QString uniqueTensorName(const TensorIndex &index, const QString &base)
{
    QString stem;
    stem.reserve(base.size());
    for (QChar c : base) {
        const char16_t u = c.unicode();
        const bool safe =
            (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'_' || u == u'-';
        if (safe)
            stem.append(c);
        else if (!stem.endsWith(u'_'))
            stem.append(u'_');
    }
    while (stem.startsWith(u'_'))
        stem.remove(0, 1);
    stem.truncate(200);
    while (stem.endsWith(u'_'))
        stem.chop(1);
    if (stem.isEmpty())
        stem = QStringLiteral("tensor");
    if (!index.find(stem))
        return stem;
    for (qint64 n = 2;; ++n) {
        const QString name = QStringLiteral("%1_%2").arg(stem).arg(n);
        if (!index.find(name))
            return name;
    }
}

Result<TensorIndexAddition> addTensorToIndex(const TensorIndex &index, const QString &name, DType dtype,
                                             const QList<qint64> &shape,
                                             const std::function<bool(const QString &fileName)> &fileTaken)
{
    if (Status s = checkTensorName(name); !s)
        return s.error();
    if (!isSpecDType(dtype) || dtype == DType::Nested)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("tensor \"%1\" has dtype %2, which Carton v1 tensor_data cannot hold")
                             .arg(name, dtypeName(dtype)));
    if (index.find(name))
        return makeError(ErrorCode::Usage, QStringLiteral("a tensor named \"%1\" already exists").arg(name),
                         QStringLiteral("tensor_data/index.toml"));
    QSet<QString> used;
    for (const TensorIndexEntry &e : index.entries())
        if (e.file)
            used.insert(*e.file);
    // Upstream's naming: tensor_N.bin (strings: tensor_N.toml), the first N whose file is free.
    const QString suffix = dtype == DType::String ? QStringLiteral("toml") : QStringLiteral("bin");
    QString fileName;
    for (qint64 n = 0;; ++n) {
        fileName = QStringLiteral("tensor_%1.%2").arg(n).arg(suffix);
        if (!used.contains(fileName) && !(fileTaken && fileTaken(fileName)))
            break;
    }
    TensorIndexEntry entry;
    entry.name = name;
    entry.dtype = dtype;
    entry.shape = shape;
    entry.file = fileName;
    QList<TensorIndexEntry> entries = index.entries();
    entries.append(entry);
    return TensorIndexAddition{TensorIndex(std::move(entries)), fileName};
}

Result<TensorIndexAddition> addTensorToIndex(const TensorIndex &index, const QString &name, const TensorReader &tensor,
                                             const std::function<bool(const QString &fileName)> &fileTaken)
{
    return addTensorToIndex(index, name, tensor.dtype(), tensor.shape(), fileTaken);
}

Status importTensor(const QString &folder, const QString &name, const TensorReader &tensor, Progress *progress)
{
    if (Status s = checkTensorName(name); !s)
        return s;
    const QDir root(folder);
    if (!root.exists() || !QFileInfo::exists(root.filePath(QStringLiteral("carton.toml"))))
        return makeError(ErrorCode::Io, QStringLiteral("not an unpacked carton folder (no carton.toml)"), folder);
    const QDir data(root.filePath(QStringLiteral("tensor_data")));
    const QString indexPath = data.filePath(QStringLiteral("index.toml"));
    TensorIndex index;
    if (QFileInfo::exists(indexPath)) {
        QFile file(indexPath);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file.errorString()), indexPath);
        if (Status s = checkFileSize(file.size(), Limits().maxMetadataFileSize, indexPath); !s)
            return s;
        Result<TensorIndex> parsed = TensorIndex::parse(file.readAll(), QStringLiteral("tensor_data/index.toml"));
        if (!parsed)
            return parsed.error();
        index = std::move(parsed).value();
    }
    Result<TensorIndexAddition> added = addTensorToIndex(
        index, name, tensor, [&data](const QString &fileName) { return QFileInfo::exists(data.filePath(fileName)); });
    if (!added) {
        Error e = added.error();
        if (e.location == u"tensor_data/index.toml")
            e.location = indexPath;
        return e;
    }
    if (!data.exists() && !root.mkpath(QStringLiteral("tensor_data")))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create the folder"), data.path());
    if (progress)
        progress->setTotal(tensor.byteSize());
    QSaveFile bin(data.filePath(added->fileName));
    if (Status s = openSave(bin); !s)
        return s;
    if (Status s = copyTensorBytes(tensor, bin, progress); !s) {
        bin.cancelWriting();
        return located(s, bin.fileName());
    }
    if (Status s = commit(bin); !s)
        return s;
    QSaveFile out(indexPath);
    if (Status s = openSave(out); !s)
        return s;
    out.write(added->index.serialize());
    return commit(out);
}

} // namespace carton
