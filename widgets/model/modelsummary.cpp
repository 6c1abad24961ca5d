// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelsummary.h"

#include "common/viewutils.h"
#include "format/cartoninfo.h"
#include "model/modelset.h"
#include "runner/modelinspection.h"
#include "style/tone.h"
#include "validate/modelsignature.h"

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

QString ModelSummary::signatureCheckHtml(const CartonInfo &info, const ModelEntry &entry, const Diagnostics &comparison)
{
    if (!entry.model || !entry.model->onnx())
        return {};
    int errors = 0;
    for (const Diagnostic &d : comparison)
        errors += d.severity == Severity::Error ? 1 : 0;
    const QString title = tr("carton.toml against %1").arg(entry.path);
    QString html = QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped());
    if (comparison.isEmpty())
        return html + QStringLiteral("<p>%1</p>")
                          .arg(toneHtml(Tone::Good, tr("[[input]] and [[output]] agree with the model's signature.")));
    // Each declared tensor with dimensions in error: its shape with those marked, beside the model's.
    const auto shapes = [&](const QString &kind, const QList<TensorSpec> &specs, const QList<OnnxValueInfo> &model) {
        QString rows;
        for (qsizetype i = 0; i < specs.size(); ++i) {
            const TensorSpec &spec = specs.at(i);
            const QString prefix = QStringLiteral("%1[%2].shape").arg(kind).arg(i);
            QList<int> wrong;
            bool rankWrong = false;
            for (const Diagnostic &d : comparison) {
                if (d.severity != Severity::Error || !d.location.field.startsWith(prefix))
                    continue;
                const QString rest = d.location.field.mid(prefix.size());
                if (rest.isEmpty())
                    rankWrong = true;
                else
                    wrong.append(rest.mid(1, rest.size() - 2).toInt());
            }
            if (wrong.isEmpty() && !rankWrong)
                continue;
            QString declared;
            if (spec.shape.isDims() && !rankWrong) {
                QStringList dims;
                const QList<Dim> &list = spec.shape.dimList();
                for (qsizetype j = 0; j < list.size(); ++j) {
                    const QString text = list.at(j).isValue()    ? QString::number(list.at(j).size())
                                         : list.at(j).isSymbol() ? list.at(j).symbolName()
                                                                 : QStringLiteral("*");
                    dims.append(wrong.contains(int(j))
                                    ? QStringLiteral("<u>%1</u>").arg(toneHtml(Tone::Bad, text, true))
                                    : text.toHtmlEscaped());
                }
                declared = u'[' + dims.join(QStringLiteral(", ")) + u']';
            } else {
                declared = toneHtml(Tone::Bad, spec.shape.toString(), true);
            }
            const auto found = std::find_if(model.cbegin(), model.cend(),
                                            [&spec](const OnnxValueInfo &v) { return v.name == spec.name; });
            const QString theirs = found == model.cend() ? QString() : onnxShapeText(*found);
            rows += row(QStringLiteral("%1 %2").arg(kind, spec.name),
                        tr("%1 in carton.toml, %2 in the model")
                            .arg(QStringLiteral("<code>%1</code>").arg(declared), code(theirs)));
        }
        return rows;
    };
    QString rows = shapes(QStringLiteral("input"), info.inputs, entry.model->onnx()->inputs) +
                   shapes(QStringLiteral("output"), info.outputs, entry.model->onnx()->outputs);
    QStringList lines;
    for (const Diagnostic &d : comparison) {
        const Tone tone = d.severity == Severity::Error     ? Tone::Bad
                          : d.severity == Severity::Warning ? Tone::Warning
                                                            : Tone::Muted;
        lines.append(toneHtml(tone, severityText(d.severity), d.severity == Severity::Error) + QStringLiteral(": ") +
                     d.message.toHtmlEscaped());
    }
    rows += row(tr("Findings"), lines.join(QStringLiteral("<br>")));
    html += QStringLiteral("<table>%1</table>").arg(rows);
    // Information alone (a symbol named otherwise) needs no fixing.
    if (errors > 0 || std::any_of(comparison.cbegin(), comparison.cend(),
                                  [](const Diagnostic &d) { return d.severity == Severity::Warning; }))
        html +=
            QStringLiteral("<p><a href=\"%1\">%2</a> — %3</p>")
                .arg(useSignatureLink, tr("Use the model's signature").toHtmlEscaped(),
                     tr("[[input]] and [[output]] from the model, as Fill from Model in edit mode").toHtmlEscaped());
    return html;
}

} // namespace studio
