// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "specspage.h"

#include "common/editorutils.h"
#include "common/textcelldelegate.h"
#include "document/cartondocument.h"
#include "dtypedelegate.h"
#include "model/modelset.h"
#include "shapedelegate.h"
#include "specsmodel.h"
#include "symbolpanel.h"
#include "validate/modelsignature.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QSet>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

namespace {

QString uniqueName(const QList<carton::TensorSpec> &specs, const QString &stem)
{
    QSet<QString> names;
    for (const carton::TensorSpec &s : specs)
        names.insert(s.name);
    for (int n = int(specs.size()) + 1;; ++n) {
        const QString name = QStringLiteral("%1_%2").arg(stem).arg(n);
        if (!names.contains(name))
            return name;
    }
}

QToolButton *toolButton(const QString &text, const QString &tip, const QString &name, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setObjectName(name);
    button->setAutoRaise(true);
    return button;
}

} // namespace

SpecsPage::SpecsPage(CartonDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_symbols(new SymbolPanel(this))
{
    setObjectName(QStringLiteral("specsEditor"));
    m_tables[0].model = new SpecsModel(document, false, this);
    m_tables[1].model = new SpecsModel(document, true, this);
    m_tables[0].model->setObjectName(QStringLiteral("inputsModel"));
    m_tables[1].model->setObjectName(QStringLiteral("outputsModel"));

    auto *tables = new QSplitter(Qt::Vertical);
    tables->addWidget(makeSection(0));
    tables->addWidget(makeSection(1));

    auto *symbolsBox = new QWidget;
    auto *symbolsLayout = new QVBoxLayout(symbolsBox);
    symbolsLayout->setContentsMargins(0, 4, 0, 0);
    auto *symbolsTitle = new QLabel(tr("Shape symbols"), symbolsBox);
    QFont bold = symbolsTitle->font();
    bold.setBold(true);
    symbolsTitle->setFont(bold);
    auto *symbolsHint = new QLabel(tr("A symbol has one value across all inputs and outputs within one self-test; "
                                      "* may differ at each use."),
                                   symbolsBox);
    symbolsHint->setWordWrap(true);
    symbolsHint->setEnabled(false);
    symbolsLayout->addWidget(symbolsTitle);
    symbolsLayout->addWidget(symbolsHint);
    symbolsLayout->addWidget(m_symbols, 1);
    connect(m_symbols, &SymbolPanel::fieldActivated, this, &SpecsPage::revealField);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(tables);
    splitter->addWidget(symbolsBox);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({600, 500});
    m_fill = toolButton(tr("Fill from Model…"),
                        tr("Take the inputs and outputs (names, dtypes, shapes) from the model file's own signature"),
                        QStringLiteral("fillFromModel"), this);
    connect(m_fill, &QToolButton::clicked, this, &SpecsPage::fillFromModel);
    m_fillNote = new QLabel(this);
    m_fillNote->setObjectName(QStringLiteral("fillFromModelNote"));
    m_fillNote->setWordWrap(true);
    auto *top = new QHBoxLayout;
    top->addWidget(m_fillNote, 1);
    top->addWidget(m_fill);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter);

    for (int which = 0; which < 2; ++which) {
        SpecsModel *model = m_tables[which].model;
        connect(model, &QAbstractItemModel::modelReset, this, [this, which] { updateTable(which); });
        connect(model, &QAbstractItemModel::headerDataChanged, this, [this, which] { updateTable(which); });
        updateTable(which);
    }
    connect(document, &CartonDocument::diagnosticsChanged, this, &SpecsPage::updateSymbols);
    updateSymbols();
    setTabOrder(m_tables[0].view, m_tables[1].view);
    setTabOrder(m_tables[1].view, m_symbols);
    setEditable(false);
}

