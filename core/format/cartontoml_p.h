// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Private to the carton.toml reader and writer (not installed).

#include <algorithm>
#include <iterator>
#include <string_view>

namespace carton {

// The top-level keys and tables of carton.toml that CartonInfo holds; every other
// top-level entry is kept as CartonInfo::unknownToml.
inline bool isKnownTopLevelKey(std::string_view key)
{
    static constexpr std::string_view kKnown[] = {
        "spec_version", "model_name", "short_description", "model_description",
        "license",      "repository", "homepage",          "required_platforms",
        "input",        "output",     "self_test",         "example",
        "runner",
    };
    return std::find(std::begin(kKnown), std::end(kKnown), key) != std::end(kKnown);
}

} // namespace carton
