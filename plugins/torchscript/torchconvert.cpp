// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "torchconvert.h"

#include <torch/torch.h>

using namespace carton;

namespace torchconvert {

namespace {

std::optional<c10::ScalarType> scalarType(DType d)
{
    switch (d) {
    case DType::Float32:
        return c10::kFloat;
    case DType::Float64:
        return c10::kDouble;
    case DType::Float16:
        return c10::kHalf;
    case DType::BFloat16:
        return c10::kBFloat16;
    case DType::Int8:
        return c10::kChar;
    case DType::Int16:
        return c10::kShort;
    case DType::Int32:
        return c10::kInt;
    case DType::Int64:
        return c10::kLong;
    case DType::Uint8:
        return c10::kByte;
    case DType::Bool:
        return c10::kBool;
    default:
        return std::nullopt; // uint16/32/64: libtorch 1.13 has no such tensors
    }
}

std::optional<DType> carttonDType(c10::ScalarType t)
{
    switch (t) {
    case c10::kFloat:
        return DType::Float32;
    case c10::kDouble:
        return DType::Float64;
    case c10::kHalf:
        return DType::Float16;
    case c10::kBFloat16:
        return DType::BFloat16;
    case c10::kChar:
        return DType::Int8;
    case c10::kShort:
        return DType::Int16;
    case c10::kInt:
        return DType::Int32;
    case c10::kLong:
        return DType::Int64;
    case c10::kByte:
        return DType::Uint8;
    case c10::kBool:
        return DType::Bool;
    default:
        return std::nullopt;
    }
}

} // namespace

Result<c10::IValue> toIValue(const Tensor &tensor, const c10::TypePtr &expected)
{
    if (tensor.dtype() == DType::String) {
        const QStringList &values = tensor.stringValues();
        const bool wantsList = expected && expected->kind() == c10::TypeKind::ListType;
        const bool wantsStr = expected && expected->kind() == c10::TypeKind::StringType;
        if (tensor.shape().isEmpty() && !wantsList) {
            return c10::IValue(values.value(0).toStdString());
        }
        if (wantsStr && values.size() == 1)
            return c10::IValue(values.first().toStdString());
        c10::List<std::string> list;
        list.reserve(values.size());
        for (const QString &s : values)
            list.push_back(s.toStdString());
        return c10::IValue(list);
    }
    const std::optional<c10::ScalarType> type = scalarType(tensor.dtype());
    if (!type)
        return makeError(ErrorCode::Unsupported, QStringLiteral("input \"%1\" is %2; libtorch has no such tensor type")
                                                     .arg(tensor.name(), dtypeName(tensor.dtype())));
    std::vector<int64_t> sizes(tensor.shape().begin(), tensor.shape().end());
    // from_blob does not own the bytes: clone into a tensor that does.
    at::Tensor t =
        torch::from_blob(const_cast<char *>(tensor.data().constData()), sizes, torch::TensorOptions().dtype(*type))
            .clone();
    return c10::IValue(std::move(t));
}

Result<Tensor> fromIValue(const QString &name, const c10::IValue &value)
{
    if (value.isTensor()) {
        at::Tensor t = value.toTensor().detach().to(torch::kCPU).contiguous();
        const std::optional<DType> dtype = carttonDType(t.scalar_type());
        if (!dtype)
            return makeError(ErrorCode::Unsupported,
                             QStringLiteral("output \"%1\" has torch type %2, which Carton has "
                                            "no dtype for")
                                 .arg(name, QString::fromStdString(c10::toString(t.scalar_type()))));
        QList<qint64> shape;
        for (int64_t d : t.sizes())
            shape.append(d);
        const qint64 bytes = qint64(t.numel()) * qint64(t.element_size());
        return Tensor::numeric(name, *dtype, shape, QByteArray(static_cast<const char *>(t.data_ptr()), bytes));
    }
    if (value.isString())
        return Tensor::strings(name, {}, {QString::fromStdString(value.toStringRef())});
    if (value.isList()) {
        QStringList strings;
        for (const c10::IValue &v : value.toListRef()) {
            if (!v.isString())
                return makeError(ErrorCode::Unsupported,
                                 QStringLiteral("output \"%1\" is a list of %2; only List[str] is supported")
                                     .arg(name, QString::fromStdString(v.tagKind())));
            strings.append(QString::fromStdString(v.toStringRef()));
        }
        return Tensor::strings(name, {qint64(strings.size())}, strings);
    }
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("output \"%1\" is a %2; expected a Tensor, str or List[str]")
                         .arg(name, QString::fromStdString(value.tagKind())));
}

} // namespace torchconvert
