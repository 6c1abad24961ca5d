// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelinspection.h"

#include <QHash>
#include <QJsonArray>

namespace carton {

QJsonArray inspectedValuesJson(const QList<InspectedValue> &values)
{
    QJsonArray out;
    for (const InspectedValue &v : values)
        out.append(QJsonObject{{QStringLiteral("name"), v.name}, {QStringLiteral("type"), v.type}});
    return out;
}

QJsonObject inspectedNodeJson(const InspectedNode &node)
{
    QJsonObject o{{QStringLiteral("kind"), node.kind},
                  {QStringLiteral("inputs"), QJsonArray::fromStringList(node.inputs)},
                  {QStringLiteral("outputs"), QJsonArray::fromStringList(node.outputs)}};
    if (!node.scope.isEmpty())
        o.insert(QStringLiteral("scope"), node.scope);
    if (!node.attributes.isEmpty()) {
        QJsonObject attributes;
        for (const auto &[name, value] : node.attributes)
            attributes.insert(name, value);
        o.insert(QStringLiteral("attributes"), attributes);
    }
    return o;
}

namespace {

// Reads JSON from another process: a bounded, checked walk.
class Reader {
public:
    explicit Reader(QString where) : m_where(std::move(where)) {}

    Error error(const QString &field, const QString &expected) const
    {
        return makeError(ErrorCode::Format, QStringLiteral("%1 expected %2").arg(field, expected), m_where);
    }

    Result<QJsonArray> array(const QJsonObject &o, const QString &key, const QString &field, qsizetype max) const
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return QJsonArray();
        if (!v.isArray())
            return error(field, QStringLiteral("an array"));
        if (v.toArray().size() > max)
            return makeError(ErrorCode::Limit, QStringLiteral("%1 has more than %2 items").arg(field).arg(max),
                             m_where);
        return v.toArray();
    }

    Result<QString> string(const QJsonObject &o, const QString &key, const QString &field, qsizetype max = 4096) const
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return QString();
        if (!v.isString())
            return error(field, QStringLiteral("a string"));
        if (v.toString().size() > max)
            return makeError(ErrorCode::Limit, QStringLiteral("%1 is longer than %2 characters").arg(field).arg(max),
                             m_where);
        return v.toString();
    }

    Result<QList<InspectedValue>> values(const QJsonObject &o, const QString &key, const QString &field) const
    {
        Result<QJsonArray> a = array(o, key, field, kMaxInspectedValues);
        if (!a)
            return a.error();
        QList<InspectedValue> out;
        for (qsizetype i = 0; i < a->size(); ++i) {
            const QString f = QStringLiteral("%1[%2]").arg(field).arg(i);
            if (!a->at(i).isObject())
                return error(f, QStringLiteral("an object"));
            Result<QString> name = string(a->at(i).toObject(), QStringLiteral("name"), f + QStringLiteral(".name"));
            Result<QString> type = string(a->at(i).toObject(), QStringLiteral("type"), f + QStringLiteral(".type"));
            if (!name)
                return name.error();
            if (!type)
                return type.error();
            out.append({*name, *type});
        }
        return out;
    }

    Result<QStringList> strings(const QJsonObject &o, const QString &key, const QString &field) const
    {
        Result<QJsonArray> a = array(o, key, field, kMaxInspectedValues);
        if (!a)
            return a.error();
        QStringList out;
        for (qsizetype i = 0; i < a->size(); ++i) {
            if (!a->at(i).isString())
                return error(QStringLiteral("%1[%2]").arg(field).arg(i), QStringLiteral("a string"));
            out.append(a->at(i).toString().left(4096));
        }
        return out;
    }

