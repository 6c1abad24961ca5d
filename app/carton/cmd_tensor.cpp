// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton tensor FILE NAME [--json] [--limit N]
#include "commands.h"
#include "jsonexport.h"
#include "output.h"
#include "package/carton.h"

namespace cli {

using namespace carton;

namespace {

QString shapeText(const QList<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims.append(QString::number(d));
    return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

QString tensorText(const Tensor &t, qint64 limit, int indent = 0)
{
    const QString pad(indent, u' ');
    if (t.dtype() == DType::Nested) {
        QString out = pad + QStringLiteral("%1: nested, %2 inner tensors\n").arg(t.name()).arg(t.inner().size());
        for (const Tensor &inner : t.inner())
            out += tensorText(inner, limit, indent + 2);
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

} // namespace

int runTensor(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Print one tensor of tensor_data (data flattened in C order)."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file or an unpacked carton folder."));
    parser.addPositionalArgument(QStringLiteral("NAME"),
                                 QStringLiteral("The tensor's name in tensor_data/index.toml."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption limit(QStringLiteral("limit"), QStringLiteral("Print at most N elements."),
                                   QStringLiteral("N"));
    const QCommandLineOption fetch(QStringLiteral("fetch-links"),
                                   QStringLiteral("Download the tensor's file if it is only listed in LINKS."));
    parser.addOptions({json, limit, fetch});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("tensor"), args, 2, &exit))
        return exit;
    qint64 max = -1;
    if (parser.isSet(limit)) {
        bool ok = false;
        max = parser.value(limit).toLongLong(&ok);
        if (!ok || max < 0) {
            printError(QStringLiteral("tensor: --limit must be a non-negative integer"));
            return UsageOrInput;
        }
    }
    auto carton = openCarton(parser.positionalArguments().at(0));
    if (!carton)
        return UsageOrInput;
    auto tensor = carton->loadTensor(parser.positionalArguments().at(1), parser.isSet(fetch));
    if (!tensor) {
        printError(tensor.error());
        return tensor.error().code == ErrorCode::NotFound || tensor.error().code == ErrorCode::Io ? UsageOrInput
                                                                                                  : CartonErrors;
    }
    if (parser.isSet(json))
        printJson(QJsonDocument(tensorToJson(*tensor, max)));
    else
        printOut(tensorText(*tensor, max));
    return Success;
}

} // namespace cli
