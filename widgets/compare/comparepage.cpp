// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "comparepage.h"

#include "comparedetails.h"
#include "comparemodel.h"
#include "compareoutputspane.h"
#include "diff/diffhtml.h"
#include "graphchangesmodel.h"
#include "graphreviewview.h"
#include "jobs/latestjob.h"
#include "model/modelfile.h"
#include "style/tone.h"
#include "weightchart.h"
#include "weightdeltaview.h"
#include "weightdiffmodel.h"

#include <QCheckBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>
#include <utility>

namespace studio {

using namespace carton;

namespace {

const QString kJob = QStringLiteral("compare");
const QString kDeltaJob = QStringLiteral("weight delta");

// The first local folder, .carton or model file of a drag (a file's first bytes decide:
// a zip, or what a model file starts with).
QString droppedCarton(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl &url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir())
            return info.absoluteFilePath();
        QFile file(info.absoluteFilePath());
        if (!info.isFile() || !file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray head = file.read(ModelFile::kHeadBytes);
        if (head.startsWith("PK") || ModelSet::maybeBareModel(head, info.size()))
            return info.absoluteFilePath();
    }
    return {};
}

QTableView *makeTable(QAbstractItemModel *model, const QString &name)
{
    auto *table = new QTableView;
    table->setObjectName(name);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setWordWrap(false);
    return table;
}

} // namespace

ComparePage::ComparePage(const QString &leftPath, const QString &rightPath, QWidget *parent)
    : QWidget(parent), m_left(leftPath), m_right(rightPath), m_jobs(new LatestJob(this)),
      m_model(new CompareModel(this)), m_summary(new QLabel), m_leftLabel(new QLabel), m_rightLabel(new QLabel),
      m_changesOnly(new QCheckBox(tr("Changes only"))), m_swap(new QPushButton(tr("&Swap Sides"))),
      m_tree(new QTreeView), m_details(new QTextBrowser), m_progress(new QProgressBar),
      m_cancel(new QPushButton(tr("Cancel"))), m_sections(new QTabWidget), m_weightsModel(new WeightDiffModel(this)),
      m_weightsSorted(new QSortFilterProxyModel(this)), m_weightsTable(nullptr), m_chart(new WeightChart),
      m_delta(new WeightDeltaView), m_weightsSummary(new QLabel), m_graphModel(new GraphChangesModel(this)),
      m_graphTable(nullptr), m_graphSummary(new QLabel), m_graphReview(new GraphReviewView),
      m_outputs(new CompareOutputsPane)
{
    setObjectName(QStringLiteral("comparePage"));
    setAcceptDrops(true);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_summary->setFont(big);
    m_summary->setWordWrap(true);
    for (QLabel *l : {m_leftLabel, m_rightLabel}) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
    }
    auto *hint = new QLabel(tr("Drop a carton or model file here to replace the right side."));
    hint->setEnabled(false);
    m_changesOnly->setObjectName(QStringLiteral("compareChangesOnly"));
    connect(m_changesOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_model->setShowUnchanged(!on);
        m_tree->expandAll();
    });

    m_swap->setObjectName(QStringLiteral("compareSwap"));
    m_swap->setToolTip(tr("Compare the right carton with the left one: what was added becomes removed"));
    connect(m_swap, &QPushButton::clicked, this, &ComparePage::swapSides);

    m_tree->setObjectName(QStringLiteral("compareTree"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(false);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ComparePage::showSelected);
    m_details->setObjectName(QStringLiteral("compareDetails"));
    m_details->setOpenLinks(false);
    whenPaletteChanges(m_details, [this] { showSelected(); });

    auto *header = new QGridLayout;
    header->addWidget(m_summary, 0, 0, 1, 2);
    header->addWidget(m_leftLabel, 1, 0);
    header->addWidget(m_rightLabel, 1, 1);
    m_progress->setObjectName(QStringLiteral("compareProgress"));
    m_progress->setMaximumWidth(260);
    m_progress->setTextVisible(true);
    m_cancel->setObjectName(QStringLiteral("compareCancel"));
    m_cancel->setToolTip(tr("Stop comparing (the weights of large models take a while to read)"));
    connect(m_cancel, &QPushButton::clicked, this, &ComparePage::cancel);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_changesOnly);
    controls->addWidget(m_swap);
    controls->addWidget(m_progress);
    controls->addWidget(m_cancel);
    controls->addStretch(1);
    header->addLayout(controls, 2, 0);
    header->addWidget(hint, 2, 1, Qt::AlignRight);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_sections->setObjectName(QStringLiteral("compareSections"));
    m_sections->setDocumentMode(true);
    m_sections->addTab(splitter, tr("&Package"));
    m_sections->addTab(makeWeightsTab(), tr("&Weights"));
    m_sections->addTab(makeGraphTab(), tr("&Graph"));
    m_sections->addTab(m_outputs, tr("&Outputs"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_sections, 1);
    start();
}

