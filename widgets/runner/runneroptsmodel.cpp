// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runneroptsmodel.h"

#include "common/editorutils.h"
#include "style/tone.h"

#include <QBrush>
#include <QColor>
#include <QIcon>
#include <QLocale>
#include <cmath>
#include <limits>

namespace studio {

namespace {

const char *const typeNameTexts[] = {"int", "float", "string", "bool"};

QString worstOf(const carton::Diagnostics &problems)
{
    QString worst;
    for (const carton::Diagnostic &d : problems) {
        if (d.severity == carton::Severity::Error)
            return QStringLiteral("error");
        if (d.severity == carton::Severity::Warning)
            worst = QStringLiteral("warning");
    }
    return worst;
}

} // namespace

RunnerOptsModel::RunnerOptsModel(QObject *parent) : QAbstractTableModel(parent) {}

RunnerOptsModel::Type RunnerOptsModel::typeOf(const carton::RunnerOpt &value)
{
    switch (value.index()) {
    case 0:
        return Type::Int;
    case 1:
        return Type::Float;
    case 2:
        return Type::String;
    default:
        return Type::Bool;
    }
}

QString RunnerOptsModel::typeName(Type type)
{
    return QString::fromLatin1(typeNameTexts[int(type)]);
}

QStringList RunnerOptsModel::typeNames()
{
    return {typeName(Type::Int), typeName(Type::Float), typeName(Type::String), typeName(Type::Bool)};
}

std::optional<RunnerOptsModel::Type> RunnerOptsModel::typeFromName(const QString &name)
{
    for (int i = 0; i < 4; ++i)
        if (name == QLatin1StringView(typeNameTexts[i]))
            return Type(i);
    return std::nullopt;
}

QString RunnerOptsModel::valueText(const carton::RunnerOpt &value)
{
    if (const auto *i = std::get_if<qint64>(&value))
        return QString::number(*i);
    if (const auto *d = std::get_if<double>(&value)) {
        if (std::isnan(*d))
            return QStringLiteral("nan");
        if (std::isinf(*d))
            return *d < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
        QString text = QString::number(*d, 'g', QLocale::FloatingPointShortest);
        if (!text.contains(u'.') && !text.contains(u'e'))
            text += QStringLiteral(".0"); // a float, not an int
        return text;
    }
    if (const auto *s = std::get_if<QString>(&value))
        return *s;
    return std::get<bool>(value) ? QStringLiteral("true") : QStringLiteral("false");
}

std::optional<carton::RunnerOpt> RunnerOptsModel::parseValue(Type type, const QString &input)
{
    const QString text = type == Type::String ? input : input.trimmed();
    switch (type) {
    case Type::Int: {
        bool ok = false;
        const qint64 v = text.toLongLong(&ok);
        return ok ? std::optional<carton::RunnerOpt>(v) : std::nullopt;
    }
    case Type::Float: {
        if (text == u"inf" || text == u"+inf")
            return carton::RunnerOpt(std::numeric_limits<double>::infinity());
        if (text == u"-inf")
            return carton::RunnerOpt(-std::numeric_limits<double>::infinity());
        if (text == u"nan")
            return carton::RunnerOpt(std::numeric_limits<double>::quiet_NaN());
        bool ok = false;
        const double v = QLocale::c().toDouble(text, &ok);
        return ok ? std::optional<carton::RunnerOpt>(v) : std::nullopt;
    }
    case Type::String:
        return carton::RunnerOpt(text);
    case Type::Bool:
        if (text.compare(u"true", Qt::CaseInsensitive) == 0)
            return carton::RunnerOpt(true);
        if (text.compare(u"false", Qt::CaseInsensitive) == 0)
            return carton::RunnerOpt(false);
        return std::nullopt;
    }
    return std::nullopt;
}

carton::RunnerOpt RunnerOptsModel::convert(const carton::RunnerOpt &value, Type type)
{
    if (typeOf(value) == type)
        return value;
    if (type == Type::String)
        return valueText(value);
    if (type == Type::Int) {
        if (const auto *d = std::get_if<double>(&value))
            if (std::isfinite(*d) && std::abs(*d) < 9.2e18)
                return qint64(std::llround(*d));
        if (const auto *b = std::get_if<bool>(&value))
            return qint64(*b ? 1 : 0);
    }
    if (type == Type::Float) {
        if (const auto *i = std::get_if<qint64>(&value))
            return double(*i);
        if (const auto *b = std::get_if<bool>(&value))
            return *b ? 1.0 : 0.0;
    }
    if (type == Type::Bool) {
        if (const auto *i = std::get_if<qint64>(&value))
            return *i != 0;
        if (const auto *d = std::get_if<double>(&value))
            return *d != 0.0;
    }
    if (const auto *s = std::get_if<QString>(&value))
        if (std::optional<carton::RunnerOpt> parsed = parseValue(type, *s))
            return *parsed;
    switch (type) {
    case Type::Int:
        return qint64(0);
    case Type::Float:
        return 0.0;
    case Type::Bool:
        return false;
    case Type::String:
        break;
    }
    return QString();
}

void RunnerOptsModel::setOpts(const carton::RunnerOpts &opts)
{
    if (opts == m_opts)
        return;
    if (opts.size() != m_opts.size()) {
        beginResetModel();
        m_opts = opts;
        m_problems.clear();
        endResetModel();
        setDiagnostics(m_all);
        return;
    }
    const carton::RunnerOpts old = std::exchange(m_opts, opts);
    for (int row = 0; row < m_opts.size(); ++row)
        if (!(old.at(row) == m_opts.at(row)))
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    setDiagnostics(m_all);
}

void RunnerOptsModel::setDiagnostics(const carton::Diagnostics &all)
{
    m_all = all;
    QList<carton::Diagnostics> problems;
    for (const auto &[key, value] : m_opts) {
        Q_UNUSED(value);
        problems.append(diagnosticsFor(all, QStringLiteral("runner.opts.") + key));
    }
    const QList<carton::Diagnostics> old = std::exchange(m_problems, problems);
    for (int row = 0; row < m_problems.size(); ++row)
        if (row >= old.size() || old.at(row) != m_problems.at(row))
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int RunnerOptsModel::rowOfKey(const QString &key) const
{
    for (int row = 0; row < m_opts.size(); ++row)
        if (m_opts.at(row).first == key)
            return row;
    return -1;
}

int RunnerOptsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_opts.size());
}

int RunnerOptsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunnerOptsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_opts.size())
        return {};
    const auto &[key, value] = m_opts.at(index.row());
    const carton::Diagnostics problems = m_problems.value(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case KeyColumn:
            return key;
        case TypeColumn:
            return typeName(typeOf(value));
        case ValueColumn:
            return valueText(value);
        }
        return {};
    case Qt::ToolTipRole: {
        QStringList lines;
        for (const carton::Diagnostic &d : problems)
            lines.append(d.message);
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(u'\n'));
    }
    case Qt::DecorationRole:
        if (index.column() == KeyColumn) {
            const QString worst = worstOf(problems);
            if (!worst.isEmpty())
                return QIcon(worst == u"error" ? QStringLiteral(":/icons/severity-error.svg")
                                               : QStringLiteral(":/icons/severity-warning.svg"));
        }
        return {};
    case Qt::ForegroundRole: {
        const QString worst = worstOf(problems);
        if (worst == u"error")
            return QBrush(toneColor(Tone::Bad));
        return {};
    }
    case ValidationRole:
        return worstOf(problems);
    case TypeRole:
        return int(typeOf(value));
    default:
        return {};
    }
}

QVariant RunnerOptsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KeyColumn:
        return tr("Option");
    case TypeColumn:
        return tr("Type");
    case ValueColumn:
        return tr("Value");
    }
    return {};
}

Qt::ItemFlags RunnerOptsModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool RunnerOptsModel::setData(const QModelIndex &index, const QVariant &input, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.row() >= m_opts.size())
        return false;
    carton::RunnerOpts next = m_opts;
    auto &[key, value] = next[index.row()];
    const QString text = input.toString();
    QString what;
    QString mergeKey;
    switch (index.column()) {
    case KeyColumn: {
        const QString newKey = text.trimmed();
        if (newKey.isEmpty() || newKey == key)
            return false;
        what = tr("Rename Runner Option %1").arg(key);
        key = newKey;
        break;
    }
    case TypeColumn: {
        const std::optional<Type> type = typeFromName(text);
        if (!type || *type == typeOf(value))
            return false;
        value = convert(value, *type);
        what = tr("Change Type of Runner Option %1").arg(key);
        break;
    }
    case ValueColumn: {
        const std::optional<carton::RunnerOpt> parsed = parseValue(typeOf(value), text);
        if (!parsed)
            return false;
        if (*parsed == value)
            return true;
        value = *parsed;
        what = tr("Edit Runner Option %1").arg(key);
        mergeKey = QStringLiteral("runner.opts.") + key;
        break;
    }
    default:
        return false;
    }
    emit optsEdited(next, what, mergeKey);
    return true;
}

} // namespace studio
