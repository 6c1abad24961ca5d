// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorindex.h"

#include "base/archivepath.h"
#include "format/tomlutil.h"

#include <QSet>

namespace carton {

namespace {

class IndexParser {
public:
    explicit IndexParser(const QString &fileName) : m_fileName(fileName) {}

    Error error(const toml::node &node, const QString &message) const
    {
        return makeError(ErrorCode::Format, message, tomlutil::location(m_fileName, node));
    }

    Result<TensorIndexEntry> parseEntry(const toml::table &table, int number) const
    {
        TensorIndexEntry entry;
        entry.line = int(table.source().begin.line);
        const QString which = QStringLiteral("tensor #%1").arg(number);

        const toml::node *nameNode = table.get("name");
        if (!nameNode)
            return error(table, QStringLiteral("%1: missing required field \"name\"").arg(which));
        if (!nameNode->is_string())
            return error(*nameNode, QStringLiteral("%1: field \"name\" must be a string, found %2")
                                        .arg(which, tomlutil::typeName(*nameNode)));
        entry.name = tomlutil::toQString(nameNode->as_string()->get());
        if (entry.name.isEmpty())
            return error(*nameNode, QStringLiteral("%1: field \"name\" must not be empty").arg(which));
        const QString who = QStringLiteral("tensor \"%1\"").arg(entry.name);

        const toml::node *dtypeNode = table.get("dtype");
        if (!dtypeNode)
            return error(table, QStringLiteral("%1: missing required field \"dtype\"").arg(who));
        if (!dtypeNode->is_string())
            return error(*dtypeNode, QStringLiteral("%1: field \"dtype\" must be a string, found %2")
                                         .arg(who, tomlutil::typeName(*dtypeNode)));
        const QString dtypeText = tomlutil::toQString(dtypeNode->as_string()->get());
        const std::optional<DType> dtype = parseDType(dtypeText);
        if (!dtype || (!isSpecDType(*dtype) && *dtype != DType::Nested))
            return error(*dtypeNode,
                         QStringLiteral("%1: unknown dtype \"%2\" (expected float32, float64, string, int8, int16, "
                                        "int32, int64, uint8, uint16, uint32, uint64 or nested)")
                             .arg(who, dtypeText.left(100)));
        entry.dtype = *dtype;
        const bool nested = entry.dtype == DType::Nested;

        if (const toml::node *shapeNode = table.get("shape")) {
            if (nested)
                return error(*shapeNode, QStringLiteral("%1: a nested tensor must not have a \"shape\"").arg(who));
            const toml::array *array = shapeNode->as_array();
            if (!array)
                return error(*shapeNode, QStringLiteral("%1: field \"shape\" must be an array of non-negative "
                                                        "integers, found %2")
                                             .arg(who, tomlutil::typeName(*shapeNode)));
            QList<qint64> shape;
            for (const toml::node &dim : *array) {
                const toml::value<int64_t> *value = dim.as_integer();
                if (!value)
                    return error(dim, QStringLiteral("%1: field \"shape\": dimension must be an integer, found %2")
                                          .arg(who, tomlutil::typeName(dim)));
                if (value->get() < 0)
                    return error(
                        dim, QStringLiteral("%1: field \"shape\": negative dimension %2").arg(who).arg(value->get()));
                shape.append(value->get());
            }
            entry.shape = shape;
        } else if (!nested) {
            return error(table, QStringLiteral("%1: missing required field \"shape\"").arg(who));
        }

        if (const toml::node *fileNode = table.get("file")) {
            if (nested)
                return error(*fileNode, QStringLiteral("%1: a nested tensor must not have a \"file\"").arg(who));
            if (!fileNode->is_string())
                return error(*fileNode, QStringLiteral("%1: field \"file\" must be a string, found %2")
                                            .arg(who, tomlutil::typeName(*fileNode)));
            const QString file = tomlutil::toQString(fileNode->as_string()->get());
            const Result<QString> safe = checkArchivePath(file, tomlutil::location(m_fileName, *fileNode));
            if (!safe)
                return makeError(ErrorCode::Unsafe,
                                 QStringLiteral("%1: field \"file\": %2").arg(who, safe.error().message),
                                 safe.error().location);
            entry.file = file;
        } else if (!nested) {
            return error(table, QStringLiteral("%1: missing required field \"file\"").arg(who));
        }

        if (const toml::node *innerNode = table.get("inner")) {
            const toml::array *array = innerNode->as_array();
            if (!array)
                return error(*innerNode, QStringLiteral("%1: field \"inner\" must be an array of tensor names, "
                                                        "found %2")
                                             .arg(who, tomlutil::typeName(*innerNode)));
            for (const toml::node &item : *array) {
                if (!item.is_string())
                    return error(item, QStringLiteral("%1: field \"inner\": entries must be strings, found %2")
                                           .arg(who, tomlutil::typeName(item)));
                entry.inner.append(tomlutil::toQString(item.as_string()->get()));
            }
            if (!nested && !entry.inner.isEmpty())
                return error(*innerNode, QStringLiteral("%1: only nested tensors may list \"inner\" tensors "
                                                        "(dtype is %2)")
                                             .arg(who, dtypeText));
            if (entry.inner.contains(entry.name))
                return error(*innerNode, QStringLiteral("%1: field \"inner\" lists the tensor itself").arg(who));
        }
        return entry;
    }

private:
    QString m_fileName;
};

void appendEntry(QByteArray &out, const TensorIndexEntry &entry)
{
    out.append("[[tensor]]\nname = ");
    out.append(tomlutil::quote(entry.name));
    out.append("\ndtype = ");
    out.append(tomlutil::quote(dtypeName(entry.dtype)));
    out.append('\n');
    if (entry.shape) {
        out.append("shape = [");
        for (qsizetype i = 0; i < entry.shape->size(); ++i) {
            if (i > 0)
                out.append(", ");
            out.append(QByteArray::number(entry.shape->at(i)));
        }
        out.append("]\n");
    }
    if (entry.file) {
        out.append("file = ");
        out.append(tomlutil::quote(*entry.file));
        out.append('\n');
    }
    out.append("inner = [");
    for (qsizetype i = 0; i < entry.inner.size(); ++i) {
        if (i > 0)
            out.append(", ");
        out.append(tomlutil::quote(entry.inner.at(i)));
    }
    out.append("]\n");
}

} // namespace

Result<TensorIndex> TensorIndex::parse(QByteArrayView text, const QString &fileName)
{
    Result<toml::table> root = tomlutil::parse(text, fileName);
    if (!root)
        return root.error();
    const IndexParser parser(fileName);

    QList<TensorIndexEntry> entries;
    const toml::node *tensors = root->get("tensor");
    if (!tensors)
        return TensorIndex();
    const toml::array *array = tensors->as_array();
    if (!array)
        return parser.error(*tensors, QStringLiteral("\"tensor\" must be an array of tables ([[tensor]]), found %1")
                                          .arg(tomlutil::typeName(*tensors)));
    QSet<QString> names;
    int number = 0;
    for (const toml::node &node : *array) {
        ++number;
        const toml::table *table = node.as_table();
        if (!table)
            return parser.error(
                node, QStringLiteral("tensor #%1 must be a table, found %2").arg(number).arg(tomlutil::typeName(node)));
        Result<TensorIndexEntry> entry = parser.parseEntry(*table, number);
        if (!entry)
            return entry.error();
        if (names.contains(entry->name))
            return parser.error(*table, QStringLiteral("duplicate tensor name \"%1\"").arg(entry->name));
        names.insert(entry->name);
        entries.append(std::move(entry).value());
    }
    return TensorIndex(std::move(entries));
}

QByteArray TensorIndex::serialize() const
{
    if (m_entries.isEmpty())
        return QByteArrayLiteral("tensor = []\n");
    QByteArray out;
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (i > 0)
            out.append('\n');
        appendEntry(out, m_entries.at(i));
    }
    return out;
}

const TensorIndexEntry *TensorIndex::find(const QString &name) const
{
    for (const TensorIndexEntry &entry : m_entries)
        if (entry.name == name)
            return &entry;
    return nullptr;
}

} // namespace carton
