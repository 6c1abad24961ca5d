// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonview.h"

#include "cartonfilesmodel.h"
#include "filespage.h"
#include "modelpage.h"
#include "overviewpage.h"
#include "package/carton.h"
#include "runconsent.h"
#include "safetypage.h"
#include "selftestspage.h"
#include "signaturerow.h"
#include "specspage.h"
#include "tensorspage.h"
#include "tensorspecmodel.h"
#include "validate/fieldpath.h"

#include <QIcon>
#include <QRegularExpression>
#include <QTabWidget>
#include <QToolButton>
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

} // namespace

CartonView::CartonView(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton))
{
    Q_ASSERT(m_carton);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("cartonTabs"));
    m_tabs->setDocumentMode(true);

    m_filesModel = new CartonFilesModel(this);
    m_filesModel->setCarton(m_carton);

    const carton::CartonInfo *info = m_carton->info() ? &*m_carton->info() : nullptr;
    m_overview = new OverviewPage(m_carton, settings);
    m_specs = new SpecsPage(info);
    m_files = new FilesPage(m_carton, m_filesModel, settings);
    m_model = new ModelPage(m_carton);
    m_tensors = new TensorsPage(m_carton);
    m_selfTests = new SelfTestsPage(m_carton, settings);
    m_safety = new SafetyPage(m_carton);

    m_tabs->addTab(m_overview, tr("Overview"));
    m_tabs->addTab(m_specs, tr("Inputs / Outputs"));
    m_tabs->addTab(m_files, tr("Files"));
    m_tabs->addTab(m_model, tr("Model"));
    m_tabs->addTab(m_tensors, tr("Tensor Data"));
    m_tabs->addTab(m_selfTests, tr("Self-tests && Examples"));
    m_tabs->addTab(m_safety, tr("Safety"));
    auto *consent = new RunConsent(m_carton, m_safety, m_overview->signatureRow(), settings, this);
    m_selfTests->setConsent(consent);
    m_model->setConsent(consent); // inspecting the model runs the runner's code too
    connect(m_model, &ModelPage::useModelSignatureRequested, this, &CartonView::useModelSignatureRequested);

    connect(m_overview, &OverviewPage::statusMessage, this, &CartonView::statusMessage);
    connect(m_files, &FilesPage::statusMessage, this, &CartonView::statusMessage);
    connect(m_selfTests, &SelfTestsPage::statusMessage, this, &CartonView::statusMessage);
    connect(m_overview->signatureRow(), &SignatureRow::statusChanged, this, &CartonView::signatureChanged);
    connect(m_safety, &SafetyPage::scanFinished, this, &CartonView::safetyScanned);
    // High and critical findings show on the tab icon and the status bar: scan
    // now. Not a carton opened from a URL: the scan would download it again
    // without being asked (it waits for its tab to be shown).
    if (!m_carton->source().isRemote())
        m_safety->rescan();
    connect(m_selfTests, &SelfTestsPage::tensorActivated, this, [this](const QString &name) {
        if (m_tensors->revealTensor(name))
            setCurrentTab(TensorsTab);
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
}

CartonView::~CartonView() = default;

void CartonView::setFileCheck(const carton::FileCheck &check)
{
    m_filesModel->setFileCheck(check);
}

void CartonView::setCartonStateText(const QString &text, const QIcon &icon)
{
    m_overview->setStateText(text, icon);
}

void CartonView::setFileVerification(carton::FilesVerification state, const carton::VerifyReport &report)
{
    signatureRow()->setFileVerification(state, report);
}

void CartonView::refreshSignature()
{
    signatureRow()->refresh();
}

SignatureRow *CartonView::signatureRow() const
{
    return m_overview->signatureRow();
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
        {OverviewTab, QLatin1StringView("Overview")},   {SpecsTab, QLatin1StringView("Inputs / Outputs / Specs")},
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
        if (number < 1 || number > m_tabs->count())
            return false;
        m_tabs->setCurrentIndex(number - 1);
        return true;
    }
    const std::optional<Tab> named = tabNamed(tab);
    if (named)
        setCurrentTab(*named);
    return named.has_value();
}

void CartonView::addEditButton(bool enabled, const QString &disabledReason)
{
    auto *edit = new QToolButton(this);
    edit->setObjectName(QStringLiteral("editButton"));
    edit->setText(tr("Edit Carton"));
    edit->setToolTip(enabled ? tr("Edit metadata, inputs and outputs, self-tests and files (Ctrl+E)") : disabledReason);
    edit->setAutoRaise(true);
    edit->setEnabled(enabled);
    connect(edit, &QToolButton::clicked, this, &CartonView::editRequested);
    m_tabs->setCornerWidget(edit, Qt::TopRightCorner);
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
    if (isSpec || path.isItemOf(u"self_test") || path.isItemOf(u"example")) {
        const QString &section = path.section;
        const int number = path.index;
        if (isSpec) {
            const QString &sub = path.member;
            int column = TensorSpecModel::NameColumn;
            if (sub == u"dtype")
                column = TensorSpecModel::DTypeColumn;
            else if (sub == u"shape")
                column = TensorSpecModel::ShapeColumn;
            else if (sub == u"description")
                column = TensorSpecModel::DescriptionColumn;
            else if (sub == u"internal_name")
                column = TensorSpecModel::InternalNameColumn;
            if (m_specs->revealSpec(section == u"output", number, column)) {
                setCurrentTab(SpecsTab);
                return true;
            }
        } else if (m_selfTests->revealItem(section == u"example", number, path.key)) {
            setCurrentTab(SelfTestsTab);
            return true;
        }
    } else if (!field.isEmpty()) {
        // "required_platforms[3]" is shown by the field "required_platforms".
        const QString key = path.index >= 0 && path.member.isEmpty() ? path.section : field;
        setCurrentTab(OverviewTab);
        if (m_overview->revealField(key))
            return true;
    }
    // Unknown field, or a whole-file location: show carton.toml itself.
    if (m_files->revealPath(QStringLiteral("carton.toml"), line)) {
        setCurrentTab(FilesTab);
        return true;
    }
    return false;
}

void CartonView::setDiagnostics(const carton::Diagnostics &diagnostics)
{
    m_specs->setDiagnostics(diagnostics);
}

bool CartonView::revealLocation(const carton::DiagnosticLocation &loc)
{
    if (loc.file.isEmpty())
        return false;
    if (loc.file == u"carton.toml")
        return revealCartonTomlField(loc.field, loc.line);
    if (loc.file == u"tensor_data/index.toml") {
        const carton::FieldPath path = carton::FieldPath::parse(loc.field);
        if (path.isItemOf(u"tensor") && m_tensors->revealTensor(path.index)) {
            setCurrentTab(TensorsTab);
            return true;
        }
    }
    if (m_files->revealPath(loc.file, loc.line)) {
        setCurrentTab(FilesTab);
        return true;
    }
    return false;
}

} // namespace studio
