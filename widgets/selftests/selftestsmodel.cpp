// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestsmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "package/carton.h"
#include "selftest/selftestresult.h"
#include "selftesttext.h"
#include "tensor/tensorregion.h"

#include <QIcon>
#include <algorithm>
#include <utility>

namespace studio {

namespace {

constexpr quintptr topLevelId = 0; // children carry their item's row + 1

} // namespace

carton::Severity worstSeverity(const carton::Diagnostics &list)
{
    carton::Severity worst = carton::Severity::Info;
    for (const carton::Diagnostic &d : list)
        if (int(d.severity) < int(worst))
            worst = d.severity;
    return worst;
}

QString SelfTestItem::field() const
{
    return QStringLiteral("%1[%2]")
        .arg(kind == Kind::SelfTest ? QStringLiteral("self_test") : QStringLiteral("example"))
        .arg(number);
}

SelfTestsModel::SelfTestsModel(QObject *parent) : QAbstractItemModel(parent) {}

SelfTestsModel::SelfTestsModel(CartonDocument *document, QObject *parent)
    : QAbstractItemModel(parent), m_document(document)
{
    connect(m_document, &CartonDocument::infoChanged, this, &SelfTestsModel::refresh);
    connect(m_document, &CartonDocument::filesChanged, this, &SelfTestsModel::refresh);
    connect(m_document, &CartonDocument::diagnosticsChanged, this,
            [this] { setDiagnostics(m_document->diagnostics()); });
    refresh();
    setDiagnostics(m_document->diagnostics());
}

void SelfTestsModel::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    if (!carton || !carton->info()) {
        fill({}, {});
        return;
    }
    fill(*carton->info(), [&carton](const QString &reference) -> QString {
        static const QLatin1StringView tensorPrefix("@tensor_data/");
        static const QLatin1StringView miscPrefix("@misc/");
        if (reference.startsWith(tensorPrefix)) {
            const QString name = reference.mid(tensorPrefix.size());
            const carton::TensorIndexEntry *entry = carton->tensorIndex() ? carton->tensorIndex()->find(name) : nullptr;
            return entryDetails(entry);
        }
        if (reference.startsWith(miscPrefix)) {
            const QString path = reference.mid(1);
            if (const carton::SourceFile *file = carton->source().find(path))
                return tr("file, %1").arg(humanSize(file->size));
            return carton->isLinked(path) ? tr("linked file (not in the archive)") : tr("missing file");
        }
        return tr("not a @tensor_data/ or @misc/ reference");
    });
}

QString SelfTestsModel::entryDetails(const carton::TensorIndexEntry *entry)
{
    if (!entry)
        return tr("not in tensor_data/index.toml");
    if (entry->dtype == carton::DType::Nested)
        return tr("nested, %n inner", nullptr, int(entry->inner.size()));
    return carton::dtypeName(entry->dtype) + u' ' + (entry->shape ? carton::shapeText(*entry->shape) : QString());
}

void SelfTestsModel::refresh()
{
    if (!m_document)
        return;
    const carton::CartonEdits &files = m_document->files();
    const carton::Result<carton::TensorIndex> index = files.tensorIndex();
    fill(m_document->info(), [&](const QString &reference) -> QString {
        static const QLatin1StringView tensorPrefix("@tensor_data/");
        static const QLatin1StringView miscPrefix("@misc/");
        if (reference.startsWith(tensorPrefix))
            return entryDetails(index ? index->find(reference.mid(tensorPrefix.size())) : nullptr);
        if (reference.startsWith(miscPrefix)) {
            using Kind = carton::CartonEdits::FileSource::Kind;
            const carton::CartonEdits::FileSource *source = files.find(reference.mid(1));
            if (!source)
                return tr("missing file");
            if (source->kind == Kind::Linked)
                return tr("linked file (not in the archive)");
            const carton::Result<carton::ByteSourcePtr> bytes = files.byteSource(reference.mid(1));
            return bytes ? tr("file, %1").arg(humanSize((*bytes)->size())) : tr("file");
        }
        return tr("not a @tensor_data/ or @misc/ reference");
    });
}