QWidget *ComparePage::makeWeightsTab()
{
    m_weightsSorted->setSourceModel(m_weightsModel);
    m_weightsSorted->setSortRole(WeightDiffModel::SortRole);
    m_weightsTable = makeTable(m_weightsSorted, QStringLiteral("compareWeights"));
    m_weightsTable->setSortingEnabled(true);
    m_weightsTable->sortByColumn(-1, Qt::AscendingOrder); // model order until a header is clicked
    connect(m_weightsTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                const int row = m_weightsSorted->mapToSource(current).row();
                showWeight(row);
                // The coloured graph follows: the node that takes this weight.
                if (row >= 0 && row < m_weightsModel->weights().size())
                    showChangeRow(m_graphReview->selectWeight(m_weightsModel->weights().at(row).nameB,
                                                              m_weightsModel->weights().at(row).nameA));
            });
    connect(m_chart, &WeightChart::weightClicked, this, [this](int row) {
        const QModelIndex at = m_weightsSorted->mapFromSource(m_weightsModel->index(row, 0));
        m_weightsTable->setCurrentIndex(at);
        m_weightsTable->scrollTo(at);
        showWeight(row);
    });
    m_weightsSummary->setObjectName(QStringLiteral("compareWeightsSummary"));
    m_weightsSummary->setWordWrap(true);
    auto *top = new QWidget;
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_weightsSummary);
    topLayout->addWidget(m_chart, 1);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(top);
    split->addWidget(m_weightsTable);
    split->addWidget(m_delta);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 3);
    return split;
}

QWidget *ComparePage::makeGraphTab()
{
    m_graphTable = makeTable(m_graphModel, QStringLiteral("compareGraph"));
    m_graphSummary->setObjectName(QStringLiteral("compareGraphSummary"));
    m_graphSummary->setWordWrap(true);
    // A weight's link in the side-by-side properties opens it on the Weights tab.
    connect(m_graphReview, &GraphReviewView::weightActivated, this, [this](const QString &name) {
        const QList<WeightDiff> &weights = m_weightsModel->weights();
        for (qsizetype row = 0; row < weights.size(); ++row)
            if (weights.at(row).nameB == name) {
                m_sections->setCurrentIndex(1);
                const QModelIndex at = m_weightsSorted->mapFromSource(m_weightsModel->index(int(row), 0));
                m_weightsTable->setCurrentIndex(at);
                m_weightsTable->scrollTo(at);
                return;
            }
    });
    // A row of the change table selects its node in the graph; F8 walking selects the row.
    connect(m_graphTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (m_walking || !current.isValid())
                    return;
                const GraphChangesModel::Target t = m_graphModel->target(current.row());
                m_graphReview->selectChange(t.graph, t.kind, t.node);
            });
    connect(m_graphReview, &GraphReviewView::changeWalked, this, &ComparePage::showChangeRow);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_graphReview);
    split->addWidget(m_graphTable);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    auto *tab = new QWidget;
    auto *layout = new QVBoxLayout(tab);
    layout->addWidget(m_graphSummary);
    layout->addWidget(split, 1);
    return tab;
}

