// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/modelsignature.h"

#include "base/coretext.h"
#include "model/modelset.h"
#include "runner/modelinspection.h"
#include "validate/reporter.h"

#include <QHash>
#include <algorithm>

namespace carton {

namespace {

using validate_detail::Reporter;

QString onnxDimText(const OnnxDim &d)
{
    if (d.value)
        return QString::number(*d.value);
    return d.param.isEmpty() ? QStringLiteral("?") : d.param;
}

// "224": a size written as a string, which validateInfo's shape checks already name.
bool isNumberText(const QString &text)
{
    return !text.isEmpty() && std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.isDigit(); });
}

QStringList namesOf(const QList<OnnxValueInfo> &values)
{
    QStringList names;
    for (const OnnxValueInfo &v : values)
        names << v.name;
    return names;
}

// One section ("input" or "output") of carton.toml against the model's.
void compareSection(const QString &section, const QList<TensorSpec> &specs, const QList<OnnxValueInfo> &model,
                    const QString &file, Reporter &r)
{
    if (specs.isEmpty())
        return;
    QHash<QString, const OnnxValueInfo *> byName;
    for (const OnnxValueInfo &v : model)
        byName.insert(v.name, &v);
    QSet<QString> declared;
    for (qsizetype i = 0; i < specs.size(); ++i) {
        const TensorSpec &spec = specs.at(i);
        const QString field = QStringLiteral("%1[%2]").arg(section).arg(i);
        declared.insert(spec.name);
        const OnnxValueInfo *v = byName.value(spec.name);
        if (!v) {
            r.toml(Severity::Warning, field + QStringLiteral(".name"),
                   ValidationText::tr("%1 \"%2\" is not an %1 of %3 (its %1s: %4)")
                       .arg(section, spec.name, file, namesOf(model).join(QStringLiteral(", "))));
            continue;
        }
        if (v->kind == QLatin1String("tensor") && !v->dtype.isEmpty() && v->dtype != dtypeName(spec.dtype))
            r.toml(Severity::Warning, field + QStringLiteral(".dtype"),
                   ValidationText::tr("%1 \"%2\" is %3 in carton.toml but %4 in %5")
                       .arg(section, spec.name, dtypeName(spec.dtype), v->dtype, file));
        if (!v->shape || !spec.shape.isDims())
            continue;
        const QList<Dim> &dims = spec.shape.dimList();
        const QList<OnnxDim> &modelDims = *v->shape;
        if (dims.size() != modelDims.size()) {
            // The model's rank is fixed: no input of another rank can run.
            r.toml(Severity::Error, field + QStringLiteral(".shape"),
                   ValidationText::tr("%1 \"%2\" has %3 dimensions in carton.toml (%4) but %5 in %6 (%7)")
                       .arg(section, spec.name)
                       .arg(dims.size())
                       .arg(spec.shape.toString())
                       .arg(modelDims.size())
                       .arg(file, onnxShapeText(*v)));
            continue;
        }
        for (qsizetype j = 0; j < dims.size(); ++j) {
            const Dim &d = dims.at(j);
            const OnnxDim &m = modelDims.at(j);
            const QString dimField = field + QStringLiteral(".shape[%1]").arg(j);
            if (d.isValue() && m.value && d.size() != *m.value)
                // A size the model fixes otherwise: a tensor of the declared shape cannot run.
                r.toml(Severity::Error, dimField,
                       ValidationText::tr("%1 \"%2\": dimension %3 is %4 in carton.toml but %5 in %6")
                           .arg(section, spec.name)
                           .arg(j)
                           .arg(d.size())
                           .arg(*m.value)
                           .arg(file));
            else if (d.isSymbol() && m.value && !isNumberText(d.symbolName())) // a quoted size: checkSpecs says it
                r.toml(Severity::Warning, dimField,
                       ValidationText::tr("%1 \"%2\": dimension %3 is the symbol %4 in carton.toml but fixed to %5 "
                                          "in %6")
                           .arg(section, spec.name)
                           .arg(j)
                           .arg(d.symbolName())
                           .arg(*m.value)
                           .arg(file));
            else if (d.isSymbol() && !m.param.isEmpty() && d.symbolName() != m.param)
                r.toml(Severity::Info, dimField,
                       ValidationText::tr("%1 \"%2\": dimension %3 is the symbol %4 in carton.toml and %5 in %6")
                           .arg(section, spec.name)
                           .arg(j)
                           .arg(d.symbolName(), m.param, file));
        }
    }
    for (const OnnxValueInfo &v : model)
        if (!declared.contains(v.name))
            r.toml(Severity::Warning, section,
                   ValidationText::tr("%1 takes %2 \"%3\" (%4 %5) that carton.toml does not declare")
                       .arg(file, section, v.name, v.dtype.isEmpty() ? v.kind : v.dtype, onnxShapeText(v)));
}

bool isDictType(const QString &type)
{
    return type.startsWith(u"Dict[") || type == u"Dict";
}

