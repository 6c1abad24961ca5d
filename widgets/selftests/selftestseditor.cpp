// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestseditor.h"

#include "base/progresssteps.h"
#include "common/editorutils.h"
#include "common/viewutils.h"
#include "dataedits.h"
#include "document/cartondocument.h"
#include "jobs/latestjob.h"
#include "keeptolerance.h"
#include "newselftest.h"
#include "referencedelegate.h"
#include "selftest/selftestengine.h"
#include "tensor/tensorinterchange.h"
#include "tensorrefsmodel.h"
#include "toleranceedit.h"
#include "validate/fieldpath.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

namespace {

const QString kIndexPath = QStringLiteral("tensor_data/index.toml");

bool sameSource(const std::optional<carton::CartonEdits::FileSource> &a, const carton::CartonEdits::FileSource *b)
{
    return a && b ? *a == *b : !a && !b;
}

QToolButton *toolButton(const QString &text, const QString &tip, const QString &objectName)
{
    auto *button = new QToolButton;
    button->setText(text);
    button->setToolTip(tip);
    button->setObjectName(objectName);
    button->setAutoRaise(false);
    return button;
}

// The name a new item gets: "NAME copy", "NAME copy 2"... (duplicates).
QString copyName(const std::optional<QString> &name)
{
    if (!name || name->isEmpty())
        return {};
    return QObject::tr("%1 copy").arg(*name);
}

} // namespace

SelfTestsEditor::SelfTestsEditor(CartonDocument *document, SelfTestsModel *items, QWidget *parent)
    : QWidget(parent), m_document(document), m_itemsModel(items ? items : new SelfTestsModel(document, this)),
      m_refsModel(new TensorRefsModel(document, this)), m_delegate(new ReferenceDelegate(this))
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
    setTabOrder(m_description, m_refs);
    setTabOrder(m_refs, m_import);

    connect(m_document, &CartonDocument::infoChanged, this, &SelfTestsEditor::onInfoChanged);
    connect(m_document, &CartonDocument::filesChanged, this, &SelfTestsEditor::onFilesChanged);
    connect(m_document, &CartonDocument::diagnosticsChanged, this, &SelfTestsEditor::onDiagnosticsChanged);
    m_ownSelection = m_items->selectionModel();
    m_currentConnection = connect(m_items->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                                  &SelfTestsEditor::onCurrentItemChanged);
    connect(m_refs->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SelfTestsEditor::updateButtons);

    m_itemsModel->refresh();
    onFilesChanged();
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

    m_refs = new QTableView;
    m_refs->setObjectName(QStringLiteral("testRefs"));
    m_refs->setModel(m_refsModel);
    m_refs->setItemDelegateForColumn(TensorRefsModel::TensorColumn, m_delegate);
    m_refs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_refs->setSelectionMode(QAbstractItemView::SingleSelection);
    m_refs->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_refs->verticalHeader()->hide();
    m_refs->verticalHeader()->setDefaultSectionSize(m_refs->fontMetrics().height() + 10);
    m_refs->horizontalHeader()->setStretchLastSection(true);
    m_refs->horizontalHeader()->setSectionResizeMode(TensorRefsModel::RoleColumn, QHeaderView::ResizeToContents);
    m_refs->horizontalHeader()->setSectionResizeMode(TensorRefsModel::NameColumn, QHeaderView::ResizeToContents);
    m_refs->horizontalHeader()->setSectionResizeMode(TensorRefsModel::DeclaredColumn, QHeaderView::ResizeToContents);
    m_refs->setColumnWidth(TensorRefsModel::TensorColumn, 200);
    m_refs->setToolTip(tr("One row per declared input and output. Edit the Tensor cell (F2 or double-click) to pick "
                          "a tensor of tensor_data/"));
    auto *clearShortcut = new QShortcut(QKeySequence::Delete, m_refs, nullptr, nullptr, Qt::WidgetShortcut);
    connect(clearShortcut, &QShortcut::activated, this, &SelfTestsEditor::clearReference);

    m_import = new QPushButton(tr("&Import Tensor…"));
    m_import->setObjectName(QStringLiteral("importTensor"));
    m_import->setToolTip(tr("Add a tensor from a .npy or .safetensors file to tensor_data/ and use it in the "
                            "selected row"));
    m_addFile = new QPushButton(tr("Add &File…"));
    m_addFile->setObjectName(QStringLiteral("addMiscFile"));
    m_addFile->setToolTip(tr("Add an image, audio or video file to misc/ and use it in the selected row "
                             "(examples only)"));
    m_clear = new QPushButton(tr("&Clear"));
    m_clear->setObjectName(QStringLiteral("clearReference"));
    m_clear->setToolTip(tr("Remove the selected row's tensor (Delete)"));
    connect(m_import, &QPushButton::clicked, this, &SelfTestsEditor::chooseTensorToImport);
    connect(m_addFile, &QPushButton::clicked, this, &SelfTestsEditor::chooseMiscFile);
    connect(m_clear, &QPushButton::clicked, this, &SelfTestsEditor::clearReference);
    m_indexStatus = new QLabel;
    m_indexStatus->setObjectName(QStringLiteral("indexStatus"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_import);
    buttons->addWidget(m_addFile);
    buttons->addWidget(m_clear);
    buttons->addWidget(recordingButton(
        m_document, [this] { return m_current.kind == SelfTestItem::Kind::SelfTest ? m_current.number : -1; },
        [this](int index) {
            selectItem({SelfTestItem::Kind::SelfTest, index});
        },
        this));
    buttons->addStretch();
    buttons->addWidget(m_indexStatus);

    auto *layout = new QVBoxLayout(details);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addLayout(form);
    layout->addWidget(m_extensions);
    layout->addWidget(m_problems);
    layout->addWidget(m_refs, 1);
    layout->addLayout(buttons);
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
    const QModelIndex index = m_refs->currentIndex();
    return index.isValid() ? index.row() : -1;
}

