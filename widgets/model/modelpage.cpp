// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelpage.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "files/filepreview.h"
#include "files/fileviewer.h"
#include "hfmodeltabs.h"
#include "jobs/latestjob.h"
#include "model/modelset.h"
#include "modelgraphview.h"
#include "modelinspector.h"
#include "modelsummary.h"
#include "modelweightopener.h"
#include "modelweightsmodel.h"
#include "package/carton.h"
#include "runner/fileinspection.h"
#include "tensorviewer/tensorviewer.h"
#include "validate/modelsignature.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace studio {

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QString kLoadJob = QStringLiteral("models");

const QString kCodeJob = QStringLiteral("code");

struct Loaded {
    std::shared_ptr<const ModelSet> set;
    QString error;
    HfModelData hf;
};

} // namespace

ModelPage::ModelPage(std::shared_ptr<const Carton> carton, QWidget *parent) : ModelPage(std::move(carton), {}, parent)
{
}

ModelPage::ModelPage(const QString &filePath, QWidget *parent) : ModelPage(nullptr, filePath, parent) {}

ModelPage::ModelPage(std::shared_ptr<const Carton> carton, const QString &filePath, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_filePath(filePath), m_jobs(new LatestJob(this)),
      m_model(new ModelWeightsModel(this)), m_proxy(new QSortFilterProxyModel(this)), m_status(new QLabel),
      m_summary(new QTextBrowser), m_tree(new QTreeView), m_viewer(new TensorViewer), m_graph(new ModelGraphView),
      m_side(new QTabWidget), m_code(new FileViewer), m_inspector(new ModelInspector(m_carton, filePath, this))
{
    setUp();
}

ModelPage::~ModelPage() = default;

void ModelPage::setUp()
{
    m_status->setObjectName(QStringLiteral("modelStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("modelSummary"));
    m_summary->setOpenLinks(false);
    m_summary->setMinimumHeight(0);
    connect(m_summary, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString text = url.toString(QUrl::FullyEncoded);
        if (text.startsWith(ModelSummary::codeScheme))
            openCodeFile(QUrl::fromPercentEncoding(text.mid(ModelSummary::codeScheme.size()).toLatin1()));
        else if (text == ModelSummary::useSignatureLink)
            emit useModelSignatureRequested();
    });

    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterRole(Roles::WeightPathRole);
    m_proxy->setSortRole(Roles::SortRole);
    m_filter = createFilterEdit(this, tr("Filter weights (Ctrl+F)"), QStringLiteral("modelWeightFilter"));
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text.trimmed());
        if (!text.trimmed().isEmpty())
            m_tree->expandAll();
    });

    m_tree->setObjectName(QStringLiteral("modelWeights"));
    m_tree->setModel(m_proxy);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_tree->setSortingEnabled(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(ModelWeightsModel::NameColumn, QHeaderView::Stretch);
    const int digit = m_tree->fontMetrics().horizontalAdvance(u'0');
    m_tree->header()->resizeSection(ModelWeightsModel::DTypeColumn, digit * 10);
    m_tree->header()->resizeSection(ModelWeightsModel::ShapeColumn, digit * 14);
    m_tree->header()->resizeSection(ModelWeightsModel::ParametersColumn, digit * 12);
    m_tree->header()->resizeSection(ModelWeightsModel::BytesColumn, digit * 10);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &ModelPage::currentChanged);

    m_viewer->setObjectName(QStringLiteral("modelTensorViewer"));
    m_viewer->showMessage(tr("Select a weight to see its values."));
    connect(m_viewer, &TensorViewer::tensorShown, this, &ModelPage::valuesLoaded);

    auto *weights = m_weights = new QWidget;
    weights->setObjectName(QStringLiteral("modelWeightsPane"));
    auto *weightsLayout = new QVBoxLayout(weights);
    weightsLayout->setContentsMargins(0, 0, 0, 0);
    weightsLayout->addWidget(m_filter);
    weightsLayout->addWidget(m_tree, 1);
    auto *left = m_left = new QSplitter(Qt::Vertical);
    left->setObjectName(QStringLiteral("modelLeftPanes"));
    left->setChildrenCollapsible(false);
    left->addWidget(m_summary);
    left->addWidget(weights);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 3);
    auto *split = new QSplitter(Qt::Horizontal);
    split->setChildrenCollapsible(false);
    split->addWidget(left);
    m_side->setObjectName(QStringLiteral("modelSideTabs"));
    m_side->setDocumentMode(true);
    m_side->addTab(m_viewer, tr("Values"));
    m_side->addTab(m_graph, tr("Graph"));
    m_code->setObjectName(QStringLiteral("modelCodeViewer"));
    m_side->addTab(m_code, tr("Code"));
    split->addWidget(m_side);
    m_hf = new HfModelTabs(m_side, m_carton, m_filePath, this);
    connect(m_graph, &ModelGraphView::weightActivated, this, [this](const QString &weight) {
        const std::shared_ptr<const ModelSet> &set = m_model->modelSet();
        if (!set || m_summaryEntry < 0 || m_summaryEntry >= set->entries().size())
            return;
        const ModelEntry &entry = set->entries()[m_summaryEntry];
        if (const ModelWeight *w = entry.model ? entry.model->findWeight(weight) : nullptr)
            revealWeight(set->weightName(entry, *w));
    });
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // The weights' five columns want room; the viewer takes the rest (scaled to the page).
    split->setSizes({digit * 80, digit * 100});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    m_inspect = new QPushButton(tr("Inspect with torchscript…"));
    m_inspect->setObjectName(QStringLiteral("modelInspectButton"));
    m_inspect->setToolTip(m_carton ? tr("Load model/model.pt in the torchscript runner, in the sandbox, without "
                                        "running it, and show forward's signature and ops")
                                   : tr("Load %1 in the torchscript runner, in the sandbox, without running it, and "
                                        "show forward's signature and ops")
                                         .arg(QFileInfo(m_filePath).fileName()));
    m_inspect->setVisible(false); // until a model file is read that can be inspected
    connect(m_inspect, &QPushButton::clicked, this, &ModelPage::inspect);
    connect(m_inspector, &ModelInspector::finished, this, &ModelPage::showInspection);
    top->addWidget(m_inspect);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    m_status->setText(tr("Model files are read when this page is shown."));
}