void ComparePage::showChangeRow(int node)
{
    for (int row = 0; node >= 0 && row < m_graphModel->rowCount(); ++row) {
        const GraphChangesModel::Target t = m_graphModel->target(row);
        if (t.graph != m_graphReview->graphIndex() || m_graphReview->nodeOfChange(t.kind, t.node) != node)
            continue;
        const QScopedValueRollback walking(m_walking, true);
        const QModelIndex at = m_graphModel->index(row, 0);
        m_graphTable->setCurrentIndex(at);
        m_graphTable->scrollTo(at);
        return;
    }
    const QScopedValueRollback walking(m_walking, true);
    m_graphTable->setCurrentIndex({});
}

const ModelDiff *ComparePage::modelDiff() const
{
    return m_review ? &m_review->result.model : nullptr;
}

void ComparePage::cancel()
{
    if (!m_jobs->isRunning(kJob))
        return;
    m_jobs->cancel(kJob);
    m_progress->hide();
    m_cancel->hide();
    m_summary->setText(tr("Comparison cancelled"));
    setTextTone(m_summary, Tone::Warning);
}

void ComparePage::setSettings(QSettings *settings)
{
    m_outputs->setSettings(settings);
}

void ComparePage::showWeight(int row)
{
    if (!m_review || row < 0 || row >= m_weightsModel->weights().size())
        return;
    const WeightDiff &w = m_weightsModel->weights().at(row);
    if (w.nameA.isEmpty() || w.nameB.isEmpty() || w.shapeA != w.shapeB) {
        m_delta->setMessage(w.nameA.isEmpty() ? tr("%1 is only on the right side.").arg(w.name())
                            : w.nameB.isEmpty()
                                ? tr("%1 is only on the left side.").arg(w.name())
                                : tr("%1 changed shape: the sides cannot be shown cell by cell.").arg(w.name()));
        emit weightShown();
        return;
    }
    m_delta->setMessage(tr("Reading %1…").arg(w.name()));
    m_jobs->start(
        kDeltaJob,
        [review = m_review, nameA = w.nameA, nameB = w.nameB](Progress &progress) -> Result<WeightDeltaView::Maps> {
            Result<WeightDelta> delta = readWeightDelta(review->result.modelsA, nameA, review->result.modelsB, nameB,
                                                        qint64(1) << 22, &progress);
            if (!delta)
                return delta.error();
            return WeightDeltaView::compute(*delta, &progress);
        },
        [this](Result<WeightDeltaView::Maps> maps) {
            if (maps)
                m_delta->setMaps(*maps);
            else
                m_delta->setMessage(maps.error().message);
            emit weightShown();
        });
}

ComparePage::~ComparePage() = default;

const std::optional<CartonDiff> &ComparePage::diff() const
{
    return m_model->diff();
}

bool ComparePage::isComparing() const
{
    return m_jobs->isRunning(kJob);
}

QString ComparePage::displayName() const
{
    return QStringLiteral("%1 ↔ %2").arg(QFileInfo(m_left).fileName(), QFileInfo(m_right).fileName());
}

void ComparePage::setRightPath(const QString &path)
{
    m_right = path;
    emit displayNameChanged();
    start();
}

void ComparePage::swapSides()
{
    std::swap(m_left, m_right);
    emit displayNameChanged();
    start();
}

