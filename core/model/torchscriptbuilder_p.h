// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The TorchScript graph builder's state (torchscriptgraph.h): internal to core/model.
// torchscriptgraph.cpp runs statements and control flow; torchscriptcalls.cpp
// evaluates expressions, calls and operators.

#include "model/torchpickle.h"
#include "model/torchscriptgraph.h"

#include <QHash>
#include <map>
#include <memory>
#include <vector>

namespace carton {

// A value while following the code: known now (numbers, strings, None, containers
// of known values, a module of the tree, a weight), or known only at run time (a
// graph value, by name).
struct TsVal {
    enum class Kind : quint8 {
        Undefined, // uninitialized(T)
        None,
        Bool,
        Int,
        Float,
        Str,
        List,
        Tuple,
        Dict,    // items: key, value, key, value...
        Module,  // object, path
        Method,  // a method of a module (object, path) or of a run-time value (items[0]); s: its name
        Global,  // s: a dotted name ("torch", "ops.prim", "__torch__.torch.nn.functional.relu")
        Dynamic, // s: the value's name in the graph; type: its annotation, if known
        Tensor,  // s: the weight's name ("layer1.0.conv1.weight", "CONSTANTS.c0")
    };
    Kind kind = Kind::Undefined;
    qint64 i = 0;
    double f = 0;
    QString s;
    QString type;
    std::vector<TsVal> items;
    const TorchValue *object = nullptr;
    QString path;

    static TsVal none() { return TsVal{Kind::None, 0, 0, {}, {}, {}, nullptr, {}}; }
    static TsVal boolean(bool b) { return TsVal{Kind::Bool, b ? 1 : 0, 0, {}, {}, {}, nullptr, {}}; }
    static TsVal integer(qint64 v) { return TsVal{Kind::Int, v, 0, {}, {}, {}, nullptr, {}}; }
    static TsVal real(double v) { return TsVal{Kind::Float, 0, v, {}, {}, {}, nullptr, {}}; }
    static TsVal str(QString v) { return TsVal{Kind::Str, 0, 0, std::move(v), {}, {}, nullptr, {}}; }
    static TsVal global(QString v) { return TsVal{Kind::Global, 0, 0, std::move(v), {}, {}, nullptr, {}}; }
    static TsVal dynamic(QString name, QString type = {})
    {
        return TsVal{Kind::Dynamic, 0, 0, std::move(name), std::move(type), {}, nullptr, {}};
    }
    static TsVal tensor(QString name) { return TsVal{Kind::Tensor, 0, 0, std::move(name), {}, {}, nullptr, {}}; }
    static TsVal sequence(Kind kind, std::vector<TsVal> items)
    {
        return TsVal{kind, 0, 0, {}, {}, std::move(items), nullptr, {}};
    }
    static TsVal module(const TorchValue *object, QString path)
    {
        return TsVal{Kind::Module, 0, 0, {}, {}, {}, object, std::move(path)};
    }

    // Known now (no graph value in it).
    bool isStatic() const;
    // A graph value or holds one (an input of a node).
    bool isRuntime() const { return !isStatic() && kind != Kind::Module && kind != Kind::Global; }
    // Python's truth of a value known now.
    bool truth() const;
    bool isNumber() const { return kind == Kind::Int || kind == Kind::Float || kind == Kind::Bool; }
    double number() const { return kind == Kind::Float ? f : double(i); }
    // As TorchScript prints it: "2", "0.10000000000000001", "[2, 2]", "None", "\"zeros\"".
    QString text() const;
    // The same value (a name, a weight, a module or equal known values).
    bool same(const TsVal &other) const;
};

// Whether a node changes something besides its outputs (raises, in place, bodies that do).
bool tsHasSideEffect(const OnnxNode &node);
// An operator on values known now, computed ("aten::add" of 2 and 3); nullopt when it is
// not one the builder computes.
std::optional<TsVal> tsFold(const QString &kind, const std::vector<TsVal> &args);
// graph.opCounts from its nodes.
void tsCountOps(OnnxInfo &graph);

class TsBuilder {
public:
    TsBuilder(const TorchScriptArchive &archive, const TorchScriptLimits &limits) : m_archive(archive), m_limits(limits)
    {
    }
    Result<OnnxInfo> run();

private:
    struct Frame {
        const TsFile *file = nullptr;
        QHash<QString, TsVal> env;
        QString scope; // the module path ("layer1.0.conv1"), empty at the root
        // The name of what this call returns: the caller's (`out = self.conv1(x)`: "out"), else
        // "<scope>.output" for a module's method; empty: named by its operator.
        QString returnName;
        QString returnedVariable; // the function ends with `return _1`: "_1" (named returnName when set)
    };
    enum class Flow { Normal, Returned, Raised };
    struct Args {
        std::vector<TsVal> positional;
        std::vector<std::pair<QString, TsVal>> keywords;
    };