void ModelPage::setSettings(QSettings *settings)
{
    m_settings = settings;
    setPanes(ModelPanes::read(settings));
}

void ModelPage::setPaneShown(ModelPanes::Pane pane, bool shown)
{
    ModelPanes panes = m_panes;
    panes.setShown(pane, shown);
    setPanes(panes);
    m_panes.write(m_settings);
}

void ModelPage::setPanes(const ModelPanes &panes)
{
    m_panes = panes;
    m_summary->setVisible(panes.isShown(ModelPanes::Summary));
    m_weights->setVisible(panes.isShown(ModelPanes::Weights));
    m_left->setVisible(panes.isShown(ModelPanes::Summary) || panes.isShown(ModelPanes::Weights));
    m_graph->properties()->setVisible(panes.isShown(ModelPanes::GraphProperties));
}

void ModelPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_started)
        load();
}

bool ModelPage::isLoading() const
{
    return m_jobs->isRunning(kLoadJob);
}

bool ModelPage::isLoaded() const
{
    return m_started && !isLoading();
}

const std::shared_ptr<const ModelSet> &ModelPage::modelSet() const
{
    return m_model->modelSet();
}

void ModelPage::load()
{
    m_started = true;
    m_status->setText(tr("Reading model files…"));
    m_jobs->start(
        kLoadJob,
        [carton = m_carton, path = m_filePath](Progress &) {
            Loaded loaded;
            loaded.hf = HfModelData::read(carton, path);
            if (carton) {
                loaded.set = std::make_shared<const ModelSet>(ModelSet::fromCarton(carton->source()));
                return loaded;
            }
            Result<ModelSet> set = QFileInfo(path).isDir() ? ModelSet::fromHfFolder(path) : ModelSet::fromFile(path);
            if (set.ok())
                loaded.set = std::make_shared<const ModelSet>(std::move(set).value());
            else
                loaded.error = set.error().toString();
            return loaded;
        },
        [this](const Loaded &loaded) {
            m_hf->show(loaded.hf);
            showLoaded(loaded.set, loaded.error);
        });
}

