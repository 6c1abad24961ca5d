// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/cartondiff.h"
#include "diff/modelreview.h"

#include <QWidget>
#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QProgressBar;
class QSettings;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;
class QTextBrowser;
class QTreeView;

namespace studio {

class CompareModel;
class CompareOutputsPane;
class GraphChangesModel;
class GraphReviewView;
class LatestJob;
class WeightChart;
class WeightDeltaView;
class WeightDiffModel;

// The Compare tab: two cartons or model files side by side. Package: metadata,
// runner, inputs/outputs, self-tests, examples, files with added/removed/changed
// rows highlighted, each change's class (breaking / compatible) and reason, and for
// the selected row its full values, tensor error figures or unified diff. Weights:
// every weight's change in a per-layer chart and a table sortable by change; a click
// shows both sides and B − A as heatmaps. Graph: the two graphs drawn as one with
// what was added, removed and changed marked (GraphReviewView), and the list of changes. Outputs: both models on
// the same self-test inputs (CompareOutputsPane). The review runs through
// LatestJob on the verification pool (a new one cancels the old; Cancel stops it) with its progress shown; dropping a
// file on the tab replaces the right side; Swap Sides compares the other way round.
class ComparePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparePage)
public:
    ComparePage(const QString &leftPath, const QString &rightPath, QWidget *parent = nullptr);
    ~ComparePage() override;

    QString leftPath() const { return m_left; }
    QString rightPath() const { return m_right; }
    // Compares the left carton with `path` instead (a .carton or a folder).
    void setRightPath(const QString &path);
    // Left becomes right and right left (the Swap Sides button): compared again,
    // as a change's class depends on the direction (an input added is compatible,
    // removed is breaking).
    void swapSides();
    // "a.carton ↔ b.carton"
    QString displayName() const;
    bool isComparing() const;
    // The last result (nullopt while the first comparison runs or when it failed).
    const std::optional<carton::CartonDiff> &diff() const;
    QString errorText() const { return m_error; }

    CompareModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QTextBrowser *details() const { return m_details; }
    QLabel *summaryLabel() const { return m_summary; }
    QCheckBox *changesOnlyBox() const { return m_changesOnly; }
    QPushButton *swapButton() const { return m_swap; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    QTabWidget *sections() const { return m_sections; }
    WeightDiffModel *weightsModel() const { return m_weightsModel; }
    QTableView *weightsTable() const { return m_weightsTable; }
    WeightChart *weightChart() const { return m_chart; }
    WeightDeltaView *deltaView() const { return m_delta; }
    GraphChangesModel *graphModel() const { return m_graphModel; }
    QLabel *graphSummary() const { return m_graphSummary; }
    QTableView *graphTable() const { return m_graphTable; }
    GraphReviewView *graphReview() const { return m_graphReview; }
    // Outputs: both cartons' models on the same self-test inputs (with consent).
    CompareOutputsPane *outputsPane() const { return m_outputs; }
    // Remembered run consent and the sandbox's scratch limit (null: nothing remembered).
    void setSettings(QSettings *settings);
    // The last review's model half (nullopt before the first one ends).
    const carton::ModelDiff *modelDiff() const;
    // Shows weight `row` of the weights model (both sides and B − A).
    void showWeight(int row);
    // Stops the running review (the Cancel button).
    void cancel();

    // File ▸ Compare With…: asks for the right carton or model file (a file dialog
    // starting in the left one's folder) and opens a Compare tab in `tabs`; nullptr
    // when cancelled.
    static ComparePage *compareWith(QTabWidget *tabs, const QString &leftPath, QSettings *settings = nullptr);
    // Opens a Compare tab of these two cartons in `tabs` and makes it current.
    static ComparePage *openTab(QTabWidget *tabs, const QString &leftPath, const QString &rightPath,
                                QSettings *settings = nullptr);

signals:
    // A comparison finished (successfully or not; not when cancelled).
    void compared();
    // The heatmaps of a weight are shown (or why they cannot be).
    void weightShown();
    void displayNameChanged();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

public:
    // What a review keeps: both sides (open, so weights can be read again) and the result.
    struct Review {
        carton::ReviewSide a, b;
        carton::ModelReview result;
    };

private:
    void start();
    void finished(carton::Result<std::shared_ptr<const Review>> result);
    void showModelHalf();
    void showSelected();
    QWidget *makeWeightsTab();
    QWidget *makeGraphTab();
    // Makes the change table's current row the one of overlay node `node` (none: no row).
    void showChangeRow(int node);

    QString m_left, m_right, m_error;
    std::shared_ptr<const Review> m_review;
    LatestJob *m_jobs;
    CompareModel *m_model;
    QLabel *m_summary;
    QLabel *m_leftLabel;
    QLabel *m_rightLabel;
    QCheckBox *m_changesOnly;
    QPushButton *m_swap;
    QTreeView *m_tree;
    QTextBrowser *m_details;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QTabWidget *m_sections;
    WeightDiffModel *m_weightsModel;
    QSortFilterProxyModel *m_weightsSorted;
    QTableView *m_weightsTable;
    WeightChart *m_chart;
    WeightDeltaView *m_delta;
    QLabel *m_weightsSummary;
    GraphChangesModel *m_graphModel;
    QTableView *m_graphTable;
    QLabel *m_graphSummary;
    GraphReviewView *m_graphReview;
    CompareOutputsPane *m_outputs;
    bool m_walking = false; // F8 moves the change table's selection
};

} // namespace studio