    // torchscriptgraph.cpp: files, classes, module attributes
    Result<const TsFile *> codeFile(const QString &module);
    struct ClassRef {
        const TsFile *file = nullptr;
        const TsClass *cls = nullptr;
    };
    Result<ClassRef> classOf(const QString &qualified, const QString &where);
    const QHash<QString, const TorchValue *> &stateOf(const TorchValue *object);
    Result<TsVal> fromPickle(const TorchValue *value, const QString &path, int depth);
    Result<TsVal> attribute(const TsVal &object, const QString &name, const Frame &frame, int line);
    // torchscriptflow.cpp
    Result<Flow> exec(const std::vector<int> &stmts, Frame &frame, TsVal *returned);
    Result<Flow> execStmt(int index, Frame &frame, TsVal *returned);
    Result<Flow> execIf(const TsStmt &st, Frame &frame, TsVal *returned);
    Result<Flow> execLoop(const TsStmt &st, Frame &frame);
    Status bind(int target, const TsVal &value, Frame &frame, int line);
    // `hint`: the name the caller gives the result (empty: none).
    Result<TsVal> inlineFunction(const TsFile &file, const TsFunction &function, const TsVal *self, Args args,
                                 const QString &scope, const QString &hint, const QString &where);

    // torchscriptcalls.cpp (TsVal and the operator table: torchscriptvalues.cpp)
    Result<TsVal> eval(int expr, Frame &frame, const QString &hint = {}, int outputs = 1);
    Result<TsVal> call(const TsVal &callee, Args args, Frame &frame, const QString &hint, int outputs, int line);
    Result<TsVal> builtin(const QString &name, Args &args, Frame &frame, const QString &hint, int line);
    Result<TsVal> op(const QString &kind, const Args &args, Frame &frame, const QString &hint, int outputs, int line);
    Result<TsVal> binaryOp(const QString &op, const TsVal &a, const TsVal &b, Frame &frame, int line);
    // The graph value standing for `value` (known values become prim::Constant nodes).
    Result<QString> valueName(const TsVal &value, Frame &frame, int line);
    Result<OnnxNode *> addNode(const QString &kind, const QString &scope, const QString &where);
    // A new graph value named `hint` ("x", "x.1" the second time...); without one, after
    // the operator `kind` makes it ("aten::relu" -> "relu"), never a bare number when either is given.
    QString newValue(const QString &hint, const QString &kind = {});
    Error error(const Frame &frame, int line, const QString &message, ErrorCode code = ErrorCode::Format) const
    {
        return makeError(code, message, frame.file ? frame.file->where(line) : m_archive.location);
    }

    const TorchScriptArchive &m_archive;
    const TorchScriptLimits &m_limits;
    std::map<QString, std::unique_ptr<TsFile>> m_files; // by module ("__torch__.torch.nn.modules.conv")
    QHash<QString, ClassRef> m_classes;
    QHash<const TorchValue *, QHash<QString, const TorchValue *>> m_states;
    QHash<QString, int> m_valueNames; // name -> times used
    QHash<QString, int> m_nodeNames;
    OnnxInfo *m_graph = nullptr; // where nodes go: the main graph or a body being built
    qint64 m_codeBytes = 0;
    qint64 m_nodes = 0;
    qint64 m_statements = 0;
    int m_callDepth = 0;
    int m_checks = 0;
    int m_counter = 0;
};

} // namespace carton