void ModelPage::showLoaded(std::shared_ptr<const ModelSet> set, const QString &error)
{
    m_viewer->showMessage(tr("Select a weight to see its values."));
    m_summaryEntry = -2;
    m_model->setModelSet(set);
    m_inspect->setVisible(set && inspectableEntry(*set));
    if (!set) {
        m_status->setText(tr("Not a model file that can be read: %1").arg(error));
        m_summaryHtml.clear();
        renderSummary();
        emit loaded();
        return;
    }
    const QList<ModelEntry> &entries = set->entries();
    qint64 parameters = 0, bytes = 0;
    int broken = 0;
    for (const ModelEntry &e : entries) {
        if (e.model) {
            parameters += e.model->parameterCount();
            bytes += e.model->parameterBytes();
        } else {
            ++broken;
        }
    }
    if (entries.isEmpty() && !set->otherFiles().isEmpty()) {
        // Say what the file is and why it shows no weights (a plain pickle, not torch.save's format).
        QStringList what;
        for (const carton::OtherModelFile &other : set->otherFiles())
            what.append(tr("%1 is a plain Python pickle (protocol %2), not a PyTorch file")
                            .arg(other.path)
                            .arg(other.pickleProtocol));
        m_status->setText(tr("No model weights to show: %1. torch.save and torch.jit.save write zip archives (or, "
                             "before PyTorch 1.6, a pickle that starts with torch.save's magic number), which are "
                             "read here; a plain pickle holds Python objects, and reading those would mean running "
                             "the pickle, which is never done.")
                              .arg(what.join(QStringLiteral("; "))));
    } else if (entries.isEmpty()) {
        m_status->setText(tr("No model file found under model/ (files are recognised by their content: "
                             "ONNX, GGUF, safetensors, PyTorch)."));
    } else {
        QString text = tr("%n model file(s)", nullptr, int(entries.size())) + u" · " +
                       tr("%1 parameters (%2)").arg(QLocale().toString(parameters), studio::humanSize(bytes));
        if (broken)
            text += u" · " + tr("%n could not be read", nullptr, broken);
        m_status->setText(text);
    }
    m_tree->expandToDepth(0);
    if (!entries.isEmpty())
        m_tree->setCurrentIndex(m_proxy->mapFromSource(m_model->indexOfEntry(0)));
    showSummary(entries.isEmpty() ? -1 : 0);
    // A model with a graph opens at its graph, as a model viewer does; the weights'
    // values are one click away (selecting a weight shows them). Only the first time:
    // a reload keeps the tab the user is on.
    if (!m_shownOnce && m_side->isTabEnabled(m_side->indexOf(m_graph)))
        m_side->setCurrentWidget(m_graph);
    m_shownOnce = true;
    emit loaded();
}

void ModelPage::showSummary(int entry)
{
    if (entry == m_summaryEntry)
        return;
    m_summaryEntry = entry;
    const std::shared_ptr<const ModelSet> &set = m_model->modelSet();
    if (!set || entry < 0 || entry >= set->entries().size()) {
        m_summaryHtml.clear();
        renderSummary();
        m_graph->setModel(nullptr);
        return;
    }
    m_summaryHtml = ModelSummary::html(set->entries()[entry]);
    // The carton's [[input]] / [[output]] against this file's signature, when it is the one they are checked against.
    if (m_carton && m_carton->info() && signatureModel(*set) == &set->entries()[entry])
        m_summaryHtml += ModelSummary::signatureCheckHtml(*m_carton->info(), set->entries()[entry],
                                                          checkModelSignature(*m_carton->info(), *set));
    renderSummary();
    showGraph(entry);
    // The Code tab only for a file with code/ files (a TorchScript archive).
    const ModelFilePtr &model = set->entries()[entry].model;
    // The Graph tab only for a file with a graph (ONNX, TorchScript): a checkpoint holds weights only.
    const bool hasGraph = model && (model->onnx() || (model->torch() && model->torch()->torchScript));
    const int graphTab = m_side->indexOf(m_graph);
    if (!hasGraph && m_side->currentIndex() == graphTab)
        m_side->setCurrentWidget(m_viewer);
    m_side->setTabEnabled(graphTab, hasGraph);
    m_side->setTabToolTip(graphTab, hasGraph ? QString() : tr("This file holds weights only: it has no graph."));
    m_side->setTabVisible(m_side->indexOf(m_code), model && model->torch() && !model->torch()->codeFiles.isEmpty());
}

void ModelPage::showGraph(int entry)
{
    const std::shared_ptr<const ModelSet> &set = m_model->modelSet();
    if (!set || entry < 0 || entry >= set->entries().size())
        return;
    const ModelEntry &e = set->entries()[entry];
    const std::optional<ModelInspection> &inspection = m_inspector->inspection();
    if (m_inspectedGraph && inspection && inspection->file == e.path)
        m_graph->setGraph(e.model, m_inspectedGraph,
                          tr("forward, as the torchscript runner loaded it in the sandbox (inspection)"));
    else
        m_graph->setModel(e.model);
}

