// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonview.h"

#include "common/editorutils.h"
#include "document/cartondocument.h"
#include "documentselftests.h"
#include "files/cartonfilesmodel.h"
#include "files/filespage.h"
#include "model/modelpage.h"
#include "overview/metadataeditor.h"
#include "overview/overviewpage.h"
#include "package/carton.h"
#include "runner/runnereditor.h"
#include "selftests/runconsent.h"
#include "selftests/selftestseditor.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"
#include "tensors/tensorspage.h"
#include "trust/safetypage.h"
#include "trust/signaturerow.h"
#include "validate/fieldpath.h"

#include <QIcon>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace studio {

namespace {

// "Inputs / Outputs" -> "inputsoutputs"; "Self-tests" -> "selftests".
QString tabKey(const QString &text)
{
    QString key;
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            key.append(c.toLower());
    }
    return key;
}

// Whether a user's tab name ("inputs", "tensors", "tests", "self-tests")
// names the tab whose English title is `title` ("Inputs / Outputs", "Tensor Data"...).
bool tabMatches(const QString &title, const QString &wanted)
{
    if (tabKey(title).startsWith(wanted))
        return true;
    static const QRegularExpression separators(QStringLiteral("[^\\w]+"));
    const QStringList words = title.split(separators, Qt::SkipEmptyParts);
    for (const QString &word : words) {
        const QString w = tabKey(word);
        if (w.startsWith(wanted) || (w.size() >= 4 && wanted.startsWith(w)))
            return true;
    }
    return false;
}

QWidget *emptySlot()
{
    auto *slot = new QWidget;
    auto *layout = new QVBoxLayout(slot);
    layout->setContentsMargins(0, 0, 0, 0);
    return slot;
}

// The tabs that show only the opened file: hidden for a document never saved.
bool readsFile(CartonView::Tab tab)
{
    return tab == CartonView::ModelTab || tab == CartonView::TensorsTab || tab == CartonView::SafetyTab;
}

// The Overview's column beside the metadata form: what the opened file says of itself.
QWidget *factsHost(QWidget *overviewSlot)
{
    return static_cast<QSplitter *>(overviewSlot->layout()->itemAt(0)->widget())->widget(1);
}

} // namespace

