// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "dataedits.h"

#include "base/archivepath.h"
#include "tensor/tensorfile.h"
#include "tensor/tensorinterchange.h"

#include <QBuffer>
#include <QFileInfo>

namespace studio::dataedits {

namespace {

const QString kIndexPath = QStringLiteral("tensor_data/index.toml");

} // namespace

carton::Result<DocumentState> withImportedTensor(const DocumentState &state, const QString &name,
                                                 const carton::TensorReader &tensor, carton::Progress *progress)
{
    carton::Result<carton::TensorIndex> index = state.files.tensorIndex();
    if (!index)
        return index.error();
    if (tensor.byteSize() > maxImportedTensorBytes)
        return carton::makeError(carton::ErrorCode::Limit,
                                 QStringLiteral("tensor \"%1\" is %2 bytes, more than the %3 bytes an import holds")
                                     .arg(tensor.name())
                                     .arg(tensor.byteSize())
                                     .arg(maxImportedTensorBytes),
                                 tensor.bytes().name());
    const carton::CartonEdits &files = state.files;
    carton::Result<carton::TensorIndexAddition> added =
        carton::addTensorToIndex(*index, name, tensor, [&files](const QString &fileName) {
            return files.find(QStringLiteral("tensor_data/") + fileName) != nullptr;
        });
    if (!added)
        return added.error();
    QBuffer buffer; // grows with the bytes actually read, never pre-sized
    buffer.open(QIODevice::WriteOnly);
    if (progress)
        progress->setTotal(tensor.byteSize());
    if (carton::Status s = carton::copyTensorBytes(tensor, buffer, progress); !s)
        return s.error();
    DocumentState next = state;
    if (carton::Status s = next.files.putBytes(QStringLiteral("tensor_data/") + added->fileName, buffer.data()); !s)
        return s.error();
    if (carton::Status s = next.files.putBytes(kIndexPath, added->index.serialize()); !s)
        return s.error();
    return next;
}

carton::Result<carton::TensorReaderPtr> openTensorFile(const QString &path, const QString &tensorName)
{
    carton::Result<carton::TensorFile> file = carton::TensorFile::open(path);
    if (!file)
        return file.error();
    return file->openTensor(tensorName);
}

carton::Result<QStringList> tensorsInFile(const QString &path)
{
    carton::Result<carton::TensorFile> file = carton::TensorFile::open(path);
    if (!file)
        return file.error();
    return file->tensorNames();
}

carton::Result<DocumentState> withMiscFile(const DocumentState &state, const QString &diskPath, QString *archivePath)
{
    const QFileInfo info(diskPath);
    if (!info.isFile())
        return carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("not a file"), diskPath);
    const QString base = info.completeBaseName();
    const QString suffix = info.suffix().isEmpty() ? QString() : u'.' + info.suffix();
    QString path = QStringLiteral("misc/") + info.fileName();
    for (qint64 n = 2; state.files.find(path); ++n)
        path = QStringLiteral("misc/%1-%2%3").arg(base).arg(n).arg(suffix);
    if (carton::Result<QString> safe = carton::checkArchivePath(path, QStringLiteral("misc")); !safe)
        return safe.error();
    DocumentState next = state;
    if (carton::Status s = next.files.putFile(path, info.absoluteFilePath()); !s)
        return s.error();
    if (archivePath)
        *archivePath = path;
    return next;
}

} // namespace studio::dataedits
