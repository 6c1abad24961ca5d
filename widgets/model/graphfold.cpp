// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphfold.h"

#include "model/modelfile.h"
#include "model/modelinfo.h"
#include "model/onnxschema.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace studio {

using namespace carton;

namespace {

// An ONNX Constant's value: a number, a list, or a tensor's "⟨2×3⟩" (its values
// when the reader kept them: "tensor int64[2] = [1, 1]" -> "[1, 1]").
QString constantText(const OnnxNode &node)
{
    if (node.attributes.isEmpty())
        return QStringLiteral("?");
    const OnnxAttribute &a = node.attributes.first();
    if (a.type != u"TENSOR")
        return a.text;
    static const QRegularExpression tensor(QStringLiteral("^tensor (\\S+?)\\[([^\\]]*)\\](?: = (.*))?$"));
    const QRegularExpressionMatch m = tensor.match(a.text);
    if (!m.hasMatch())
        return a.text;
    if (!m.captured(3).isEmpty())
        return m.captured(3);
    return u'⟨' + m.captured(2).replace(QStringLiteral(", "), QStringLiteral("×")) + u'⟩';
}

// A TorchScript prim::Constant's value ("1.", "[2, 2]"); "None" without one.
QString primConstantText(const OnnxNode &node)
{
    for (const OnnxAttribute &a : node.attributes)
        if (a.name == u"value")
            return a.text;
    return QStringLiteral("None");
}

// The last part of a value's name ("conv1.weight" -> "weight", "k2" -> "k2"); empty
// for SSA numbers ("12", "x.3" -> "x").
QString lastNamePart(const QString &value)
{
    const auto isNumber = [](const QString &text) {
        bool number = false;
        (void)text.toLongLong(&number);
        return number;
    };
    const qsizetype dot = value.lastIndexOf(u'.');
    const QString last = value.mid(dot + 1);
    if (!isNumber(last))
        return last;
    return dot > 0 && !isNumber(value.left(dot)) ? value.left(dot).mid(value.left(dot).lastIndexOf(u'.') + 1)
                                                 : QString();
}

} // namespace

QString GraphFold::shapeText(const QList<qint64> &shape)
{
    QStringList dims;
    dims.reserve(shape.size());
    for (qint64 d : shape)
        dims.append(QString::number(d));
    return u'⟨' + dims.join(u'×') + u'⟩';
}

GraphFold::GraphFold(const OnnxInfo &graph, const WeightLookup &weight, bool fold)
{
    const qsizetype n = graph.nodes.size();
    m_folded.fill(false, n);
    m_host.fill(-1, n);
    m_rows.resize(n);
    QHash<QString, int> producer;
    QHash<QString, QList<int>> users;
    for (qsizetype i = 0; i < n; ++i) {
        for (const QString &out : graph.nodes[i].outputs)
            if (!out.isEmpty() && !producer.contains(out))
                producer.insert(out, int(i));
        for (const QString &in : graph.nodes[i].inputs)
            if (!in.isEmpty())
                users[in].append(int(i));
    }
    QSet<QString> graphValues; // inputs and outputs of the graph: always shown as such
    for (const OnnxValueInfo &v : graph.inputs)
        graphValues.insert(v.name);
    for (const OnnxValueInfo &v : graph.outputs)
        graphValues.insert(v.name);
    const auto isWeightValue = [&](const QString &name) {
        return !name.isEmpty() && !producer.contains(name) && !graphValues.contains(name);
    };
    const auto weightOf = [&weight](const QString &name) -> const ModelWeight * {
        return weight ? weight(name) : nullptr;
    };
    // The text of each folded value.
    QHash<QString, QString> valueText;
    const auto textOf = [&](const QString &name) -> QString {
        if (const auto found = valueText.constFind(name); found != valueText.cend())
            return *found;
        if (const ModelWeight *w = weightOf(name))
            return shapeText(w->shape);
        return name;
    };
    const auto isConstant = [&](const QString &name) { return valueText.contains(name) || isWeightValue(name); };
    for (qsizetype i = 0; fold && i < n; ++i) {
        const OnnxNode &node = graph.nodes[i];
        if (node.outputs.isEmpty())
            continue;
        bool used = true;
        for (const QString &out : node.outputs)
            used = used && !out.isEmpty() && users.contains(out) && !graphValues.contains(out);
        if (!used)
            continue; // a constant nobody takes stays a node: there is nothing to fold it into
        const QString &op = node.opType;
        QString text;
        if (op == u"Constant" && node.inputs.isEmpty() && node.domain.isEmpty()) {
            text = constantText(node);
        } else if (op == u"prim::Constant") {
            text = primConstantText(node);
        } else if (op == u"prim::GetAttr" && node.outputs.size() == 1) {
            text = textOf(node.outputs.first());
        } else if (op == u"Identity" && node.domain.isEmpty() && node.inputs.size() == 1 &&
                   isConstant(node.inputs.first())) {
            text = textOf(node.inputs.first());
        } else if ((op == u"prim::ListConstruct" || op == u"prim::TupleConstruct") && node.outputs.size() == 1 &&
                   std::all_of(node.inputs.cbegin(), node.inputs.cend(), isConstant)) {
            QStringList parts;
            for (const QString &in : node.inputs)
                parts.append(textOf(in));
            const bool tuple = op == u"prim::TupleConstruct";
            text = (tuple ? u'(' : u'[') + parts.join(QStringLiteral(", ")) + (tuple ? u')' : u']');
        } else {
            continue;
        }
        m_folded[i] = true;
        ++m_foldedCount;
        for (const QString &out : node.outputs)
            valueText.insert(out, text);
    }
    for (qsizetype i = 0; i < n; ++i) {
        if (m_folded[i])
            continue;
        const OnnxNode &node = graph.nodes[i];
        for (qsizetype slot = 0; slot < node.inputs.size(); ++slot) {
            const QString &in = node.inputs[slot];
            if (!isConstant(in))
                continue;
            Row row;
            row.slot = int(slot);
            row.role = node.inputNames.value(slot);
            if (row.role.isEmpty())
                row.role = onnxInputName(node.domain, node.opType, int(slot));
            if (row.role.isEmpty())
                row.role = lastNamePart(in);
            if (row.role.isEmpty())
                row.role = QString::number(slot);
            row.text = textOf(in);
            row.value = valueText.contains(in) && !row.text.startsWith(u'⟨');
            if (weightOf(in))
                row.weight = in;
            m_rows[i].append(row);
        }
    }
    // Hosts: a folded node is drawn in its first user, or that user's host (users come later).
    for (qsizetype i = n; i-- > 0;) {
        if (!m_folded[i])
            continue;
        for (const QString &out : graph.nodes[i].outputs) {
            for (int user : users.value(out)) {
                const int host = m_folded[user] ? m_host[user] : user;
                if (host >= 0) {
                    m_host[i] = host;
                    break;
                }
            }
            if (m_host[i] >= 0)
                break;
        }
    }
}

} // namespace studio
