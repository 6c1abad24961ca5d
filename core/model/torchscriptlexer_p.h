// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The tokenizer of TorchScript's printed Python (torchscriptsyntax.h): internal to core/model.

#include "model/torchscriptsyntax.h"

#include <vector>

namespace carton {

struct Token {
    enum class Type : quint8 { Name, Number, String, Op, Newline, Indent, Dedent, End };
    Type type = Type::End;
    int line = 0;
    QString text;
};

// The tokens of `source` (the file `name`), with Indent/Dedent for blocks; errors name the line.
Result<std::vector<Token>> tokenizeTorchScript(const QByteArray &source, const QString &name,
                                               const TorchScriptLimits &limits);

} // namespace carton
