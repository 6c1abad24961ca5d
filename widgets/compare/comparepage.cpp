// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "comparepage.h"

#include "comparedetails.h"
#include "comparemodel.h"
#include "jobs/latestjob.h"
#include "style/tone.h"

#include <QCheckBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>
#include <utility>

namespace studio {

using namespace carton;

namespace {

const QString kJob = QStringLiteral("compare");

// The first local .carton file or folder of a drag.
QString droppedCarton(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl &url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir() || info.suffix().compare(u"carton", Qt::CaseInsensitive) == 0)
            return info.absoluteFilePath();
    }
    return {};
}

} // namespace

ComparePage::ComparePage(const QString &leftPath, const QString &rightPath, QWidget *parent)
    : QWidget(parent), m_left(leftPath), m_right(rightPath), m_jobs(new LatestJob(this)),
      m_model(new CompareModel(this)), m_summary(new QLabel), m_leftLabel(new QLabel), m_rightLabel(new QLabel),
      m_changesOnly(new QCheckBox(tr("Changes only"))), m_swap(new QPushButton(tr("&Swap Sides"))),
      m_tree(new QTreeView), m_details(new QTextBrowser)
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
    auto *hint = new QLabel(tr("Drop a carton here to replace the right side."));
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
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_changesOnly);
    controls->addWidget(m_swap);
    controls->addStretch(1);
    header->addLayout(controls, 2, 0);
    header->addWidget(hint, 2, 1, Qt::AlignRight);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(splitter, 1);
    start();
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
    m_jobs->start(
        kJob,
        [left = m_left, right = m_right](Progress &progress) { return diffCartonFiles(left, right, {}, &progress); },
        [this](Result<CartonDiff> result) { finished(std::move(result)); });
}

void ComparePage::finished(Result<CartonDiff> result)
{
    if (!result) {
        m_error = result.error().toString();
        m_model->setDiff(std::nullopt);
        m_summary->setText(tr("Could not compare: %1").arg(m_error));
        setTextTone(m_summary, Tone::Bad);
        m_details->clear();
        emit compared();
        return;
    }
    const CartonDiff &d = *result;
    const auto hash = [](const QByteArray &h) {
        return h.isEmpty() ? tr("no MANIFEST") : QString::fromLatin1(h.left(16));
    };
    m_leftLabel->setText(tr("<b>Left:</b> %1<br>model hash %2")
                             .arg(QDir::toNativeSeparators(d.pathA).toHtmlEscaped(), hash(d.modelHashA)));
    m_rightLabel->setText(tr("<b>Right:</b> %1<br>model hash %2")
                              .arg(QDir::toNativeSeparators(d.pathB).toHtmlEscaped(), hash(d.modelHashB)));
    const int breaking = d.count(ChangeClass::Breaking), compatible = d.count(ChangeClass::Compatible);
    if (d.identical()) {
        m_summary->setText(tr("Identical: same model hash"));
        setTextTone(m_summary, Tone::Good);
    } else {
        m_summary->setText(tr("Different: %1 breaking, %2 compatible").arg(breaking).arg(compatible));
        setTextTone(m_summary, breaking ? Tone::Bad : Tone::Neutral);
    }
    m_model->setDiff(std::move(result).value());
    m_tree->expandAll();
    for (int c = 0; c < CompareModel::ReasonColumn; ++c)
        m_tree->resizeColumnToContents(c);
    for (int c = CompareModel::LeftColumn; c <= CompareModel::RightColumn; ++c)
        m_tree->setColumnWidth(c, std::min(m_tree->columnWidth(c), 320));
    m_details->setHtml(comparedetails::summaryHtml(*m_model->diff()));
    emit compared();
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

ComparePage *ComparePage::openTab(QTabWidget *tabs, const QString &leftPath, const QString &rightPath)
{
    auto *page = new ComparePage(leftPath, rightPath, tabs);
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

ComparePage *ComparePage::compareWith(QTabWidget *tabs, const QString &leftPath)
{
    const QString right =
        QFileDialog::getOpenFileName(tabs->window(), tr("Compare %1 With").arg(QFileInfo(leftPath).fileName()),
                                     QFileInfo(leftPath).absolutePath(), tr("Cartons (*.carton);;All files (*)"));
    if (right.isEmpty())
        return nullptr;
    return openTab(tabs, leftPath, right);
}

} // namespace studio