void SelfTestsEditor::setCurrentRow(int row)
{
    if (row < 0 || row >= m_refsModel->rowCount())
        return;
    const QModelIndex index = m_refsModel->index(row, TensorRefsModel::TensorColumn);
    m_refs->setCurrentIndex(index);
    m_refs->scrollTo(index);
}

QStringList SelfTestsEditor::tensorNames() const
{
    QStringList names;
    for (const carton::TensorIndexEntry &e : m_index.entries())
        names.append(e.name);
    return names;
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
    int row = -1;
    if (!path.key.isEmpty())
        row = m_refsModel->rowOf(part, path.key);
    if (row < 0) { // the table only, or a key it does not have: its first row
        for (int i = 0; i < m_refsModel->rowCount() && row < 0; ++i)
            if (TensorRefsModel::tableName(m_refsModel->row(i).table) == part)
                row = i;
    }
    setCurrentRow(row);
    m_refs->setFocus(Qt::OtherFocusReason);
    return true;
}

void SelfTestsEditor::onInfoChanged()
{
    const carton::CartonInfo &info = m_document->info();
    m_itemsModel->refresh(); // the model follows the document too: nothing twice
    // The item shown stays; when it went away (undo of an add, a remove) the
    // nearest one of its kind, else of the other kind.
    SelfTestItem wanted = m_current;
    if (wanted.isValid() && m_itemsModel->rowOf(wanted) < 0) {
        const int selfTests = int(info.selfTests.size());
        const int examples = int(info.examples.size());
        const int same = wanted.kind == SelfTestItem::Kind::SelfTest ? selfTests : examples;
        if (same > 0)
            wanted.number = same - 1;
        else if (wanted.kind == SelfTestItem::Kind::SelfTest)
            wanted = {SelfTestItem::Kind::Example, examples > 0 ? 0 : -1};
        else
            wanted = {SelfTestItem::Kind::SelfTest, selfTests - 1};
    }
    if (!wanted.isValid() && m_itemsModel->rowCount() > 0)
        wanted = m_itemsModel->itemAt(0);
    const int row = m_itemsModel->rowOf(wanted);
    const QModelIndex index = row >= 0 ? m_itemsModel->index(row, 0) : QModelIndex();
    if (m_itemsModel->itemRow(m_items->currentIndex()) != row || !index.isValid())
        m_items->setCurrentIndex(index); // onCurrentItemChanged() when valid
    if (m_itemsModel->itemAt(row) != m_current || !index.isValid())
        onCurrentItemChanged();
    else if (m_refsModel->item() == m_current) {
        refreshRefs();
        updateForm();
    }
}