void SelfTestsModel::fill(const carton::CartonInfo &info, const DetailsOf &details)
{
    QList<Item> items;
    items.reserve(info.selfTests.size() + info.examples.size());
    auto addRefs = [&](Item &item, const carton::TensorRefs &refs, const QString &role) {
        for (const auto &[key, value] : refs)
            item.refs.append({key, role, value, details(value)});
    };
    for (qsizetype i = 0; i < info.selfTests.size(); ++i) {
        const carton::SelfTest &test = info.selfTests[i];
        Item item;
        item.kind = ItemKind::SelfTest;
        item.number = int(i);
        item.name = test.name.value_or(QString());
        item.description = test.description.value_or(QString());
        addRefs(item, test.inputs, tr("input"));
        if (test.expectedOut)
            addRefs(item, *test.expectedOut, tr("expected output"));
        items.append(item);
    }
    for (qsizetype i = 0; i < info.examples.size(); ++i) {
        const carton::Example &example = info.examples[i];
        Item item;
        item.kind = ItemKind::Example;
        item.number = int(i);
        item.name = example.name.value_or(QString());
        item.description = example.description.value_or(QString());
        addRefs(item, example.inputs, tr("input"));
        addRefs(item, example.sampleOut, tr("sample output"));
        items.append(item);
    }
    const bool sameRows =
        items.size() == m_items.size() && std::equal(items.cbegin(), items.cend(), m_items.cbegin(),
                                                     [](const Item &a, const Item &b) { return a.sameRows(b); });
    if (!sameRows) {
        beginResetModel();
        m_items = std::move(items);
        m_runningRow = -1;
        endResetModel();
        return;
    }
    // The same rows: the results stay; only what changed is announced.
    for (int row = 0; row < m_items.size(); ++row) {
        Item &item = m_items[row];
        if (item == items.at(row))
            continue;
        item.name = items.at(row).name;
        item.description = items.at(row).description;
        item.refs = items.at(row).refs;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        if (!item.refs.isEmpty()) {
            const QModelIndex parent = index(row, 0);
            emit dataChanged(index(0, 0, parent), index(int(item.refs.size()) - 1, ColumnCount - 1, parent));
        }
    }
}

void SelfTestsModel::setDiagnostics(const carton::Diagnostics &all)
{
    QHash<QString, carton::Diagnostics> problems;
    // Grouped by item once (not one scan of every diagnostic per item).
    for (const carton::Diagnostic &d : all) {
        const QString &field = d.location.field;
        if (d.location.file != u"carton.toml" || !(field.startsWith(u"self_test[") || field.startsWith(u"example[")))
            continue;
        if (const qsizetype close = field.indexOf(u']'); close > 0)
            problems[field.left(close + 1)].append(d);
    }
    const QHash<QString, carton::Diagnostics> old = std::exchange(m_problems, std::move(problems));
    for (int row = 0; row < m_items.size(); ++row) {
        const QString field = itemAt(row).field();
        if (old.value(field) != m_problems.value(field))
            emit dataChanged(index(row, NameColumn), index(row, NameColumn));
    }
}

carton::Diagnostics SelfTestsModel::problemsOf(int row) const
{
    return m_problems.value(itemAt(row).field());
}

SelfTestItem SelfTestsModel::itemAt(int row) const
{
    if (row < 0 || row >= m_items.size())
        return {};
    return {m_items[row].kind, m_items[row].number};
}

int SelfTestsModel::rowOf(const SelfTestItem &item) const
{
    return item.isValid() ? itemIndex(item.kind, item.number).row() : -1;
}

