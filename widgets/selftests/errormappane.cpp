// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "errormappane.h"

#include "jobs/latestjob.h"
#include "selftest/errormap.h"
#include "tensorviewer/scrollingpane.h"
#include "tensorviewer/tensorviewer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString kMap = QStringLiteral("map");
}

ErrorMapPane::ErrorMapPane(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_kind(new QComboBox), m_jump(new QToolButton), m_note(new QLabel),
      m_map(new TensorViewer), m_expected(new TensorViewer), m_actual(new TensorViewer),
      m_sides(new QSplitter(Qt::Horizontal))
{
    m_kind->setObjectName(QStringLiteral("errorMapKind"));
    m_kind->addItem(tr("|actual − expected|"), int(carton::ErrorMapKind::Absolute));
    m_kind->addItem(tr("Relative error"), int(carton::ErrorMapKind::Relative));
    m_kind->addItem(tr("Excess over tolerance (> 0 fails)"), int(carton::ErrorMapKind::Excess));
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ErrorMapPane::computeMap);
    m_jump->setObjectName(QStringLiteral("jumpToWorst"));
    m_jump->setText(tr("Jump to Worst"));
    m_jump->setToolTip(tr("Show the element with the largest error in the map and in both tensors"));
    connect(m_jump, &QToolButton::clicked, this, &ErrorMapPane::jumpToWorst);
    m_note->setObjectName(QStringLiteral("errorMapNote"));
    m_note->setWordWrap(true);
    m_map->setObjectName(QStringLiteral("errorMapViewer"));
    m_expected->setObjectName(QStringLiteral("expectedViewer"));
    m_actual->setObjectName(QStringLiteral("actualViewer"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:")));
    bar->addWidget(m_kind);
    bar->addWidget(m_jump);
    bar->addWidget(m_note, 1);

    auto labelled = [](const QString &title, QWidget *w) {
        auto *box = new QWidget;
        auto *l = new QVBoxLayout(box);
        l->setContentsMargins(0, 0, 0, 0);
        auto *label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()));
        l->addWidget(label);
        l->addWidget(w, 1);
        return box;
    };
    m_sides->addWidget(labelled(tr("Expected"), m_expected));
    m_sides->addWidget(labelled(tr("Actual"), m_actual));
    m_sides->setChildrenCollapsible(false);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(labelled(tr("Error map"), m_map));
    split->addWidget(m_sides);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    // Three tensor viewers, one above two, are taller than a short window
    // leaves this tab: they scroll rather than make the window taller.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(scrollingPane(split), 1);

    for (TensorViewer *v : {m_map, m_expected, m_actual})
        connect(v, &TensorViewer::sliceSpecChanged, this, [this, v] { syncSlices(v); });
    setOutput(nullptr);
}

Qt::Orientation ErrorMapPane::sidesOrientation() const
{
    return m_sides->orientation();
}

void ErrorMapPane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateSides();
}

void ErrorMapPane::updateSides()
{
    // What the scrolling pane leaves of this width (its vertical scroll bar
    // counted: the decision must not depend on whether it shows).
    const QMargins margins = layout()->contentsMargins();
    const int available = width() - margins.left() - margins.right() - style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int needed = m_sides->widget(0)->minimumSizeHint().width() + m_sides->handleWidth() +
                       m_sides->widget(1)->minimumSizeHint().width();
    const Qt::Orientation orientation = available >= needed ? Qt::Horizontal : Qt::Vertical;
    if (m_sides->orientation() != orientation)
        m_sides->setOrientation(orientation);
}

bool ErrorMapPane::isComputing() const
{
    return m_jobs->isRunning(kMap);
}

void ErrorMapPane::setOutput(const OutputResultsModel::Row *row)
{
    m_jobs->cancel(kMap);
    m_row.reset();
    if (row)
        m_row = *row;
    if (!m_row) {
        m_note->setText(tr("Run the self-tests and pick an output to see where it differs."));
        for (TensorViewer *v : {m_map, m_expected, m_actual})
            v->clear();
        m_jump->setEnabled(false);
        updateSides();
        return;
    }
    if (m_row->expected)
        m_expected->setTensor(*m_row->expected);
    else
        m_expected->showMessage(tr("No expected tensor."));
    if (m_row->actual)
        m_actual->setTensor(*m_row->actual);
    else
        m_actual->showMessage(tr("The model did not return this output."));
    updateSides(); // the viewers' slice controls follow the tensors' ranks
    computeMap();
}

void ErrorMapPane::computeMap()
{
    m_jump->setEnabled(false);
    if (!m_row)
        return;
    if (!m_row->expected || !m_row->actual) {
        m_map->showMessage(tr("No error map: one side is missing."));
        m_note->clear();
        return;
    }
    const carton::Tensor expected = *m_row->expected;
    const carton::Tensor actual = *m_row->actual;
    const auto kind = carton::ErrorMapKind(m_kind->currentData().toInt());
    const carton::Tolerance tolerance = m_row->comparison ? m_row->comparison->tolerance : carton::Tolerance{};
    m_note->setText(tr("Computing…"));
    m_jobs->start(
        kMap, [=](carton::Progress &) { return carton::errorMap(actual, expected, kind, tolerance); },
        [this](carton::Result<carton::Tensor> map) {
            if (!map) {
                m_map->showMessage(tr("No error map: %1").arg(map.error().message));
                m_note->clear();
                return;
            }
            const carton::TensorComparison *c = m_row && m_row->comparison ? &*m_row->comparison : nullptr;
            m_map->setTensor(*map);
            m_map->setCurrentTab(TensorViewer::HeatmapTab);
            syncSlices(m_expected);
            m_jump->setEnabled(c && !c->worst.isEmpty());
            m_note->setText(
                c && c->mismatchCount > 0
                    ? tr("%1 of %2 elements outside the tolerance").arg(c->mismatchCount).arg(c->elementCount)
                    : tr("Every element within the tolerance"));
            emit mapShown();
        });
}

void ErrorMapPane::syncSlices(TensorViewer *from)
{
    if (m_syncing || !from->reader())
        return;
    m_syncing = true;
    for (TensorViewer *v : {m_map, m_expected, m_actual})
        if (v != from && v->reader() && v->reader()->shape() == from->reader()->shape() &&
            !(v->slice() == from->slice()))
            v->setSlice(from->slice());
    m_syncing = false;
}

bool ErrorMapPane::jumpToWorst()
{
    if (!m_row || !m_row->comparison || m_row->comparison->worst.isEmpty())
        return false;
    const QList<qint64> index = m_row->comparison->worst.first().index;
    m_syncing = true; // each viewer moves itself; no echo through syncSlices
    bool shown = m_map->selectElement(index);
    m_expected->selectElement(index);
    m_actual->selectElement(index);
    m_syncing = false;
    return shown;
}

} // namespace studio
