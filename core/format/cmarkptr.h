// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// RAII owners of cmark's C handles, for every user of cmark (the validator's
// image check, the app's model card renderer). Header-only: its users link
// cmark themselves.

#include <cmark.h>
#include <cstdlib>
#include <memory>

namespace carton::cmark {

struct NodeDeleter {
    void operator()(cmark_node *node) const { cmark_node_free(node); }
};
struct IterDeleter {
    void operator()(cmark_iter *iter) const { cmark_iter_free(iter); }
};
struct TextDeleter {
    void operator()(char *text) const { std::free(text); }
};
using NodePtr = std::unique_ptr<cmark_node, NodeDeleter>;
using IterPtr = std::unique_ptr<cmark_iter, IterDeleter>;
using TextPtr = std::unique_ptr<char, TextDeleter>; // what cmark_render_* returns

} // namespace carton::cmark