namespace {

QString statusIcon(carton::SelfTestStatus status)
{
    switch (status) {
    case carton::SelfTestStatus::Passed:
        return QStringLiteral(":/icons/state-ok.svg");
    case carton::SelfTestStatus::Failed:
        return QStringLiteral(":/icons/state-failed.svg");
    case carton::SelfTestStatus::CannotRun:
        return QStringLiteral(":/icons/severity-warning.svg");
    case carton::SelfTestStatus::Error:
        return QStringLiteral(":/icons/severity-error.svg");
    case carton::SelfTestStatus::NotRun:
        break;
    }
    return {};
}

QString exampleIcon(carton::ExampleStatus status)
{
    switch (status) {
    case carton::ExampleStatus::Ran:
        return QStringLiteral(":/icons/state-ok.svg");
    case carton::ExampleStatus::CannotRun:
        return QStringLiteral(":/icons/severity-warning.svg");
    case carton::ExampleStatus::Error:
        return QStringLiteral(":/icons/severity-error.svg");
    case carton::ExampleStatus::NotRun:
        break;
    }
    return {};
}

} // namespace

void SelfTestsModel::emitResultChanged(int row)
{
    if (row >= 0 && row < m_items.size())
        emit dataChanged(index(row, ResultColumn), index(row, ResultColumn));
}

void SelfTestsModel::setRun(const carton::SelfTestRun &run)
{
    m_runningRow = -1;
    for (Item &item : m_items) {
        item.result.clear();
        item.resultReason.clear();
        item.resultIcon.clear();
        if (item.kind == ItemKind::SelfTest) {
            for (const carton::SelfTestResult &t : run.tests) {
                if (t.index == item.number) {
                    item.result = SelfTestText::status(t.status);
                    item.resultReason = SelfTestText::reason(t);
                    item.resultIcon = statusIcon(t.status);
                }
            }
        } else {
            for (const carton::ExampleResult &e : run.examples) {
                if (e.index == item.number) {
                    item.result = SelfTestText::status(e.status);
                    item.resultReason = SelfTestText::reason(e);
                    item.resultIcon = exampleIcon(e.status);
                }
            }
        }
    }
    if (!m_items.isEmpty())
        emit dataChanged(index(0, ResultColumn), index(int(m_items.size()) - 1, ResultColumn));
}

void SelfTestsModel::setRunning(ItemKind kind, int number)
{
    const int old = m_runningRow;
    m_runningRow = itemIndex(kind, number).row();
    emitResultChanged(old);
    emitResultChanged(m_runningRow);
}

void SelfTestsModel::clearResults()
{
    for (Item &item : m_items) {
        item.result.clear();
        item.resultReason.clear();
        item.resultIcon.clear();
    }
    m_runningRow = -1;
    if (!m_items.isEmpty())
        emit dataChanged(index(0, ResultColumn), index(int(m_items.size()) - 1, ResultColumn));
}

QString SelfTestsModel::resultText(const QModelIndex &index) const
{
    const int row = itemRow(index);
    if (row < 0)
        return {};
    return row == m_runningRow ? tr("running") : m_items[row].result;
}

QModelIndex SelfTestsModel::itemIndex(ItemKind kind, int number) const
{
    for (qsizetype i = 0; i < m_items.size(); ++i)
        if (m_items[i].kind == kind && m_items[i].number == number)
            return index(int(i), 0);
    return {};
}

int SelfTestsModel::itemRow(const QModelIndex &index) const
{
    if (!index.isValid())
        return -1;
    return index.internalId() == topLevelId ? index.row() : int(index.internalId() - 1);
}

int SelfTestsModel::itemNumber(const QModelIndex &index) const
{
    const int row = itemRow(index);
    return row < 0 ? -1 : m_items[row].number;
}

bool SelfTestsModel::isExample(const QModelIndex &index) const
{
    const int row = itemRow(index);
    return row >= 0 && m_items[row].kind == ItemKind::Example;
}