void ComparePage::start()
{
    m_error.clear();
    m_leftLabel->setText(tr("<b>Left:</b> %1").arg(QDir::toNativeSeparators(m_left).toHtmlEscaped()));
    m_rightLabel->setText(tr("<b>Right:</b> %1").arg(QDir::toNativeSeparators(m_right).toHtmlEscaped()));
    m_summary->setText(tr("Comparing…"));
    m_summary->setStyleSheet(QString());
    m_progress->setRange(0, 0);
    m_progress->show();
    m_cancel->show();
    m_outputs->setSides(nullptr, m_left, nullptr, m_right);
    m_jobs->start(
        kJob,
        [left = m_left, right = m_right](Progress &progress) -> Result<std::shared_ptr<const Review>> {
            auto review = std::make_shared<Review>();
            Result<ReviewSide> a = openReviewSide(left);
            if (!a)
                return a.error();
            Result<ReviewSide> b = openReviewSide(right);
            if (!b)
                return b.error();
            review->a = std::move(a).value();
            review->b = std::move(b).value();
            Result<ModelReview> result = reviewSides(review->a, review->b, {}, &progress);
            if (!result)
                return result.error();
            review->result = std::move(result).value();
            return std::shared_ptr<const Review>(std::move(review));
        },
        [this](Result<std::shared_ptr<const Review>> result) { finished(std::move(result)); },
        [this](qint64 done, qint64 total) {
            const int scale = total > (qint64(1) << 30) ? 1 << 20 : 1;
            m_progress->setRange(0, int(total / scale));
            m_progress->setValue(int(std::min(done, total) / scale));
        },
        JobPools::Kind::Verify);
}

void ComparePage::finished(Result<std::shared_ptr<const Review>> reviewed)
{
    m_progress->hide();
    m_cancel->hide();
    if (!reviewed) {
        m_error = reviewed.error().toString();
        m_model->setDiff(std::nullopt);
        m_summary->setText(tr("Could not compare: %1").arg(m_error));
        setTextTone(m_summary, Tone::Bad);
        m_details->clear();
        m_review.reset();
        showModelHalf();
        emit compared();
        return;
    }
    m_review = *reviewed;
    const CartonDiff &d = m_review->result.package;
    const auto hash = [](const QByteArray &h) {
        return h.isEmpty() ? tr("no MANIFEST") : QString::fromLatin1(h.left(16));
    };
    m_leftLabel->setText(tr("<b>Left:</b> %1<br>model hash %2")
                             .arg(QDir::toNativeSeparators(d.pathA).toHtmlEscaped(), hash(d.modelHashA)));
    m_rightLabel->setText(tr("<b>Right:</b> %1<br>model hash %2")
                              .arg(QDir::toNativeSeparators(d.pathB).toHtmlEscaped(), hash(d.modelHashB)));
    const int breaking = d.count(ChangeClass::Breaking), compatible = d.count(ChangeClass::Compatible);
    const ModelDiff &model = m_review->result.model;
    if (d.identical()) {
        m_summary->setText(tr("Identical: same model hash"));
        setTextTone(m_summary, Tone::Good);
    } else {
        const DiffSummary kind = summarizeDiff(d, model);
        QString text = tr("Different: %1 breaking, %2 compatible").arg(breaking).arg(compatible);
        if (!model.weights.isEmpty() || !model.graphs.isEmpty())
            text += tr(" — %1; weights %2 changed, %3 added, %4 removed")
                        .arg(kind.headline())
                        .arg(model.count(ChangeKind::Changed))
                        .arg(model.count(ChangeKind::Added))
                        .arg(model.count(ChangeKind::Removed));
        m_summary->setText(text);
        setTextTone(m_summary, breaking || kind.ioBreaking ? Tone::Bad : Tone::Neutral);
    }
    m_model->setDiff(d);
    m_tree->expandAll();
    for (int c = 0; c < CompareModel::ReasonColumn; ++c)
        m_tree->resizeColumnToContents(c);
    for (int c = CompareModel::LeftColumn; c <= CompareModel::RightColumn; ++c)
        m_tree->setColumnWidth(c, std::min(m_tree->columnWidth(c), 320));
    m_details->setHtml(comparedetails::summaryHtml(*m_model->diff()));
    // The cartons stay open while the review lives: the outputs pane runs their models.
    const auto cartonOf = [this](const ReviewSide &side) {
        return side.carton ? std::shared_ptr<const Carton>(m_review, side.carton.get()) : nullptr;
    };
    m_outputs->setSides(cartonOf(m_review->a), d.pathA, cartonOf(m_review->b), d.pathB);
    showModelHalf();
    emit compared();
}