QWidget *SpecsPage::makeSection(int which)
{
    Table &t = m_tables[which];
    const bool outputs = which == 1;
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 4, 0, 0);
    auto *header = new QHBoxLayout;
    t.title = new QLabel(box);
    QFont bold = t.title->font();
    bold.setBold(true);
    t.title->setFont(bold);
    t.problems = new QLabel(box);
    t.problems->setObjectName(outputs ? QStringLiteral("outputsProblems") : QStringLiteral("inputsProblems"));
    t.problems->setWordWrap(true);
    t.add = toolButton(tr("Add"),
                       outputs ? tr("Add an output after the current one (Insert)")
                               : tr("Add an input after the current one (Insert)"),
                       outputs ? QStringLiteral("addOutput") : QStringLiteral("addInput"), box);
    t.remove = toolButton(
        tr("Remove"), outputs ? tr("Remove the selected outputs (Delete)") : tr("Remove the selected inputs (Delete)"),
        outputs ? QStringLiteral("removeOutput") : QStringLiteral("removeInput"), box);
    t.up = toolButton(tr("Up"),
                      outputs ? tr("Move the current output up (Alt+Up)") : tr("Move the current input up (Alt+Up)"),
                      outputs ? QStringLiteral("moveOutputUp") : QStringLiteral("moveInputUp"), box);
    t.down = toolButton(tr("Down"),
                        outputs ? tr("Move the current output down (Alt+Down)")
                                : tr("Move the current input down (Alt+Down)"),
                        outputs ? QStringLiteral("moveOutputDown") : QStringLiteral("moveInputDown"), box);
    header->addWidget(t.title);
    header->addWidget(t.problems, 1);
    for (QToolButton *b : {t.add, t.remove, t.up, t.down})
        header->addWidget(b);
    layout->addLayout(header);

    t.view = new QTableView(box);
    t.view->setObjectName(outputs ? QStringLiteral("outputsView") : QStringLiteral("inputsView"));
    t.view->setModel(t.model);
    t.view->setItemDelegateForColumn(SpecsModel::ShapeColumn, new ShapeDelegate(t.view));
    t.view->setItemDelegateForColumn(SpecsModel::DTypeColumn, new DTypeDelegate(t.view));
    // Add selects the new name in its editor: validation's repaint must not drop that.
    t.view->setItemDelegateForColumn(SpecsModel::NameColumn, new TextCellDelegate(t.view));
    t.view->setSelectionBehavior(QAbstractItemView::SelectItems);
    t.view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    t.view->setAlternatingRowColors(true);
    t.view->setWordWrap(false);
    t.view->verticalHeader()->setDefaultSectionSize(t.view->fontMetrics().height() + 10);
    t.view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    t.view->horizontalHeader()->setStretchLastSection(true);
    t.view->setColumnWidth(SpecsModel::NameColumn, 120);
    t.view->setColumnWidth(SpecsModel::DTypeColumn, 80);
    t.view->setColumnWidth(SpecsModel::ShapeColumn, 170);
    t.view->setColumnWidth(SpecsModel::DescriptionColumn, 150);
    layout->addWidget(t.view, 1);

    auto action = [&](const QKeySequence &key, auto slot) {
        auto *a = new QAction(t.view);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetShortcut);
        connect(a, &QAction::triggered, this, [this, slot] {
            if (m_editable)
                slot();
        });
        t.view->addAction(a);
    };
    action(QKeySequence(Qt::Key_Insert), [this, outputs] { addSpec(outputs); });
    action(QKeySequence::Delete, [this, outputs] { removeSelected(outputs); });
    action(QKeySequence(Qt::ALT | Qt::Key_Up), [this, outputs] { moveCurrent(outputs, -1); });
    action(QKeySequence(Qt::ALT | Qt::Key_Down), [this, outputs] { moveCurrent(outputs, 1); });
    connect(t.add, &QToolButton::clicked, this, [this, outputs] { addSpec(outputs); });
    connect(t.remove, &QToolButton::clicked, this, [this, outputs] { removeSelected(outputs); });
    connect(t.up, &QToolButton::clicked, this, [this, outputs] { moveCurrent(outputs, -1); });
    connect(t.down, &QToolButton::clicked, this, [this, outputs] { moveCurrent(outputs, 1); });
    connect(t.view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this, which] { updateTable(which); });
    return box;
}