CartonView::CartonView(CartonDocument *document, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_document(document), m_settings(settings)
{
    Q_ASSERT(m_document);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("cartonTabs"));
    m_tabs->setDocumentMode(true);
    for (QWidget *&slot : m_slots)
        slot = emptySlot();

    m_metadata = new MetadataEditor(document);
    m_runner = new RunnerEditor(document);
    m_specs = new SpecsPage(document);
    m_filesModel = new CartonFilesModel(document, this);
    m_files = new FilesPage(m_filesModel, m_settings);
    connect(m_files, &FilesPage::statusMessage, this, &CartonView::statusMessage);
    m_selfTestsModel = new SelfTestsModel(document, this);
    m_selfTestsEditor = new SelfTestsEditor(document, m_selfTestsModel);
    // Scrolled: in the panel's Edit tab it must not raise the window's minimum height.
    m_selfTestsEdit = new QScrollArea;
    m_selfTestsEdit->setObjectName(QStringLiteral("selfTestsEdit"));
    m_selfTestsEdit->setWidgetResizable(true);
    m_selfTestsEdit->setFrameShape(QFrame::NoFrame);
    m_selfTestsEdit->setWidget(m_selfTestsEditor);
    // Overview: the metadata form (the one place of its fields) beside the opened file's facts.
    auto *overview = new QSplitter(Qt::Horizontal);
    overview->setObjectName(QStringLiteral("overviewSplitter"));
    overview->setChildrenCollapsible(false);
    overview->addWidget(m_metadata);
    overview->addWidget(emptySlot());
    overview->setStretchFactor(0, 3);
    overview->setStretchFactor(1, 2);
    slot(OverviewTab)->layout()->addWidget(overview);
    slot(RunnerTab)->layout()->addWidget(m_runner);
    slot(SpecsTab)->layout()->addWidget(m_specs);
    slot(FilesTab)->layout()->addWidget(m_files);
    // Self-tests: the panel over the document's self-tests; while editing, its Edit
    // tab edits the item current in its tree. Without a panel (a document never
    // saved, until its first run) the editing alone, with a list of its own.
    slot(SelfTestsTab)->layout()->addWidget(m_selfTestsEdit);
    m_runs = new DocumentSelfTests(document, m_selfTestsModel, slot(SelfTestsTab), settings, this);
    connect(m_runs, &DocumentSelfTests::statusMessage, this, &CartonView::statusMessage);
    connect(m_runs, &DocumentSelfTests::pageAboutToGo, this, [this](SelfTestsPage *page) {
        page->takeEditor();
        m_selfTestsEditor->followView(nullptr);
        slot(SelfTestsTab)->layout()->addWidget(m_selfTestsEdit);
        m_selfTestsEdit->hide();
    });
    connect(m_runs, &DocumentSelfTests::pageChanged, this, [this](SelfTestsPage *page) {
        connect(page, &SelfTestsPage::tensorActivated, this, [this](const QString &name) {
            if (m_tensors && m_tensors->revealTensor(name))
                setCurrentTab(TensorsTab);
        });
        slot(SelfTestsTab)->layout()->removeWidget(m_selfTestsEdit);
        page->setEditor(m_selfTestsEdit);
        m_selfTestsEditor->followView(page->tree());
        page->setEditing(m_editing);
    });

    m_tabs->addTab(slot(OverviewTab), tr("Overview"));
    m_tabs->addTab(slot(RunnerTab), tr("Runner"));
    m_tabs->addTab(slot(SpecsTab), tr("Inputs / Outputs"));
    m_tabs->addTab(slot(FilesTab), tr("Files"));
    m_tabs->addTab(slot(ModelTab), tr("Model"));
    m_tabs->addTab(slot(TensorsTab), tr("Tensor Data"));
    m_tabs->addTab(slot(SelfTestsTab), tr("Self-tests && Examples"));
    m_tabs->addTab(slot(SafetyTab), tr("Safety"));

    m_editButton = new QToolButton(this);
    m_editButton->setObjectName(QStringLiteral("editButton"));
    m_editButton->setAutoRaise(true);
    connect(m_editButton, &QToolButton::clicked, this, [this] { emit editingRequested(!m_editing); });
    m_tabs->setCornerWidget(m_editButton, Qt::TopRightCorner);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    for (QWidget *field : findChildren<QLineEdit *>())
        field->installEventFilter(this);
    for (QWidget *field : findChildren<QPlainTextEdit *>())
        field->installEventFilter(this);

    setCarton(document->original());
    setEditAllowed(true);
    setEditing(false);
}

CartonView::~CartonView()
{
    // The panels go with m_runs, among the children: nothing of this view is asked for then.
    disconnect(m_runs, nullptr, this, nullptr);
}

void CartonView::dropCartonPages()
{
    for (QWidget *page : std::initializer_list<QWidget *>{m_overview, m_model, m_tensors, m_safety}) {
        if (page) {
            page->hide();
            page->setParent(nullptr);
            page->deleteLater();
        }
    }
    m_overview = nullptr;
    m_model = nullptr;
    m_tensors = nullptr;
    m_safety = nullptr;
    delete std::exchange(m_consent, nullptr);
}

void CartonView::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    const int current = m_tabs->currentIndex();
    dropCartonPages();
    m_carton = std::move(carton);
    m_filesModel->setCarton(m_carton);
    m_files->setCarton(m_carton);
    if (m_carton) {
        m_overview = new OverviewPage(m_carton, m_settings, m_metadata->preview());
        m_model = new ModelPage(m_carton);
        m_model->setSettings(m_settings);
        m_tensors = new TensorsPage(m_carton);
        m_safety = new SafetyPage(m_carton);
        factsHost(slot(OverviewTab))->layout()->addWidget(m_overview);
        slot(ModelTab)->layout()->addWidget(m_model);
        slot(TensorsTab)->layout()->addWidget(m_tensors);
        slot(SafetyTab)->layout()->addWidget(m_safety);
        m_consent = new RunConsent(m_carton, m_safety, m_overview->signatureRow(), m_settings, this);
        m_model->setConsent(m_consent); // inspecting the model runs the runner's code too
        connect(m_model, &ModelPage::useModelSignatureRequested, this, &CartonView::useModelSignatureRequested);
        connect(m_overview, &OverviewPage::statusMessage, this, &CartonView::statusMessage);
        connect(m_overview->signatureRow(), &SignatureRow::statusChanged, this, &CartonView::signatureChanged);
        connect(m_safety, &SafetyPage::scanFinished, this, &CartonView::safetyScanned);
        // High and critical findings show on the tab icon and the status bar: scan
        // now. Not a carton opened from a URL: the scan would download it again
        // without being asked (it waits for its tab to be shown).
        if (!m_carton->source().isRemote())
            m_safety->rescan();
    }
    m_runs->setCarton(m_carton, m_consent);
    updateTabs();
    if (current >= 0 && m_tabs->isTabVisible(current))
        m_tabs->setCurrentIndex(current);
}