// The values a TorchScript return type stands for: "Tuple[Tensor, int]" -> 2, "Tensor" -> 1.
qsizetype returnedValues(const QList<InspectedValue> &returns)
{
    if (returns.size() != 1 || !returns.first().type.startsWith(u"Tuple[") || !returns.first().type.endsWith(u']'))
        return returns.size();
    const QString inner = returns.first().type.mid(6, returns.first().type.size() - 7);
    qsizetype count = inner.trimmed().isEmpty() ? 0 : 1;
    int depth = 0;
    for (const QChar c : inner) {
        if (c == u'[')
            ++depth;
        else if (c == u']')
            --depth;
        else if (c == u',' && depth == 0)
            ++count;
    }
    return count;
}

TensorSpec specOf(const OnnxValueInfo &v)
{
    TensorSpec spec;
    spec.name = v.name;
    spec.dtype = parseDType(v.dtype).value_or(DType::Float32);
    spec.dtypeText = dtypeName(spec.dtype);
    if (!v.shape) {
        spec.shape = Shape::any();
        return spec;
    }
    QList<Dim> dims;
    for (const OnnxDim &d : *v.shape)
        dims << (d.value ? Dim::value(*d.value) : d.param.isEmpty() ? Dim::any() : Dim::symbol(d.param));
    spec.shape = Shape::dims(dims);
    return spec;
}

} // namespace

const ModelEntry *signatureModel(const ModelSet &models)
{
    const ModelEntry *found = nullptr;
    for (const ModelEntry &e : models.entries()) {
        if (!e.model || !e.model->onnx())
            continue;
        if (found)
            return nullptr;
        found = &e;
    }
    return found;
}

Diagnostics checkModelSignature(const CartonInfo &info, const ModelSet &models)
{
    Diagnostics out;
    const ModelEntry *entry = signatureModel(models);
    if (!entry)
        return out;
    Reporter r(out, info.fieldLines);
    const OnnxInfo &onnx = *entry->model->onnx();
    compareSection(QStringLiteral("input"), info.inputs, onnx.inputs, entry->path, r);
    compareSection(QStringLiteral("output"), info.outputs, onnx.outputs, entry->path, r);
    return out;
}

Diagnostics checkInspectedSignature(const CartonInfo &info, const ModelInspection &inspection)
{
    Diagnostics out;
    // Not ModelInspection::method(): validate uses the runner's header only.
    const auto found = std::find_if(inspection.methods.cbegin(), inspection.methods.cend(),
                                    [](const InspectedMethod &m) { return m.name == u"forward"; });
    if (found == inspection.methods.cend())
        return out;
    const InspectedMethod *forward = &*found;
    Reporter r(out, info.fieldLines);
    const QString &file = inspection.file;
    if (forward->arguments.size() == 1 && isDictType(forward->arguments.first().type)) {
        if (!info.inputs.isEmpty())
            r.toml(Severity::Info, QStringLiteral("input"),
                   ValidationText::tr("%1: forward takes one dict (%2: %3), so the names of carton.toml's inputs "
                                      "cannot be compared with the model's")
                       .arg(file, forward->arguments.first().name, forward->arguments.first().type));
    } else {
        compareSection(QStringLiteral("input"), info.inputs, inspectedArguments(*forward), file, r);
    }
    if (info.outputs.isEmpty())
        return out;
    const QString returnType = forward->returns.size() == 1 ? forward->returns.first().type : QString();
    if (isDictType(returnType)) {
        r.toml(Severity::Info, QStringLiteral("output"),
               ValidationText::tr("%1: forward returns a dict (%2), so the names of carton.toml's outputs cannot be "
                                  "compared with the model's")
                   .arg(file, returnType));
        return out;
    }
    const qsizetype returned = returnedValues(forward->returns);
    if (returned != info.outputs.size()) {
        QStringList types;
        for (const InspectedValue &v : forward->returns)
            types << v.type;
        r.toml(Severity::Warning, QStringLiteral("output"),
               ValidationText::tr("carton.toml declares %n output(s) but forward in %1 returns %2 (%3)", nullptr,
                                  int(info.outputs.size()))
                   .arg(file)
                   .arg(returned)
                   .arg(types.join(QStringLiteral(", "))));
    }
    return out;
}

ModelSpecs specsFromModel(const ModelEntry &entry)
{
    ModelSpecs specs;
    if (!entry.model || !entry.model->onnx())
        return specs;
    const auto add = [&specs](const QList<OnnxValueInfo> &values, QList<TensorSpec> &into) {
        for (const OnnxValueInfo &v : values) {
            const std::optional<DType> dtype = parseDType(v.dtype);
            if (v.kind != QLatin1String("tensor") || !dtype || !isSpecDType(*dtype)) {
                specs.unsupported << QStringLiteral("%1 (%2)").arg(v.name, v.dtype.isEmpty() ? v.kind : v.dtype);
                continue;
            }
            into << specOf(v);
        }
    };
    add(entry.model->onnx()->inputs, specs.inputs);
    add(entry.model->onnx()->outputs, specs.outputs);
    return specs;
}

QString onnxShapeText(const OnnxValueInfo &value)
{
    if (!value.shape)
        return QStringLiteral("*");
    QStringList parts;
    for (const OnnxDim &d : *value.shape)
        parts << onnxDimText(d);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

} // namespace carton
