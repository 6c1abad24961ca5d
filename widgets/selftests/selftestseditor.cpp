// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestseditor.h"

#include "common/editorutils.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "keeptolerance.h"
#include "selftest/selftestengine.h"
#include "selftestitemedits.h"
#include "tensorrefsmodel.h"
#include "tensorrefspane.h"
#include "toleranceedit.h"
#include "validate/fieldpath.h"

#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace studio {

namespace {

QToolButton *toolButton(const QString &text, const QString &tip, const QString &objectName)
{
    auto *button = new QToolButton;
    button->setText(text);
    button->setToolTip(tip);
    button->setObjectName(objectName);
    button->setAutoRaise(false);
    return button;
}

} // namespace

SelfTestsEditor::SelfTestsEditor(CartonDocument *document, SelfTestsModel *items, QWidget *parent)
    : QWidget(parent), m_document(document), m_itemsModel(items ? items : new SelfTestsModel(document, this))
{
    Q_ASSERT(m_itemsModel->document() == document);
    setObjectName(QStringLiteral("selfTestsEditor"));
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->addWidget(buildList());
    m_split->addWidget(buildDetails());
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 3);
    m_split->setChildrenCollapsible(false);
    m_split->setSizes({280, 820});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_split);
    setTabOrder(m_items, m_name);
    setTabOrder(m_name, m_description);
    setTabOrder(m_description, m_refsPane->view());

    connect(m_document, &CartonDocument::infoChanged, this, &SelfTestsEditor::onInfoChanged);
    connect(m_document, &CartonDocument::diagnosticsChanged, this, &SelfTestsEditor::onDiagnosticsChanged);
    m_ownSelection = m_items->selectionModel();
    m_currentConnection = connect(m_items->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                                  &SelfTestsEditor::onCurrentItemChanged);

    m_itemsModel->refresh();
    if (m_itemsModel->rowCount() > 0)
        selectItem(m_itemsModel->itemAt(0));
    else
        onCurrentItemChanged();
    onDiagnosticsChanged();
}

SelfTestsEditor::~SelfTestsEditor() = default;

void SelfTestsEditor::followView(QAbstractItemView *view)
{
    if (view && view->model() != m_itemsModel)
        return;                          // another model: its selection cannot be ours
    const SelfTestItem keep = m_current; // the item edited stays current in the view followed now
    disconnect(m_currentConnection);
    qDeleteAll(std::exchange(m_viewShortcuts, {}));
    QItemSelectionModel *selection = view ? view->selectionModel() : m_ownSelection.data();
    m_items->setSelectionModel(selection);
    m_items->setVisible(!view);
    // Following a view: the buttons over the details; alone: the list beside them.
    m_split->setOrientation(view ? Qt::Vertical : Qt::Horizontal);
    m_list->setMaximumHeight(view ? m_list->minimumSizeHint().height() : QWIDGETSIZE_MAX);
    m_currentConnection =
        connect(selection, &QItemSelectionModel::currentRowChanged, this, &SelfTestsEditor::onCurrentItemChanged);
    if (view) {
        for (auto [keys, slot] : {std::pair{QKeySequence(QKeySequence::Delete), &SelfTestsEditor::removeItem},
                                  {QKeySequence(Qt::CTRL | Qt::Key_D), &SelfTestsEditor::duplicateItem},
                                  {QKeySequence(Qt::ALT | Qt::Key_Up), &SelfTestsEditor::moveItemUp},
                                  {QKeySequence(Qt::ALT | Qt::Key_Down), &SelfTestsEditor::moveItemDown}}) {
            auto *shortcut = new QShortcut(keys, view, nullptr, nullptr, Qt::WidgetShortcut);
            connect(shortcut, &QShortcut::activated, this, [this, slot] {
                if (!m_addSelfTest->isHidden()) // hidden while browsing
                    (this->*slot)();
            });
            m_viewShortcuts.append(shortcut);
        }
    }
    if (m_itemsModel->rowOf(keep) >= 0)
        selectItem(keep);
    onCurrentItemChanged();
}

