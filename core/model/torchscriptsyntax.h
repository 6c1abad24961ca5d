// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The syntax of a TorchScript archive's code/ files: the Python subset that
// torch.jit.save prints (python_print.cpp): classes with attribute annotations,
// constants and methods; functions; assignments, if/else, for/while loops,
// return, raise, assert; calls, attributes, subscripts, literals and operators.
// Parsed into plain trees (arenas of nodes referring to each other by index),
// never executed. Internal to core/model (torchscriptgraph.cpp builds the graph).

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

namespace carton {

// Caps for reading code/: a file, the whole code, the tokens of a file, nesting.
struct TorchScriptLimits {
    qint64 maxFileBytes = 4 << 20;    // one code/ file
    qint64 maxCodeBytes = 64 << 20;   // all code/ files read for one graph
    qint64 maxTokens = 2'000'000;     // per file
    int maxNesting = 100;             // brackets, expressions and blocks inside each other
    int maxCallDepth = 64;            // methods and functions inlined inside each other
    qint64 maxNodes = 200'000;        // graph nodes made (bodies included)
    qint64 maxStatements = 2'000'000; // statements evaluated (inlining repeats a method's)
};

struct TsExpr {
    enum class Kind : quint8 {
        Name,      // text
        Int,       // integer
        Float,     // real
        String,    // text
        None,      //
        Bool,      // integer 0/1
        Attribute, // a.text: kids[0]
        Call,      // kids[0](kids[1..]); keywords: names of the last keywords.size() arguments
        Subscript, // kids[0][kids[1]] (several indices: a Tuple)
        Slice,     // kids: lower, upper, step (-1: absent)
        List,      // kids
        Tuple,     // kids
        Dict,      // kids: key, value, key, value...
        Binary,    // kids[0] text kids[1]: "+", "==", "is not", "in", "and"...
        Unary,     // text kids[0]: "-", "not", "~", "+"
        IfElse,    // kids[0] if kids[1] else kids[2]
    };
    Kind kind = Kind::None;
    int line = 0;
    qint64 integer = 0;
    double real = 0;
    QString text;
    std::vector<int> kids;
    QStringList keywords;
};

struct TsStmt {
    enum class Kind : quint8 {
        Assign,    // targets = value (targets: kids[0..n-2], value: last); Tuple targets unpack
        AugAssign, // kids[0] text= kids[1] ("+")
        Annotated, // text : kids[0] (= kids[1])
        Expr,      // kids[0]
        Return,    // kids[0] or none
        If,        // if kids[0]: body else: orElse
        For,       // for kids[0] in kids[1]: body
        While,     // while kids[0]: body
        Pass,
        Break,
        Continue,
        Raise,  // kids[0] or none
        Assert, // kids[0] (, kids[1])
        Other,  // import, global...: nothing to evaluate
    };
    Kind kind = Kind::Pass;
    int line = 0;
    QString text;
    std::vector<int> kids; // expressions
    std::vector<int> body; // statements
    std::vector<int> orElse;
};

struct TsParam {
    QString name;
    int type = -1;         // expression, or -1
    int defaultValue = -1; // expression, or -1
};

struct TsFunction {
    QString name;
    int line = 0;
    QList<TsParam> params; // self first for methods
    int returnType = -1;
    std::vector<int> body;
};

struct TsClass {
    QString name;
    int line = 0;
    QString base;                  // "Module", "NamedTuple", "Enum"...
    QHash<QString, int> constants; // `name : Final[T] = value`, `name = value`: the value's expression
    QHash<QString, int> types;     // `name : T` and `__annotations__["name"] = T`: the type's expression
    QHash<QString, TsFunction> methods;
};

// One parsed code/ file.
struct TsFile {
    QString name; // "code/__torch__/torchvision/models/resnet.py"
    std::vector<TsExpr> exprs;
    std::vector<TsStmt> stmts;
    QHash<QString, TsClass> classes;
    QHash<QString, TsFunction> functions;

    // "code/x.py:12"
    QString where(int line) const { return name + u':' + QString::number(line); }
    // An expression back as text ("Optional[Tensor]", "[2, 2]"), at most `max` characters.
    QString text(int expr, int max = 200) const;
};

// Parses `source` (the file `name`); errors name the file and line ("code/x.py:12:
// expected ')' after the arguments").
CARTONCORE_EXPORT Result<TsFile> parseTorchScript(const QByteArray &source, const QString &name,
                                                  const TorchScriptLimits &limits);

} // namespace carton