namespace {

// The model's specs, keeping the description and internal name carton.toml
// already gives a name that stays.
QList<carton::TensorSpec> mergedSpecs(QList<carton::TensorSpec> fromModel, const QList<carton::TensorSpec> &current)
{
    for (carton::TensorSpec &spec : fromModel)
        for (const carton::TensorSpec &old : current)
            if (old.name == spec.name) {
                spec.description = old.description;
                spec.internalName = old.internalName;
            }
    return fromModel;
}

} // namespace

bool SpecsPage::fillFromModel()
{
    if (!m_editable)
        return false;
    const carton::ModelEntry *entry = carton::signatureModel(m_document->models());
    if (!entry) {
        QMessageBox box(QMessageBox::Information, tr("Fill from Model"),
                        tr("No file in model/ declares its inputs and outputs. An ONNX model does; a TorchScript or "
                           "Python model does not say them in its files."),
                        QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("fillFromModelBox"));
        box.exec();
        return false;
    }
    const carton::ModelSpecs specs = carton::specsFromModel(*entry);
    carton::CartonInfo info = m_document->info();
    if (!info.inputs.isEmpty() || !info.outputs.isEmpty()) {
        QMessageBox box(QMessageBox::Question, tr("Fill from Model"),
                        tr("Replace %1 input(s) and %2 output(s) with the %3 input(s) and %4 output(s) of %5?")
                            .arg(info.inputs.size())
                            .arg(info.outputs.size())
                            .arg(specs.inputs.size())
                            .arg(specs.outputs.size())
                            .arg(entry->path),
                        QMessageBox::Yes | QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("fillFromModelBox"));
        box.setInformativeText(tr("Descriptions of names that stay are kept. Edit ▸ Undo takes it back."));
        box.button(QMessageBox::Yes)->setText(tr("Replace"));
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() != QMessageBox::Yes)
            return false;
    }
    info.inputs = mergedSpecs(specs.inputs, info.inputs);
    info.outputs = mergedSpecs(specs.outputs, info.outputs);
    m_document->setInfo(info, tr("Fill Inputs and Outputs from Model"));
    m_fillNote->setText(specs.unsupported.isEmpty()
                            ? tr("Filled from %1.").arg(entry->path)
                            : tr("Filled from %1; left out, as Carton v1 has no dtype for them: %2")
                                  .arg(entry->path, specs.unsupported.join(QStringLiteral(", "))));
    return true;
}

void SpecsPage::setEditable(bool editable)
{
    m_editable = editable;
    m_fill->setVisible(editable);
    keepPlace(m_fill, !editable); // nothing moves when they show
    for (int which = 0; which < 2; ++which) {
        Table &t = m_tables[which];
        t.model->setEditable(editable);
        // The flags decide which cells edit; the triggers only say how.
        t.view->setEditTriggers(editable ? QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                               QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked
                                         : QAbstractItemView::NoEditTriggers);
        for (QToolButton *b : {t.add, t.remove, t.up, t.down}) {
            b->setVisible(editable);
            keepPlace(b, !editable);
        }
    }
}

void SpecsPage::updateTable(int which)
{
    Table &t = m_tables[which];
    const int rows = t.model->rowCount();
    t.title->setText((which == 0 ? tr("Inputs (%1)") : tr("Outputs (%1)")).arg(rows));
    const carton::Diagnostics &problems = t.model->tableDiagnostics();
    QStringList lines;
    for (const carton::Diagnostic &d : problems)
        lines.append(d.message);
    t.problems->setText(lines.join(u'\n'));
    markField(t.problems, problems);
    const int row = t.view->currentIndex().isValid() ? t.view->currentIndex().row() : -1;
    t.remove->setEnabled(row >= 0);
    t.up->setEnabled(row > 0);
    t.down->setEnabled(row >= 0 && row < rows - 1);
}