    // {"name": "value", ...}: at most kMaxInspectedValues string values.
    Result<QList<std::pair<QString, QString>>> attributeList(const QJsonObject &o, const QString &key,
                                                             const QString &field) const
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return QList<std::pair<QString, QString>>();
        if (!v.isObject())
            return error(field, QStringLiteral("an object"));
        const QJsonObject attributes = v.toObject();
        if (attributes.size() > kMaxInspectedValues)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("%1 has more than %2 items").arg(field).arg(kMaxInspectedValues), m_where);
        QList<std::pair<QString, QString>> out;
        for (auto it = attributes.begin(); it != attributes.end(); ++it) {
            Result<QString> value = string(attributes, it.key(), field + u'.' + it.key());
            if (!value)
                return value.error();
            out.append({it.key().left(4096), *value});
        }
        return out;
    }

    Result<InspectedMethod> method(const QJsonObject &o, const QString &field) const
    {
        InspectedMethod m;
        Result<QString> name = string(o, QStringLiteral("name"), field + QStringLiteral(".name"));
        if (!name)
            return name.error();
        if (name->isEmpty())
            return error(field + QStringLiteral(".name"), QStringLiteral("a method name"));
        m.name = *name;
        Result<QList<InspectedValue>> args =
            values(o, QStringLiteral("arguments"), field + QStringLiteral(".arguments"));
        if (!args)
            return args.error();
        m.arguments = *args;
        Result<QList<InspectedValue>> rets = values(o, QStringLiteral("returns"), field + QStringLiteral(".returns"));
        if (!rets)
            return rets.error();
        m.returns = *rets;
        Result<QString> graph =
            string(o, QStringLiteral("graph"), field + QStringLiteral(".graph"), kMaxInspectedGraphChars);
        if (!graph)
            return graph.error();
        m.graph = *graph;
        m.nodesTruncated = o.value(u"nodes_truncated").toBool();
        const QString nodesField = field + QStringLiteral(".nodes");
        Result<QJsonArray> nodes = array(o, QStringLiteral("nodes"), nodesField, kMaxInspectedNodes);
        if (!nodes)
            return nodes.error();
        for (qsizetype i = 0; i < nodes->size(); ++i) {
            const QString f = QStringLiteral("%1[%2]").arg(nodesField).arg(i);
            if (!nodes->at(i).isObject())
                return error(f, QStringLiteral("an object"));
            const QJsonObject n = nodes->at(i).toObject();
            Result<QString> kind = string(n, QStringLiteral("kind"), f + QStringLiteral(".kind"));
            Result<QStringList> in = strings(n, QStringLiteral("inputs"), f + QStringLiteral(".inputs"));
            Result<QStringList> out = strings(n, QStringLiteral("outputs"), f + QStringLiteral(".outputs"));
            if (!kind)
                return kind.error();
            if (!in)
                return in.error();
            if (!out)
                return out.error();
            Result<QString> scope = string(n, QStringLiteral("scope"), f + QStringLiteral(".scope"));
            if (!scope)
                return scope.error();
            Result<QList<std::pair<QString, QString>>> attributes =
                attributeList(n, QStringLiteral("attributes"), f + QStringLiteral(".attributes"));
            if (!attributes)
                return attributes.error();
            m.nodes.append({*kind, *in, *out, *scope, *attributes});
        }
        Result<QStringList> graphInputs =
            strings(o, QStringLiteral("graph_inputs"), field + QStringLiteral(".graph_inputs"));
        if (!graphInputs)
            return graphInputs.error();
        Result<QStringList> graphOutputs =
            strings(o, QStringLiteral("graph_outputs"), field + QStringLiteral(".graph_outputs"));
        if (!graphOutputs)
            return graphOutputs.error();
        m.graphInputs = *graphInputs;
        m.graphOutputs = *graphOutputs;
        return m;
    }

private:
    QString m_where;
};

} // namespace

QString InspectedMethod::signature() const
{
    QStringList args{QStringLiteral("self")};
    for (const InspectedValue &a : arguments)
        args << (a.type.isEmpty() ? a.name : a.name + QStringLiteral(": ") + a.type);
    QStringList rets;
    for (const InspectedValue &r : returns)
        rets << r.type;
    const QString ret = rets.size() == 1 ? rets.first() : QStringLiteral("Tuple[%1]").arg(rets.join(u", "));
    return QStringLiteral("%1(%2) -> %3").arg(name, args.join(u", "), rets.isEmpty() ? QStringLiteral("None") : ret);
}

QMap<QString, int> InspectedMethod::opCounts() const
{
    QMap<QString, int> counts;
    for (const InspectedNode &n : nodes)
        ++counts[n.kind];
    return counts;
}

