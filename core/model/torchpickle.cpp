// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/torchpickle.h"

#include "model/torchpicklemachine.h"

#include <QSet>

namespace carton {

using Kind = TorchValue::Kind;

Result<TorchPickle> TorchPickle::evaluate(SourceCursor &cursor, const QString &location,
                                          const TorchPickleLimits &limits)
{
    TorchPickle out;
    TorchPickleMachine machine(cursor, location, limits, out);
    if (Status s = machine.run(); !s)
        return s.error();
    return out;
}

namespace {

QString keyText(const TorchValue *key)
{
    switch (key->kind) {
    case Kind::String:
        return key->text;
    case Kind::Int:
        return QString::number(key->integer);
    case Kind::Bool:
        return key->integer ? QStringLiteral("True") : QStringLiteral("False");
    default:
        return QStringLiteral("?");
    }
}

struct Walker {
    const TorchPickleLimits &limits;
    const QString &location;
    QList<TorchPickle::NamedTensor> out;
    QSet<const TorchValue *> path; // the containers being entered (a cycle stops there)
    qint64 visits = 0;

    Status walk(const TorchValue *v, const QString &name, int depth, bool objectState = false)
    {
        if (++visits > limits.maxVisits)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("more than %1 values visited naming the tensors (shared values)").arg(limits.maxVisits),
                location);
        if (v->kind == Kind::Tensor) {
            out.append({name, v});
            return {};
        }
        const bool container =
            v->kind == Kind::Dict || v->kind == Kind::List || v->kind == Kind::Tuple || v->kind == Kind::Object;
        if (!container || v->items.empty())
            return {};
        if (depth >= limits.maxNesting)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("\"%1\": containers nested deeper than %2").arg(name).arg(limits.maxNesting), location);
        if (path.contains(v))
            return {}; // a cycle: the pickle refers to a container inside itself
        path.insert(v);
        const QString prefix = name.isEmpty() ? QString() : name + u'.';
        Status s;
        if (v->kind == Kind::Dict) {
            for (size_t i = 0; s && i + 1 < v->items.size(); i += 2) {
                const QString key = keyText(v->items[i]);
                // A torch.nn.Module's __dict__: its parameters, buffers and submodules
                // are named as state_dict() names them ("conv1.weight").
                const bool transparent =
                    objectState && (key == u"_parameters" || key == u"_buffers" || key == u"_modules");
                s = walk(v->items[i + 1], transparent ? name : prefix + key, depth + 1);
            }
        } else if (v->kind == Kind::Object) {
            s = walk(v->items.front(), name, depth + 1, true); // its state: attributes by name
        } else {
            for (size_t i = 0; s && i < v->items.size(); ++i)
                s = walk(v->items[i], prefix + QString::number(i), depth + 1);
        }
        path.remove(v);
        return s;
    }
};

} // namespace

Result<QList<TorchPickle::NamedTensor>> TorchPickle::tensors(const QString &location,
                                                             const TorchPickleLimits &limits) const
{
    Walker walker{limits, location, {}, {}, 0};
    if (m_root)
        if (Status s = walker.walk(m_root, QString(), 0); !s)
            return s.error();
    return walker.out;
}

} // namespace carton
