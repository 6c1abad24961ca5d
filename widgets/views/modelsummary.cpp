// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelsummary.h"

#include "model/modelset.h"
#include "runner/modelinspection.h"
#include "style/tone.h"
#include "viewutils.h"

#include <QLocale>
#include <QUrl>
#include <algorithm>

namespace studio {

using namespace carton;

namespace {

QString row(const QString &label, const QString &valueHtml)
{
    return QStringLiteral("<tr><td style=\"padding-right:12px\"><b>%1</b></td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), valueHtml);
}

QString code(const QString &text)
{
    return QStringLiteral("<code>%1</code>").arg(text.toHtmlEscaped());
}

} // namespace

QString ModelSummary::formatTitle(ModelFormat format)
{
    switch (format) {
    case ModelFormat::Onnx:
        return QStringLiteral("ONNX");
    case ModelFormat::Gguf:
        return QStringLiteral("GGUF");
    case ModelFormat::TorchZip:
        return QStringLiteral("PyTorch");
    case ModelFormat::TorchLegacy:
        return QStringLiteral("PyTorch (legacy)");
    default:
        return modelFormatName(format);
    }
}

QString ModelSummary::weightTypeText(const ModelWeight &weight)
{
    if (!weight.dtype)
        return weight.typeName;
    const QString name = dtypeName(*weight.dtype);
    if (weight.encoding == WeightEncoding::Ggml || weight.encoding == WeightEncoding::Narrow)
        return QStringLiteral("%1 → %2").arg(weight.typeName, name);
    return name;
}

QString ModelSummary::cannotShowText(const ModelWeight &weight)
{
    const QString why =
        weight.note.isEmpty() ? tr("%1 values cannot be decoded here").arg(weight.typeName) : weight.note;
    return tr("Cannot show values: %1").arg(why);
}

QString ModelSummary::valueInfoText(const OnnxValueInfo &value)
{
    QString type = value.dtype.isEmpty() ? value.kind : value.dtype;
    if (value.shape) {
        QStringList dims;
        for (const OnnxDim &d : *value.shape)
            dims.append(d.value ? QString::number(*d.value) : d.param.isEmpty() ? QStringLiteral("?") : d.param);
        type += u'[' + dims.join(u',') + u']';
    }
    return value.name + u' ' + type;
}

QString ModelSummary::operatorsRow(const QMap<QString, int> &counts, qsizetype nodes)
{
    QList<std::pair<QString, int>> ops(counts.keyValueBegin(), counts.keyValueEnd());
    std::stable_sort(ops.begin(), ops.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList opTexts;
    for (const auto &[op, count] : ops)
        opTexts.append(QStringLiteral("%1 ×%2").arg(op).arg(count));
    return row(tr("Operators"),
               tr("%n node(s)", nullptr, int(nodes)) +
                   (opTexts.isEmpty() ? QString() : u": " + opTexts.join(QStringLiteral(", "))).toHtmlEscaped());
}

QString ModelSummary::html(const ModelEntry &entry)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg(entry.path.toHtmlEscaped());
    if (!entry.model) {
        html += QStringLiteral("<p><img src=\":/icons/severity-error.svg\" width=\"16\" height=\"16\"> %1</p>")
                    .arg(toneHtml(Tone::Bad, tr("This %1 file could not be read: %2")
                                                 .arg(formatTitle(entry.format),
                                                      entry.error ? entry.error->toString() : tr("unknown error"))));
        return html;
    }
    const ModelFile &model = *entry.model;
    const QLocale locale;
    QString rows = row(tr("Format"), formatTitle(model.format()).toHtmlEscaped());
    rows += row(tr("Parameters"),
                tr("%1 (%2) in %n weight(s)", nullptr, int(model.weights().size()))
                    .arg(locale.toString(model.parameterCount()), studio::humanSize(model.parameterBytes()))
                    .toHtmlEscaped());
    if (const std::optional<OnnxInfo> &onnx = model.onnx()) {
        const QString producer = QString(onnx->producerName + u' ' + onnx->producerVersion).trimmed();
        rows += row(tr("Producer"), producer.isEmpty() ? tr("not given") : producer.toHtmlEscaped());
        QStringList opsets;
        for (const auto &[domain, version] : onnx->opsets)
            opsets.append(
                QStringLiteral("%1 %2").arg(domain.isEmpty() ? QStringLiteral("ai.onnx") : domain).arg(version));
        rows += row(tr("Opsets"), opsets.join(QStringLiteral(", ")).toHtmlEscaped());
        rows += row(tr("IR version"), QString::number(onnx->irVersion));
        if (onnx->modelVersion)
            rows += row(tr("Model version"), QString::number(onnx->modelVersion));
        if (!onnx->graphName.isEmpty())
            rows += row(tr("Graph"), onnx->graphName.toHtmlEscaped());
        QStringList inputs, outputs;
        for (const OnnxValueInfo &v : onnx->inputs)
            inputs.append(code(valueInfoText(v)));
        for (const OnnxValueInfo &v : onnx->outputs)
            outputs.append(code(valueInfoText(v)));
        rows += row(tr("Inputs"), inputs.isEmpty() ? tr("none") : inputs.join(QStringLiteral("<br>")));
        rows += row(tr("Outputs"), outputs.isEmpty() ? tr("none") : outputs.join(QStringLiteral("<br>")));
        rows += operatorsRow(onnx->opCounts, onnx->nodes.size());
        for (const auto &[key, value] : onnx->metadata)
            rows += row(key, value.toHtmlEscaped());
    }
    if (const std::optional<TorchInfo> &torch = model.torch()) {
        rows +=
            row(tr("Kind"), (torch->torchScript                           ? tr("TorchScript archive (torch.jit.save)")
                             : model.format() == ModelFormat::TorchLegacy ? tr("torch.save checkpoint (legacy format)")
                                                                          : tr("torch.save checkpoint"))
                                .toHtmlEscaped());
        if (!torch->version.isEmpty())
            rows += row(tr("Version"), torch->version.toHtmlEscaped());
        if (torch->pickleProtocol > 0)
            rows +=
                row(tr("Pickle protocol"),
                    tr("%1 (read without unpickling: nothing in it runs)").arg(torch->pickleProtocol).toHtmlEscaped());
        if (!torch->codeFiles.isEmpty()) {
            QStringList files;
            for (const QString &f : torch->codeFiles)
                files.append(QStringLiteral("<a href=\"%1%2\">%3</a>")
                                 .arg(codeScheme, QString::fromLatin1(QUrl::toPercentEncoding(f)), f.toHtmlEscaped()));
            rows += row(tr("Code"), files.join(QStringLiteral("<br>")));
        }
        if (!torch->opaque.isEmpty())
            rows += row(tr("Not evaluated"), torch->opaque.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (const std::optional<GgufInfo> &gguf = model.gguf()) {
        rows += row(tr("GGUF version"), QString::number(gguf->version));
        const QString arch = gguf->value(QStringLiteral("general.architecture"));
        if (!arch.isEmpty())
            rows += row(tr("Architecture"), arch.toHtmlEscaped());
    }
    html += QStringLiteral("<table>%1</table>").arg(rows);
    if (const std::optional<GgufInfo> &gguf = model.gguf(); gguf && !gguf->metadata.isEmpty()) {
        QString meta;
        for (const GgufValue &v : gguf->metadata)
            meta +=
                QStringLiteral("<tr><td style=\"padding-right:12px\">%1</td><td style=\"padding-right:12px\">%2</td>"
                               "<td>%3</td></tr>")
                    .arg(v.key.toHtmlEscaped(), v.type.toHtmlEscaped(), v.text.toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b></p><table>%2</table>").arg(tr("Metadata").toHtmlEscaped(), meta);
    }
    return html;
}

QString ModelSummary::inspectionHtml(const ModelInspection &inspection, const Diagnostics &comparison, bool compared)
{
    QString html = QStringLiteral("<h3>%1</h3>")
                       .arg(tr("%1 — read by the runner in its sandbox").arg(inspection.file).toHtmlEscaped());
    QStringList signatures;
    for (const InspectedMethod &m : inspection.methods)
        signatures.append(code(m.signature()));
    QString rows = row(tr("Signature"), signatures.isEmpty() ? tr("none") : signatures.join(QStringLiteral("<br>")));
    if (const InspectedMethod *forward = inspection.method(u"forward")) {
        rows += operatorsRow(forward->opCounts(), forward->nodes.size());
        if (compared) {
            QStringList lines;
            for (const Diagnostic &d : comparison)
                lines.append(QStringLiteral("%1: %2").arg(severityText(d.severity), d.message).toHtmlEscaped());
            rows += row(tr("carton.toml"),
                        lines.isEmpty() ? tr("nothing in [[input]] or [[output]] contradicts forward").toHtmlEscaped()
                                        : lines.join(QStringLiteral("<br>")));
        }
    }
    return html + QStringLiteral("<table>%1</table>").arg(rows);
}

} // namespace studio