void SelfTestsEditor::onFilesChanged()
{
    const carton::CartonEdits::FileSource *source = m_document->files().find(kIndexPath);
    if (!m_indexRead || !sameSource(m_indexSource, source)) {
        m_indexRead = true;
        m_indexSource = source ? std::optional(*source) : std::nullopt;
        carton::Result<carton::TensorIndex> index = m_document->files().tensorIndex();
        if (index) {
            m_index = *index;
            m_indexStatus->setText(tr("tensor_data/ holds %n tensor(s)", nullptr, int(m_index.entries().size())));
            m_indexStatus->setToolTip(QString());
        } else {
            m_index = carton::TensorIndex();
            m_indexStatus->setText(tr("tensor_data/index.toml cannot be read"));
            m_indexStatus->setToolTip(index.error().toString());
        }
        QStringList details;
        for (const carton::TensorIndexEntry &e : m_index.entries())
            details.append(TensorRefsModel::entryText(e));
        m_delegate->setTensors(tensorNames(), details);
        m_refsModel->setTensorIndex(m_index);
    }
    QStringList misc;
    for (const QString &path : m_document->files().paths())
        if (path.startsWith(u"misc/"))
            misc.append(u'@' + path);
    m_delegate->setMiscFiles(misc);
    refreshRefs(); // details of @misc/ references
    m_refsModel->setTensorIndex(m_index);
}

void SelfTestsEditor::onDiagnosticsChanged()
{
    const carton::Diagnostics &all = m_document->diagnostics();
    m_itemsModel->setDiagnostics(all);
    m_refsModel->setDiagnostics(all);
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
        for (int i = 0; i < m_refsModel->rowCount() && !onRow; ++i)
            onRow = field == m_refsModel->fieldOf(i) || field.startsWith(m_refsModel->fieldOf(i) + u'.');
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
    if (m_refsModel->item() != item) {
        m_refsModel->setItem(item);
        m_delegate->setMiscAllowed(item.kind == SelfTestItem::Kind::Example);
    } else {
        refreshRefs();
    }
    m_stack->setCurrentIndex(item.isValid() ? 1 : 0);
    updateForm();
    onDiagnosticsChanged();
    if (item.isValid() && m_refsModel->rowCount() > 0 && currentRow() < 0)
        setCurrentRow(0);
}

void SelfTestsEditor::refreshRefs()
{
    // A change of the rows resets the model: the current row is found again by
    // its table and key (or stays at its position).
    const int row = currentRow();
    QString table, key;
    if (row >= 0) {
        table = TensorRefsModel::tableName(m_refsModel->row(row).table);
        key = m_refsModel->row(row).key;
    }
    const QModelIndex current = m_refs->currentIndex();
    m_refsModel->refresh();
    if (row < 0 || currentRow() >= 0)
        return;
    int again = m_refsModel->rowOf(table, key);
    if (again < 0)
        again = std::min(row, m_refsModel->rowCount() - 1);
    if (again >= 0) {
        const QModelIndex index = m_refsModel->index(again, current.column());
        m_refs->setCurrentIndex(index);
    }
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
    const bool readOnly = m_document->isReadOnly();
    m_import->setEnabled(valid && !readOnly);
    m_addFile->setEnabled(valid && !readOnly && m_current.kind == SelfTestItem::Kind::Example);
    const int refRow = currentRow();
    m_clear->setEnabled(valid && refRow >= 0 && !m_refsModel->row(refRow).reference.isEmpty());
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
    info.selfTests.append(carton::SelfTest());
    m_current = {SelfTestItem::Kind::SelfTest, int(info.selfTests.size()) - 1};
    m_document->setInfo(info, tr("Add Self-test"));
    m_name->setFocus(Qt::OtherFocusReason);
}

void SelfTestsEditor::addExample()
{
    carton::CartonInfo info = m_document->info();
    info.examples.append(carton::Example());
    m_current = {SelfTestItem::Kind::Example, int(info.examples.size()) - 1};
    m_document->setInfo(info, tr("Add Example"));
    m_name->setFocus(Qt::OtherFocusReason);
}