QWidget *SelfTestsEditor::buildList()
{
    auto *page = new QWidget;
    m_list = page;
    m_items = new QTreeView;
    m_items->setObjectName(QStringLiteral("testItems"));
    m_items->setModel(m_itemsModel);
    m_items->setRootIsDecorated(false);
    m_items->setItemsExpandable(false);
    m_items->setExpandsOnDoubleClick(false);
    m_items->setUniformRowHeights(true);
    m_items->setAllColumnsShowFocus(true);
    m_items->setSelectionMode(QAbstractItemView::SingleSelection);
    m_items->header()->setStretchLastSection(false);
    for (int column : {SelfTestsModel::ResultColumn, SelfTestsModel::ReferenceColumn, SelfTestsModel::DetailsColumn})
        m_items->setColumnHidden(column, true);
    m_items->header()->setSectionResizeMode(SelfTestsModel::NameColumn, QHeaderView::Stretch);
    m_items->header()->setSectionResizeMode(SelfTestsModel::KindColumn, QHeaderView::ResizeToContents);
    m_items->setToolTip(tr("The carton's [[self_test]]s (run by Run Self-tests) and [[example]]s (shown to users)"));

    m_addSelfTest = toolButton(tr("Add Self-test"), tr("Add a [[self_test]]: inputs and the outputs they must give"),
                               QStringLiteral("addSelfTest"));
    m_addExample = toolButton(tr("Add Example"), tr("Add an [[example]]: inputs and sample outputs for users"),
                              QStringLiteral("addExample"));
    m_duplicate = toolButton(tr("Duplicate"), tr("Duplicate the selected item (Ctrl+D)"), QStringLiteral("duplicate"));
    m_remove = toolButton(tr("Remove"), tr("Remove the selected item (Delete)"), QStringLiteral("removeItem"));
    m_up = toolButton(tr("Up"), tr("Move the selected item up (Alt+Up)"), QStringLiteral("moveUp"));
    m_down = toolButton(tr("Down"), tr("Move the selected item down (Alt+Down)"), QStringLiteral("moveDown"));
    m_up->setArrowType(Qt::UpArrow);
    m_down->setArrowType(Qt::DownArrow);
    connect(m_addSelfTest, &QToolButton::clicked, this, &SelfTestsEditor::addSelfTest);
    connect(m_addExample, &QToolButton::clicked, this, &SelfTestsEditor::addExample);
    connect(m_duplicate, &QToolButton::clicked, this, &SelfTestsEditor::duplicateItem);
    connect(m_remove, &QToolButton::clicked, this, &SelfTestsEditor::removeItem);
    connect(m_up, &QToolButton::clicked, this, &SelfTestsEditor::moveItemUp);
    connect(m_down, &QToolButton::clicked, this, &SelfTestsEditor::moveItemDown);
    auto shortcut = [this](const QKeySequence &keys, void (SelfTestsEditor::*slot)()) {
        auto *s = new QShortcut(keys, m_items, nullptr, nullptr, Qt::WidgetShortcut);
        connect(s, &QShortcut::activated, this, slot);
    };
    shortcut(QKeySequence::Delete, &SelfTestsEditor::removeItem);
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_D), &SelfTestsEditor::duplicateItem);
    shortcut(QKeySequence(Qt::ALT | Qt::Key_Up), &SelfTestsEditor::moveItemUp);
    shortcut(QKeySequence(Qt::ALT | Qt::Key_Down), &SelfTestsEditor::moveItemDown);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(2);
    buttons->addWidget(m_addSelfTest);
    buttons->addWidget(m_addExample);
    buttons->addStretch();
    auto *edit = new QHBoxLayout;
    edit->setSpacing(2);
    edit->addWidget(m_duplicate);
    edit->addWidget(m_remove);
    edit->addStretch();
    edit->addWidget(m_up);
    edit->addWidget(m_down);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_items);
    layout->addLayout(buttons);
    layout->addLayout(edit);
    return page;
}