void ComparePage::showModelHalf()
{
    const ModelDiff *model = modelDiff();
    m_weightsModel->setWeights(model ? model->weights : QList<WeightDiff>());
    m_chart->setWeights(m_weightsModel->weights());
    m_graphModel->setGraphs(model ? model->graphs : QList<ModelGraphDiff>());
    m_graphReview->setReview(m_review ? std::shared_ptr<const ModelReview>(m_review, &m_review->result) : nullptr);
    m_delta->setMessage(tr("Click a weight in the chart or the table to see both sides and their difference."));
    if (!model) {
        m_weightsSummary->clear();
        m_graphSummary->clear();
        return;
    }
    QString weights = model->weights.isEmpty() ? tr("No model weights on either side.")
                                               : tr("%1 weights: %2 unchanged, %3 changed, %4 added, %5 removed")
                                                     .arg(model->weights.size())
                                                     .arg(model->count(ChangeKind::Unchanged))
                                                     .arg(model->count(ChangeKind::Changed))
                                                     .arg(model->count(ChangeKind::Added))
                                                     .arg(model->count(ChangeKind::Removed));
    for (const QString &e : model->errors)
        weights += u'\n' + tr("Not read: %1").arg(e);
    m_weightsSummary->setText(weights);
    int changes = 0;
    for (const ModelGraphDiff &g : model->graphs)
        changes += int(g.graph.added.size() + g.graph.removed.size() + g.graph.changed.size());
    m_graphSummary->setText(
        model->graphs.isEmpty()
            ? tr("No ONNX graphs to compare.")
            : tr("%1 nodes matched by structure; %2 changes").arg(m_graphModel->matched()).arg(changes));
    m_weightsTable->resizeColumnsToContents();
    m_weightsTable->setColumnWidth(WeightDiffModel::NameColumn,
                                   std::min(m_weightsTable->columnWidth(WeightDiffModel::NameColumn), 360));
    m_graphTable->resizeColumnsToContents();
    m_graphTable->setColumnWidth(GraphChangesModel::NodeColumn,
                                 std::min(m_graphTable->columnWidth(GraphChangesModel::NodeColumn), 360));
}

void ComparePage::showSelected()
{
    const auto &d = m_model->diff();
    if (!d)
        return;
    const QModelIndex current = m_tree->currentIndex();
    const int entry = current.isValid() ? current.siblingAtColumn(0).data(CompareModel::EntryIndexRole).toInt() : -1;
    m_details->setHtml(entry < 0 ? comparedetails::summaryHtml(*d) : comparedetails::entryHtml(*d, entry));
}

void ComparePage::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedCarton(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void ComparePage::dropEvent(QDropEvent *event)
{
    const QString path = droppedCarton(event->mimeData());
    if (path.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    setRightPath(path);
}

ComparePage *ComparePage::openTab(QTabWidget *tabs, const QString &leftPath, const QString &rightPath,
                                  QSettings *settings)
{
    auto *page = new ComparePage(leftPath, rightPath, tabs);
    page->setSettings(settings);
    const int index = tabs->addTab(page, page->displayName());
    // The tab's text and tooltip follow the sides (a drop, Swap Sides).
    const auto label = [tabs, page] {
        const int i = tabs->indexOf(page);
        if (i < 0)
            return;
        tabs->setTabText(i, page->displayName());
        tabs->setTabToolTip(
            i, tr("Compare %1 with %2")
                   .arg(QDir::toNativeSeparators(page->leftPath()), QDir::toNativeSeparators(page->rightPath())));
    };
    label();
    connect(page, &ComparePage::displayNameChanged, tabs, label);
    tabs->setCurrentIndex(index);
    return page;
}

ComparePage *ComparePage::compareWith(QTabWidget *tabs, const QString &leftPath, QSettings *settings)
{
    const QString right = QFileDialog::getOpenFileName(
        tabs->window(), tr("Compare %1 With").arg(QFileInfo(leftPath).fileName()), QFileInfo(leftPath).absolutePath(),
        tr("Cartons and models (*.carton *.onnx *.pt *.pth *.safetensors *.gguf *.bin);;"
           "All files (*)"));
    if (right.isEmpty())
        return nullptr;
    return openTab(tabs, leftPath, right, settings);
}

} // namespace studio
