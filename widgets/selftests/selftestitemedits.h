// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartoninfo.h"
#include "selftests/selftestsmodel.h"

#include <optional>

namespace studio {

// The list edits of a carton's [[self_test]]s and [[example]]s (add, duplicate,
// remove, move) on a CartonInfo, each returning the item to show next. Pure
// functions: the Self-tests editor turns their result into one undo step.
namespace selftestitemedits {

// `wanted` when `info` has it (or when it is invalid); else the nearest item:
// the last of its kind, else the first example (for a self-test) or the last
// self-test (for an example); invalid when there is none.
SelfTestItem nearestItem(const carton::CartonInfo &info, SelfTestItem wanted);

// Appends an empty item of `kind`; returns it.
SelfTestItem append(carton::CartonInfo &info, SelfTestItem::Kind kind);
// Inserts a copy of `item` (extension keys included, named "NAME copy") after
// it; returns the copy. `item` must be valid.
SelfTestItem duplicate(carton::CartonInfo &info, const SelfTestItem &item);
// Removes `item`; returns the nearest item left. `item` must be valid.
SelfTestItem remove(carton::CartonInfo &info, const SelfTestItem &item);
// Moves `item` by `delta` within its kind; returns where it went, or nothing
// (and `info` unchanged) when that is outside the list.
std::optional<SelfTestItem> move(carton::CartonInfo &info, const SelfTestItem &item, int delta);

} // namespace selftestitemedits

} // namespace studio
