// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestitemedits.h"

#include <QObject>

namespace studio::selftestitemedits {

namespace {

// The name a new item gets: "NAME copy" (duplicates); none when it had none.
std::optional<QString> copyName(const std::optional<QString> &name)
{
    if (!name || name->isEmpty())
        return std::nullopt;
    return QObject::tr("%1 copy").arg(*name);
}

int countOf(const carton::CartonInfo &info, SelfTestItem::Kind kind)
{
    return kind == SelfTestItem::Kind::SelfTest ? int(info.selfTests.size()) : int(info.examples.size());
}

} // namespace

SelfTestItem nearestItem(const carton::CartonInfo &info, SelfTestItem wanted)
{
    if (!wanted.isValid())
        return wanted;
    const int same = countOf(info, wanted.kind);
    if (wanted.number < same)
        return wanted;
    if (same > 0)
        return {wanted.kind, same - 1};
    if (wanted.kind == SelfTestItem::Kind::SelfTest)
        return {SelfTestItem::Kind::Example, info.examples.isEmpty() ? -1 : 0};
    return {SelfTestItem::Kind::SelfTest, int(info.selfTests.size()) - 1};
}

SelfTestItem append(carton::CartonInfo &info, SelfTestItem::Kind kind)
{
    if (kind == SelfTestItem::Kind::SelfTest)
        info.selfTests.append(carton::SelfTest());
    else
        info.examples.append(carton::Example());
    return {kind, countOf(info, kind) - 1};
}

SelfTestItem duplicate(carton::CartonInfo &info, const SelfTestItem &item)
{
    const int at = item.number + 1;
    if (item.kind == SelfTestItem::Kind::SelfTest) {
        carton::SelfTest copy = info.selfTests.at(item.number); // extension keys included
        copy.name = copyName(copy.name);
        info.selfTests.insert(at, copy);
    } else {
        carton::Example copy = info.examples.at(item.number);
        copy.name = copyName(copy.name);
        info.examples.insert(at, copy);
    }
    return {item.kind, at};
}

SelfTestItem remove(carton::CartonInfo &info, const SelfTestItem &item)
{
    if (item.kind == SelfTestItem::Kind::SelfTest)
        info.selfTests.removeAt(item.number);
    else
        info.examples.removeAt(item.number);
    return nearestItem(info, item);
}

std::optional<SelfTestItem> move(carton::CartonInfo &info, const SelfTestItem &item, int delta)
{
    const int to = item.number + delta;
    if (to < 0 || to >= countOf(info, item.kind))
        return std::nullopt;
    if (item.kind == SelfTestItem::Kind::SelfTest)
        info.selfTests.move(item.number, to);
    else
        info.examples.move(item.number, to);
    return SelfTestItem{item.kind, to};
}

} // namespace studio::selftestitemedits