QWidget *SelfTestsEditor::buildDetails()
{
    m_stack = new QStackedWidget;
    auto *empty = new QLabel(tr("No self-test or example selected.\n\nA self-test feeds tensors from tensor_data/ "
                                "to the model and compares what it returns with the expected outputs; an example "
                                "shows users what the model takes and gives.\nAdd one with the buttons on the left."));
    empty->setObjectName(QStringLiteral("emptyLabel"));
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    m_stack->addWidget(empty);

    auto *details = new QWidget;
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("itemTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("itemName"));
    m_name->setPlaceholderText(tr("Optional: a short name, e.g. \"cat photo\""));
    m_name->setClearButtonEnabled(true);
    m_description = new QPlainTextEdit;
    m_description->setObjectName(QStringLiteral("itemDescription"));
    m_description->setPlaceholderText(tr("Optional: what this item checks or shows"));
    m_description->setTabChangesFocus(true);
    m_description->setMaximumHeight(m_description->fontMetrics().lineSpacing() * 4 + 12);
    connect(m_name, &QLineEdit::textEdited, this, &SelfTestsEditor::editName);
    connect(m_description, &QPlainTextEdit::textChanged, this, &SelfTestsEditor::editDescription);
    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Description:"), m_description);
    m_tolerance = new ToleranceEdit; // whole rows: up to three asked for, more scroll
    form->addRow(tr("&Tolerance:"), m_tolerance);
    m_form = form;
    connect(m_tolerance, &ToleranceEdit::edited, this, [this](const carton::CartonTolerance &tolerance) {
        if (m_current.isValid() && m_current.kind == SelfTestItem::Kind::SelfTest)
            (void)keepTolerance(
                *m_document, m_current.number, tolerance,
                tr("Edit Tolerance of %1")
                    .arg(carton::selfTestName(m_document->info().selfTests.value(m_current.number), m_current.number)));
    });

    m_extensions = new QLabel;
    m_extensions->setObjectName(QStringLiteral("extensions"));
    m_extensions->setWordWrap(true);
    m_problems = new QLabel;
    m_problems->setObjectName(QStringLiteral("itemProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::PlainText);

    m_refsPane = new TensorRefsPane(m_document);
    connect(m_refsPane, &TensorRefsPane::selfTestChosen, this, [this](int index) {
        selectItem({SelfTestItem::Kind::SelfTest, index});
    });

    auto *layout = new QVBoxLayout(details);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addLayout(form);
    layout->addWidget(m_extensions);
    layout->addWidget(m_problems);
    layout->addWidget(m_refsPane, 1);
    m_stack->addWidget(details);

    return m_stack;
}

SelfTestItem SelfTestsEditor::currentItem() const
{
    return m_current;
}

void SelfTestsEditor::selectItem(const SelfTestItem &item)
{
    const int row = m_itemsModel->rowOf(item);
    if (row < 0)
        return;
    m_items->setCurrentIndex(m_itemsModel->index(row, SelfTestsModel::NameColumn));
}

int SelfTestsEditor::currentRow() const
{
    return m_refsPane->currentRow();
}

void SelfTestsEditor::setCurrentRow(int row)
{
    m_refsPane->setCurrentRow(row);
}

QStringList SelfTestsEditor::tensorNames() const
{
    return m_refsPane->tensorNames();
}

TensorRefsModel *SelfTestsEditor::refsModel() const
{
    return m_refsPane->model();
}

QTableView *SelfTestsEditor::refsView() const
{
    return m_refsPane->view();
}

bool SelfTestsEditor::revealField(const QString &field)
{
    const carton::FieldPath path = carton::FieldPath::parse(field.trimmed());
    const bool isSelfTest = path.isItemOf(u"self_test");
    if (!isSelfTest && !path.isItemOf(u"example"))
        return false;
    const SelfTestItem item{isSelfTest ? SelfTestItem::Kind::SelfTest : SelfTestItem::Kind::Example, path.index};
    if (m_itemsModel->rowOf(item) < 0)
        return false;
    selectItem(item);
    const QString &part = path.member;
    if (part == u"name") {
        m_name->setFocus(Qt::OtherFocusReason);
        m_name->selectAll();
        return true;
    }
    if (part == u"description") {
        m_description->setFocus(Qt::OtherFocusReason);
        return true;
    }
    if (part.isEmpty()) {
        m_items->setFocus(Qt::OtherFocusReason);
        return true;
    }
    const TensorRefsModel *refs = refsModel();
    int row = -1;
    if (!path.key.isEmpty())
        row = refs->rowOf(part, path.key);
    if (row < 0) { // the table only, or a key it does not have: its first row
        for (int i = 0; i < refs->rowCount() && row < 0; ++i)
            if (TensorRefsModel::tableName(refs->row(i).table) == part)
                row = i;
    }
    setCurrentRow(row);
    m_refsPane->view()->setFocus(Qt::OtherFocusReason);
    return true;
}

void SelfTestsEditor::onInfoChanged()
{
    const carton::CartonInfo &info = m_document->info();
    m_itemsModel->refresh(); // the model follows the document too: nothing twice
    // The item shown stays; when it went away (undo of an add, a remove) the
    // nearest one of its kind, else of the other kind.
    SelfTestItem wanted = selftestitemedits::nearestItem(info, m_current);
    if (!wanted.isValid() && m_itemsModel->rowCount() > 0)
        wanted = m_itemsModel->itemAt(0);
    const int row = m_itemsModel->rowOf(wanted);
    const QModelIndex index = row >= 0 ? m_itemsModel->index(row, 0) : QModelIndex();
    if (m_itemsModel->itemRow(m_items->currentIndex()) != row || !index.isValid())
        m_items->setCurrentIndex(index); // onCurrentItemChanged() when valid
    if (m_itemsModel->itemAt(row) != m_current || !index.isValid())
        onCurrentItemChanged();
    else if (m_refsPane->item() == m_current) {
        m_refsPane->refresh();
        updateForm();
    }
}

void SelfTestsEditor::onDiagnosticsChanged()
{
    const carton::Diagnostics &all = m_document->diagnostics();
    m_itemsModel->setDiagnostics(all);
    const TensorRefsModel *refs = refsModel();
    refsModel()->setDiagnostics(all);
    if (!m_current.isValid())
        return;
    const QString base = m_current.field();
    markField(m_name, diagnosticsFor(all, base + QStringLiteral(".name")));
    markField(m_description, diagnosticsFor(all, base + QStringLiteral(".description")));
    // What is about the item or a whole table rather than one row.
    QStringList lines;
    carton::Diagnostics itemLevel;
    for (const carton::Diagnostic &d : diagnosticsFor(all, base)) {
        const QString &field = d.location.field;
        bool onRow = false;
        for (int i = 0; i < refs->rowCount() && !onRow; ++i)
            onRow = field == refs->fieldOf(i) || field.startsWith(refs->fieldOf(i) + u'.');
        if (onRow || field == base + QStringLiteral(".name") || field == base + QStringLiteral(".description"))
            continue;
        lines.append(QStringLiteral("%1: %2").arg(severityText(d.severity), d.message));
        itemLevel.append(d);
    }
    m_problems->setText(lines.join(u'\n'));
    m_problems->setVisible(!lines.isEmpty());
    markField(m_problems, itemLevel);
}

void SelfTestsEditor::onCurrentItemChanged()
{
    const SelfTestItem item = m_itemsModel->itemAt(m_itemsModel->itemRow(m_items->currentIndex()));
    m_current = item;
    m_refsPane->setItem(item);
    m_stack->setCurrentIndex(item.isValid() ? 1 : 0);
    updateForm();
    onDiagnosticsChanged();
    if (item.isValid() && refsModel()->rowCount() > 0 && currentRow() < 0)
        setCurrentRow(0);
}

void SelfTestsEditor::updateForm()
{
    updateButtons();
    if (!m_current.isValid())
        return;
    const carton::CartonInfo &info = m_document->info();
    const bool selfTest = m_current.kind == SelfTestItem::Kind::SelfTest;
    QString name, description;
    QByteArray extensions;
    if (selfTest) {
        const carton::SelfTest &t = info.selfTests.at(m_current.number);
        name = t.name.value_or(QString());
        description = t.description.value_or(QString());
        extensions = t.unknownToml;
    } else {
        const carton::Example &e = info.examples.at(m_current.number);
        name = e.name.value_or(QString());
        description = e.description.value_or(QString());
    }
    m_title->setText(selfTest ? tr("Self-test %1 of %2").arg(m_current.number + 1).arg(info.selfTests.size())
                              : tr("Example %1 of %2").arg(m_current.number + 1).arg(info.examples.size()));
    // Only what differs is set: the cursor of the field being typed in stays.
    if (m_name->text() != name) {
        const QSignalBlocker block(m_name);
        m_name->setText(name);
    }
    if (m_description->toPlainText() != description) {
        const QSignalBlocker block(m_description);
        m_description->setPlainText(description);
    }
    m_form->setRowVisible(m_tolerance, selfTest);
    if (selfTest)
        m_tolerance->showSelfTest(info, m_current.number, m_current.field(), m_document->isReadOnly());
    m_extensions->setVisible(!extensions.isEmpty());
    m_extensions->setText(tr("This self-test has extension keys (such as [self_test.tolerance]); they are kept as "
                             "they are."));
    m_extensions->setToolTip(QString::fromUtf8(extensions));
}

void SelfTestsEditor::updateButtons()
{
    const bool valid = m_current.isValid();
    const int sameKind = m_current.kind == SelfTestItem::Kind::SelfTest ? int(m_document->info().selfTests.size())
                                                                        : int(m_document->info().examples.size());
    m_duplicate->setEnabled(valid);
    m_remove->setEnabled(valid);
    m_up->setEnabled(valid && m_current.number > 0);
    m_down->setEnabled(valid && m_current.number + 1 < sameKind);
    m_refsPane->updateButtons();
}

void SelfTestsEditor::editName(const QString &text)
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    const std::optional<QString> value = text.isEmpty() ? std::nullopt : std::optional(text);
    if (m_current.kind == SelfTestItem::Kind::SelfTest)
        info.selfTests[m_current.number].name = value;
    else
        info.examples[m_current.number].name = value;
    m_document->setInfo(info, tr("Edit Name of %1").arg(m_current.field()),
                        m_current.field() + QStringLiteral(".name"));
}

void SelfTestsEditor::editDescription()
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    const QString text = m_description->toPlainText();
    const std::optional<QString> value = text.isEmpty() ? std::nullopt : std::optional(text);
    if (m_current.kind == SelfTestItem::Kind::SelfTest)
        info.selfTests[m_current.number].description = value;
    else
        info.examples[m_current.number].description = value;
    m_document->setInfo(info, tr("Edit Description of %1").arg(m_current.field()),
                        m_current.field() + QStringLiteral(".description"));
}

void SelfTestsEditor::addSelfTest()
{
    carton::CartonInfo info = m_document->info();
    m_current = selftestitemedits::append(info, SelfTestItem::Kind::SelfTest);
    m_document->setInfo(info, tr("Add Self-test"));
    m_name->setFocus(Qt::OtherFocusReason);
}

void SelfTestsEditor::addExample()
{
    carton::CartonInfo info = m_document->info();
    m_current = selftestitemedits::append(info, SelfTestItem::Kind::Example);
    m_document->setInfo(info, tr("Add Example"));
    m_name->setFocus(Qt::OtherFocusReason);
}

void SelfTestsEditor::duplicateItem()
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    const QString what = tr("Duplicate %1").arg(m_current.field());
    m_current = selftestitemedits::duplicate(info, m_current);
    m_document->setInfo(info, what);
}

