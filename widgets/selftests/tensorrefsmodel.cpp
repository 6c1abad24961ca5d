// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorrefsmodel.h"

#include "common/editorutils.h"
#include "common/roles.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "package/carton.h"

#include <QFileInfo>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>

namespace studio {

namespace {

const QString kTensorPrefix = QStringLiteral("@tensor_data/");
const QString kMiscPrefix = QStringLiteral("@misc/");

QString specText(const carton::TensorSpec &spec)
{
    return QStringLiteral("%1 %2").arg(carton::dtypeName(spec.dtype), spec.shape.toString());
}

QString dimsText(const QList<qint64> &dims)
{
    QStringList parts;
    for (qint64 d : dims)
        parts.append(QString::number(d));
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

// The size of a file of the document, -1 when unknown.
qint64 fileSize(const carton::CartonEdits &files, const QString &path)
{
    const carton::CartonEdits::FileSource *f = files.find(path);
    if (!f)
        return -1;
    switch (f->kind) {
    case carton::CartonEdits::FileSource::Kind::Bytes:
        return f->bytes.size();
    case carton::CartonEdits::FileSource::Kind::Disk:
        return QFileInfo(f->diskPath).size();
    case carton::CartonEdits::FileSource::Kind::Original:
        if (files.original())
            if (const carton::SourceFile *s = files.original()->source().find(f->originalPath))
                return s->size;
        return -1;
    case carton::CartonEdits::FileSource::Kind::Linked:
        return -1;
    }
    return -1;
}

} // namespace

TensorRefsModel::TensorRefsModel(CartonDocument *document, QObject *parent)
    : QAbstractTableModel(parent), m_document(document)
{
}

QString TensorRefsModel::tableName(Table table)
{
    switch (table) {
    case Table::Inputs:
        return QStringLiteral("inputs");
    case Table::ExpectedOut:
        return QStringLiteral("expected_out");
    case Table::SampleOut:
        return QStringLiteral("sample_out");
    }
    return {};
}

carton::TensorRefs *TensorRefsModel::refsOf(carton::CartonInfo &info, const SelfTestItem &item, Table table)
{
    if (item.kind == SelfTestItem::Kind::SelfTest) {
        if (item.number < 0 || item.number >= info.selfTests.size() || table == Table::SampleOut)
            return nullptr;
        carton::SelfTest &t = info.selfTests[item.number];
        if (table == Table::Inputs)
            return &t.inputs;
        if (!t.expectedOut)
            t.expectedOut.emplace();
        return &*t.expectedOut;
    }
    if (item.number < 0 || item.number >= info.examples.size() || table == Table::ExpectedOut)
        return nullptr;
    carton::Example &e = info.examples[item.number];
    return table == Table::Inputs ? &e.inputs : &e.sampleOut;
}

bool TensorRefsModel::setReference(carton::CartonInfo &info, const SelfTestItem &item, Table table, const QString &key,
                                   const QString &reference)
{
    carton::TensorRefs *refs = refsOf(info, item, table);
    if (!refs)
        return false;
    qsizetype at = -1;
    for (qsizetype i = 0; i < refs->size(); ++i) {
        if (refs->at(i).first == key) {
            at = i;
            break;
        }
    }
    if (reference.isEmpty()) {
        if (at >= 0)
            refs->removeAt(at);
    } else if (at >= 0) {
        (*refs)[at].second = reference;
    } else {
        refs->append({key, reference});
    }
    if (table == Table::ExpectedOut && refs->isEmpty())
        info.selfTests[item.number].expectedOut.reset();
    return true;
}

QString TensorRefsModel::entryText(const carton::TensorIndexEntry &entry)
{
    if (entry.dtype == carton::DType::Nested)
        return tr("nested (%n inner tensors)", nullptr, int(entry.inner.size()));
    return QStringLiteral("%1 %2").arg(carton::dtypeName(entry.dtype),
                                       entry.shape ? dimsText(*entry.shape) : QString());
}

QString TensorRefsModel::referenceFromText(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty() || t.startsWith(u'@'))
        return t;
    return kTensorPrefix + t;
}

void TensorRefsModel::setItem(const SelfTestItem &item)
{
    beginResetModel();
    m_item = item;
    m_rows = buildRows();
    m_rowProblems = QList<carton::Diagnostics>(m_rows.size());
    endResetModel();
    setDiagnostics(m_document->diagnostics());
}

QList<TensorRefsModel::Row> TensorRefsModel::buildRows() const
{
    QList<Row> rows;
    if (!m_item.isValid())
        return rows;
    const carton::CartonInfo &info = m_document->info();
    const bool selfTest = m_item.kind == SelfTestItem::Kind::SelfTest;
    if (selfTest ? m_item.number >= info.selfTests.size() : m_item.number >= info.examples.size())
        return rows;
    auto addTable = [&rows](Table table, const QList<carton::TensorSpec> &declared, const carton::TensorRefs &refs) {
        QHash<QString, QString> given;
        for (const auto &[key, ref] : refs)
            given.insert(key, ref); // a key given twice: the validator reports it
        QSet<QString> declaredNames;
        for (const carton::TensorSpec &spec : declared) {
            declaredNames.insert(spec.name);
            rows.append({table, spec.name, given.value(spec.name), true, specText(spec)});
        }
        for (const auto &[key, ref] : refs)
            if (!declaredNames.contains(key))
                rows.append({table, key, ref, false, QString()});
    };
    if (selfTest) {
        const carton::SelfTest &t = info.selfTests.at(m_item.number);
        addTable(Table::Inputs, info.inputs, t.inputs);
        addTable(Table::ExpectedOut, info.outputs, t.expectedOut.value_or(carton::TensorRefs()));
    } else {
        const carton::Example &e = info.examples.at(m_item.number);
        addTable(Table::Inputs, info.inputs, e.inputs);
        addTable(Table::SampleOut, info.outputs, e.sampleOut);
    }
    return rows;
}

void TensorRefsModel::refresh()
{
    QList<Row> rows = buildRows();
    bool sameRows = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameRows && i < rows.size(); ++i)
        sameRows = rows.at(i).table == m_rows.at(i).table && rows.at(i).key == m_rows.at(i).key &&
                   rows.at(i).declared == m_rows.at(i).declared;
    if (!sameRows) {
        beginResetModel();
        m_rows = std::move(rows);
        m_rowProblems = QList<carton::Diagnostics>(m_rows.size());
        endResetModel();
        setDiagnostics(m_document->diagnostics());
        return;
    }
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i) == rows.at(i))
            continue;
        m_rows[i] = rows.at(i);
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
    }
}

