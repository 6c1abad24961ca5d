// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorio.h"

#include "base/archivepath.h"
#include "format/tomlutil.h"

#include <QSet>
#include <limits>

namespace carton {

namespace {

const QString kIndexFile = QStringLiteral("tensor_data/index.toml");

struct CheckedEntry {
    QString path; // under the carton root
    qint64 count = 0;
    ByteSourcePtr source;
};

// Checks the entry's file path and shape, and opens its file.
Result<CheckedEntry> openEntry(const TensorIndexEntry &entry, const ByteSourceOpener &open, const Limits &limits)
{
    const QString who = QStringLiteral("tensor \"%1\"").arg(entry.name);
    if (!entry.shape || !entry.file)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("%1 has no %2").arg(who, entry.shape ? QStringLiteral("file") : QStringLiteral("shape")),
            kIndexFile);
    Result<QString> path = checkArchivePath(QStringLiteral("tensor_data/") + *entry.file, kIndexFile);
    if (!path)
        return path.error();
    const std::optional<qint64> count = checkedElementCount(*entry.shape, limits.maxTensorElements);
    if (!count) {
        for (qint64 dim : *entry.shape)
            if (dim < 0)
                return makeError(ErrorCode::Format, QStringLiteral("%1 has a negative dimension %2").arg(who).arg(dim),
                                 kIndexFile);
        return makeError(ErrorCode::Limit,
                         QStringLiteral("%1: the element count of its shape overflows or exceeds the limit of %2")
                             .arg(who)
                             .arg(limits.maxTensorElements),
                         kIndexFile);
    }
    Result<ByteSourcePtr> source = open(*path);
    if (!source)
        return source.error();
    return CheckedEntry{*path, *count, std::move(source).value()};
}

Result<Tensor> loadPlainTensor(const TensorIndexEntry &entry, const ByteSourceOpener &open, const Limits &limits)
{
    if (entry.dtype == DType::String) {
        Result<CheckedEntry> checked = openEntry(entry, open, limits);
        if (!checked)
            return checked.error();
        Result<QByteArray> bytes = checked->source->readAll(limits.maxStringTensorFileSize);
        if (!bytes)
            return bytes.error();
        Result<QStringList> values = decodeStringTensorFile(*bytes, checked->count, checked->path, limits);
        if (!values)
            return values.error();
        return Tensor::strings(entry.name, *entry.shape, std::move(values).value());
    }
    Result<TensorReaderPtr> reader = openIndexTensor(entry, open, limits);
    if (!reader)
        return reader.error();
    return (*reader)->readTensor(TensorRegion::whole((*reader)->shape()));
}

// The bytes an index entry's data takes when loaded: elements x element size for
// numeric tensors, the file-size cap for string tensors (their size is known only
// once read); -1 when the shape is missing or overflows.
qint64 declaredBytes(const TensorIndexEntry &entry, const Limits &limits)
{
    if (!entry.shape)
        return -1;
    const std::optional<qint64> count = checkedElementCount(*entry.shape, limits.maxTensorElements);
    if (!count)
        return -1;
    if (entry.dtype == DType::String)
        return std::min(limits.maxStringTensorFileSize, *count * qint64(sizeof(QString)));
    const qint64 size = dtypeSize(entry.dtype);
    if (size > 0 && *count > std::numeric_limits<qint64>::max() / size)
        return -1;
    return *count * size;
}

} // namespace

Result<TensorReaderPtr> openIndexTensor(const TensorIndexEntry &entry, const ByteSourceOpener &open,
                                        const Limits &limits)
{
    if (!isNumeric(entry.dtype))
        return makeError(ErrorCode::Format,
                         QStringLiteral("tensor \"%1\" has dtype %2, which has no numeric data file")
                             .arg(entry.name, dtypeName(entry.dtype)),
                         kIndexFile);
    Result<CheckedEntry> checked = openEntry(entry, open, limits);
    if (!checked)
        return checked.error();
    TensorLayout layout;
    layout.dtype = entry.dtype;
    layout.shape = *entry.shape;
    return TensorReader::create(entry.name, layout, checked->source, true, limits);
}

Result<Tensor> loadTensor(const TensorIndex &index, const QString &name, const ByteSourceOpener &open,
                          const Limits &limits)
{
    const TensorIndexEntry *entry = index.find(name);
    if (!entry)
        return makeError(ErrorCode::NotFound, QStringLiteral("no tensor named \"%1\"").arg(name), kIndexFile);
    if (entry->dtype != DType::Nested)
        return loadPlainTensor(*entry, open, limits);

    if (entry->inner.size() > limits.maxEntries)
        return makeError(
            ErrorCode::Limit,
            QStringLiteral("nested tensor \"%1\" has too many inner tensors (%2)").arg(name).arg(entry->inner.size()),
            kIndexFile);
    // Each inner tensor at most once (a list repeating one big tensor would load it
    // again and again), and the declared bytes of all of them within the cap:
    // checked before anything is read.
    QSet<QString> seen;
    qint64 totalBytes = 0;
    QList<const TensorIndexEntry *> entries;
    for (const QString &innerName : entry->inner) {
        const TensorIndexEntry *innerEntry = index.find(innerName);
        if (!innerEntry)
            return makeError(
                ErrorCode::NotFound,
                QStringLiteral("nested tensor \"%1\": inner tensor \"%2\" does not exist").arg(name, innerName),
                kIndexFile);
        if (innerEntry->dtype == DType::Nested)
            return makeError(ErrorCode::Format,
                             QStringLiteral("nested tensor \"%1\": inner tensor \"%2\" is itself nested, which Carton "
                                            "does not allow")
                                 .arg(name, innerName),
                             kIndexFile);
        if (seen.contains(innerName))
            return makeError(
                ErrorCode::Format,
                QStringLiteral("nested tensor \"%1\" lists inner tensor \"%2\" more than once").arg(name, innerName),
                kIndexFile);
        seen.insert(innerName);
        const qint64 bytes = declaredBytes(*innerEntry, limits);
        if (bytes < 0 || bytes > limits.maxNestedTensorBytes - totalBytes)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("nested tensor \"%1\": its inner tensors hold more than the limit of %2 "
                                            "bytes in all")
                                 .arg(name)
                                 .arg(limits.maxNestedTensorBytes),
                             kIndexFile);
        totalBytes += bytes;
        entries.append(innerEntry);
    }
    QList<Tensor> inner;
    inner.reserve(entries.size());
    for (const TensorIndexEntry *innerEntry : std::as_const(entries)) {
        Result<Tensor> tensor = loadPlainTensor(*innerEntry, open, limits);
        if (!tensor)
            return tensor.error();
        inner.append(std::move(tensor).value());
    }
    return Tensor::nested(name, std::move(inner));
}

QByteArray encodeTensorFile(const Tensor &tensor)
{
    if (tensor.dtype() == DType::Nested)
        return {};
    if (tensor.dtype() != DType::String)
        return tensor.data();
    QByteArray out("data = [");
    const QStringList &values = tensor.stringValues();
    if (!values.isEmpty())
        out.append('\n');
    for (const QString &value : values) {
        out.append("    ");
        out.append(tomlutil::quote(value));
        out.append(",\n");
    }
    out.append("]\n");
    return out;
}

} // namespace carton
