// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "slicespec.h"
#include "tensor/tensorstats.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace studio {

class HistogramWidget;
class LatestJob;

// Statistics of the whole tensor and of the current slice (carton::computeStats),
// each computed in the background with a progress bar and a Cancel button, and
// shown as figures and a histogram. Computes only while visible (refresh()).
class StatsPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatsPanel)

public:
    enum Part { Whole, Slice };

    explicit StatsPanel(QWidget *parent = nullptr);
    ~StatsPanel() override;

    void setTensor(carton::TensorReaderPtr reader, const SliceSpec &slice);
    void setSlice(const SliceSpec &slice);
    void clear();
    // Starts what is missing (called when the panel is shown).
    void refresh();
    void cancel(Part part);

    bool isRunning(Part part) const;
    // The figures shown (nullopt while computing, after an error or a cancel).
    const std::optional<carton::TensorStats> &stats(Part part) const { return m_parts[part].stats; }
    // The text shown for a figure of a part ("min", "max", "mean", "std", "count",
    // "zeros", "nan", "posinf", "neginf"), or the status line ("status").
    QString figureText(Part part, const QString &figure) const;

    HistogramWidget *histogram(Part part) const { return m_parts[part].histogram; }
    // "Log count": both histograms' bars scale with log10(1 + count).
    QCheckBox *logCountCheck() const { return m_logCount; }

signals:
    void finished(studio::StatsPanel::Part part);

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct PartWidgets {
        QLabel *title = nullptr;
        QLabel *status = nullptr;
        QProgressBar *progress = nullptr;
        QPushButton *cancel = nullptr;
        QHash<QString, QLabel *> figures;
        HistogramWidget *histogram = nullptr;
        std::optional<carton::TensorStats> stats;
        bool wanted = false; // to compute when visible
    };
    QWidget *createPart(Part part, const QString &title);
    void start(Part part);
    void showResult(Part part, const carton::Result<carton::TensorStats> &result);
    void reset(Part part);
    static QString key(Part part) { return part == Whole ? QStringLiteral("whole") : QStringLiteral("slice"); }

    carton::TensorReaderPtr m_reader;
    SliceSpec m_slice;
    PartWidgets m_parts[2];
    LatestJob *m_jobs = nullptr;
    QCheckBox *m_logCount = nullptr;
};

} // namespace studio