void TensorRefsModel::setTensorIndex(const carton::TensorIndex &index)
{
    m_index = index;
    if (!m_rows.isEmpty())
        emit dataChanged(this->index(0, TensorColumn), this->index(int(m_rows.size()) - 1, DetailsColumn));
}

void TensorRefsModel::setDiagnostics(const carton::Diagnostics &all)
{
    m_itemProblems = m_item.isValid() ? diagnosticsFor(all, m_item.field()) : carton::Diagnostics();
    for (int i = 0; i < m_rows.size(); ++i) {
        carton::Diagnostics problems = diagnosticsFor(m_itemProblems, fieldOf(i));
        if (problems == m_rowProblems.at(i))
            continue;
        m_rowProblems[i] = std::move(problems);
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
    }
}

QString TensorRefsModel::fieldOf(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    const Row &r = m_rows.at(row);
    return QStringLiteral("%1.%2.%3").arg(m_item.field(), tableName(r.table), r.key);
}

int TensorRefsModel::rowOf(const QString &table, const QString &key) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (tableName(m_rows.at(i).table) == table && m_rows.at(i).key == key)
            return i;
    return -1;
}

carton::Diagnostics TensorRefsModel::problemsOf(int row) const
{
    return row >= 0 && row < m_rowProblems.size() ? m_rowProblems.at(row) : carton::Diagnostics();
}

