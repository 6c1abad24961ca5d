// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton tensor FILE NAME [--json] [--limit N] [--slice SPEC]
#include "commands.h"
#include "jsonexport.h"
#include "output.h"
#include "tensorfile.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cmath>

namespace cli {

using namespace carton;

namespace {

QString nestedText(const Tensor &t, qint64 limit, int indent = 0)
{
    const QString pad(indent, u' ');
    if (t.dtype() == DType::Nested) {
        QString out = pad + QStringLiteral("%1: nested, %2 inner tensors\n").arg(t.name()).arg(t.inner().size());
        for (const Tensor &inner : t.inner())
            out += nestedText(inner, limit, indent + 2);
        return out;
    }
    const qint64 count = t.elementCount().value_or(0);
    const qint64 n = limit >= 0 ? std::min(limit, count) : count;
    QStringList values;
    for (qint64 i = 0; i < n; ++i)
        values.append(t.valueAsText(i));
    QString out =
        pad +
        QStringLiteral("%1: %2 %3, %4 elements\n").arg(t.name(), dtypeName(t.dtype()), shapeText(t.shape())).arg(count);
    out += pad + QStringLiteral("data: [%1%2]\n")
                     .arg(values.join(QStringLiteral(", ")), n < count ? QStringLiteral(", ...") : QString());
    return out;
}

// A JSON number for every numeric element (int64/uint64 exact, never strings);
// NaN and ±Inf, which JSON cannot spell, as the strings "nan", "inf", "-inf".
QByteArray jsonValues(const Tensor &values, qint64 n)
{
    QByteArray out("[");
    for (qint64 i = 0; i < n; ++i) {
        if (i > 0)
            out += ", ";
        const QString text = values.valueAsText(i);
        if (isFloating(values.dtype()) && !std::isfinite(values.valueAsDouble(i)))
            out += '"' + text.toLatin1() + '"';
        else
            out += text.toLatin1();
    }
    return out + ']';
}

// Prints a numeric tensor (or the slice of it) reading only the elements printed.
int printNumeric(const TensorReader &reader, const QString &spec, qint64 limit, bool json)
{
    Result<TensorSlice> slice = TensorSlice::parse(spec, reader.shape());
    if (!slice) {
        printError(QStringLiteral("tensor: --slice: %1").arg(slice.error().message));
        return UsageOrInput;
    }
    const qint64 total = slice->region.check(reader.shape()).value();
    const qint64 n = limit >= 0 ? std::min(limit, total) : total;
    QByteArray bytes(n * reader.elementSize(), Qt::Uninitialized);
    if (Status s = reader.readPrefix(slice->region, n, bytes.data(), bytes.size()); !s) {
        printError(s.error());
        return exitCodeFor(s.error());
    }
    const Tensor values = Tensor::numeric(reader.name(), reader.dtype(), {n}, std::move(bytes));
    const bool sliced = !spec.trimmed().isEmpty();
    if (json) {
        QJsonArray shape;
        for (qint64 d : reader.shape())
            shape.append(d);
        QJsonObject o{{QStringLiteral("name"), reader.name()},
                      {QStringLiteral("dtype"), dtypeName(reader.dtype())},
                      {QStringLiteral("shape"), shape},
                      {QStringLiteral("elements"), total}};
        if (sliced) {
            QJsonArray start, count, outShape;
            for (qint64 v : slice->region.start)
                start.append(v);
            for (qint64 v : slice->region.count)
                count.append(v);
            for (qint64 v : slice->shape)
                outShape.append(v);
            o.insert(QStringLiteral("slice"), QJsonObject{{QStringLiteral("spec"), spec},
                                                          {QStringLiteral("start"), start},
                                                          {QStringLiteral("count"), count},
                                                          {QStringLiteral("shape"), outShape}});
        }
        QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
        text.chop(1); // the closing brace: "data" is written by hand to keep 64-bit integers exact
        text += ",\"data\":" + jsonValues(values, n) + "}\n";
        printOut(QString::fromUtf8(text));
        return Success;
    }
    QStringList items;
    for (qint64 i = 0; i < n; ++i)
        items.append(values.valueAsText(i));
    QString out = QStringLiteral("%1: %2 %3, %4 elements\n")
                      .arg(reader.name(), dtypeName(reader.dtype()), shapeText(reader.shape()))
                      .arg(reader.elementCount());
    if (sliced)
        out += QStringLiteral("slice [%1]: shape %2, %3 elements\n").arg(spec, shapeText(slice->shape)).arg(total);
    out += QStringLiteral("data: [%1%2]\n")
               .arg(items.join(QStringLiteral(", ")), n < total ? QStringLiteral(", ...") : QString());
    printOut(out);
    return Success;
}

} // namespace

int runTensor(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Print one tensor (data flattened in C order)."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("A .carton file, an unpacked carton folder, a .safetensors, a .npy or a model file "
                       "(ONNX, GGUF)."));
    parser.addPositionalArgument(QStringLiteral("NAME"),
                                 QStringLiteral("The tensor's name (ignored, and optional, for a .npy); a model "
                                                "file's weight in a carton is ENTRY:TENSOR."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption limit(QStringLiteral("limit"),
                                   QStringLiteral("Print at most N elements (only those are read)."),
                                   QStringLiteral("N"));
    const QCommandLineOption slice(QStringLiteral("slice"),
                                   QStringLiteral("numpy-style selection per dimension, e.g. 0,:,10:20."),
                                   QStringLiteral("SPEC"));
    const QCommandLineOption fetch(QStringLiteral("fetch-links"),
                                   QStringLiteral("Download the tensor's file if it is only listed in LINKS."));
    parser.addOptions({json, limit, slice, fetch});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("tensor"), args, -1, &exit))
        return exit;
    const QStringList positional = parser.positionalArguments();
    qint64 max = -1;
    if (parser.isSet(limit)) {
        bool ok = false;
        max = parser.value(limit).toLongLong(&ok);
        if (!ok || max < 0) {
            printError(QStringLiteral("tensor: --limit must be a non-negative integer"));
            return UsageOrInput;
        }
    }
    if (positional.isEmpty() || positional.size() > 2) {
        printError(QStringLiteral("tensor: expected FILE NAME (see carton tensor --help)"));
        return UsageOrInput;
    }
    auto file = TensorFile::open(positional.at(0), &exit);
    if (!file)
        return exit;
    if (positional.size() < 2 && file->kind != TensorFile::Kind::Npy) {
        printError(QStringLiteral("tensor: expected FILE NAME (see carton tensor --help)"));
        return UsageOrInput;
    }
    const QString name = positional.value(1);
    if (file->carton) {
        const TensorIndexEntry *entry = file->carton->tensorIndex() ? file->carton->tensorIndex()->find(name) : nullptr;
        if (entry && !isNumeric(entry->dtype)) {
            // String and nested tensors are small TOML files read whole.
            if (parser.isSet(slice)) {
                printError(QStringLiteral("tensor: --slice applies to numeric tensors; \"%1\" is %2")
                               .arg(name, dtypeName(entry->dtype)));
                return UsageOrInput;
            }
            auto tensor = file->carton->loadTensor(name, parser.isSet(fetch));
            if (!tensor) {
                printError(tensor.error());
                return exitCodeFor(tensor.error());
            }
            if (parser.isSet(json))
                printJson(QJsonDocument(tensorToJson(*tensor, max)));
            else
                printOut(nestedText(*tensor, max));
            return Success;
        }
    }
    Result<TensorReaderPtr> reader = file->reader(name, parser.isSet(fetch));
    if (!reader) {
        printError(reader.error());
        return exitCodeFor(reader.error());
    }
    return printNumeric(**reader, parser.value(slice), max, parser.isSet(json));
}

} // namespace cli