QStringList SelfTestsModel::references(const QModelIndex &index) const
{
    const int row = itemRow(index);
    QStringList result;
    if (row < 0)
        return result;
    for (const Ref &ref : m_items[row].refs)
        result.append(ref.reference);
    return result;
}

QString SelfTestsModel::description(const QModelIndex &index) const
{
    const int row = itemRow(index);
    return row < 0 ? QString() : m_items[row].description;
}

QModelIndex SelfTestsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, topLevelId);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex SelfTestsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == topLevelId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, topLevelId);
}

int SelfTestsModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_items.size());
    if (parent.column() > 0 || parent.internalId() != topLevelId)
        return 0;
    return int(m_items[parent.row()].refs.size());
}

int SelfTestsModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant SelfTestsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == topLevelId) {
        const Item &item = m_items[index.row()];
        const bool example = item.kind == ItemKind::Example;
        switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
            case NameColumn:
                if (!item.name.isEmpty())
                    return item.name;
                return example ? tr("Example %1").arg(item.number + 1) : tr("Self-test %1").arg(item.number + 1);
            case ResultColumn:
                return index.row() == m_runningRow ? tr("running") : item.result;
            case KindColumn:
                return example ? tr("example") : tr("self-test");
            case DetailsColumn:
                return item.description;
            default:
                return {};
            }
        case Qt::ToolTipRole:
            if (index.column() == ResultColumn)
                return item.resultReason;
            if (index.column() == NameColumn) {
                const QString field = itemAt(index.row()).field();
                QStringList lines{QStringLiteral("%1 — %2").arg(
                    field, item.description.isEmpty() ? tr("no description") : item.description.left(200))};
                for (const carton::Diagnostic &d : m_problems.value(field))
                    lines.append(QStringLiteral("%1: %2").arg(severityText(d.severity), d.message));
                return lines.join(u'\n');
            }
            return index.column() == DetailsColumn ? item.description : QString();
        case Roles::SeverityRole: {
            // The worst problem of the item (-1: none), on its name.
            const carton::Diagnostics problems = m_problems.value(itemAt(index.row()).field());
            return index.column() != NameColumn || problems.isEmpty() ? -1 : int(worstSeverity(problems));
        }
        case Qt::DecorationRole:
            if (index.column() == ResultColumn) {
                if (index.row() == m_runningRow)
                    return QIcon(QStringLiteral(":/icons/state-pending.svg"));
                return item.resultIcon.isEmpty() ? QVariant() : QVariant(QIcon(item.resultIcon));
            }
            if (index.column() == NameColumn) {
                // A warning or error of the item shows instead of its kind's icon (notes: the tooltip only).
                const carton::Diagnostics problems = m_problems.value(itemAt(index.row()).field());
                if (const carton::Severity worst = worstSeverity(problems);
                    !problems.isEmpty() && worst != carton::Severity::Info)
                    return severityIcon(worst);
                return QIcon(example ? QStringLiteral(":/icons/file.svg") : QStringLiteral(":/icons/selftest.svg"));
            }
            return {};
        default:
            return {};
        }
    }
    const Item &item = m_items[int(index.internalId() - 1)];
    const Ref &ref = item.refs[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return ref.key;
        case KindColumn:
            return ref.role;
        case ReferenceColumn:
            return ref.reference;
        case DetailsColumn:
            return ref.details;
        }
        break;
    case Roles::ReferenceRole:
        return ref.reference;
    case Roles::TensorNameRole:
        return ref.reference.startsWith(u"@tensor_data/") ? ref.reference.mid(13) : QString();
    default:
        break;
    }
    return {};
}

QVariant SelfTestsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case ResultColumn:
        return tr("Result");
    case KindColumn:
        return tr("Kind");
    case ReferenceColumn:
        return tr("Reference");
    case DetailsColumn:
        return tr("Details");
    }
    return {};
}

} // namespace studio