QString TensorRefsModel::detailsOf(const Row &row, carton::Severity *severity) const
{
    *severity = carton::Severity::Info;
    if (row.reference.isEmpty())
        return row.table == Table::Inputs ? tr("not given") : tr("not checked");
    if (row.reference.startsWith(kTensorPrefix)) {
        const QString name = row.reference.mid(kTensorPrefix.size());
        const carton::TensorIndexEntry *entry = m_index.find(name);
        if (!entry) {
            *severity = carton::Severity::Warning;
            return tr("no tensor \"%1\" in tensor_data/index.toml").arg(name);
        }
        if (entry->dtype == carton::DType::Nested)
            return tr("nested (%n inner tensors)", nullptr, int(entry->inner.size()));
        return QStringLiteral("%1 %2").arg(carton::dtypeName(entry->dtype),
                                           entry->shape ? dimsText(*entry->shape) : QString());
    }
    if (row.reference.startsWith(kMiscPrefix)) {
        const QString path = row.reference.mid(1);
        const qint64 size = fileSize(m_document->files(), path);
        if (!m_document->files().find(path)) {
            *severity = carton::Severity::Warning;
            return tr("no file %1 in the carton").arg(path);
        }
        return size >= 0 ? tr("file, %1").arg(humanSize(size)) : tr("file");
    }
    *severity = carton::Severity::Error;
    return tr("not a reference");
}

int TensorRefsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TensorRefsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorRefsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    const carton::Diagnostics &problems = m_rowProblems.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (Column(index.column())) {
        case RoleColumn:
            return row.table == Table::Inputs        ? tr("Input")
                   : row.table == Table::ExpectedOut ? tr("Expected output")
                                                     : tr("Sample output");
        case NameColumn:
            return row.declared || role == Qt::EditRole ? row.key : tr("%1 (not declared)").arg(row.key);
        case DeclaredColumn:
            return row.declaredText;
        case TensorColumn:
            if (row.reference.startsWith(kTensorPrefix))
                return row.reference.mid(kTensorPrefix.size());
            return row.reference;
        case DetailsColumn: {
            carton::Severity severity;
            return detailsOf(row, &severity);
        }
        case ColumnCount:
            break;
        }
        return {};
    case Qt::FontRole:
        if (index.column() == NameColumn && !row.declared) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if ((index.column() == NameColumn && !row.declared) ||
            (index.column() == TensorColumn && row.reference.isEmpty()))
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::DecorationRole:
        if (index.column() == TensorColumn && !problems.isEmpty() && worstSeverity(problems) != carton::Severity::Info)
            return severityIcon(worstSeverity(problems));
        if (index.column() == DetailsColumn) {
            carton::Severity severity;
            detailsOf(row, &severity);
            if (severity != carton::Severity::Info)
                return severityIcon(severity);
        }
        return {};
    case Qt::ToolTipRole: {
        QStringList lines;
        if (!row.declared)
            lines.append((row.table == Table::Inputs
                              ? tr("\"%1\" is not a declared input of the carton: the key is kept as it is")
                              : tr("\"%1\" is not a declared output of the carton: the key is kept as it is"))
                             .arg(row.key));
        else
            lines.append(tr("%1 \"%2\": %3")
                             .arg(row.table == Table::Inputs ? tr("Input") : tr("Output"), row.key, row.declaredText));
        if (index.column() == TensorColumn)
            lines.append(row.reference.isEmpty() ? tr("Pick a tensor from tensor_data/ or type its name")
                                                 : row.reference);
        for (const carton::Diagnostic &d : problems)
            lines.append(QStringLiteral("%1: %2").arg(severityText(d.severity), d.message));
        return lines.join(u'\n');
    }
    case Roles::SeverityRole:
        return problems.isEmpty() ? -1 : int(worstSeverity(problems));
    case Roles::ReferenceRole:
        return row.reference;
    default:
        return {};
    }
}

bool TensorRefsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() != TensorColumn || role != Qt::EditRole)
        return false;
    const Row row = m_rows.at(index.row());
    const QString reference = referenceFromText(value.toString());
    if (reference == row.reference)
        return false;
    carton::CartonInfo info = m_document->info();
    if (!setReference(info, m_item, row.table, row.key, reference))
        return false;
    const QString what = reference.isEmpty() ? tr("Clear %1 of %2").arg(row.key, m_item.field())
                                             : tr("Set %1 of %2").arg(row.key, m_item.field());
    m_document->setInfo(info, what);
    return true;
}

Qt::ItemFlags TensorRefsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == TensorColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant TensorRefsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case RoleColumn:
        return tr("Role");
    case NameColumn:
        return tr("Name");
    case DeclaredColumn:
        return tr("Declared");
    case TensorColumn:
        return tr("Tensor");
    case DetailsColumn:
        return tr("Details");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace studio