void CartonView::updateTabs()
{
    for (int tab = 0; tab < TabCount; ++tab)
        m_tabs->setTabVisible(tab, m_carton || !readsFile(Tab(tab)));
    // Without a panel there is only the editing to show.
    if (SelfTestsPage *page = selfTestsPage())
        page->setEditing(m_editing || !m_carton);
    else
        m_selfTestsEdit->show();
    m_files->setEditing(m_editing || !m_carton);
}

void CartonView::setEditing(bool editing)
{
    m_editing = editing;
    m_specs->setEditable(editing);
    for (QWidget *editor : std::initializer_list<QWidget *>{m_metadata, m_runner, m_selfTestsEditor})
        setFieldsEditable(editor, editing);
    m_editButton->setText(editing ? tr("Done Editing") : tr("Edit Carton"));
    if (m_editButton->isEnabled())
        m_editButton->setToolTip(editing
                                     ? tr("Back to browsing the carton (Ctrl+E); edits stay until you save or close")
                                     : tr("Edit metadata, inputs and outputs, self-tests and files (Ctrl+E)"));
    // A document never saved has nothing to browse: no way back.
    m_editButton->setVisible(m_carton != nullptr);
    updateTabs();
}

void CartonView::setEditAllowed(bool allowed, const QString &reason)
{
    m_editButton->setEnabled(allowed);
    if (!allowed)
        m_editButton->setToolTip(reason);
    setEditing(m_editing && allowed);
}

QList<QKeySequence> CartonView::redoKeys()
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence &extra :
         {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}) {
        if (!keys.contains(extra))
            keys.append(extra);
    }
    return keys;
}

