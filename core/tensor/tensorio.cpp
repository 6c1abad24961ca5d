// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorio.h"

#include "base/archivepath.h"
#include "format/tomlutil.h"

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
        Result<QStringList> values = decodeStringTensorFile(*bytes, checked->count, checked->path);
        if (!values)
            return values.error();
        return Tensor::strings(entry.name, *entry.shape, std::move(values).value());
    }
    Result<TensorReaderPtr> reader = openIndexTensor(entry, open, limits);
    if (!reader)
        return reader.error();
    return (*reader)->readTensor(TensorRegion::whole((*reader)->shape()));
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
    QList<Tensor> inner;
    inner.reserve(entry->inner.size());
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

Result<QStringList> decodeStringTensorFile(QByteArrayView text, qint64 expectedCount, const QString &fileName)
{
    Result<toml::table> root = tomlutil::parse(text, fileName);
    if (!root)
        return root.error();
    const toml::node *data = root->get("data");
    if (!data)
        return makeError(ErrorCode::Format, QStringLiteral("missing required field \"data\" (an array of strings)"),
                         fileName);
    const toml::array *array = data->as_array();
    if (!array)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("field \"data\" must be an array of strings, found %1").arg(tomlutil::typeName(*data)),
            tomlutil::location(fileName, *data));
    if (qint64(array->size()) != expectedCount)
        return makeError(ErrorCode::Format,
                         QStringLiteral("field \"data\" has %1 strings, but the tensor's shape needs %2")
                             .arg(array->size())
                             .arg(expectedCount),
                         tomlutil::location(fileName, *data));
    QStringList values;
    values.reserve(qsizetype(array->size()));
    for (const toml::node &item : *array) {
        const toml::value<std::string> *value = item.as_string();
        if (!value)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("field \"data\": elements must be strings, found %1").arg(tomlutil::typeName(item)),
                tomlutil::location(fileName, item));
        values.append(tomlutil::toQString(value->get()));
    }
    return values;
}

} // namespace carton