void SelfTestsEditor::duplicateItem()
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    const int at = m_current.number + 1;
    if (m_current.kind == SelfTestItem::Kind::SelfTest) {
        carton::SelfTest copy = info.selfTests.at(m_current.number); // extension keys included
        copy.name = copyName(copy.name).isEmpty() ? std::nullopt : std::optional(copyName(copy.name));
        info.selfTests.insert(at, copy);
    } else {
        carton::Example copy = info.examples.at(m_current.number);
        copy.name = copyName(copy.name).isEmpty() ? std::nullopt : std::optional(copyName(copy.name));
        info.examples.insert(at, copy);
    }
    const QString what = tr("Duplicate %1").arg(m_current.field());
    m_current.number = at;
    m_document->setInfo(info, what);
}

void SelfTestsEditor::removeItem()
{
    if (!m_current.isValid())
        return;
    carton::CartonInfo info = m_document->info();
    if (m_current.kind == SelfTestItem::Kind::SelfTest)
        info.selfTests.removeAt(m_current.number);
    else
        info.examples.removeAt(m_current.number);
    const QString what = tr("Remove %1").arg(m_current.field());
    const int left =
        m_current.kind == SelfTestItem::Kind::SelfTest ? int(info.selfTests.size()) : int(info.examples.size());
    if (m_current.number >= left) {
        m_current.number = left - 1;
        if (left == 0) // none of this kind left: the nearest item of the other kind
            m_current = m_current.kind == SelfTestItem::Kind::SelfTest
                            ? SelfTestItem{SelfTestItem::Kind::Example, info.examples.isEmpty() ? -1 : 0}
                            : SelfTestItem{SelfTestItem::Kind::SelfTest, int(info.selfTests.size()) - 1};
    }
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
    const int to = m_current.number + delta;
    const int count =
        m_current.kind == SelfTestItem::Kind::SelfTest ? int(info.selfTests.size()) : int(info.examples.size());
    if (to < 0 || to >= count)
        return;
    if (m_current.kind == SelfTestItem::Kind::SelfTest)
        info.selfTests.move(m_current.number, to);
    else
        info.examples.move(m_current.number, to);
    const QString what =
        delta < 0 ? tr("Move %1 Up").arg(m_current.field()) : tr("Move %1 Down").arg(m_current.field());
    m_current.number = to;
    m_document->setInfo(info, what);
}

void SelfTestsEditor::clearReference()
{
    const int row = currentRow();
    if (row < 0 || m_refsModel->row(row).reference.isEmpty())
        return;
    m_refsModel->setData(m_refsModel->index(row, TensorRefsModel::TensorColumn), QString());
}

carton::Status SelfTestsEditor::importTensor(const QString &path, const QString &tensorInFile, const QString &name)
{
    if (!m_current.isValid())
        return carton::makeError(carton::ErrorCode::Usage, tr("no self-test or example is selected"));
    carton::Result<carton::TensorReaderPtr> reader = dataedits::openTensorFile(path, tensorInFile);
    if (!reader)
        return reader.error();
    return applyImport(dataedits::withImportedTensor(m_document->state(), name, **reader), name);
}

carton::Status SelfTestsEditor::applyImport(carton::Result<DocumentState> next, const QString &name)
{
    if (!next)
        return next.error();
    const int row = currentRow();
    if (row >= 0) {
        const TensorRefsModel::Row &r = m_refsModel->row(row);
        TensorRefsModel::setReference(next->info, m_current, r.table, r.key, QStringLiteral("@tensor_data/") + name);
    }
    m_document->setState(*next, tr("Import Tensor %1").arg(name));
    return {};
}