bool CartonView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const QKeySequence pressed(key->keyCombination());
        if (key->matches(QKeySequence::Undo) || redoKeys().contains(pressed)) {
            event->ignore(); // not the field's: the window's Undo/Redo shortcut takes it
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

SelfTestsPage *CartonView::selfTestsPage() const
{
    return m_runs->page();
}

void CartonView::setFileCheck(const carton::FileCheck &check)
{
    m_filesModel->setFileCheck(check);
}

void CartonView::setCartonStateText(const QString &text, const QIcon &icon)
{
    if (m_overview)
        m_overview->setStateText(text, icon);
}

void CartonView::setFileVerification(carton::FilesVerification state, const carton::VerifyReport &report)
{
    if (SignatureRow *row = signatureRow())
        row->setFileVerification(state, report);
}

void CartonView::refreshSignature()
{
    if (SignatureRow *row = signatureRow())
        row->refresh();
}

SignatureRow *CartonView::signatureRow() const
{
    return m_overview ? m_overview->signatureRow() : nullptr;
}

void CartonView::setVerificationStopped()
{
    m_filesModel->setVerificationStopped(true);
}

void CartonView::resetFileChecks()
{
    m_filesModel->resetFileChecks();
}

std::optional<CartonView::Tab> CartonView::tabNamed(const QString &name)
{
    // The English titles, untranslated on purpose: these are the names the
    // command line (--tab) accepts, whatever language the UI shows.
    static const std::pair<Tab, QLatin1StringView> names[] = {
        {OverviewTab, QLatin1StringView("Overview")},   {MetadataTab, QLatin1StringView("Metadata")},
        {RunnerTab, QLatin1StringView("Runner")},       {SpecsTab, QLatin1StringView("Inputs / Outputs / Specs")},
        {FilesTab, QLatin1StringView("Files")},         {ModelTab, QLatin1StringView("Model / Weights")},
        {TensorsTab, QLatin1StringView("Tensor Data")}, {SelfTestsTab, QLatin1StringView("Self-tests / Examples")},
        {SafetyTab, QLatin1StringView("Safety")},
    };
    const QString wanted = tabKey(name);
    if (wanted.isEmpty())
        return std::nullopt;
    for (const auto &[tab, title] : names) {
        if (tabMatches(title, wanted))
            return tab;
    }
    return std::nullopt;
}

bool CartonView::selectTab(const QString &tab)
{
    bool isNumber = false;
    const int number = tab.toInt(&isNumber);
    if (isNumber) {
        if (number < 1 || number > m_tabs->count() || !m_tabs->isTabVisible(number - 1))
            return false;
        m_tabs->setCurrentIndex(number - 1);
        return true;
    }
    const std::optional<Tab> named = tabNamed(tab);
    if (!named || !m_tabs->isTabVisible(int(*named)))
        return false;
    setCurrentTab(*named);
    return true;
}

CartonView::Tab CartonView::currentTab() const
{
    return Tab(m_tabs->currentIndex());
}

void CartonView::setCurrentTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

bool CartonView::revealCartonTomlField(const QString &field, int line)
{
    // "input[2].shape[1]", "output[0].name", "self_test[1].inputs.x", "example[0]"
    const carton::FieldPath path = carton::FieldPath::parse(field);
    const bool isSpec = path.isItemOf(u"input") || path.isItemOf(u"output");
    if (isSpec) {
        if (m_specs->revealField(field)) {
            setCurrentTab(SpecsTab);
            return true;
        }
    } else if (path.isItemOf(u"self_test") || path.isItemOf(u"example")) {
        if (selfTestsPage() && selfTestsPage()->revealItem(path.section == u"example", path.index, path.key)) {
            setCurrentTab(SelfTestsTab);
            return true;
        }
    } else if (field.startsWith(u"runner")) {
        setCurrentTab(RunnerTab);
        if (m_runner->revealField(field))
            return true;
    } else if (!field.isEmpty()) {
        setCurrentTab(OverviewTab);
        if (m_metadata->revealField(field) || (m_overview && m_overview->revealField(field)))
            return true;
    }
    // Unknown field, or a whole-file location: show carton.toml itself.
    if (m_files && m_files->revealPath(QStringLiteral("carton.toml"), line)) {
        setCurrentTab(FilesTab);
        return true;
    }
    return false;
}

bool CartonView::revealWhileBrowsing(const carton::DiagnosticLocation &loc)
{
    if (loc.file.isEmpty())
        return false;
    if (loc.file == u"carton.toml")
        return revealCartonTomlField(loc.field, loc.line);
    if (loc.file == u"tensor_data/index.toml" && m_tensors) {
        const carton::FieldPath path = carton::FieldPath::parse(loc.field);
        if (path.isItemOf(u"tensor") && m_tensors->revealTensor(path.index)) {
            setCurrentTab(TensorsTab);
            return true;
        }
    }
    if (m_files && m_files->revealPath(loc.file, loc.line)) {
        setCurrentTab(FilesTab);
        return true;
    }
    return false;
}

bool CartonView::revealWhileEditing(const carton::DiagnosticLocation &loc)
{
    if (loc.file.startsWith(u"model/") || loc.file.startsWith(u"misc/") || loc.file.startsWith(u"tensor_data/")) {
        setCurrentTab(FilesTab);
        m_files->revealPath(loc.file);
        return true;
    }
    if (!loc.file.isEmpty() && loc.file != u"carton.toml")
        return false;
    // The editor of the field: "runner.opts.x" -> Runner, "input[2].shape[1]" -> Inputs / Outputs...
    const QString &field = loc.field;
    bool revealed = false;
    if (field.startsWith(u"runner")) {
        setCurrentTab(RunnerTab);
        revealed = m_runner->revealField(field);
    } else if (field.startsWith(u"input[") || field.startsWith(u"output[") || field == u"input" || field == u"output") {
        setCurrentTab(SpecsTab);
        revealed = m_specs->revealField(field);
    } else if (field.startsWith(u"self_test[") || field.startsWith(u"example[")) {
        setCurrentTab(SelfTestsTab);
        if (SelfTestsPage *page = selfTestsPage())
            page->detailTabs()->setCurrentWidget(m_selfTestsEdit);
        revealed = m_selfTestsEditor->revealField(field);
    } else {
        setCurrentTab(OverviewTab);
        revealed = m_metadata->revealField(field);
    }
    return revealed || !field.isEmpty();
}

bool CartonView::revealLocation(const carton::DiagnosticLocation &loc)
{
    return m_editing || !m_carton ? revealWhileEditing(loc) : revealWhileBrowsing(loc);
}

} // namespace studio
