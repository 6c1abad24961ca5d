// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kernelgridpage.h"

#include "jobs/latestjob.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString kRenderJob = QStringLiteral("kernels");
}

KernelGridPage::KernelGridPage(QWidget *parent) : QWidget(parent), m_jobs(new LatestJob(this))
{
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("kernelGridCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_firstOut = new QSpinBox(this);
    m_firstOut->setObjectName(QStringLiteral("kernelFirstOut"));
    m_firstIn = new QSpinBox(this);
    m_firstIn->setObjectName(QStringLiteral("kernelFirstIn"));
    for (QSpinBox *spin : {m_firstOut, m_firstIn}) {
        spin->setSingleStep(int(KernelGrid::kMaxTiles));
        spin->setKeyboardTracking(false);
        connect(spin, &QSpinBox::valueChanged, this, [this] {
            m_stale = true;
            refresh();
        });
    }
    m_range = new QWidget(this);
    auto *range = new QHBoxLayout(m_range);
    range->setContentsMargins(0, 0, 0, 0);
    range->addWidget(new QLabel(tr("From output channel:"), m_range));
    range->addWidget(m_firstOut);
    range->addWidget(new QLabel(tr("from input channel:"), m_range));
    range->addWidget(m_firstIn);
    range->addStretch(1);

    auto *scroll = new QScrollArea(this);
    m_image = new QLabel(scroll);
    m_image->setObjectName(QStringLiteral("kernelGridImage"));
    m_image->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_image->setMouseTracking(true);
    m_image->installEventFilter(this);
    scroll->setWidget(m_image);
    scroll->setWidgetResizable(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_caption);
    layout->addWidget(m_range);
    layout->addWidget(scroll, 1);
}

KernelGridPage::~KernelGridPage() = default;

void KernelGridPage::setReader(carton::TensorReaderPtr reader)
{
    m_jobs->cancelAll();
    m_reader = std::move(reader);
    m_grid = {};
    m_image->clear();
    m_caption->clear();
    if (!m_reader || !KernelGrid::isKernelStack(m_reader->shape()))
        return;
    const QList<qint64> &shape = m_reader->shape();
    for (int d : {0, 1}) {
        QSpinBox *spin = d == 0 ? m_firstOut : m_firstIn;
        const QSignalBlocker block(spin);
        spin->setRange(0, int(qMin<qint64>(shape[d] - 1, INT_MAX)));
        spin->setValue(0);
    }
    m_range->setVisible(shape[0] > KernelGrid::kMaxTiles || shape[1] > KernelGrid::kMaxTiles);
    m_stale = true;
}

void KernelGridPage::refresh()
{
    if (!m_reader || !m_stale)
        return;
    m_stale = false;
    m_caption->setText(tr("Reading…"));
    m_jobs->start(
        kRenderJob,
        [reader = m_reader, out = qint64(m_firstOut->value()), in = qint64(m_firstIn->value())](
            carton::Progress &progress) { return KernelGrid::render(*reader, out, in, &progress); },
        [this](const carton::Result<KernelGrid> &grid) {
            if (!grid.ok()) {
                m_grid = {};
                m_image->clear();
                m_caption->setText(grid.error().toString());
                return;
            }
            showGrid(*grid);
        });
}

void KernelGridPage::showGrid(const KernelGrid &grid)
{
    m_grid = grid;
    const QList<qint64> &shape = m_reader->shape();
    QString shown = tr("%n kernel(s) of %1 × %2: output channels (rows) %3–%4 of %5, input channels (columns) %6–%7 "
                       "of %8.",
                       nullptr, int(grid.outs * grid.ins))
                        .arg(grid.kh)
                        .arg(grid.kw)
                        .arg(grid.firstOut)
                        .arg(grid.firstOut + grid.outs - 1)
                        .arg(shape[0])
                        .arg(grid.firstIn)
                        .arg(grid.firstIn + grid.ins - 1)
                        .arg(shape[1]);
    shown += u' ' + tr("One colour scale: blue −%1, white 0, red +%1. Click a kernel to see its values in the table.")
                        .arg(QLocale().toString(grid.absMax, 'g', 4));
    m_caption->setText(shown);
    m_image->setPixmap(QPixmap::fromImage(grid.image));
    emit rendered();
}

std::optional<std::pair<qint64, qint64>> KernelGridPage::kernelUnder(QPoint labelPos) const
{
    if (m_grid.image.isNull())
        return std::nullopt;
    // The pixmap sits at the label's top left (alignment), inside its contents margins.
    return m_grid.kernelAt(labelPos - m_image->contentsRect().topLeft());
}

bool KernelGridPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_image) {
        if (event->type() == QEvent::MouseButtonRelease) {
            auto *mouse = static_cast<QMouseEvent *>(event);
            if (mouse->button() == Qt::LeftButton) {
                if (const auto kernel = kernelUnder(mouse->position().toPoint()))
                    emit kernelActivated(kernel->first, kernel->second);
            }
        } else if (event->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(event);
            if (const auto kernel = kernelUnder(help->pos()))
                QToolTip::showText(help->globalPos(),
                                   tr("Kernel [%1, %2, :, :]").arg(kernel->first).arg(kernel->second), m_image);
            else
                QToolTip::hideText();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace studio
