// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "jsonexport.h"

#include "package/carton.h"
#include "package/mediasniff.h"
#include "zip/zipentry.h"

#include <QtEndian>
#include <cmath>
#include <limits>

namespace cli {

using namespace carton;

namespace {

template <typename T>
QJsonValue optionalString(const std::optional<T> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonObject refsToJson(const TensorRefs &refs)
{
    QJsonObject o;
    for (const auto &[name, ref] : refs)
        o.insert(name, ref);
    return o;
}

QJsonArray specsToJson(const QList<TensorSpec> &specs)
{
    QJsonArray out;
    for (const TensorSpec &s : specs) {
        out.append(QJsonObject{
            {QStringLiteral("name"), s.name},
            {QStringLiteral("dtype"), s.dtypeText.isEmpty() ? dtypeName(s.dtype) : s.dtypeText},
            {QStringLiteral("shape"), shapeToJson(s.shape)},
            {QStringLiteral("description"), optionalString(s.description)},
            {QStringLiteral("internal_name"), optionalString(s.internalName)},
        });
    }
    return out;
}

QJsonValue optToJson(const RunnerOpt &opt)
{
    return std::visit(
        [](const auto &v) -> QJsonValue {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, double>)
                return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QString::number(v));
            else
                return QJsonValue(v);
        },
        opt);
}

QJsonValue runnerToJson(const RunnerInfo &r)
{
    QJsonObject opts;
    for (const auto &[key, value] : r.opts)
        opts.insert(key, optToJson(value));
    return QJsonObject{
        {QStringLiteral("runner_name"), r.runnerName},
        {QStringLiteral("required_framework_version"), r.requiredFrameworkVersion},
        {QStringLiteral("runner_compat_version"), r.runnerCompatVersion},
        {QStringLiteral("opts"), opts},
    };
}

// A misc/ file's media type from its first bytes; null for other files, and for a
// misc file that cannot be read (verify reports those).
QJsonValue miscMediaType(const Carton &carton, const QString &path)
{
    if (!path.startsWith(u"misc/"))
        return QJsonValue(QJsonValue::Null);
    const Result<QString> type = sniffMediaType(carton.source(), path);
    return type.ok() ? QJsonValue(*type) : QJsonValue(QJsonValue::Null);
}

QString compressionName(int method)
{
    if (method < 0 || method == int(ZipMethod::Stored))
        return QStringLiteral("stored");
    return zipMethodName(quint16(method));
}

template <typename T>
T readLittleEndian(const Tensor &t, qint64 i)
{
    return qFromLittleEndian<T>(t.data().constData() + i * qint64(sizeof(T)));
}

QJsonValue elementToJson(const Tensor &t, qint64 i)
{
    switch (t.dtype()) {
    case DType::String:
        return t.stringValues().value(i);
    case DType::Int8:
        return qint64(readLittleEndian<qint8>(t, i));
    case DType::Int16:
        return qint64(readLittleEndian<qint16>(t, i));
    case DType::Int32:
        return qint64(readLittleEndian<qint32>(t, i));
    case DType::Int64:
        return readLittleEndian<qint64>(t, i);
    case DType::Uint8:
        return qint64(readLittleEndian<quint8>(t, i));
    case DType::Uint16:
        return qint64(readLittleEndian<quint16>(t, i));
    case DType::Uint32:
        return qint64(readLittleEndian<quint32>(t, i));
    case DType::Uint64: {
        const quint64 v = readLittleEndian<quint64>(t, i);
        // JSON numbers above 2^63 cannot be qint64: print them as text to stay exact.
        return v <= quint64(std::numeric_limits<qint64>::max()) ? QJsonValue(qint64(v))
                                                                : QJsonValue(QString::number(v));
    }
    case DType::Bool:
        return t.valueAsDouble(i) != 0;
    default: {
        const double v = t.valueAsDouble(i);
        return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QString::number(v));
    }
    }
}

} // namespace

QJsonValue shapeToJson(const Shape &shape)
{
    if (shape.isAny())
        return QStringLiteral("*");
    if (shape.isSymbol())
        return shape.symbolName();
    QJsonArray dims;
    for (const Dim &d : shape.dimList()) {
        if (d.isValue())
            dims.append(d.size());
        else
            dims.append(d.toString());
    }
    return dims;
}

QJsonArray diagnosticsToJson(const Diagnostics &diagnostics)
{
    QJsonArray out;
    for (const Diagnostic &d : diagnostics) {
        // "location" is the text shown to people; file/line/column/field are its parts.
        QJsonObject o{{QStringLiteral("severity"), severityName(d.severity)},
                      {QStringLiteral("location"), d.location.toString()},
                      {QStringLiteral("file"), d.location.file},
                      {QStringLiteral("message"), d.message}};
        if (d.location.line > 0)
            o.insert(QStringLiteral("line"), d.location.line);
        if (d.location.column > 0)
            o.insert(QStringLiteral("column"), d.location.column);
        if (!d.location.field.isEmpty())
            o.insert(QStringLiteral("field"), d.location.field);
        out.append(o);
    }
    return out;
}

