// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestsmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "package/carton.h"
#include "selftest/selftestresult.h"
#include "selftesttext.h"
#include "tensor/tensorregion.h"

#include <QIcon>

namespace studio {

namespace {

constexpr quintptr topLevelId = 0; // children carry their item's row + 1

} // namespace

SelfTestsModel::SelfTestsModel(QObject *parent) : QAbstractItemModel(parent) {}

void SelfTestsModel::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    beginResetModel();
    m_items.clear();
    m_runningRow = -1;
    if (carton && carton->info()) {
        const carton::CartonInfo &info = *carton->info();
        auto details = [&carton](const QString &reference) -> QString {
            static const QLatin1StringView tensorPrefix("@tensor_data/");
            static const QLatin1StringView miscPrefix("@misc/");
            if (reference.startsWith(tensorPrefix)) {
                const QString name = reference.mid(tensorPrefix.size());
                const carton::TensorIndexEntry *entry =
                    carton->tensorIndex() ? carton->tensorIndex()->find(name) : nullptr;
                if (!entry)
                    return tr("not in tensor_data/index.toml");
                if (entry->dtype == carton::DType::Nested)
                    return tr("nested, %n inner", nullptr, int(entry->inner.size()));
                return carton::dtypeName(entry->dtype) + u' ' +
                       (entry->shape ? carton::shapeText(*entry->shape) : QString());
            }
            if (reference.startsWith(miscPrefix)) {
                const QString path = reference.mid(1);
                if (const carton::SourceFile *file = carton->source().find(path))
                    return tr("file, %1").arg(humanSize(file->size));
                return carton->isLinked(path) ? tr("linked file (not in the archive)") : tr("missing file");
            }
            return tr("not a @tensor_data/ or @misc/ reference");
        };
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
            m_items.append(item);
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
            m_items.append(item);
        }
    }
    endResetModel();
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
            return index.column() == DetailsColumn ? item.description : QString();
        case Qt::DecorationRole:
            if (index.column() == ResultColumn) {
                if (index.row() == m_runningRow)
                    return QIcon(QStringLiteral(":/icons/state-pending.svg"));
                return item.resultIcon.isEmpty() ? QVariant() : QVariant(QIcon(item.resultIcon));
            }
            if (index.column() == NameColumn)
                return QIcon(example ? QStringLiteral(":/icons/file.svg") : QStringLiteral(":/icons/selftest.svg"));
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
