// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "dtype.h"

#include <array>

namespace carton {

namespace {

struct DTypeInfo {
    DType dtype;
    const char16_t *name;
    int size;
    bool spec;
    bool floating;
};

// Indexed by the enum value.
constexpr std::array<DTypeInfo, 15> kDTypes{{
    {DType::Float32, u"float32", 4, true, true},
    {DType::Float64, u"float64", 8, true, true},
    {DType::String, u"string", 0, true, false},
    {DType::Int8, u"int8", 1, true, false},
    {DType::Int16, u"int16", 2, true, false},
    {DType::Int32, u"int32", 4, true, false},
    {DType::Int64, u"int64", 8, true, false},
    {DType::Uint8, u"uint8", 1, true, false},
    {DType::Uint16, u"uint16", 2, true, false},
    {DType::Uint32, u"uint32", 4, true, false},
    {DType::Uint64, u"uint64", 8, true, false},
    {DType::Float16, u"float16", 2, false, true},
    {DType::BFloat16, u"bfloat16", 2, false, true},
    {DType::Bool, u"bool", 1, false, false},
    {DType::Nested, u"nested", 0, false, false},
}};

const DTypeInfo *info(DType dtype)
{
    const auto i = static_cast<std::size_t>(dtype);
    return i < kDTypes.size() ? &kDTypes[i] : nullptr;
}

} // namespace

QString dtypeName(DType dtype)
{
    const DTypeInfo *i = info(dtype);
    return i ? QString::fromUtf16(i->name) : QString();
}

std::optional<DType> parseDType(QStringView name)
{
    for (const DTypeInfo &i : kDTypes)
        if (name == QStringView(i.name))
            return i.dtype;
    return std::nullopt;
}

bool isSpecDType(DType dtype)
{
    const DTypeInfo *i = info(dtype);
    return i && i->spec;
}

int dtypeSize(DType dtype)
{
    const DTypeInfo *i = info(dtype);
    return i ? i->size : 0;
}

bool isNumeric(DType dtype)
{
    return dtypeSize(dtype) > 0;
}

bool isFloating(DType dtype)
{
    const DTypeInfo *i = info(dtype);
    return i && i->floating;
}

} // namespace carton
