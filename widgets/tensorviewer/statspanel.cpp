// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "statspanel.h"

#include "base/progresssteps.h"
#include "histogramwidget.h"
#include "jobs/latestjob.h"
#include "scrollingpane.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <cmath>

namespace studio {

namespace {

const char *const figureNames[] = {"count", "min", "max", "mean", "std", "zeros", "nan", "posinf", "neginf"};

QString number(double v)
{
    return std::isnan(v) ? QStringLiteral("—") : QString::number(v, 'g', 8);
}

} // namespace

StatsPanel::StatsPanel(QWidget *parent) : QWidget(parent), m_jobs(new LatestJob(this))
{
    // Nine figures and a histogram a side are taller than a short window
    // leaves the viewer: they scroll instead of making the window taller.
    auto *content = new QWidget;
    auto *rows = new QVBoxLayout(content);
    m_logCount = new QCheckBox(tr("Log count"), content);
    m_logCount->setObjectName(QStringLiteral("histogramLogCount"));
    m_logCount->setToolTip(tr("Histogram bars scale with log10(1 + count), so rare values stay visible"));
    rows->addWidget(m_logCount);
    auto *columns = new QHBoxLayout;
    rows->addLayout(columns, 1);
    columns->addWidget(createPart(Whole, tr("Whole tensor")), 1);
    columns->addWidget(createPart(Slice, tr("Current slice")), 1);
    connect(m_logCount, &QCheckBox::toggled, this, [this](bool on) {
        for (PartWidgets &w : m_parts)
            w.histogram->setLogCount(on);
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scrollingPane(content, this));
}

StatsPanel::~StatsPanel() = default;

QWidget *StatsPanel::createPart(Part part, const QString &title)
{
    PartWidgets &w = m_parts[part];
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    w.title = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), box);
    layout->addWidget(w.title);
    auto *statusRow = new QHBoxLayout;
    w.status = new QLabel(box);
    w.status->setObjectName(key(part) + QStringLiteral("Status"));
    w.status->setWordWrap(true);
    w.progress = new QProgressBar(box);
    w.progress->setRange(0, carton::kProgressSteps);
    w.progress->setVisible(false);
    w.cancel = new QPushButton(tr("Cancel"), box);
    w.cancel->setObjectName(key(part) + QStringLiteral("Cancel"));
    w.cancel->setVisible(false);
    connect(w.cancel, &QPushButton::clicked, this, [this, part] { cancel(part); });
    statusRow->addWidget(w.progress, 1);
    statusRow->addWidget(w.cancel);
    layout->addWidget(w.status);
    layout->addLayout(statusRow);
    auto *form = new QFormLayout;
    const QString labels[] = {tr("Elements"), tr("Min"), tr("Max"),  tr("Mean"), tr("Std"),
                              tr("Zeros"),    tr("NaN"), tr("+Inf"), tr("−Inf")};
    for (int i = 0; i < 9; ++i) {
        auto *value = new QLabel(box);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setObjectName(key(part) + QLatin1StringView(figureNames[i]));
        w.figures.insert(QLatin1StringView(figureNames[i]), value);
        form->addRow(labels[i], value);
    }
    layout->addLayout(form);
    w.histogram = new HistogramWidget(box);
    layout->addWidget(w.histogram, 1);
    return box;
}

void StatsPanel::reset(Part part)
{
    m_jobs->cancel(key(part));
    PartWidgets &w = m_parts[part];
    w.stats.reset();
    w.wanted = m_reader != nullptr;
    w.status->clear();
    w.progress->setVisible(false);
    w.cancel->setVisible(false);
    for (QLabel *label : std::as_const(w.figures))
        label->clear();
    w.histogram->clear();
}

void StatsPanel::setTensor(carton::TensorReaderPtr reader, const SliceSpec &slice)
{
    m_reader = std::move(reader);
    m_slice = slice;
    reset(Whole);
    reset(Slice);
    if (isVisible())
        refresh();
}

void StatsPanel::setSlice(const SliceSpec &slice)
{
    if (slice == m_slice)
        return;
    m_slice = slice;
    reset(Slice);
    if (isVisible())
        refresh();
}

void StatsPanel::clear()
{
    setTensor({}, {});
}

void StatsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void StatsPanel::refresh()
{
    for (Part part : {Whole, Slice})
        if (m_parts[part].wanted && !isRunning(part))
            start(part);
}

bool StatsPanel::isRunning(Part part) const
{
    return m_jobs->isRunning(key(part));
}

void StatsPanel::start(Part part)
{
    PartWidgets &w = m_parts[part];
    w.wanted = false;
    if (!m_reader || (part == Slice && !m_slice.isValid()))
        return;
    const carton::TensorRegion region =
        part == Whole ? carton::TensorRegion::whole(m_reader->shape()) : m_slice.whole();
    w.status->setText(tr("Computing…"));
    w.progress->setValue(0);
    w.progress->setVisible(true);
    w.cancel->setVisible(true);
    m_jobs->start(
        key(part),
        [reader = m_reader, region](carton::Progress &progress) {
            return carton::computeStats(*reader, region, {}, &progress);
        },
        [this, part](const carton::Result<carton::TensorStats> &result) { showResult(part, result); },
        [this, part](qint64 done, qint64 total) {
            m_parts[part].progress->setValue(carton::progressSteps(done, total));
        });
}

void StatsPanel::cancel(Part part)
{
    if (!isRunning(part))
        return;
    m_jobs->cancel(key(part));
    PartWidgets &w = m_parts[part];
    w.progress->setVisible(false);
    w.cancel->setVisible(false);
    w.status->setText(tr("Cancelled."));
    w.wanted = false; // until the tensor or slice changes (or refresh() after setTensor)
}

void StatsPanel::showResult(Part part, const carton::Result<carton::TensorStats> &result)
{
    PartWidgets &w = m_parts[part];
    w.progress->setVisible(false);
    w.cancel->setVisible(false);
    if (!result.ok()) {
        w.status->setText(result.error().toString());
        emit finished(part);
        return;
    }
    const carton::TensorStats &s = *result;
    w.stats = s;
    w.status->setText(part == Slice ? tr("Slice %1").arg(m_slice.text())
                                    : tr("Shape %1").arg(carton::shapeText(m_reader->shape())));
    w.figures[QStringLiteral("count")]->setText(QString::number(s.count));
    w.figures[QStringLiteral("min")]->setText(number(s.min));
    w.figures[QStringLiteral("max")]->setText(number(s.max));
    w.figures[QStringLiteral("mean")]->setText(s.finite ? number(s.mean) : QStringLiteral("—"));
    w.figures[QStringLiteral("std")]->setText(s.finite ? number(s.std) : QStringLiteral("—"));
    w.figures[QStringLiteral("zeros")]->setText(QString::number(s.zeros));
    w.figures[QStringLiteral("nan")]->setText(QString::number(s.nans));
    w.figures[QStringLiteral("posinf")]->setText(QString::number(s.positiveInfinities));
    w.figures[QStringLiteral("neginf")]->setText(QString::number(s.negativeInfinities));
    w.histogram->setHistogram(s.histogram, s.min, s.max);
    emit finished(part);
}

QString StatsPanel::figureText(Part part, const QString &figure) const
{
    const PartWidgets &w = m_parts[part];
    if (figure == QLatin1StringView("status"))
        return w.status->text();
    const QLabel *label = w.figures.value(figure);
    return label ? label->text() : QString();
}

} // namespace studio