OnnxInfo graphFromInspection(const InspectedMethod &method)
{
    OnnxInfo info;
    // Values renamed: arguments by their names in the signature, attribute chains by path.
    QHash<QString, QString> names;
    QString self;
    if (!method.graphInputs.isEmpty())
        self = method.graphInputs.first();
    info.inputs = inspectedArguments(method);
    for (qsizetype i = 0; i < method.arguments.size() && i + 1 < method.graphInputs.size(); ++i)
        names.insert(method.graphInputs[i + 1], method.arguments[i].name);
    const auto renamed = [&names](const QStringList &values) {
        QStringList out;
        out.reserve(values.size());
        for (const QString &v : values)
            out.append(names.value(v, v));
        return out;
    };
    QHash<QString, QString> paths; // value -> attribute path from self
    for (const InspectedNode &n : method.nodes) {
        OnnxNode node;
        node.opType = n.kind;
        QString scope = n.scope;
        node.name = scope.isEmpty() ? QString() : u'/' + scope.replace(u'.', u'/') + u'/' + n.kind;
        if (n.kind == u"prim::GetAttr" && n.inputs.size() == 1 && n.outputs.size() == 1) {
            const QString &from = n.inputs.first();
            for (const auto &[key, value] : n.attributes) {
                if (key != u"name" || (from != self && !paths.contains(from)))
                    continue;
                const QString attribute = value.startsWith(u'"') && value.endsWith(u'"') && value.size() >= 2
                                              ? value.mid(1, value.size() - 2)
                                              : value;
                const QString path = from == self ? attribute : paths.value(from) + u'.' + attribute;
                paths.insert(n.outputs.first(), path);
                names.insert(n.outputs.first(), path);
            }
        }
        node.inputs = renamed(n.inputs);
        node.outputs = renamed(n.outputs);
        for (const auto &[key, value] : n.attributes) {
            OnnxAttribute a;
            a.name = key;
            a.text = value;
            a.count = 1;
            node.attributes.append(a);
        }
        ++info.opCounts[node.opType];
        info.nodes.append(std::move(node));
    }
    for (qsizetype i = 0; i < method.graphOutputs.size(); ++i) {
        OnnxValueInfo v;
        v.name = names.value(method.graphOutputs[i], method.graphOutputs[i]);
        v.kind = method.returns.size() == method.graphOutputs.size() ? method.returns[i].type : QString();
        v.shape.reset();
        info.outputs.append(v);
    }
    return info;
}

const InspectedMethod *ModelInspection::method(QStringView name) const
{
    for (const InspectedMethod &m : methods) {
        if (m.name == name)
            return &m;
    }
    return nullptr;
}

QJsonObject ModelInspection::toJson() const
{
    QJsonArray ms;
    for (const InspectedMethod &m : methods) {
        QJsonArray nodes;
        for (const InspectedNode &n : m.nodes)
            nodes.append(inspectedNodeJson(n));
        QJsonObject o{{QStringLiteral("name"), m.name},
                      {QStringLiteral("arguments"), inspectedValuesJson(m.arguments)},
                      {QStringLiteral("returns"), inspectedValuesJson(m.returns)},
                      {QStringLiteral("nodes"), nodes},
                      {QStringLiteral("graph"), m.graph}};
        if (!m.graphInputs.isEmpty())
            o.insert(QStringLiteral("graph_inputs"), QJsonArray::fromStringList(m.graphInputs));
        if (!m.graphOutputs.isEmpty())
            o.insert(QStringLiteral("graph_outputs"), QJsonArray::fromStringList(m.graphOutputs));
        if (m.nodesTruncated)
            o.insert(QStringLiteral("nodes_truncated"), true);
        ms.append(o);
    }
    return QJsonObject{
        {QStringLiteral("format"), format}, {QStringLiteral("file"), file}, {QStringLiteral("methods"), ms}};
}

Result<ModelInspection> ModelInspection::fromJson(const QJsonObject &json, const QString &where)
{
    const Reader r(where);
    ModelInspection out;
    Result<QString> format = r.string(json, QStringLiteral("format"), QStringLiteral("format"));
    Result<QString> file = r.string(json, QStringLiteral("file"), QStringLiteral("file"));
    if (!format)
        return format.error();
    if (!file)
        return file.error();
    out.format = *format;
    out.file = *file;
    Result<QJsonArray> methods =
        r.array(json, QStringLiteral("methods"), QStringLiteral("methods"), kMaxInspectedMethods);
    if (!methods)
        return methods.error();
    for (qsizetype i = 0; i < methods->size(); ++i) {
        const QString f = QStringLiteral("methods[%1]").arg(i);
        if (!methods->at(i).isObject())
            return r.error(f, QStringLiteral("an object"));
        Result<InspectedMethod> m = r.method(methods->at(i).toObject(), f);
        if (!m)
            return m.error();
        out.methods.append(std::move(*m));
    }
    return out;
}

} // namespace carton
