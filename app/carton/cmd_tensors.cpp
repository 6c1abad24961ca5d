// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton tensors FILE [--json]
#include "base/jsonutil.h"
#include "commands.h"
#include "output.h"
#include "tensorfile.h"

#include <QJsonArray>
#include <QJsonObject>
#include <limits>

namespace cli {

using namespace carton;

namespace {

struct Row {
    QString name;
    QString dtype;
    QString shape;
    QString bytes;
    QString note; // "cannot show values"
};

const QString kCannotShow = QStringLiteral("cannot show values");

// The weights of every model file: rows and JSON objects; false when a model file
// could not be read (its error is printed).
bool addModelWeights(const TensorFile &file, QJsonArray &tensors, QList<Row> &rows)
{
    bool ok = true;
    const ModelSet &models = file.models();
    for (const ModelEntry &entry : models.entries()) {
        if (!entry.model) {
            printError(*entry.error);
            ok = false;
            continue;
        }
        for (const ModelWeight &w : entry.model->weights()) {
            const QString name = models.weightName(entry, w);
            const QString dtype = w.dtype ? dtypeName(*w.dtype) : w.typeName;
            QJsonObject o{{QStringLiteral("name"), name},
                          {QStringLiteral("dtype"), dtype},
                          {QStringLiteral("type"), w.typeName},
                          {QStringLiteral("shape"), toJsonArray(w.shape)},
                          {QStringLiteral("nbytes"), w.byteSize},
                          {QStringLiteral("model"), entry.path},
                          {QStringLiteral("format"), modelFormatName(entry.format)},
                          {QStringLiteral("values"), w.note.isEmpty()}};
            if (!w.file.isEmpty())
                o.insert(QStringLiteral("external_file"), w.file);
            if (!w.note.isEmpty())
                o.insert(QStringLiteral("note"), w.note);
            tensors.append(o);
            rows.append({name, dtype, shapeText(w.shape), QString::number(w.byteSize),
                         w.note.isEmpty() ? QString() : kCannotShow});
        }
    }
    return ok;
}

QJsonObject cartonTensorJson(const Carton &carton, const TensorIndexEntry &e, Row *row)
{
    QJsonObject o{{QStringLiteral("name"), e.name}, {QStringLiteral("dtype"), dtypeName(e.dtype)}};
    row->name = e.name;
    row->dtype = dtypeName(e.dtype);
    QJsonValue nbytes = QJsonValue::Null;
    if (e.shape) {
        o.insert(QStringLiteral("shape"), toJsonArray(*e.shape));
        row->shape = shapeText(*e.shape);
        const std::optional<qint64> count = checkedElementCount(*e.shape, carton.source().limits().maxTensorElements);
        if (isNumeric(e.dtype) && count && *count <= std::numeric_limits<qint64>::max() / dtypeSize(e.dtype))
            nbytes = *count * dtypeSize(e.dtype);
    } else {
        o.insert(QStringLiteral("shape"), QJsonValue::Null);
    }
    if (e.file) {
        const QString path = QStringLiteral("tensor_data/") + *e.file;
        o.insert(QStringLiteral("file"), path);
        if (e.dtype == DType::String)
            if (const SourceFile *f = carton.source().find(path))
                nbytes = f->size;
    }
    if (e.dtype == DType::Nested) {
        nbytes = 0;
        o.insert(QStringLiteral("inner"), QJsonArray::fromStringList(e.inner));
        row->shape = QStringLiteral("(%1 inner)").arg(e.inner.size());
    }
    o.insert(QStringLiteral("nbytes"), nbytes);
    row->bytes = nbytes.isDouble() ? QString::number(nbytes.toInteger()) : QStringLiteral("?");
    return o;
}

} // namespace

int runTensors(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the tensors of a carton (tensor_data/index.toml and the weights of its model files, "
                       "named ENTRY:TENSOR), of a .safetensors file or of a model file (ONNX, GGUF)."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("A .carton file, an unpacked carton folder, a .safetensors file or a model file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOption(json);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("tensors"), args, 1, &exit))
        return exit;
    auto file = TensorFile::open(parser.positionalArguments().at(0), &exit);
    if (!file)
        return exit;
    if (file->kind == TensorFile::Kind::Npy) {
        printError(QStringLiteral("tensors: a .npy holds one array; use `carton tensor FILE`"));
        return UsageOrInput;
    }
    QJsonArray tensors;
    QJsonObject metadata;
    QList<Row> rows;
    bool modelsOk = true;
    if (file->safetensors) {
        for (const SafetensorsTensor &t : file->safetensors->tensors()) {
            QJsonObject o{{QStringLiteral("name"), t.name},
                          {QStringLiteral("dtype"), t.dtypeName},
                          {QStringLiteral("shape"), toJsonArray(t.shape)},
                          {QStringLiteral("nbytes"), t.byteSize()},
                          {QStringLiteral("data_offsets"), QJsonArray{t.begin, t.end}},
                          {QStringLiteral("values"), t.dtype.has_value()}};
            tensors.append(o);
            rows.append({t.name, t.dtypeName, shapeText(t.shape), QString::number(t.byteSize()),
                         t.dtype ? QString() : kCannotShow});
        }
        for (const auto &[key, value] : file->safetensors->metadata())
            metadata.insert(key, value);
    } else if (file->carton && file->carton->tensorIndex()) {
        for (const TensorIndexEntry &e : file->carton->tensorIndex()->entries()) {
            Row row;
            tensors.append(cartonTensorJson(*file->carton, e, &row));
            rows.append(row);
        }
    }
    if (file->kind == TensorFile::Kind::Model || file->carton)
        modelsOk = addModelWeights(*file, tensors, rows);
    if (parser.isSet(json)) {
        printJson(
            QJsonDocument(QJsonObject{{QStringLiteral("tensors"), tensors}, {QStringLiteral("metadata"), metadata}}));
        return modelsOk ? Success : CartonErrors;
    }
    qsizetype widths[3] = {4, 5, 5};
    for (const Row &r : std::as_const(rows)) {
        widths[0] = std::max(widths[0], r.name.size());
        widths[1] = std::max(widths[1], r.dtype.size());
        widths[2] = std::max(widths[2], r.shape.size());
    }
    QString out = QStringLiteral("%1  %2  %3  %4\n")
                      .arg(QStringLiteral("NAME"), -int(widths[0]))
                      .arg(QStringLiteral("DTYPE"), -int(widths[1]))
                      .arg(QStringLiteral("SHAPE"), -int(widths[2]))
                      .arg(QStringLiteral("BYTES"));
    for (const Row &r : std::as_const(rows)) {
        QString line = QStringLiteral("%1  %2  %3  %4")
                           .arg(r.name, -int(widths[0]))
                           .arg(r.dtype, -int(widths[1]))
                           .arg(r.shape, -int(widths[2]))
                           .arg(r.bytes);
        if (!r.note.isEmpty())
            line += QStringLiteral("  (%1)").arg(r.note);
        out += line + QLatin1Char('\n');
    }
    for (auto it = metadata.constBegin(); it != metadata.constEnd(); ++it)
        out += QStringLiteral("metadata: %1 = %2\n").arg(it.key(), it.value().toString());
    printOut(out);
    return modelsOk ? Success : CartonErrors;
}

} // namespace cli