void SpecsPage::updateSymbols()
{
    m_symbols->setSymbols(m_document->symbolSummary(), m_tables[0].model->palette());
}

void SpecsPage::addSpec(bool outputs)
{
    if (!m_editable)
        return;
    Table &t = m_tables[outputs ? 1 : 0];
    carton::CartonInfo info = m_document->info();
    QList<carton::TensorSpec> &specs = outputs ? info.outputs : info.inputs;
    const QModelIndex current = t.view->currentIndex();
    const int row = current.isValid() ? current.row() + 1 : int(specs.size());
    carton::TensorSpec spec;
    spec.name = uniqueName(specs, outputs ? QStringLiteral("output") : QStringLiteral("input"));
    spec.dtype = carton::DType::Float32;
    spec.dtypeText = carton::dtypeName(spec.dtype);
    spec.shape = carton::Shape::any();
    specs.insert(row, spec);
    m_document->setInfo(info, outputs ? tr("Add Output") : tr("Add Input"));
    const QModelIndex name = t.model->index(row, SpecsModel::NameColumn);
    t.view->setCurrentIndex(name);
    t.view->scrollTo(name);
    t.view->setFocus(Qt::OtherFocusReason);
    t.view->edit(name);
}

void SpecsPage::removeSelected(bool outputs)
{
    if (!m_editable)
        return;
    Table &t = m_tables[outputs ? 1 : 0];
    QList<int> rows;
    for (const QModelIndex &index : t.view->selectionModel()->selectedIndexes())
        if (!rows.contains(index.row()))
            rows.append(index.row());
    if (rows.isEmpty() && t.view->currentIndex().isValid())
        rows.append(t.view->currentIndex().row());
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    carton::CartonInfo info = m_document->info();
    QList<carton::TensorSpec> &specs = outputs ? info.outputs : info.inputs;
    for (int row : std::as_const(rows))
        if (row < specs.size())
            specs.removeAt(row);
    const int column = qMax(0, t.view->currentIndex().column());
    const QString what = rows.size() == 1 ? (outputs ? tr("Remove Output") : tr("Remove Input"))
                                          : (outputs ? tr("Remove %n Outputs", nullptr, int(rows.size()))
                                                     : tr("Remove %n Inputs", nullptr, int(rows.size())));
    m_document->setInfo(info, what);
    const int next = qMin(rows.constLast(), t.model->rowCount() - 1);
    if (next >= 0)
        t.view->setCurrentIndex(t.model->index(next, column));
    t.view->setFocus(Qt::OtherFocusReason);
}

void SpecsPage::moveCurrent(bool outputs, int delta)
{
    if (!m_editable)
        return;
    Table &t = m_tables[outputs ? 1 : 0];
    const QModelIndex current = t.view->currentIndex();
    if (!current.isValid())
        return;
    const int row = current.row();
    const int to = row + delta;
    carton::CartonInfo info = m_document->info();
    QList<carton::TensorSpec> &specs = outputs ? info.outputs : info.inputs;
    if (to < 0 || to >= specs.size())
        return;
    specs.move(row, to);
    m_document->setInfo(info, delta < 0 ? (outputs ? tr("Move Output Up") : tr("Move Input Up"))
                                        : (outputs ? tr("Move Output Down") : tr("Move Input Down")));
    t.view->setCurrentIndex(t.model->index(to, current.column()));
    updateTable(outputs ? 1 : 0);
}

bool SpecsPage::revealField(const QString &field)
{
    for (Table &t : m_tables) {
        const QString kind = t.model->kind();
        if (field == kind) {
            t.view->setFocus(Qt::OtherFocusReason);
            return true;
        }
        const QModelIndex index = t.model->indexOfField(field);
        if (!index.isValid())
            continue;
        t.view->setCurrentIndex(index);
        t.view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect);
        t.view->scrollTo(index);
        t.view->setFocus(Qt::OtherFocusReason);
        return true;
    }
    return false;
}

} // namespace studio