QJsonObject cartonToJson(const Carton &carton, const Diagnostics &diagnostics)
{
    const QJsonValue null(QJsonValue::Null);
    QJsonObject o;
    o.insert(QStringLiteral("manifest_hash"),
             carton.modelHash().isEmpty() ? null : QJsonValue(QString::fromLatin1(carton.modelHash())));
    const auto &info = carton.info();
    o.insert(QStringLiteral("spec_version"), info ? QJsonValue(info->specVersion) : null);
    o.insert(QStringLiteral("model_name"), info ? optionalString(info->modelName) : null);
    o.insert(QStringLiteral("short_description"), info ? optionalString(info->shortDescription) : null);
    o.insert(QStringLiteral("model_description"), info ? optionalString(info->modelDescription) : null);
    o.insert(QStringLiteral("license"), info ? optionalString(info->license) : null);
    o.insert(QStringLiteral("repository"), info ? optionalString(info->repository) : null);
    o.insert(QStringLiteral("homepage"), info ? optionalString(info->homepage) : null);
    o.insert(QStringLiteral("required_platforms"),
             info && info->requiredPlatforms ? QJsonValue(QJsonArray::fromStringList(*info->requiredPlatforms)) : null);
    o.insert(QStringLiteral("inputs"), info ? specsToJson(info->inputs) : QJsonArray());
    o.insert(QStringLiteral("outputs"), info ? specsToJson(info->outputs) : QJsonArray());
    QJsonArray selfTests, examples;
    if (info) {
        for (const SelfTest &t : info->selfTests)
            selfTests.append(QJsonObject{
                {QStringLiteral("name"), optionalString(t.name)},
                {QStringLiteral("description"), optionalString(t.description)},
                {QStringLiteral("inputs"), refsToJson(t.inputs)},
                {QStringLiteral("expected_out"), t.expectedOut ? QJsonValue(refsToJson(*t.expectedOut)) : null},
            });
        for (const Example &e : info->examples)
            examples.append(QJsonObject{
                {QStringLiteral("name"), optionalString(e.name)},
                {QStringLiteral("description"), optionalString(e.description)},
                {QStringLiteral("inputs"), refsToJson(e.inputs)},
                {QStringLiteral("sample_out"), refsToJson(e.sampleOut)},
            });
    }
    o.insert(QStringLiteral("self_tests"), selfTests);
    o.insert(QStringLiteral("examples"), examples);
    o.insert(QStringLiteral("runner"), info ? runnerToJson(info->runner) : null);

    QJsonArray files;
    for (const SourceFile &f : carton.source().files()) {
        const ManifestEntry *m = carton.manifest() ? carton.manifest()->find(f.path) : nullptr;
        files.append(QJsonObject{
            {QStringLiteral("path"), f.path},
            {QStringLiteral("size"), f.size},
            {QStringLiteral("compressed_size"), f.compressedSize},
            {QStringLiteral("compression"), compressionName(f.method)},
            {QStringLiteral("sha256"), m ? QJsonValue(QString::fromLatin1(m->sha256)) : null},
            {QStringLiteral("media_type"), miscMediaType(carton, f.path)},
        });
    }
    o.insert(QStringLiteral("files"), files);

    QJsonArray tensors;
    if (carton.tensorIndex()) {
        for (const TensorIndexEntry &t : carton.tensorIndex()->entries()) {
            QJsonValue shape = null;
            if (t.shape) {
                QJsonArray dims;
                for (qint64 d : *t.shape)
                    dims.append(d);
                shape = dims;
            }
            tensors.append(QJsonObject{
                {QStringLiteral("name"), t.name},
                {QStringLiteral("dtype"), dtypeName(t.dtype)},
                {QStringLiteral("shape"), shape},
                {QStringLiteral("file"), optionalString(t.file)},
                {QStringLiteral("inner"), QJsonArray::fromStringList(t.inner)},
            });
        }
    }
    o.insert(QStringLiteral("tensors"), tensors);
    o.insert(QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics));
    return o;
}

QJsonObject fileCheckToJson(const FileCheck &check)
{
    const QJsonValue null(QJsonValue::Null);
    return QJsonObject{
        {QStringLiteral("path"), check.path},
        {QStringLiteral("state"), fileStateName(check.state)},
        {QStringLiteral("expected_sha256"),
         check.expectedSha256.isEmpty() ? null : QJsonValue(QString::fromLatin1(check.expectedSha256))},
        {QStringLiteral("actual_sha256"),
         check.actualSha256.isEmpty() ? null : QJsonValue(QString::fromLatin1(check.actualSha256))},
        {QStringLiteral("message"), check.message.isEmpty() ? null : QJsonValue(check.message)},
    };
}

QJsonObject tensorToJson(const Tensor &tensor, qint64 limit)
{
    if (tensor.dtype() == DType::Nested) {
        QJsonArray inner;
        for (const Tensor &t : tensor.inner())
            inner.append(tensorToJson(t, limit));
        return QJsonObject{{QStringLiteral("name"), tensor.name()},
                           {QStringLiteral("dtype"), QStringLiteral("nested")},
                           {QStringLiteral("inner"), inner}};
    }
    QJsonArray shape;
    for (qint64 d : tensor.shape())
        shape.append(d);
    const qint64 count = tensor.elementCount().value_or(0);
    const qint64 n = limit >= 0 ? std::min(limit, count) : count;
    QJsonArray data;
    for (qint64 i = 0; i < n; ++i)
        data.append(elementToJson(tensor, i));
    return QJsonObject{{QStringLiteral("name"), tensor.name()},
                       {QStringLiteral("dtype"), dtypeName(tensor.dtype())},
                       {QStringLiteral("shape"), shape},
                       {QStringLiteral("data"), data}};
}

} // namespace cli