carton::Status SelfTestsEditor::importTensorWithProgress(const QString &path, const QString &tensorInFile,
                                                         const QString &name)
{
    if (!m_current.isValid())
        return carton::makeError(carton::ErrorCode::Usage, tr("no self-test or example is selected"));
    carton::Result<carton::TensorReaderPtr> reader = dataedits::openTensorFile(path, tensorInFile);
    if (!reader)
        return reader.error();
    constexpr qint64 readInPlace = qint64(8) << 20; // smaller tensors are read at once
    if ((*reader)->byteSize() <= readInPlace)
        return applyImport(dataedits::withImportedTensor(m_document->state(), name, **reader), name);
    // A big tensor is read off the GUI thread (a LatestJob) behind a window-modal
    // progress dialog, so that no edit can come in between; Cancel drops it.
    QProgressDialog dialog(tr("Importing %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, carton::kProgressSteps,
                           this);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    LatestJob job;
    // Stays the "cancelled" error unless the job delivers; the import is applied
    // as it arrives, while the dialog still holds off every other edit.
    carton::Status status = carton::makeError(carton::ErrorCode::Cancelled, tr("the import was cancelled"), path);
    const QString key = QStringLiteral("import");
    job.start(
        key,
        // `original` keeps the carton that the state's entries point into alive: a
        // cancelled job may still be reading when the editor and its document go.
        [state = m_document->state(), original = m_document->original(), name, tensor = *reader](
            carton::Progress &progress) { return dataedits::withImportedTensor(state, name, *tensor, &progress); },
        [this, &status, &dialog, name](const carton::Result<DocumentState> &next) {
            status = applyImport(next, name); // (by reference: GCC 12 warns falsely on moving it here)
            dialog.reset();                   // closes it: exec() returns
        },
        [&dialog](qint64 done, qint64 total) {
            if (total > 0 && !dialog.wasCanceled())
                dialog.setValue(std::min(carton::kProgressSteps - 1, carton::progressSteps(done, total)));
        });
    dialog.exec();
    job.cancel(key); // a no-op once delivered
    return status;
}

carton::Result<QString> SelfTestsEditor::addMiscFile(const QString &diskPath)
{
    if (!m_current.isValid())
        return carton::makeError(carton::ErrorCode::Usage, tr("no example is selected"));
    QString archivePath;
    carton::Result<DocumentState> next = dataedits::withMiscFile(m_document->state(), diskPath, &archivePath);
    if (!next)
        return next.error();
    const int row = currentRow();
    if (row >= 0 && m_current.kind == SelfTestItem::Kind::Example) {
        const TensorRefsModel::Row &r = m_refsModel->row(row);
        TensorRefsModel::setReference(next->info, m_current, r.table, r.key, u'@' + archivePath);
    }
    m_document->setState(*next, tr("Add File %1").arg(archivePath));
    return archivePath;
}

void SelfTestsEditor::chooseTensorToImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Tensor"), QString(),
                                                      tr("Tensors (*.npy *.safetensors);;All files (*)"));
    if (path.isEmpty())
        return;
    carton::Result<QStringList> inFile = dataedits::tensorsInFile(path);
    if (!inFile || inFile->isEmpty()) {
        QMessageBox::warning(this, tr("Import Tensor"),
                             inFile ? tr("%1 holds no tensor.").arg(path) : inFile.error().toString());
        return;
    }
    QString tensor = QFileInfo(path).suffix().compare(u"npy", Qt::CaseInsensitive) == 0 ? QString() : inFile->first();
    bool ok = true;
    if (inFile->size() > 1) {
        tensor = QInputDialog::getItem(this, tr("Import Tensor"), tr("Tensor of %1:").arg(QFileInfo(path).fileName()),
                                       *inFile, 0, false, &ok);
        if (!ok)
            return;
    }
    QString suggestion = inFile->size() > 1 ? tensor : QFileInfo(path).completeBaseName();
    if (const int row = currentRow(); row >= 0) {
        const QString item = m_current.kind == SelfTestItem::Kind::SelfTest
                                 ? QStringLiteral("test%1").arg(m_current.number)
                                 : QStringLiteral("example%1").arg(m_current.number);
        suggestion = QStringLiteral("%1_%2").arg(item, m_refsModel->row(row).key);
    }
    const QString name = QInputDialog::getText(this, tr("Import Tensor"), tr("Name in tensor_data/:"),
                                               QLineEdit::Normal, carton::uniqueTensorName(m_index, suggestion), &ok);
    if (!ok || name.isEmpty())
        return;
    const carton::Status status = importTensorWithProgress(path, tensor, name);
    if (!status && status.error().code != carton::ErrorCode::Cancelled)
        QMessageBox::warning(this, tr("Import Tensor"), status.error().toString());
}

void SelfTestsEditor::chooseMiscFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Add File to misc/"), QString(),
        tr("Images, audio and video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 "
           "*.webm *.mov *.mkv);;All files (*)"));
    if (path.isEmpty())
        return;
    carton::Result<QString> added = addMiscFile(path);
    if (!added)
        QMessageBox::warning(this, tr("Add File"), added.error().toString());
}

} // namespace studio