void SelfTestsEditor::removeItem()
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    const QString what = tr("Remove %1").arg(m_current.field());
    m_current = selftestitemedits::remove(info, m_current);
    m_document->setInfo(info, what);
}

void SelfTestsEditor::moveItemUp()
{
    moveItem(-1);
}

void SelfTestsEditor::moveItemDown()
{
    moveItem(1);
}

void SelfTestsEditor::moveItem(int delta)
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    const std::optional<SelfTestItem> moved = selftestitemedits::move(info, m_current, delta);
    if (!moved)
        return;
    const QString what =
        delta < 0 ? tr("Move %1 Up").arg(m_current.field()) : tr("Move %1 Down").arg(m_current.field());
    m_current = *moved;
    m_document->setInfo(info, what);
}

void SelfTestsEditor::clearReference()
{
    m_refsPane->clearReference();
}

carton::Status SelfTestsEditor::importTensor(const QString &path, const QString &tensorInFile, const QString &name)
{
    return m_refsPane->importTensor(path, tensorInFile, name);
}

carton::Status SelfTestsEditor::importTensorWithProgress(const QString &path, const QString &tensorInFile,
                                                         const QString &name)
{
    return m_refsPane->importTensorWithProgress(path, tensorInFile, name);
}

carton::Result<QString> SelfTestsEditor::addMiscFile(const QString &diskPath)
{
    return m_refsPane->addMiscFile(diskPath);
}

} // namespace studio