bool ModelPage::openCodeFile(const QString &codeFile)
{
    const std::shared_ptr<const ModelSet> &set = m_model->modelSet();
    if (!set || m_summaryEntry < 0 || m_summaryEntry >= set->entries().size())
        return false;
    const ModelFilePtr model = set->entries()[m_summaryEntry].model;
    if (!model || !model->torch() || !model->torch()->codeFiles.contains(codeFile))
        return false;
    m_side->setCurrentWidget(m_code);
    m_jobs->start(
        kCodeJob,
        [model, codeFile](Progress &) {
            // Bounded: the first FilePreview::maxTextBytes; text or not by content.
            Result<ModelFile::CodeFile> read = model->readCodeFile(codeFile, FilePreview::maxTextBytes);
            if (!read) {
                FilePreview failed;
                failed.path = codeFile;
                failed.error = read.error().toString();
                return failed;
            }
            return FilePreview::fromHead(codeFile, read->head, read->size);
        },
        [this, codeFile](const FilePreview &preview) {
            m_code->showContent(preview);
            emit codeShown(codeFile);
        });
    return true;
}

void ModelPage::renderSummary()
{
    const QString html = m_hf->summaryHtml() + m_summaryHtml + m_inspectionHtml;
    if (html.isEmpty())
        m_summary->clear();
    else
        m_summary->setHtml(html);
}

void ModelPage::setConsent(RunConsent *consent)
{
    m_inspector->setConsent(consent);
}

void ModelPage::inspect()
{
    const std::shared_ptr<const ModelSet> &set = m_model->modelSet();
    const ModelEntry *entry = set ? inspectableEntry(*set) : nullptr;
    if (!entry || !m_inspector->start(*entry, this))
        return;
    if (!m_inspector->isRunning())
        return; // failed at once: showInspection() said why
    m_inspect->setEnabled(false);
    m_inspectionHtml = u"<p>"_s + tr("Inspecting the model in the torchscript runner…").toHtmlEscaped() + u"</p>"_s;
    renderSummary();
}

void ModelPage::showInspection()
{
    m_inspect->setEnabled(true);
    const std::optional<ModelInspection> &inspection = m_inspector->inspection();
    m_inspectedGraph.reset();
    if (inspection) {
        const bool compared = m_carton && m_carton->info();
        const Diagnostics comparison =
            compared ? checkInspectedSignature(*m_carton->info(), *inspection) : Diagnostics();
        m_inspectionHtml = ModelSummary::inspectionHtml(*inspection, comparison, compared);
        if (const InspectedMethod *forward = inspection->method(u"forward"))
            m_inspectedGraph = std::make_shared<const OnnxInfo>(graphFromInspection(*forward));
    } else {
        m_inspectionHtml = u"<h3>"_s + tr("Inspection failed").toHtmlEscaped() + u"</h3><p>"_s +
                           m_inspector->error().toHtmlEscaped() + u"</p>"_s;
    }
    renderSummary();
    showGraph(m_summaryEntry);
    emit inspected();
}

void ModelPage::currentChanged()
{
    const QModelIndex index = m_proxy->mapToSource(m_tree->currentIndex());
    const ModelEntry *entry = m_model->entry(index);
    const std::shared_ptr<const ModelSet> &set = m_model->modelSet();
    if (entry && set)
        showSummary(int(entry - set->entries().constData()));
    const ModelWeight *weight = m_model->weight(index);
    if (!weight || !entry) {
        m_viewer->showMessage(tr("Select a weight to see its values."));
        return;
    }
    const QString name = set->weightName(*entry, *weight);
    m_side->setCurrentWidget(m_viewer);
    if (!weight->dtype) {
        m_viewer->showMessage(QStringLiteral("%1\n%2").arg(name, ModelSummary::cannotShowText(*weight)));
        return;
    }
    m_viewer->open(name, modelWeightOpener(set, m_carton));
}

bool ModelPage::revealWeight(const QString &name)
{
    const QModelIndex source = m_model->indexOfWeight(name);
    if (!source.isValid())
        return false;
    if (!m_proxy->mapFromSource(source).isValid())
        m_filter->clear();
    const QModelIndex index = m_proxy->mapFromSource(source);
    m_tree->scrollTo(index);
    m_tree->setCurrentIndex(index);
    return true;
}

} // namespace studio
