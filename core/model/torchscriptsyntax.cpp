// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// TorchScript syntax trees back as text (torchscriptsyntax.h).
#include "model/torchscriptsyntax.h"

namespace carton {

using EK = TsExpr::Kind;

QString TsFile::text(int expr, int max) const
{
    if (expr < 0 || expr >= int(exprs.size()))
        return {};
    const TsExpr &e = exprs[expr];
    QString out;
    const auto join = [&](size_t from, const QString &separator) {
        QStringList parts;
        for (size_t i = from; i < e.kids.size(); ++i)
            parts.append(text(e.kids[i], max));
        return parts.join(separator);
    };
    switch (e.kind) {
    case EK::Name:
        out = e.text;
        break;
    case EK::Int:
        out = QString::number(e.integer);
        break;
    case EK::Float:
        out = QString::number(e.real, 'g', 17);
        break;
    case EK::String:
        out = u'"' + e.text + u'"';
        break;
    case EK::None:
        out = QStringLiteral("None");
        break;
    case EK::Bool:
        out = e.integer ? QStringLiteral("True") : QStringLiteral("False");
        break;
    case EK::Attribute:
        out = text(e.kids[0], max) + u'.' + e.text;
        break;
    case EK::Call:
        out = text(e.kids[0], max) + u'(' + join(1, QStringLiteral(", ")) + u')';
        break;
    case EK::Subscript: {
        const TsExpr &index = exprs[e.kids[1]];
        out = text(e.kids[0], max) + u'[' +
              (index.kind == EK::Tuple ? [&] {
                  QStringList parts;
                  for (int k : index.kids)
                      parts.append(text(k, max));
                  return parts.join(QStringLiteral(", "));
              }()
                                       : text(e.kids[1], max)) +
              u']';
        break;
    }
    case EK::Slice:
        out = text(e.kids[0], max) + u':' + text(e.kids[1], max) +
              (e.kids[2] >= 0 ? u':' + text(e.kids[2], max) : QString());
        break;
    case EK::List:
        out = u'[' + join(0, QStringLiteral(", ")) + u']';
        break;
    case EK::Tuple:
        out = u'(' + join(0, QStringLiteral(", ")) + u')';
        break;
    case EK::Dict:
        out = u'{' + join(0, QStringLiteral(", ")) + u'}';
        break;
    case EK::Binary:
        out = text(e.kids[0], max) + u' ' + e.text + u' ' + text(e.kids[1], max);
        break;
    case EK::Unary:
        out = e.text + (e.text == u"not" ? QStringLiteral(" ") : QString()) + text(e.kids[0], max);
        break;
    case EK::IfElse:
        out = text(e.kids[0], max) + QStringLiteral(" if ") + text(e.kids[1], max) + QStringLiteral(" else ") +
              text(e.kids[2], max);
        break;
    }
    if (out.size() > max)
        out = out.left(max - 1) + u'…';
    return out;
}

} // namespace carton
