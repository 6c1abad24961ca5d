// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "kernelgrid.h"

#include <QWidget>

class QLabel;
class QSpinBox;

namespace studio {

class LatestJob;

// The tensor viewer's Kernels tab: conv weights as a grid of kernels (KernelGrid),
// drawn in the background. Above the grid: what is shown and the colour scale,
// and, when there are more than 64 output or input channels, where the grid
// starts. A click on a kernel asks for it in the table (kernelActivated); the
// tooltip names the kernel under the mouse.
class KernelGridPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KernelGridPage)

public:
    explicit KernelGridPage(QWidget *parent = nullptr);
    ~KernelGridPage() override;

    // Draws `reader`'s kernels (a kernel stack) from the first channels; null clears.
    void setReader(carton::TensorReaderPtr reader);
    // Draws again from the spin boxes' channels, when something changed since.
    void refresh();
    const KernelGrid &grid() const { return m_grid; }
    QLabel *imageLabel() const { return m_image; }
    QLabel *captionLabel() const { return m_caption; }
    QSpinBox *firstOutSpin() const { return m_firstOut; }
    QSpinBox *firstInSpin() const { return m_firstIn; }

signals:
    void rendered();
    // Kernel [out, in, :, :] was clicked.
    void kernelActivated(qint64 out, qint64 in);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showGrid(const KernelGrid &grid);
    // The kernel under a point of the image label.
    std::optional<std::pair<qint64, qint64>> kernelUnder(QPoint labelPos) const;

    LatestJob *m_jobs = nullptr;
    carton::TensorReaderPtr m_reader;
    KernelGrid m_grid;
    bool m_stale = false;
    QLabel *m_caption = nullptr;
    QWidget *m_range = nullptr;
    QSpinBox *m_firstOut = nullptr;
    QSpinBox *m_firstIn = nullptr;
    QLabel *m_image = nullptr;
};

} // namespace studio
